"""The outbox as the webhook dispatcher reads it: events recorded but not yet fanned out."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Protocol

from workforce_core.events import EventData
from workforce_core.model.outbox import OutboxEvent


class EventCodec(Protocol):
    """Event data in the form the outbox keeps it (JSON-ready, naming its kind) and back: the JSON
    adapter's ``event_codec``, given to a store's units of work by whoever builds them, so the storage
    adapters never import the JSON adapter."""

    def stored(self, data: EventData, /) -> dict[str, Any]: ...

    def restored(self, stored: dict[str, Any], /) -> EventData: ...


class Outbox(Protocol):
    def unsent(self, limit: int) -> list[OutboxEvent]:
        """Events not yet fanned out, oldest first, at most ``limit``, locked for this transaction;
        on PostgreSQL rows another dispatcher holds are skipped."""
        ...

    def mark_fanned_out(self, ids: Sequence[int], at: datetime) -> None:
        """Record that these events have their delivery rows (in this transaction)."""
        ...

    def stored_form(self, data: EventData) -> dict[str, Any]:
        """``data`` in the form this outbox keeps it (and a delivery carries it)."""
        ...

    def unnotified(self, limit: int) -> list[OutboxEvent]:
        """Events the notifier has not yet turned into messages, oldest first, at most ``limit``, locked
        for this transaction; on PostgreSQL rows another notifier holds are skipped."""
        ...

    def mark_notified(self, ids: Sequence[int], at: datetime) -> None:
        """Record that these events have their messages (in this transaction)."""
        ...

    def restored(self, stored: dict[str, Any]) -> EventData:
        """An event's data from the form this outbox keeps it in."""
        ...

    def last_id(self) -> int:
        """The id of the latest event recorded (0 when none): a subscription made now receives the later ones."""
        ...
