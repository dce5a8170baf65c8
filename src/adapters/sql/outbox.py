"""The outbox on the unit of work's connection, as the webhook dispatcher reads it."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, func, select, update

from workforce_adapters.sql import tables
from workforce_core.events import EventData
from workforce_core.model.outbox import OutboxEvent
from workforce_core.ports.outbox import EventCodec


class SqlOutbox:
    def __init__(self, connection: Connection, codec: EventCodec) -> None:
        self.connection = connection
        self.codec = codec

    def unsent(self, limit: int) -> list[OutboxEvent]:
        c = tables.outbox.c
        query = select(tables.outbox).where(c.dispatched_at.is_(None)).order_by(c.id).limit(limit)
        if self.connection.dialect.name == "postgresql":
            query = query.with_for_update(skip_locked=True)
        return [_event(row) for row in self.connection.execute(query).mappings()]

    def mark_fanned_out(self, ids: Sequence[int], at: datetime) -> None:
        if ids:
            c = tables.outbox.c
            self.connection.execute(update(tables.outbox).where(c.id.in_(list(ids))).values(dispatched_at=at))

    def unnotified(self, limit: int) -> list[OutboxEvent]:
        c = tables.outbox.c
        query = select(tables.outbox).where(c.notified_at.is_(None)).order_by(c.id).limit(limit)
        if self.connection.dialect.name == "postgresql":
            query = query.with_for_update(skip_locked=True)
        return [_event(row) for row in self.connection.execute(query).mappings()]

    def mark_notified(self, ids: Sequence[int], at: datetime) -> None:
        if ids:
            c = tables.outbox.c
            self.connection.execute(update(tables.outbox).where(c.id.in_(list(ids))).values(notified_at=at))

    def restored(self, stored: dict[str, Any]) -> EventData:
        return self.codec.restored(stored)

    def stored_form(self, data: EventData) -> dict[str, Any]:
        return self.codec.stored(data)

    def last_id(self) -> int:
        return int(self.connection.execute(select(func.coalesce(func.max(tables.outbox.c.id), 0))).scalar_one())


def _event(row: Mapping[Any, Any]) -> OutboxEvent:
    return OutboxEvent(
        id=row["id"],
        client_id=row["client_id"],
        event=row["event"],
        occurred_at=row["occurred_at"],
        data=json.loads(row["data"]),
    )
