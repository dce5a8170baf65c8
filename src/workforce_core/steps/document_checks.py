"""A worker's documents as the booking and clocking rules read them (``rules.documents``), inside an
open unit of work: what is stored of them, and a clock-in refused for a day they may not work."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date

from workforce_core.errors import NotEligible
from workforce_core.model.accounts import ClientSettings
from workforce_core.model.documents import DocumentType, WorkerDocument
from workforce_core.model.workers import Worker
from workforce_core.ports import UnitOfWork
from workforce_core.rules.documents import DocumentFacts, Standing, required_types, standing
from workforce_core.rules.eligibility import BlockCode, WarningCode


def document_facts(
    tx: UnitOfWork, worker: Worker, job_role: str | None, settings: ClientSettings | None = None
) -> DocumentFacts:
    """The worker's documents, the types the work's ``job_role`` (else the worker's own) needs (read only
    when there is a role), and the account's ``settings`` (read when not given)."""
    if settings is None:
        client = tx.clients.get(worker.client_id)
        settings = client.settings if client is not None else ClientSettings()
    role = job_role or worker.job_role
    types = tx.document_types.of_client(worker.client_id) if role and role.strip() else []
    return facts_of(tx.documents.of_worker(worker.id), types, role, settings)


def facts_of(
    documents: Sequence[WorkerDocument], types: Sequence[DocumentType], role: str | None, settings: ClientSettings
) -> DocumentFacts:
    """What the rule needs, from what was read: the worker's documents, the account's types and settings."""
    return DocumentFacts(
        documents=documents,
        required=required_types(types, role),
        right_to_work_required=settings.right_to_work_required,
        warning_days=settings.document_warning_days,
    )


def codes(found: Standing) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The block and warning codes of a standing, as ``rules.eligibility`` names them."""
    blocks = [BlockCode.RIGHT_TO_WORK] * found.right_to_work + [BlockCode.DOCUMENT_EXPIRED] * bool(found.expired)
    warnings = [WarningCode.DOCUMENT_EXPIRING] * bool(found.expiring)
    return tuple(map(str, blocks)), tuple(map(str, warnings))


def why(worker: Worker, found: Standing) -> str | None:
    """Why the documents stop the worker working, in words (None: they do not)."""
    return f"{worker.name} cannot work that day: {'; '.join(found.words())}." if found.blocked else None


def require_documents(
    tx: UnitOfWork, worker: Worker, days: Iterable[date], job_role: str | None, settings: ClientSettings
) -> Standing:
    """The worker's standing on ``days``; a block is 409 ``not_eligible`` (a clock-in refused)."""
    found = standing(document_facts(tx, worker, job_role, settings), days)
    if found.blocked:
        raise NotEligible(*codes(found), why(worker, found))
    return found
