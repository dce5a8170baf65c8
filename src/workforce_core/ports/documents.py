"""The repositories of document types, worker documents and their evidence a unit of work carries, and
the file store keeping the evidence's bytes."""

from __future__ import annotations

from collections.abc import Collection
from datetime import date
from typing import Protocol

from workforce_core.model.documents import DocumentType, EvidenceFile, WorkerDocument
from workforce_core.ports.repositories import Repository


class DocumentTypeRepository(Repository[DocumentType], Protocol):
    def of_client(self, client_id: int) -> list[DocumentType]:
        """The account's types not retired, by name then id."""
        ...


class WorkerDocumentRepository(Repository[WorkerDocument], Protocol):
    def of_worker(self, worker_id: int, *, removed: bool = False) -> list[WorkerDocument]:
        """The worker's documents not removed (``removed``: the removed ones too), by id."""
        ...

    def of_workers(self, worker_ids: Collection[int]) -> dict[int, list[WorkerDocument]]:
        """Each of these workers' documents not removed, by id, in one read (a worker with none left out)."""
        ...

    def expired_unnoticed(self, day: date) -> list[WorkerDocument]:
        """Every account's documents not removed whose expiry date is on or before ``day`` and whose
        document_expired has not been sent, by id."""
        ...


class EvidenceRepository(Repository[EvidenceFile], Protocol):
    def by_token(self, token: str) -> EvidenceFile | None: ...

    def of_worker(self, worker_id: int) -> list[EvidenceFile]:
        """The worker's evidence files not deleted, by id."""
        ...

    def of_leavers(self) -> list[EvidenceFile]:
        """Every account's evidence files not deleted of workers no longer active, by id."""
        ...


class FileStore(Protocol):
    """Where evidence files' bytes are kept, by a random token (never a name someone sent)."""

    def put(self, token: str, content: bytes) -> None: ...

    def get(self, token: str) -> bytes | None: ...

    def delete(self, token: str) -> None: ...


class ContentSniffer(Protocol):
    def content_type(self, head: bytes) -> str | None:
        """The MIME type the bytes' signature says (None: not known), read from their start."""
        ...
