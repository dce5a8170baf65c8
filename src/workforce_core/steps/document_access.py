"""A worker's documents as a caller may reach them, inside an open unit of work: the worker and the
document seen by the caller (404 otherwise: another account's, or at a site a limited key lacks), and a
document as reads show it."""

from __future__ import annotations

from datetime import datetime

from workforce_core.errors import NotFound
from workforce_core.model.documents import DocumentType, WorkerDocument
from workforce_core.model.principal import Principal
from workforce_core.model.workers import Worker
from workforce_core.ports import UnitOfWork
from workforce_core.rules.documents import follow_up_due, last_valid_day, valid_on
from workforce_core.rules.london import local_date
from workforce_core.views import DocumentView


def seen_worker(tx: UnitOfWork, principal: Principal, worker_id: int) -> Worker:
    worker = tx.workers.get(worker_id)
    if worker is None or worker.client_id != principal.client_id or not principal.sees_site(worker.location_id):
        raise NotFound("The worker was not found.", field="worker_id")
    return worker


def seen_document(tx: UnitOfWork, principal: Principal, document_id: int) -> tuple[WorkerDocument, DocumentType]:
    document = tx.documents.get(document_id)
    if document is None or document.removed_at is not None or document.client_id != principal.client_id:
        raise NotFound("The document was not found.")
    seen_worker(tx, principal, document.worker_id)
    kind = tx.document_types.get(document.type_id)
    assert kind is not None  # a document's type is never deleted, only retired
    return document, kind


def view_of(tx: UnitOfWork, document: WorkerDocument, kind: DocumentType, now: datetime) -> DocumentView:
    evidence = tuple(e for e in tx.evidence.of_worker(document.worker_id) if e.document_id == document.id)
    return DocumentView(
        document,
        kind,
        evidence,
        valid_today=valid_on(document, local_date(now)),
        valid_until=last_valid_day(document),
        follow_up_due=follow_up_due(document),
    )
