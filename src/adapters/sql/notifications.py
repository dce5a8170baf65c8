"""The notifier's repositories on the unit of work's connection."""

from __future__ import annotations

from datetime import datetime
from typing import Any, TypeVar

import attrs
from sqlalchemy import Connection, delete, func, select, update
from sqlalchemy.dialects import postgresql, sqlite

from workforce_adapters.sql import tables
from workforce_adapters.sql.mapping import from_row, to_row
from workforce_adapters.sql.repositories import SqlRepository
from workforce_core.model.bookings import Booking, BookingStatus
from workforce_core.model.notifications import (
    Channel,
    ChannelChoice,
    Message,
    MessageStatus,
    NotifierSettings,
    PushSubscription,
)
from workforce_core.ports.paging import Page, Paging

T = TypeVar("T")


def _insert(connection: Connection, table: Any) -> Any:
    """An INSERT that can skip a row a unique constraint already holds (``ON CONFLICT DO NOTHING``)."""
    return (postgresql.insert if connection.dialect.name == "postgresql" else sqlite.insert)(table)


class SqlMessageRepository(SqlRepository[Message]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.messages, Message)

    def add(self, item: Message) -> Message | None:  # type: ignore[override]
        # a rival transaction adding the same message waits here and then skips it
        statement = _insert(self.connection, self.table).on_conflict_do_nothing().returning(self.table.c.id)
        new_id = self.connection.execute(statement, self._row(item)).scalar_one_or_none()
        return None if new_id is None else _with_id(item, new_id)

    def claim_due(self, now: datetime, limit: int) -> list[Message]:
        c = self.table.c
        query = (
            select(self.table)
            .where(c.status == MessageStatus.QUEUED, c.next_try_at <= now)
            .order_by(c.next_try_at, c.id)
            .limit(limit)
        )
        if self.connection.dialect.name == "postgresql":
            query = query.with_for_update(skip_locked=True)
        return [self._record(row) for row in self.connection.execute(query).mappings()]

    def of_person(
        self, recipient_kind: str, recipient_id: int, paging: Paging, *, channel: str | None = None
    ) -> Page[Message]:
        c = self.table.c
        where = [c.recipient_kind == recipient_kind, c.recipient_id == recipient_id]
        if channel is not None:
            where.append(c.channel == channel)
        total = self.connection.execute(select(func.count()).select_from(self.table).where(*where)).scalar_one()
        query = select(self.table).where(*where).order_by(c.id.desc()).limit(paging.limit).offset(paging.offset)
        return Page(tuple(self._record(row) for row in self.connection.execute(query).mappings()), int(total))

    def unread(self, recipient_kind: str, recipient_id: int) -> int:
        c = self.table.c
        query = select(func.count()).where(
            c.recipient_kind == recipient_kind,
            c.recipient_id == recipient_id,
            c.channel == Channel.APP,
            c.read_at.is_(None),
        )
        return int(self.connection.execute(query).scalar_one())

    def texts_since(self, client_id: int, since: datetime) -> int:
        c = self.table.c
        query = select(func.count()).where(
            c.client_id == client_id,
            c.channel == Channel.SMS,
            c.status.in_([MessageStatus.QUEUED, MessageStatus.SENT]),
            c.created_at >= since,
        )
        return int(self.connection.execute(query).scalar_one())


class SqlChannelChoices:
    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.table = tables.channel_choices

    def of(self, recipient_kind: str, recipient_id: int) -> ChannelChoice | None:
        c = self.table.c
        query = select(self.table).where(c.recipient_kind == recipient_kind, c.recipient_id == recipient_id)
        row = self.connection.execute(query).mappings().first()
        return from_row(ChannelChoice, row) if row else None

    def put(self, choice: ChannelChoice) -> None:
        row = to_row(choice, self.table)
        statement = _insert(self.connection, self.table).values(row)
        statement = statement.on_conflict_do_update(
            index_elements=["recipient_kind", "recipient_id"],
            set_={"channels": statement.excluded.channels, "updated_at": statement.excluded.updated_at},
        )
        self.connection.execute(statement)


class SqlPushSubscriptions:
    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.table = tables.push_subscriptions

    def of_worker(self, worker_id: int) -> list[PushSubscription]:
        c = self.table.c
        rows = self.connection.execute(select(self.table).where(c.worker_id == worker_id).order_by(c.id)).mappings()
        return [from_row(PushSubscription, row) for row in rows]

    def add(self, item: PushSubscription) -> PushSubscription:
        self.remove(item.endpoint)
        new_id = self.connection.execute(
            self.table.insert().returning(self.table.c.id), to_row(item, self.table)
        ).scalar_one()
        return _with_id(item, new_id)

    def remove(self, endpoint: str) -> None:
        self.connection.execute(delete(self.table).where(self.table.c.endpoint == endpoint))


class SqlNotifierSettings:
    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.table = tables.notifier_settings

    def of(self, client_id: int) -> NotifierSettings:
        row = self.connection.execute(select(self.table).where(self.table.c.client_id == client_id)).mappings().first()
        return from_row(NotifierSettings, row) if row else NotifierSettings(client_id=client_id)

    def put(self, settings: NotifierSettings) -> None:
        row = to_row(settings, self.table)
        found = self.connection.execute(
            update(self.table).where(self.table.c.client_id == settings.client_id).values(row)
        )
        if found.rowcount == 0:
            self.connection.execute(self.table.insert().values(row))


class SqlUpcomingShifts:
    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    def published_starting(self, since: datetime, until: datetime) -> list[Booking]:
        s = tables.shifts.c
        query = (
            select(tables.shifts)
            .where(s.status == BookingStatus.PUBLISHED, s.start >= since, s.start < until)
            .order_by(s.start, s.id)
        )
        return [from_row(Booking, row) for row in self.connection.execute(query).mappings()]


def _with_id(item: T, new_id: int) -> T:
    return attrs.evolve(item, id=new_id)  # type: ignore[misc]
