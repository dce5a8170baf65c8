"""The worker app's sessions and sign-in links in memory (the port-contract suite holds them to SQL)."""

from __future__ import annotations

from datetime import datetime

import attrs

from workforce_adapters.memory.repositories import MemoryRepository
from workforce_core.model.reference import Location
from workforce_core.model.worker_app import WorkerAppLink, WorkerSession


class MemoryWorkerSessionRepository(MemoryRepository[WorkerSession]):
    def by_token_hash(self, token_hash: str) -> WorkerSession | None:
        found = self._table.where(lambda session: session.token_hash == token_hash)
        return found[0] if found else None

    def end_all(self, worker_id: int, at: datetime) -> int:
        live = self._table.where(lambda session: session.worker_id == worker_id and session.ended_at is None)
        for session in live:
            self.update(attrs.evolve(session, ended_at=at))
        return len(live)


class MemoryWorkerAppLinkRepository(MemoryRepository[WorkerAppLink]):
    def by_token_hash(self, token_hash: str) -> WorkerAppLink | None:
        found = self._table.where(lambda link: link.token_hash == token_hash)
        return found[0] if found else None

    def claim(self, link_id: int, at: datetime) -> bool:
        link = self.get(link_id)  # a writing unit of work holds the store's lock: no one else claims
        if link is None or link.used_at is not None:
            return False
        self.update(attrs.evolve(link, used_at=at))
        return True


class MemoryLocationRepository(MemoryRepository[Location]):
    def of_client(self, client_id: int) -> list[Location]:
        return self._table.where(lambda site: site.client_id == client_id)
