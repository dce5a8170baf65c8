"""Export batches of a locked pay week (the console's ``export create``) and GET /export-batches.php.

The file is streamed page by page from the payroll lines (``pkg_a``, ``payroll``) or the charge lines
(``pkg_b``) through the format's writer (``steps.presets``) to a temporary file, never holding the
week's pay lines in memory; a file whose writer refused lines is discarded and refused with the list.
Then one transaction checks the lock still stands, stores the batch with the file's bytes and the
shifts it held, stamps ``exported_batch_id`` (pay files), moves the week to ``exported`` and records
``export.created``; the file is put in place only after the commit. A failure at any point leaves no
batch, no stamp and no file.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from datetime import date, datetime, time, timedelta
from decimal import Decimal

import attrs
from attrs import define, field, frozen

from workforce_core.commands.exports import CreateExport
from workforce_core.errors import Conflict, ExportRefused, InvalidParameter, NotFound, NotLocked, RoleNotAllowed
from workforce_core.events import Event, ExportCreated
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.exports import EXPORT_KINDS, FORMATS, STAMPS_ENTRIES, ExportBatch, ExportKind
from workforce_core.model.people import Actor
from workforce_core.model.principal import Principal
from workforce_core.ports import (
    BatchFilter,
    ExportBatchReads,
    ExportFiles,
    Page,
    Paging,
    Queries,
    StoredBatch,
    UnitOfWork,
    UnitOfWorkFactory,
)
from workforce_core.ports.clock import Clock
from workforce_core.ports.exporters import FileLine, Refusal, distinct, refusal_record
from workforce_core.ports.exports import Cell
from workforce_core.rules import pay_week_states, people
from workforce_core.rules.london import from_local
from workforce_core.rules.pay_weeks import week_start
from workforce_core.rules.people import Power
from workforce_core.steps import export_rows
from workforce_core.steps.export_week import pay_lines, week_input
from workforce_core.steps.holiday_export import HOLIDAY_HEADER, holiday_records_of_week, record_rows
from workforce_core.steps.pay_figures import Progress, bring_up_to_date
from workforce_core.steps.pay_week_views import pay_week_views
from workforce_core.steps.presets import EXPORTERS
from workforce_core.views import PayrollLine, PayWeekView

PAGE = 1000  # file lines between two reports of progress


@define
class _Made:
    """What the lines read so far add up to (``lines``: payroll lines of a pay file, charge lines of a
    charge file), and the file's refusals."""

    lines: int = 0
    total_pay: Decimal = Decimal(0)
    total_charge: Decimal = Decimal(0)
    entry_ids: set[int] = field(factory=set)
    refusals: list[Refusal] = field(factory=list)


def create_export(
    command: CreateExport,
    *,
    uow: UnitOfWorkFactory,
    queries: Queries,
    files: ExportFiles,
    clock: Clock,
    progress: Progress | None = None,
    actor: Actor | None = None,
) -> ExportBatch:
    people.require(actor, Power.EXPORT)
    if actor is not None and actor.location_ids is not None:
        raise RoleNotAllowed("a user limited to some sites cannot export a whole pay week.")
    now = clock.now()
    with uow(read_only=True) as tx:
        client, before = _locked_week(tx, command.client_id, command.week, now, actor)
    assert before.lock is not None
    first, last = before.week_start, before.week_end
    start, end = from_local(first, time(0)), from_local(last + timedelta(days=1), time(0))
    priced = bring_up_to_date(client, start, end, queries=queries, uow=uow, progress=progress)
    if progress is not None:  # one count over all the work: the shifts priced, then the lines written
        progress = _after(priced, progress)
    made = _Made()
    kind, file_format = command.kind, command.file_format
    exporter = EXPORTERS.get(file_format)
    rows: Iterator[Sequence[Cell]]
    header: tuple[str, ...]
    if exporter is None:  # the holiday records: their own rows, not a pay or charge file
        header, header_row = HOLIDAY_HEADER, True
        rows = _holiday_rows(queries, uow, client, first, made)
    elif kind == ExportKind.PKG_B:
        week = week_input(client, first, last, exporter, queries=queries, uow=uow, with_entries=True)
        for invoice in week.invoices:
            made.lines += len(invoice.lines)
            made.total_charge += invoice.net
            made.entry_ids.update(i for line in invoice.lines for i in line.group.entry_ids)
        made.total_pay = sum((line.figures.gross_pay for line, _ in pay_lines(queries, uow, client, first)), Decimal(0))
    else:
        counted = _counted(pay_lines(queries, uow, client, first, with_entries=True), made, progress)
        week = week_input(client, first, last, exporter, queries=queries, uow=uow, pay=counted)
    if exporter is not None:
        header, header_row = exporter.header, exporter.header_row
        rows = _cells(exporter.lines(week), made, progress if kind == ExportKind.PKG_B else None)
    number = sum(1 for batch in before.batches if batch.kind == kind) + 1
    named = kind if file_format == FORMATS[kind] else file_format
    name = export_rows.file_name(named, client.id, first, last, number)
    written = files.write(name, header, rows, header_row=header_row)
    try:
        if made.refusals:
            raise ExportRefused([refusal_record(r) for r in distinct(made.refusals)])
        content = files.content(written)
        batch = ExportBatch(
            client_id=client.id,
            kind=kind,
            format=file_format,
            period_start=first,
            period_end=last,
            file_name=name,
            file_sha256=hashlib.sha256(content).hexdigest(),
            entry_count=len(made.entry_ids),
            line_count=made.lines,
            total_pay=made.total_pay,
            total_charge=made.total_charge,
            stamps_entries=STAMPS_ENTRIES[kind],
            created_at=now,
            lock_id=before.lock.id,
            entry_ids=tuple(sorted(made.entry_ids)),
        )
        with uow() as tx:
            _, now_seen = _locked_week(tx, client.id, first, now)
            if now_seen.lock is None or now_seen.lock.id != before.lock.id:
                raise Conflict("the pay week was unlocked while its file was made; export it again.")
            pay_week_states.export(now_seen.facts)
            batch = tx.exports.add(batch, content)
            if batch.stamps_entries:
                tx.exports.stamp(batch)
            tx.record([Event("export.created", client.id, now, ExportCreated(attrs.evolve(batch, entry_ids=())))])
            if progress is not None:
                progress(made.lines, made.lines)
            tx.commit()
        files.publish(written)
    finally:
        files.discard(written)
    return batch


def _after(done_before: int, progress: Progress) -> Progress:
    return lambda done, total: progress(done_before + done, done_before + total)


def _locked_week(
    tx: UnitOfWork, client_id: int, day: date, now: datetime, actor: Actor | None = None
) -> tuple[ClientAccount, PayWeekView]:
    """The client's whole pay week holding ``day``; refused unless a whole-client lock stands on it."""
    client = tx.clients.get(client_id)
    if client is None or not people.reaches_account(actor, client_id):
        raise NotFound(f"client {client_id} was not found.", field="client_id")
    first = week_start(day, client.settings.pay_week_start_day)
    (view,) = pay_week_views(tx.pay_weeks, client, [first], None, now, tx.wages, tx.wages)
    if not view.facts.locked or view.lock is None:
        raise NotLocked(f"only a locked pay week can be exported; the week starting {first} is {view.status}.")
    return client, view


def _counted(lines: Iterator[tuple[PayrollLine, int]], made: _Made, progress: Progress | None) -> Iterator[PayrollLine]:
    """The week's payroll lines, adding each to what the file holds as it is read."""
    for line, total in lines:
        made.lines += 1
        made.total_pay += line.figures.gross_pay
        made.total_charge += line.figures.charge_total
        made.entry_ids.update(line.row.entry_ids)
        if progress is not None and made.lines % PAGE == 0:
            progress(made.lines, total)
        yield line


def _holiday_rows(
    queries: Queries, uow: UnitOfWorkFactory, client: ClientAccount, week: date, made: _Made
) -> Iterator[Sequence[Cell]]:
    for record in holiday_records_of_week(client, week, queries=queries, uow=uow):
        made.total_pay += record.paid
        for row in record_rows(record):
            made.lines += 1
            yield row


def _cells(written: Iterator[FileLine | Refusal], made: _Made, progress: Progress | None) -> Iterator[Sequence[Cell]]:
    """The file's rows; the refusals are kept aside (a file with any is not stored)."""
    rows = 0
    for found in written:
        if isinstance(found, Refusal):
            made.refusals.append(found)
            continue
        rows += 1
        if progress is not None and rows % PAGE == 0:
            progress(rows, made.lines)
        yield found.cells


# ---- GET /export-batches.php -------------------------------------------------------------------


@frozen(kw_only=True)
class BatchQuery:
    paging: Paging
    id: int | None = None
    date_from: date | None = None
    date_to: date | None = None
    kind: str | None = None


@frozen
class BatchDetail:
    stored: StoredBatch

    @property
    def batch(self) -> ExportBatch:
        return self.stored.batch

    @property
    def file_ok(self) -> bool:
        """The stored bytes still have the digest recorded when the file was made."""
        return hashlib.sha256(self.stored.content).hexdigest() == self.stored.batch.file_sha256


def export_batches(principal: Principal, query: BatchQuery, *, queries: ExportBatchReads) -> Page[ExportBatch]:
    principal.require("payroll:read")
    if query.kind is not None and query.kind not in EXPORT_KINDS:
        raise InvalidParameter("kind", f"kind is one of {', '.join(EXPORT_KINDS)}.")
    if query.date_from is not None and query.date_to is not None and query.date_to < query.date_from:
        raise InvalidParameter("to", "to is before from.")
    wanted = BatchFilter(principal.client_id, query.paging, query.date_from, query.date_to, query.kind)
    return queries.export_batches(wanted)


def export_batch(principal: Principal, batch_id: int, *, queries: ExportBatchReads) -> BatchDetail:
    principal.require("payroll:read")
    stored = queries.export_batch(principal.client_id, batch_id)
    if stored is None:
        raise NotFound(f"export batch {batch_id} was not found.")
    return BatchDetail(stored)
