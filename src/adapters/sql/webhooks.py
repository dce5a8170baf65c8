"""The webhook repositories on the unit of work's connection: subscriptions and the delivery log."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Connection, delete, func, select

from workforce_adapters.sql import tables
from workforce_adapters.sql.mapping import from_row
from workforce_adapters.sql.repositories import SqlRepository
from workforce_core.model.webhooks import Delivery, DeliveryStatus, Subscription
from workforce_core.ports.paging import Page, Paging


class SqlSubscriptionRepository(SqlRepository[Subscription]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.webhook_subscriptions, Subscription)

    def remove(self, id: int) -> None:
        deliveries = tables.webhook_deliveries
        self.connection.execute(delete(deliveries).where(deliveries.c.subscription_id == id))
        self.connection.execute(delete(self.table).where(self.table.c.id == id))

    def for_client(self, client_id: int, *, active: bool | None = None) -> list[Subscription]:
        c = self.table.c
        return self._many(c.client_id == client_id, *(() if active is None else (c.active.is_(active),)))

    def count_for_client(self, client_id: int) -> int:
        clients = tables.clients
        # the client's row lock queues concurrent creates (SQLite: the writer already holds the database)
        self.connection.execute(select(clients.c.id).where(clients.c.id == client_id).with_for_update())
        query = select(func.count()).select_from(self.table).where(self.table.c.client_id == client_id)
        return int(self.connection.execute(query).scalar_one())


class SqlDeliveryRepository(SqlRepository[Delivery]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.webhook_deliveries, Delivery)

    def of_subscription(
        self,
        subscription_id: int,
        paging: Paging,
        *,
        status: DeliveryStatus | None = None,
        event: str | None = None,
    ) -> Page[Delivery]:
        c = self.table.c
        where = [c.subscription_id == subscription_id]
        if status is not None:
            where.append(c.status == status)
        if event is not None:
            where.append(c.event == event)
        total = self.connection.execute(select(func.count()).select_from(self.table).where(*where)).scalar_one()
        query = select(self.table).where(*where).order_by(c.id.desc()).limit(paging.limit).offset(paging.offset)
        rows = self.connection.execute(query).mappings()
        return Page(tuple(from_row(Delivery, row) for row in rows), int(total))

    def waiting(self, subscription_id: int) -> list[Delivery]:
        c = self.table.c
        return self._many(c.subscription_id == subscription_id, c.status == "pending")

    def claim_due(self, now: datetime, limit: int) -> list[Delivery]:
        c = self.table.c
        query = (
            select(self.table)
            .where(c.status == "pending", c.next_retry_at <= now)
            .order_by(c.next_retry_at, c.id)
            .limit(limit)
        )
        if self.connection.dialect.name == "postgresql":
            query = query.with_for_update(skip_locked=True)
        return [from_row(Delivery, row) for row in self.connection.execute(query).mappings()]
