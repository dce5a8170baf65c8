"""A worker's data, for the worker: one ZIP holding their records as JSON and as CSV (the worker,
their bookings, time entries (shifts and breaks: their clocks), absences, pay figures when the person may
read pay, documents and the messages sent to them) and their documents' evidence files, read through the
file store. For a person who may see the worker and looks after workers (``workers:read`` and the
``workers`` power: an owner, a coordinator, an operator admin) or the server's console; recorded in the
audit trail (``exported``) in the account of the worker."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Mapping
from typing import Any

import attrs
from attrs import frozen

from workforce_core.model.documents import EvidenceType
from workforce_core.model.notifications import Recipient
from workforce_core.model.principal import Principal
from workforce_core.model.time_entries import TimeEntry
from workforce_core.ports import Clock, FileStore, Paging, Queries, UnitOfWork, UnitOfWorkFactory
from workforce_core.ports.availability_reads import AbsenceFilter
from workforce_core.ports.entry_reads import EntryFilter
from workforce_core.ports.notifications import Notifier
from workforce_core.ports.shift_reads import ShiftFilter
from workforce_core.rules import people
from workforce_core.rules.london import local_date
from workforce_core.rules.people import Power
from workforce_core.steps.all_pages import every
from workforce_core.steps.audit_trail import record_change
from workforce_core.steps.document_access import seen_worker
from workforce_core.steps.message_links import link_hidden
from workforce_core.steps.record_files import csv_text, json_text, plain
from workforce_core.views.figures import ShiftFigures

EXTENSIONS = {EvidenceType.PDF: "pdf", EvidenceType.JPEG: "jpg", EvidenceType.PNG: "png"}


@frozen
class SubjectAccessFile:
    file_name: str
    content: bytes


def export_worker_data(
    worker_id: int,
    *,
    principal: Principal,
    uow: UnitOfWorkFactory,
    queries: Queries,
    clock: Clock,
    file_store: FileStore,
    notifier: Notifier,
) -> SubjectAccessFile:
    """404 for a worker the person does not see (another account's, or at a site not theirs)."""
    principal.require("workers:read")
    people.require(principal.actor, Power.WORKERS)
    now = clock.now()
    client_id = principal.client_id
    with uow() as tx:
        worker = seen_worker(tx, principal, worker_id)
        kinds = {t.id: t for t in tx.document_types.of_client(client_id)}
        documents = [{**plain(d), "type_name": kinds[d.type_id].name if d.type_id in kinds else None}
                     for d in tx.documents.of_worker(worker_id)]  # fmt: skip
        evidence = tx.evidence.of_worker(worker_id)
        messages = _messages(tx, worker_id, notifier)
        record_change(
            tx, principal, client_id=client_id, action="exported", entity="worker", entity_id=worker_id, now=now
        )
        entries = _entries(queries, client_id, worker_id)
        pay = _pay(tx.figures.of([e.id for e in entries])) if principal.has("pay:read") else None
        tx.commit()
    bookings = [
        v.booking for v in every(lambda paging: queries.shifts(ShiftFilter(client_id, paging, worker_id=worker_id)))
    ]
    absences = [
        v.absence for v in every(lambda paging: queries.absences(AbsenceFilter(client_id, paging, worker_id=worker_id)))
    ]
    tables: dict[str, list[dict[str, Any]]] = {
        "worker": [plain(worker)],
        "bookings": [plain(b) for b in bookings],
        "time_entries": [plain(e) for e in entries],
        "absences": [plain(a) for a in absences],
        "documents": documents,
        "evidence_files": [plain(e) for e in evidence],
        "messages": messages,
    }
    if pay is not None:
        tables["pay_figures"] = pay
    files = {
        f"evidence/{e.document_id}-{e.id}.{EXTENSIONS.get(EvidenceType(e.content_type), 'bin')}": e for e in evidence
    }
    for row in tables["evidence_files"]:
        row["file"] = next(name for name, e in files.items() if e.id == row["id"])
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, rows in tables.items():
            archive.writestr(f"{name}.json", json_text(rows))
            archive.writestr(f"{name}.csv", csv_text(rows))
        for name, kept in files.items():
            content = file_store.get(kept.token)
            if content is not None:  # bytes gone from the store are listed, not invented
                archive.writestr(name, content)
    day = local_date(now).isoformat()
    return SubjectAccessFile(f"worker-{worker_id}-{worker.employee_id}-{day}.zip", out.getvalue())


def _messages(tx: UnitOfWork, worker_id: int, notifier: Notifier) -> list[dict[str, Any]]:
    """What the notifier told the worker, with its words (a one-tap link's token cut)."""
    rows = []
    for message in every(lambda paging: tx.messages.of_person(Recipient.WORKER, worker_id, paging)):
        params = link_hidden(message.params)
        words = notifier.texts.words(message.kind, message.language, params)
        rows.append({**plain(message), "params": plain(params), "subject": words.subject, "body": words.body})
    return rows


def _entries(queries: Queries, client_id: int, worker_id: int) -> list[TimeEntry]:
    """The worker's shifts (open ones too) and breaks: their clocks."""
    wanted = EntryFilter(client_id, Paging(), entry_types=("shift", "break"), closed=None, worker_id=worker_id)
    return [v.entry for v in every(lambda paging: queries.entries(attrs.evolve(wanted, paging=paging)))]


def _pay(figures: Mapping[int, ShiftFigures]) -> list[dict[str, Any]]:
    """Each shift's stored pay figures: its paid minutes, pay week and each element's minutes and pay
    (the charge to the client is the agency's, not the worker's)."""
    rows = []
    for entry_id, kept in sorted(figures.items()):
        elements = {name: {"minutes": m, "pay": str(p)} for name, (m, p, _) in kept.element_figures().items()}
        rows.append({
            "entry_id": entry_id,
            "pay_week_start": kept.pay_week_start.isoformat(),
            "paid_minutes": kept.paid_minutes,
            "unpaid_break_minutes": kept.unpaid_break_minutes,
            "base_pay": plain(kept.base_pay),
            "adjust_week": plain(kept.adjust_week),
            "elements": elements,
        })  # fmt: skip
    return rows
