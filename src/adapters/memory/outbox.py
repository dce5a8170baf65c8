"""The outbox in memory, as the webhook dispatcher reads it: an event's id is its place in the store's
outbox (from 1); marks are kept aside until the unit of work commits."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from workforce_core.events import EventData
from workforce_core.model.outbox import OutboxEvent

if TYPE_CHECKING:
    from workforce_adapters.memory.unit_of_work import MemoryUnitOfWork


class MemoryOutbox:
    def __init__(self, uow: MemoryUnitOfWork) -> None:
        self.uow = uow
        self.pending: set[int] = set()
        self.pending_notified: set[int] = set()

    def unsent(self, limit: int) -> list[OutboxEvent]:
        return self._waiting(self.uow.store.fanned_out, self.pending, limit)

    def mark_fanned_out(self, ids: Sequence[int], at: datetime) -> None:
        if ids:
            self.uow.before_write()
            self.pending.update(ids)

    def unnotified(self, limit: int) -> list[OutboxEvent]:
        return self._waiting(self.uow.store.notified, self.pending_notified, limit)

    def mark_notified(self, ids: Sequence[int], at: datetime) -> None:
        if ids:
            self.uow.before_write()
            self.pending_notified.update(ids)

    def restored(self, stored: dict[str, Any]) -> EventData:
        return self.uow.event_codec.restored(stored)

    def stored_form(self, data: EventData) -> dict[str, Any]:
        """As the SQL outbox keeps it: through JSON."""
        stored: dict[str, Any] = json.loads(json.dumps(self.uow.event_codec.stored(data)))
        return stored

    def _waiting(self, marked: set[int], pending: set[int], limit: int) -> list[OutboxEvent]:
        """The events neither marked nor about to be by this transaction, oldest first, at most ``limit``."""
        store = self.uow.store
        with store.lock:
            waiting = [
                (number, event)
                for number, event in enumerate(store.outbox, start=1)
                if number not in marked and number not in pending
            ]
        return [
            OutboxEvent(
                id=number,
                client_id=event.client_id,
                event=event.name,
                occurred_at=event.occurred_at,
                data=self.stored_form(event.data),
            )
            for number, event in waiting[:limit]
        ]

    def last_id(self) -> int:
        with self.uow.store.lock:
            return len(self.uow.store.outbox)
