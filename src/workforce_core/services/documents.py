"""Worker documents: the account's document types, and each worker's right-to-work checks,
licences and cards, kept and read by a key (``workers:read`` / ``workers:write``) or a person whose role
looks after workers. A worker the caller does not see (another account's, or based at a site a limited
key lacks) is 404, as is their document. Every write leaves one audit row with the values before and
after. ``rules.documents`` decides what a document must hold and when it is valid.
"""

from __future__ import annotations

import attrs

from workforce_core.commands.documents import CreateDocumentType, CreateWorkerDocument, UpdateWorkerDocument
from workforce_core.errors import NotFound, ValidationFailed
from workforce_core.model.documents import DocumentType, WorkerDocument
from workforce_core.model.principal import Principal
from workforce_core.ports import Clock, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.documents import check_document
from workforce_core.rules.london import local_date
from workforce_core.rules.people import Power
from workforce_core.steps.audit_trail import record_change
from workforce_core.steps.document_access import seen_document, seen_worker, view_of
from workforce_core.views import DocumentView

DOCUMENT = "worker_document"


def create_document_type(
    command: CreateDocumentType, *, principal: Principal, uow: UnitOfWorkFactory, clock: Clock
) -> DocumentType:
    """A document type of the caller's account; its ``job_roles`` need a valid one to work."""
    people.require(principal.actor, Power.WORKERS)
    now = clock.now()
    with uow() as tx:
        made = tx.document_types.add(
            DocumentType(
                client_id=principal.client_id,
                name=command.name,
                kind=command.kind,
                expires=command.expires,
                created_at=now,
                job_roles=command.job_roles,
            )
        )
        after = {"name": command.name, "kind": command.kind, "expires": command.expires, "job_roles": command.job_roles}
        record_change(
            tx,
            principal,
            client_id=made.client_id,
            action="create",
            entity="document_type",
            entity_id=made.id,
            now=now,
            changes={name: (None, list(v) if isinstance(v, tuple) else v) for name, v in after.items()},
        )
        tx.commit()
    return made


def document_types(principal: Principal, *, uow: UnitOfWorkFactory) -> list[DocumentType]:
    with uow(read_only=True) as tx:
        return tx.document_types.of_client(principal.client_id)


def add_document(
    command: CreateWorkerDocument, *, principal: Principal, uow: UnitOfWorkFactory, clock: Clock
) -> DocumentView:
    """A document of a worker the caller sees, of a type of the account (another is 404 ``type_id``)."""
    people.require(principal.actor, Power.WORKERS)
    now = clock.now()
    with uow() as tx:
        worker = seen_worker(tx, principal, command.worker_id)
        kind = tx.document_types.get(command.type_id)
        if kind is None or kind.client_id != worker.client_id or kind.retired_at is not None:
            raise NotFound("The document type was not found.", field="type_id")
        sent = attrs.asdict(command)
        document = WorkerDocument(client_id=worker.client_id, kind=kind.kind, created_at=now, updated_at=now, **sent)
        check_document(document, kind, local_date(now))
        document = tx.documents.add(document)
        changes = {name: (None, value) for name, value in sent.items() if value is not None}
        record_change(
            tx, principal, client_id=worker.client_id, action="create", entity=DOCUMENT, entity_id=document.id,
            now=now, changes=changes,
        )  # fmt: skip
        tx.commit()
        return view_of(tx, document, kind, now)


def update_document(
    command: UpdateWorkerDocument, *, principal: Principal, uow: UnitOfWorkFactory, clock: Clock
) -> DocumentView:
    """Change what the command sends (a follow-up check: its new date, expiry and who checked)."""
    people.require(principal.actor, Power.WORKERS)
    now = clock.now()
    with uow() as tx:
        document, kind = seen_document(tx, principal, command.id)
        sent = command.changes()
        if not sent:
            raise ValidationFailed(None, "Send at least one field to change.")
        changed = attrs.evolve(document, updated_at=now, **sent)
        check_document(changed, kind, local_date(now))
        tx.documents.update(changed)
        changes = {k: (getattr(document, k), v) for k, v in sent.items() if getattr(document, k) != v}
        record_change(
            tx, principal, client_id=document.client_id, action="update", entity=DOCUMENT, entity_id=document.id,
            now=now, changes=changes,
        )  # fmt: skip
        tx.commit()
        return view_of(tx, changed, kind, now)


def remove_document(document_id: int, *, principal: Principal, uow: UnitOfWorkFactory, clock: Clock) -> None:
    """Take a document off the worker (recorded in error, replaced): kept, marked removed, no longer counted."""
    people.require(principal.actor, Power.WORKERS)
    now = clock.now()
    with uow() as tx:
        document, _ = seen_document(tx, principal, document_id)
        tx.documents.update(attrs.evolve(document, removed_at=now, updated_at=now))
        record_change(
            tx, principal, client_id=document.client_id, action="remove", entity=DOCUMENT, entity_id=document.id,
            now=now, changes={"removed_at": (None, now.isoformat())},
        )  # fmt: skip
        tx.commit()


def worker_documents(
    principal: Principal, worker_id: int, *, uow: UnitOfWorkFactory, clock: Clock
) -> list[DocumentView]:
    """The worker's documents not removed, oldest first, each with its evidence and standing today."""
    now = clock.now()
    with uow(read_only=True) as tx:
        worker = seen_worker(tx, principal, worker_id)
        kinds = {t.id: t for t in tx.document_types.of_client(worker.client_id)}
        found = []
        for document in tx.documents.of_worker(worker.id):
            kind = kinds.get(document.type_id) or tx.document_types.get(document.type_id)
            assert kind is not None  # a document's type is never deleted, only retired
            found.append(view_of(tx, document, kind, now))
        return found


def one_document(principal: Principal, document_id: int, *, uow: UnitOfWorkFactory, clock: Clock) -> DocumentView:
    with uow(read_only=True) as tx:
        document, kind = seen_document(tx, principal, document_id)
        return view_of(tx, document, kind, clock.now())
