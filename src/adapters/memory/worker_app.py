"""The worker app's sessions and sign-in links in memory (the port-contract suite holds them to SQL)."""

from __future__ import annotations

from datetime import date

from workforce_adapters.memory.people import MemoryOneTimeLinks, MemorySessions
from workforce_adapters.memory.repositories import MemoryRepository, MemoryTable
from workforce_core.model.pay_weeks import PayWeekLock
from workforce_core.model.reference import Location
from workforce_core.model.worker_app import WorkerAppLink, WorkerSession
from workforce_core.rules.week_locks import locked_on


class MemoryWorkerSessionRepository(MemorySessions[WorkerSession]):
    holder = "worker_id"


class MemoryWorkerAppLinkRepository(MemoryOneTimeLinks[WorkerAppLink]):
    pass


class MemoryLocationRepository(MemoryRepository[Location]):
    def __init__(self, table: MemoryTable[Location], locks: MemoryTable[PayWeekLock]) -> None:
        super().__init__(table)
        self._locks = locks

    def with_week_lock(self, location_id: int, day: date) -> tuple[Location | None, bool]:
        site = self.get(location_id)
        if site is None:
            return None, False
        return site, locked_on(self._locks.where(lambda lock: lock.client_id == site.client_id))(day, site.id)

    def of_client(self, client_id: int) -> list[Location]:
        return self._table.where(lambda site: site.client_id == client_id)
