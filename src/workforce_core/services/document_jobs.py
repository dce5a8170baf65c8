"""The documents' timed jobs, run by ``workforce serve`` beside the others: ``document_expired``
once for each document on the day it reaches its expiry date (or the first pass after), and the evidence
of leavers deleted once its retention has passed (``rules.documents.retention_until``), each deletion an
audit row; the file's bytes go after the commit that records it."""

from __future__ import annotations

import attrs

from workforce_core.events import DocumentExpired, Event
from workforce_core.ports import Clock, FileStore, UnitOfWorkFactory
from workforce_core.rules.documents import retention_until
from workforce_core.rules.london import local_date
from workforce_core.steps.erasure import note_deleted


def send_document_expiries(*, uow: UnitOfWorkFactory, clock: Clock) -> int:
    """Record ``document_expired`` for each document reaching its expiry today or before, not yet told;
    the number sent."""
    now = clock.now()
    today = local_date(now)
    with uow() as tx:
        due = tx.documents.expired_unnoticed(today)
        workers = tx.workers.get_many({d.worker_id for d in due})
        kinds = tx.document_types.get_many({d.type_id for d in due})
        sent = []
        for document in due:
            worker, kind = workers[document.worker_id], kinds[document.type_id]
            assert document.expiry_date is not None
            data = DocumentExpired(
                document.id,
                worker.id,
                worker.name,
                worker.employee_id,
                kind.id,
                kind.name,
                kind.kind,
                document.expiry_date,
            )
            sent.append(Event("document_expired", document.client_id, now, data))
        tx.documents.update_many([attrs.evolve(d, expiry_notified_on=today) for d in due])
        tx.record(sent)
        tx.commit()
    return len(sent)


def delete_kept_evidence(*, uow: UnitOfWorkFactory, clock: Clock, file_store: FileStore) -> int:
    """Delete the evidence of leavers past its retention (the rows kept, marked deleted); the number deleted."""
    now = clock.now()
    today = local_date(now)
    with uow() as tx:
        kept = tx.evidence.of_leavers()
        workers = tx.workers.get_many({e.worker_id for e in kept})
        due = [e for e in kept if (until := retention_until(workers[e.worker_id])) is not None and until < today]
        tx.evidence.update_many([attrs.evolve(e, deleted_at=now) for e in due])
        note_deleted(tx, due, now)
        tx.commit()
    for evidence in due:
        file_store.delete(evidence.token)
    return len(due)
