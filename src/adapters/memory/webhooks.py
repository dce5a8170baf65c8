"""The webhook repositories in memory, answering as the SQL ones do (tests/contract/test_ports.py)."""

from __future__ import annotations

from datetime import datetime

from workforce_adapters.memory.repositories import MemoryRepository, MemoryTable
from workforce_core.model.webhooks import Delivery, DeliveryStatus, Subscription
from workforce_core.ports.paging import Page, Paging


class MemorySubscriptionRepository(MemoryRepository[Subscription]):
    def __init__(self, table: MemoryTable[Subscription], deliveries: MemoryTable[Delivery]) -> None:
        super().__init__(table)
        self._deliveries = deliveries

    def remove(self, id: int) -> None:
        for delivery in self._deliveries.where(lambda d: d.subscription_id == id):
            self._deliveries.delete(delivery.id)
        self._table.delete(id)

    def for_client(self, client_id: int, *, active: bool | None = None) -> list[Subscription]:
        return self._table.where(lambda s: s.client_id == client_id and (active is None or s.active is active))

    def count_for_client(self, client_id: int) -> int:
        # a writing unit of work already holds the store's lock
        return len(self.for_client(client_id))


class MemoryDeliveryRepository(MemoryRepository[Delivery]):
    def of_subscription(
        self,
        subscription_id: int,
        paging: Paging,
        *,
        status: DeliveryStatus | None = None,
        event: str | None = None,
    ) -> Page[Delivery]:
        found = self._table.where(
            lambda d: (
                d.subscription_id == subscription_id
                and (status is None or d.status == status)
                and (event is None or d.event == event)
            )
        )
        newest = sorted(found, key=lambda d: d.id, reverse=True)
        return Page(tuple(newest[paging.offset : paging.offset + paging.limit]), len(found))

    def waiting(self, subscription_id: int) -> list[Delivery]:
        return self._table.where(lambda d: d.subscription_id == subscription_id and d.status == "pending")

    def claim_due(self, now: datetime, limit: int) -> list[Delivery]:
        due = self._table.where(
            lambda d: d.status == "pending" and d.next_retry_at is not None and d.next_retry_at <= now
        )
        return sorted(due, key=lambda d: (d.next_retry_at or now, d.id))[:limit]
