"""An event as the outbox holds it, waiting to be fanned out to the webhook subscriptions."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from attrs import field, frozen


@frozen
class OutboxEvent:
    """One recorded event: ``data`` is its data in the form the outbox keeps it (its kind and fields, as
    ``Outbox.stored_form`` gives them); the JSON edge shapes the payload from it, and the delivery hides
    what a key may not read."""

    id: int
    client_id: int
    event: str
    occurred_at: datetime
    data: dict[str, Any] = field(factory=dict)
