"""A worker's erasure (folded into anonymising) inside an open unit of work: their documents'
records and evidence, but for right-to-work checks still within their retention
(``rules.documents.kept_at_erasure``), and the contents of the messages sent to them. The evidence's
bytes are the caller's to delete once the transaction commits (the tokens returned)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import attrs

from workforce_core.model.documents import EvidenceFile
from workforce_core.model.notifications import MessageStatus, Recipient
from workforce_core.model.workers import Worker
from workforce_core.ports import UnitOfWork
from workforce_core.rules.documents import kept_at_erasure
from workforce_core.rules.london import local_date
from workforce_core.steps.all_pages import every
from workforce_core.steps.audit_trail import record_change

ERASED = "erased with the worker's personal data"


def erase_documents(tx: UnitOfWork, worker: Worker, now: datetime) -> list[str]:
    """Blank and remove the documents the erasure does not keep, and mark their evidence deleted (an
    audit row each, by no one: the server); the evidence files' tokens whose bytes go after the commit."""
    today = local_date(now)
    documents = tx.documents.of_worker(worker.id, removed=True)
    kept = {d.id for d in documents if kept_at_erasure(d, worker, today)}
    erased = [
        attrs.evolve(d, reference=None, checked_by=None, removed_at=d.removed_at or now, updated_at=now)
        for d in documents
        if d.id not in kept
    ]
    tx.documents.update_many(erased)
    gone = [e for e in tx.evidence.of_worker(worker.id) if e.document_id not in kept]
    tx.evidence.update_many([attrs.evolve(e, deleted_at=now, file_name=None) for e in gone])
    note_deleted(tx, gone, now)
    return [e.token for e in gone]


def note_deleted(tx: UnitOfWork, deleted: Sequence[EvidenceFile], now: datetime) -> None:
    """An audit row for each evidence file deleted by the server (a job or an erasure: no one's key)."""
    for evidence in deleted:
        record_change(
            tx,
            None,
            client_id=evidence.client_id,
            action="delete_evidence",
            entity="worker_document",
            entity_id=evidence.document_id,
            now=now,
            changes={"evidence": ({"content_type": evidence.content_type, "size": evidence.size}, None)},
        )


def erase_messages(tx: UnitOfWork, worker_id: int) -> int:
    """Blank what each message sent to the worker said and where it went (its kind, channel and times stay,
    as a record that it was sent); one not sent yet is not sent. The number blanked."""
    messages = every(lambda paging: tx.messages.of_person(Recipient.WORKER, worker_id, paging))
    for message in messages:
        unsent = message.status == MessageStatus.QUEUED
        tx.messages.update(
            attrs.evolve(
                message,
                params={},
                address=None,
                status=MessageStatus.FAILED if unsent else message.status,
                last_error=ERASED if unsent else message.last_error,
                next_try_at=None if unsent else message.next_try_at,
            )
        )
    return len(messages)
