"""Requirements and offers in memory, answering as the SQL repositories do (tests/contract/test_ports.py)."""

from __future__ import annotations

from datetime import datetime

from workforce_adapters.memory.repositories import MemoryRepository, MemoryTable
from workforce_core.model.bookings import Booking
from workforce_core.model.demands import Demand, Offer, OfferStatus
from workforce_core.rules.demands import FILLING_STATUSES


class MemoryDemandRepository(MemoryRepository[Demand]):
    def __init__(self, table: MemoryTable[Demand], bookings: MemoryTable[Booking]) -> None:
        super().__init__(table)
        self._bookings = bookings

    def lock(self, id: int) -> Demand | None:
        return self.get(id)  # a writing unit of work already holds the store's lock

    def filled(self, id: int) -> int:
        return len(self._bookings.where(lambda b: b.demand_id == id and b.status in FILLING_STATUSES))


class MemoryOfferRepository(MemoryRepository[Offer]):
    def __init__(self, table: MemoryTable[Offer], demands: MemoryTable[Demand]) -> None:
        super().__init__(table)
        self._demands = demands

    def lock(self, id: int) -> Offer | None:
        return self.get(id)

    def of_demand(self, demand_id: int) -> list[Offer]:
        return self._table.where(lambda o: o.demand_id == demand_id)

    def unanswered(self, *, demand_id: int | None = None, ended_by: datetime | None = None) -> list[Offer]:
        ended = None if ended_by is None else {d.id for d in self._demands.where(lambda d: d.end <= ended_by)}
        found = self._table.where(
            lambda o: (
                o.status == OfferStatus.SENT
                and (demand_id is None or o.demand_id == demand_id)
                and (ended is None or o.demand_id in ended)
            )
        )
        return sorted(found, key=lambda o: o.id)

    def waiting(self, demand_id: int, worker_id: int) -> Offer | None:
        found = self._table.where(
            lambda o: o.demand_id == demand_id and o.worker_id == worker_id and o.status == OfferStatus.SENT
        )
        return found[0] if found else None
