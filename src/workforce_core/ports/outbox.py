"""The outbox as the webhook dispatcher reads it: events recorded but not yet fanned out."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

from workforce_core.model.outbox import OutboxEvent


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
