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

    def unsent(self, limit: int) -> list[OutboxEvent]:
        store = self.uow.store
        with store.lock:
            waiting = [
                (number, event)
                for number, event in enumerate(store.outbox, start=1)
                if number not in store.fanned_out and number not in self.pending
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

    def mark_fanned_out(self, ids: Sequence[int], at: datetime) -> None:
        if ids:
            self.uow.before_write()
            self.pending.update(ids)

    def stored_form(self, data: EventData) -> dict[str, Any]:
        """As the SQL outbox keeps it: through JSON."""
        stored: dict[str, Any] = json.loads(json.dumps(self.uow.event_codec.stored(data)))
        return stored

    def last_id(self) -> int:
        with self.uow.store.lock:
            return len(self.uow.store.outbox)
