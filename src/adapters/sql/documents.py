"""Document types, worker documents and their evidence on the unit of work's connection."""

from __future__ import annotations

from collections.abc import Collection
from datetime import date

from sqlalchemy import Connection, bindparam, select

from workforce_adapters.sql import prepared, tables
from workforce_adapters.sql.breaks import CHUNK
from workforce_adapters.sql.repositories import SqlRepository
from workforce_core.model.documents import DocumentType, EvidenceFile, WorkerDocument


class SqlDocumentTypeRepository(SqlRepository[DocumentType]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.document_types, DocumentType)

    def of_client(self, client_id: int) -> list[DocumentType]:
        c = self.table.c
        query = select(self.table).where(c.client_id == client_id, c.retired_at.is_(None)).order_by(c.name, c.id)
        return [self._record(row) for row in self.connection.execute(query).mappings()]


_DOCUMENTS = tables.worker_documents.c
HELD = prepared.hot(  # a worker's documents, read at every clock-in: built once
    select(tables.worker_documents)
    .where(_DOCUMENTS.worker_id == bindparam("worker_id"), _DOCUMENTS.removed_at.is_(None))
    .order_by(_DOCUMENTS.id)
)


class SqlWorkerDocumentRepository(SqlRepository[WorkerDocument]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.worker_documents, WorkerDocument)

    def of_worker(self, worker_id: int, *, removed: bool = False) -> list[WorkerDocument]:
        if removed:
            return self._many(self.table.c.worker_id == worker_id)
        return self._listed(HELD, {"worker_id": worker_id})

    def of_workers(self, worker_ids: Collection[int]) -> dict[int, list[WorkerDocument]]:
        c = self.table.c
        found: dict[int, list[WorkerDocument]] = {}
        wanted = sorted(set(worker_ids))
        for at in range(0, len(wanted), CHUNK):  # SQLite caps the variables of one statement
            for d in self._many(c.worker_id.in_(wanted[at : at + CHUNK]), c.removed_at.is_(None)):
                found.setdefault(d.worker_id, []).append(d)
        return found

    def expired_unnoticed(self, day: date) -> list[WorkerDocument]:
        c = self.table.c
        return self._many(c.removed_at.is_(None), c.expiry_date <= day, c.expiry_notified_on.is_(None))


class SqlEvidenceRepository(SqlRepository[EvidenceFile]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.document_evidence, EvidenceFile)

    def by_token(self, token: str) -> EvidenceFile | None:
        found = self._many(self.table.c.token == token)
        return found[0] if found else None

    def of_worker(self, worker_id: int) -> list[EvidenceFile]:
        c = self.table.c
        return self._many(c.worker_id == worker_id, c.deleted_at.is_(None))

    def of_leavers(self) -> list[EvidenceFile]:
        c, w = self.table.c, tables.workers.c
        leavers = select(w.id).where(w.active.is_(False))
        return self._many(c.deleted_at.is_(None), c.worker_id.in_(leavers))
