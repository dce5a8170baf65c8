"""The worker app's sessions and sign-in links in memory (the port-contract suite holds them to SQL)."""

from __future__ import annotations

from workforce_adapters.memory.people import MemoryOneTimeLinks, MemorySessions
from workforce_adapters.memory.repositories import MemoryRepository
from workforce_core.model.reference import Location
from workforce_core.model.worker_app import WorkerAppLink, WorkerSession


class MemoryWorkerSessionRepository(MemorySessions[WorkerSession]):
    holder = "worker_id"


class MemoryWorkerAppLinkRepository(MemoryOneTimeLinks[WorkerAppLink]):
    pass


class MemoryLocationRepository(MemoryRepository[Location]):
    def of_client(self, client_id: int) -> list[Location]:
        return self._table.where(lambda site: site.client_id == client_id)
