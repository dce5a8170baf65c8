"""Erasure folded into anonymising (issue 5) on the memory adapter: documents' records and evidence go,
but right-to-work checks within their retention (two years after the worker leaves; the timed job deletes
that evidence later); the messages sent to the worker keep no words nor address, and one not sent yet
is never sent."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.time_world import TimeWorld, at
from tests.unit.test_document_use_cases import PDF, PNG, DocumentWorld, upload
from workforce_adapters.file_store import FolderFileStore
from workforce_core.model.accounts import ClientSettings
from workforce_core.model.documents import WorkerDocument
from workforce_core.model.notifications import Message, MessageStatus
from workforce_core.rules.documents import add_years
from workforce_core.rules.london import local_date
from workforce_core.services import document_jobs, documents
from workforce_core.services.workers import anonymise_worker


class ErasureWorld(DocumentWorld):
    def __init__(self, folder: Path, **options: Any) -> None:
        super().__init__(**options)
        self.store = FolderFileStore(folder)
        self.folder = folder
        self.licence = self.kind(name="Forklift", kind="licence", expires=True, job_roles=["Driver"])

    def anonymise(self) -> None:
        anonymise_worker(self.ann.id, uow=self.uow, clock=self.clock, file_store=self.store)

    def document(self, document_id: int) -> WorkerDocument:
        found: WorkerDocument = self.db.tables["worker_documents"][document_id]
        return found

    def files(self) -> list[str]:
        return sorted(p.name for p in self.folder.iterdir()) if self.folder.exists() else []


@pytest.fixture
def w(tmp_path: Path) -> ErasureWorld:
    return ErasureWorld(tmp_path / "files", settings=ClientSettings(right_to_work_required=True))


def _licence(w: ErasureWorld) -> Any:
    return w.record(
        type_id=w.licence.id, reference="FL-123", expiry_date="2027-01-31", checked_on=None, checked_by=None
    )


def test_a_right_to_work_check_and_its_evidence_stay_through_the_retention_and_the_rest_goes(
    w: ErasureWorld,
) -> None:
    check = w.share_code(date(2026, 6, 30)).document
    kept = upload(w, w.store, check.id, PNG, "passport")
    licence = _licence(w).document
    gone = upload(w, w.store, licence.id, PDF, "licence")
    w.anonymise()
    assert w.files() == [kept.token]
    assert w.document(check.id).reference == "W12345678"
    assert w.document(check.id).removed_at is None
    erased = w.document(licence.id)
    assert (erased.reference, erased.checked_by) == (None, None)
    assert erased.removed_at is not None
    evidence = w.db.tables["document_evidence"]
    assert (evidence[gone.id].deleted_at, evidence[gone.id].file_name) == (w.clock.now(), None)
    assert evidence[kept.id].deleted_at is None
    assert [(a.action, a.entity_id) for a in w.db.audit if a.action == "delete_evidence"] == [
        ("delete_evidence", licence.id)
    ]


def test_a_worker_anonymised_without_a_last_day_leaves_that_day_so_the_retention_runs_out(w: ErasureWorld) -> None:
    check = w.share_code(date(2026, 6, 30)).document
    kept = upload(w, w.store, check.id, PNG, None)
    w.anonymise()
    worker = w.db.workers[w.ann.id]
    assert worker.end_date == local_date(w.clock.now())
    last = add_years(local_date(w.clock.now()), 2)
    w.clock.set(at(f"{last} 12:00"))
    assert document_jobs.delete_kept_evidence(uow=w.uow, clock=w.clock, file_store=w.store) == 0
    assert w.files() == [kept.token]
    w.clock.set(at(f"{last + timedelta(days=1)} 12:00"))
    assert document_jobs.delete_kept_evidence(uow=w.uow, clock=w.clock, file_store=w.store) == 1
    assert w.files() == []


def test_a_right_to_work_check_past_its_retention_is_erased_with_the_rest(w: ErasureWorld) -> None:
    check = w.share_code(date(2026, 6, 30)).document
    upload(w, w.store, check.id, PNG, None)
    w.set_worker(w.ann.id, active=False, end_date=date(2023, 1, 31))  # left more than two years ago
    w.anonymise()
    assert w.files() == []
    assert w.document(check.id).removed_at is not None
    assert w.document(check.id).reference is None


def test_a_removed_licence_is_erased_too(w: ErasureWorld) -> None:
    licence = _licence(w).document
    documents.remove_document(licence.id, principal=w.writer, uow=w.uow, clock=w.clock)
    w.anonymise()
    assert w.document(licence.id).reference is None


def _message(world: TimeWorld, status: MessageStatus) -> Message:
    made = Message(
        client_id=world.client.id,
        recipient_kind="worker",
        recipient_id=world.ann.id,
        channel="sms",
        kind="booking_made",
        source=f"test:{status}",
        language="en",
        created_at=world.clock.now(),
        params={"start": "12/02 08:00", "site": "North Depot"},
        address="+447700900123",
        status=status,
        next_try_at=world.clock.now() if status == MessageStatus.QUEUED else None,
    )
    with world.uow() as tx:
        kept = tx.messages.add(made)
        tx.commit()
    assert kept is not None
    return kept


def test_messages_keep_no_words_nor_address_and_one_queued_is_never_sent(w: ErasureWorld) -> None:
    sent, queued = _message(w, MessageStatus.SENT), _message(w, MessageStatus.QUEUED)
    w.anonymise()
    table = w.db.tables["messages"]
    assert (table[sent.id].params, table[sent.id].address, table[sent.id].status) == ({}, None, MessageStatus.SENT)
    assert (table[queued.id].params, table[queued.id].status, table[queued.id].next_try_at) == (
        {},
        MessageStatus.FAILED,
        None,
    )
    with w.uow() as tx:
        assert tx.messages.claim_due(w.clock.now(), 10) == []
