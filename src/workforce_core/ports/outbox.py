"""The outbox as the webhook dispatcher reads it: events recorded but not yet fanned out."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Protocol

from workforce_core.events import Event
from workforce_core.model.outbox import OutboxEvent


class EventData(Protocol):
    """An event's ``data`` as the outbox keeps it and receivers get it (the spec's JSON of its record):
    the JSON adapter's ``event_data``, given to a store's units of work by whoever builds them, so the
    storage adapters never import the JSON adapter."""

    def __call__(self, event: Event, /) -> dict[str, Any]: ...


class Outbox(Protocol):
    def unsent(self, limit: int) -> list[OutboxEvent]:
        """Events not yet fanned out, oldest first, at most ``limit``, locked for this transaction;
        on PostgreSQL rows another dispatcher holds are skipped."""
        ...

    def mark_fanned_out(self, ids: Sequence[int], at: datetime) -> None:
        """Record that these events have their delivery rows (in this transaction)."""
        ...

    def last_id(self) -> int:
        """The id of the latest event recorded (0 when none): a subscription made now receives the later ones."""
        ...
