"""Document types, worker documents and their evidence in memory, answering as the SQL repositories do."""

from __future__ import annotations

from collections.abc import Collection
from datetime import date

from workforce_adapters.memory.repositories import MemoryRepository, MemoryTable
from workforce_core.model.documents import DocumentType, EvidenceFile, WorkerDocument
from workforce_core.model.workers import Worker


class MemoryDocumentTypeRepository(MemoryRepository[DocumentType]):
    def of_client(self, client_id: int) -> list[DocumentType]:
        found = self._table.where(lambda t: t.client_id == client_id and t.retired_at is None)
        return sorted(found, key=lambda t: (t.name, t.id))


class MemoryWorkerDocumentRepository(MemoryRepository[WorkerDocument]):
    def of_worker(self, worker_id: int, *, removed: bool = False) -> list[WorkerDocument]:
        found = self._table.where(lambda d: d.worker_id == worker_id and (removed or d.removed_at is None))
        return sorted(found, key=lambda d: d.id)

    def of_workers(self, worker_ids: Collection[int]) -> dict[int, list[WorkerDocument]]:
        wanted = set(worker_ids)
        found: dict[int, list[WorkerDocument]] = {}
        live = self._table.where(lambda d: d.worker_id in wanted and d.removed_at is None)
        for d in sorted(live, key=lambda d: d.id):
            found.setdefault(d.worker_id, []).append(d)
        return found

    def expired_unnoticed(self, day: date) -> list[WorkerDocument]:
        found = self._table.where(
            lambda d: (
                d.removed_at is None
                and d.expiry_date is not None
                and d.expiry_date <= day
                and d.expiry_notified_on is None
            )
        )
        return sorted(found, key=lambda d: d.id)


class MemoryEvidenceRepository(MemoryRepository[EvidenceFile]):
    def __init__(self, table: MemoryTable[EvidenceFile], workers: MemoryTable[Worker]) -> None:
        super().__init__(table)
        self._workers = workers

    def of_leavers(self) -> list[EvidenceFile]:
        def left(e: EvidenceFile) -> bool:
            worker = self._workers.get(e.worker_id)
            return e.deleted_at is None and worker is not None and not worker.active

        return sorted(self._table.where(left), key=lambda e: e.id)

    def by_token(self, token: str) -> EvidenceFile | None:
        found = self._table.where(lambda e: e.token == token)
        return found[0] if found else None

    def of_worker(self, worker_id: int) -> list[EvidenceFile]:
        found = self._table.where(lambda e: e.worker_id == worker_id and e.deleted_at is None)
        return sorted(found, key=lambda e: e.id)
