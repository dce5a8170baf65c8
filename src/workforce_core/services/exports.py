"""Export batches of a locked pay week (the console's ``export create``) and GET /export-batches.php.

The file is streamed page by page from the payroll lines (``pkg_a``, ``payroll``) or the charge lines
(``pkg_b``) to a temporary file, never holding the week in memory. Then one transaction checks the lock
still stands, stores the batch with the file's bytes and the shifts it held, stamps ``exported_batch_id``
(pay files), moves the week to ``exported`` and records ``export.created``; the file is put in place
only after the commit. A failure at any point leaves no batch, no stamp and no file.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from datetime import date, datetime, time, timedelta
from decimal import Decimal

import attrs
from attrs import define, field, frozen

from workforce_core.commands.exports import CreateExport
from workforce_core.errors import Conflict, InvalidParameter, NotFound, NotLocked, RoleNotAllowed
from workforce_core.events import Event
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.exports import EXPORT_KINDS, FORMATS, STAMPS_ENTRIES, ExportBatch, ExportKind
from workforce_core.model.people import Actor
from workforce_core.model.principal import Principal
from workforce_core.ports import (
    BatchFilter,
    ChargeFilter,
    ChargeLine,
    ExportFiles,
    Page,
    Paging,
    PayrollFilter,
    PayrollLine,
    Queries,
    StoredBatch,
    UnitOfWork,
    UnitOfWorkFactory,
)
from workforce_core.ports.clock import Clock
from workforce_core.ports.exports import Cell
from workforce_core.rules import pay_week_states, people
from workforce_core.rules.charges import line_amount
from workforce_core.rules.london import from_local
from workforce_core.rules.pay_weeks import week_start
from workforce_core.rules.people import Power
from workforce_core.services import export_rows
from workforce_core.services.holiday_export import HOLIDAY_HEADER, holiday_records_of_week, record_rows
from workforce_core.services.pay_figures import Progress, bring_up_to_date
from workforce_core.services.pay_week_reads import pay_week_views
from workforce_core.services.payroll import leave_only_rows, priced_lines
from workforce_core.views import PayWeekView

PAGE = 1000  # payroll lines read per page: each page is a fixed number of statements over the week


@define
class _Made:
    """What the rows written so far add up to."""

    lines: int = 0
    total_pay: Decimal = Decimal(0)
    total_charge: Decimal = Decimal(0)
    entry_ids: set[int] = field(factory=set)


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
    kind = command.kind
    header: tuple[str, ...]
    rows: Iterator[Sequence[Cell]]
    if kind == ExportKind.PKG_B:
        header, rows = export_rows.PKG_B_HEADER, _charge_rows(queries, client, first, last, made, progress)
        made.total_pay = sum(
            (line.figures.gross_pay for line, _ in _pay_lines(queries, uow, client, first)), Decimal(0)
        )
    elif kind == ExportKind.HOLIDAY_RECORDS:
        header, rows = HOLIDAY_HEADER, _holiday_rows(queries, uow, client, first, made)
    else:
        header = export_rows.PKG_A_HEADER if kind == ExportKind.PKG_A else export_rows.PAYROLL_HEADER
        rows = _payroll_rows(queries, uow, client, first, kind, made, progress)
    number = sum(1 for batch in before.batches if batch.kind == kind) + 1
    name = export_rows.file_name(kind, client.id, first, last, number)
    written = files.write(name, header, rows)
    try:
        content = files.content(written)
        batch = ExportBatch(
            client_id=client.id,
            kind=kind,
            format=FORMATS[kind],
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
            tx.record([Event("export.created", client.id, now, attrs.evolve(batch, entry_ids=()))])
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
    (view,) = pay_week_views(tx.pay_weeks, client, [first], None, now)
    if not view.facts.locked or view.lock is None:
        raise NotLocked(f"only a locked pay week can be exported; the week starting {first} is {view.status}.")
    return client, view


def _pay_lines(
    queries: Queries, uow: UnitOfWorkFactory, client: ClientAccount, week: date, *, with_entries: bool = False
) -> Iterator[tuple[PayrollLine, int]]:
    """Every payroll line of the week, a page at a time (the same lines as GET /payroll.php, holiday
    included), with how many lines there are in all."""
    offset = 0
    leave_only = leave_only_rows(client, (week,), queries=queries, uow=uow)
    while True:
        wanted = PayrollFilter(client.id, (week,), Paging(limit=PAGE, offset=offset), with_entries=with_entries)
        page = queries.payroll_rows(wanted)
        total = page.total + len(leave_only)
        for line in priced_lines(client, page.items, (week,), queries=queries, uow=uow):
            yield line, total
        offset += PAGE
        if offset >= page.total or not page.items:
            break
    for line in priced_lines(client, leave_only, (week,), queries=queries, uow=uow):
        yield line, total


def _payroll_rows(
    queries: Queries,
    uow: UnitOfWorkFactory,
    client: ClientAccount,
    week: date,
    kind: str,
    made: _Made,
    progress: Progress | None,
) -> Iterator[Sequence[Cell]]:
    for line, total in _pay_lines(queries, uow, client, week, with_entries=True):
        made.lines += 1
        made.total_pay += line.figures.gross_pay
        made.total_charge += line.figures.charge_total
        made.entry_ids.update(line.row.entry_ids)
        if kind == ExportKind.PKG_A:
            yield from export_rows.pkg_a_rows(line)
        else:
            yield export_rows.payroll_row(line)
        if progress is not None and made.lines % PAGE == 0:
            progress(made.lines, total)


def _holiday_rows(
    queries: Queries, uow: UnitOfWorkFactory, client: ClientAccount, week: date, made: _Made
) -> Iterator[Sequence[Cell]]:
    for record in holiday_records_of_week(client, week, queries=queries, uow=uow):
        made.total_pay += record.paid
        for row in record_rows(record):
            made.lines += 1
            yield row


def _charge_rows(
    queries: Queries, client: ClientAccount, first: date, last: date, made: _Made, progress: Progress | None
) -> Iterator[Sequence[Cell]]:
    reference = f"CHG-{client.id}-{first:%Y%m%d}-{last:%Y%m%d}"  # the same reference as GET /charges.php
    groups = queries.charge_groups(ChargeFilter(client.id, first, last, with_entries=True))  # the schedule's lines
    for group in groups:
        line = ChargeLine(group, line_amount(group.charge_rate, group.minutes))
        made.lines += 1
        made.total_charge += line.amount
        made.entry_ids.update(group.entry_ids)
        yield export_rows.pkg_b_row(reference, line)
        if progress is not None and made.lines % PAGE == 0:
            progress(made.lines, len(groups))


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


def export_batches(principal: Principal, query: BatchQuery, *, queries: Queries) -> Page[ExportBatch]:
    principal.require("payroll:read")
    if query.kind is not None and query.kind not in EXPORT_KINDS:
        raise InvalidParameter("kind", f"kind is one of {', '.join(EXPORT_KINDS)}.")
    if query.date_from is not None and query.date_to is not None and query.date_to < query.date_from:
        raise InvalidParameter("to", "to is before from.")
    wanted = BatchFilter(principal.client_id, query.paging, query.date_from, query.date_to, query.kind)
    return queries.export_batches(wanted)


def export_batch(principal: Principal, batch_id: int, *, queries: Queries) -> BatchDetail:
    principal.require("payroll:read")
    stored = queries.export_batch(principal.client_id, batch_id)
    if stored is None:
        raise NotFound(f"export batch {batch_id} was not found.")
    return BatchDetail(stored)
