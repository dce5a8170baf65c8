"""The documents' repositories answer alike on memory, SQLite and PostgreSQL (issue 33): a type's roles
come back as written, removed documents and deleted evidence are left out, the expiry job's and the
retention's reads, and the batch read of many workers' documents."""

from __future__ import annotations

from datetime import date

import attrs

from tests.contract.test_ports import T0, Backend, _client, _worker, backend  # noqa: F401 (the fixture)
from workforce_core.model.documents import DocumentType, EvidenceFile, WorkerDocument


def test_documents_types_and_evidence_read_back_as_stored_on_every_backend(backend: Backend) -> None:  # noqa: F811
    with backend.uow() as tx:
        client, other = _client(tx), _client(tx, "Rival")
        ann, bob = _worker(tx, client.id), _worker(tx, client.id, "E-2", active=False, end_date=date(2026, 1, 31))
        rtw = tx.document_types.add(DocumentType(client.id, "Right to work", "right_to_work", False, T0))
        forklift = tx.document_types.add(
            DocumentType(client.id, "Forklift", "licence", True, T0, job_roles=("Forklift driver", "Loader"))
        )
        tx.document_types.add(DocumentType(client.id, "Old card", "licence", True, T0, retired_at=T0))
        tx.document_types.add(DocumentType(other.id, "Elsewhere", "licence", True, T0))
        check = tx.documents.add(
            WorkerDocument(
                client.id,
                ann.id,
                rtw.id,
                T0,
                kind="right_to_work",
                reference="W12345678",
                expiry_date=date(2026, 3, 10),
                check_method="manual_list_b",
                list_b_group=1,
                checked_on=date(2026, 3, 1),
                checked_by="Carol",
            )
        )
        licence = tx.documents.add(WorkerDocument(client.id, bob.id, forklift.id, T0, expiry_date=date(2026, 3, 1)))
        removed = tx.documents.add(
            WorkerDocument(client.id, ann.id, forklift.id, T0, removed_at=T0, expiry_date=date(2026, 1, 1))
        )
        kept = tx.evidence.add(EvidenceFile(client.id, bob.id, licence.id, "t" * 43, "image/png", 10, T0, "a.png"))
        tx.evidence.add(EvidenceFile(client.id, bob.id, licence.id, "u" * 43, "image/png", 10, T0, deleted_at=T0))
        tx.evidence.add(EvidenceFile(client.id, ann.id, check.id, "v" * 43, "application/pdf", 20, T0))
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert [t.name for t in tx.document_types.of_client(client.id)] == ["Forklift", "Right to work"]
        assert tx.document_types.get(forklift.id) == forklift
        assert tx.documents.get(check.id) == check
        assert tx.documents.of_worker(ann.id) == [check]
        assert tx.documents.of_worker(ann.id, removed=True) == [check, removed]  # what an erasure blanks
        assert tx.documents.of_workers([ann.id, bob.id, 999]) == {ann.id: [check], bob.id: [licence]}
        assert tx.documents.expired_unnoticed(date(2026, 3, 9)) == [licence]
        assert tx.documents.expired_unnoticed(date(2026, 3, 10)) == [check, licence]
        assert tx.evidence.by_token("t" * 43) == kept
        assert tx.evidence.by_token("w" * 43) is None
        assert tx.evidence.of_worker(bob.id) == [kept]
        assert tx.evidence.of_leavers() == [kept]
    with backend.uow() as tx:
        tx.documents.update_many([attrs.evolve(check, expiry_notified_on=date(2026, 3, 10))])
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.documents.expired_unnoticed(date(2026, 3, 10)) == [licence]
