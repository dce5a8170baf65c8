"""GET /payroll.php's read model: a worker's pay week summed from ``shift_figures`` by the database.

A page is: its (week, worker) rows, from the kept line counts' index by name (``payroll_line_counts``,
kept by the database's triggers) when no site is asked and nothing is priced in memory, else the
client's workers walked in name order over their index with one probe each of the figures' line-week
index (a late clock's line is in the week it is due in); the count of such rows, from the same place;
the page's shift counts, paid minutes, frozen shifts and the reasons its approved shifts were left
unpaid, one grouped read; its minutes per element and rates (a late clock's apart: the minimum wage
check leaves them out); and with ``adjustments`` its late clocks, with ``include_entries`` the shifts
each row holds: six statements at most, whatever the page or the table. Nothing reads the rest of the week.
Each statement reads the figures a read priced for stale worker-weeks beside the stored ones
(``fresh_figures.reading``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from datetime import date
from typing import Any

from sqlalchemy import ColumnElement, Date, Engine, and_, case, exists, func, literal, literal_column, or_, select, true

from workforce_adapters.sql import reading, tables
from workforce_adapters.sql.fresh_figures import Fresh
from workforce_adapters.sql.fresh_figures import reading as with_fresh
from workforce_adapters.sql.pay_figures import FIGURE_LINES, FROZEN, LATE
from workforce_core.model.pay_gate import GateReason, PayrollStatus
from workforce_core.model.time_entries import ApprovalStatus
from workforce_core.ports import Page
from workforce_core.ports.payroll_reads import PayrollFilter
from workforce_core.rules.pay_gate import LATE_STATE, NOT_APPROVED, UNPAID_WHEN_APPROVED
from workforce_core.rules.payroll_lines import Minutes
from workforce_core.views import Adjustment, PayrollRow

F = tables.shift_figures
L = tables.shift_figure_lines
TE = tables.time_entries
W = tables.workers
K = tables.payroll_line_counts
PAYABLE = F.c.payroll_status == PayrollStatus.PAYABLE
PAID = or_(PAYABLE, LATE)  # a late clock counts in the week it is due (or was paid) in, not its own locked week
LINE_WEEK: Any = func.coalesce(F.c.adjust_week, F.c.pay_week_start)
LATE_LINE: Any = case((LATE, 1), else_=0).label("late")  # a late clock's minutes: not in the minimum wage check
UNPAID_APPROVED = and_(
    F.c.payroll_status == PayrollStatus.EXCLUDED,
    F.c.payroll_reason.in_(UNPAID_WHEN_APPROVED),
    exists().where(TE.c.id == F.c.entry_id, TE.c.approval_status == ApprovalStatus.APPROVED),  # only for these few rows
)


def _where(query: PayrollFilter, week: Any = LINE_WEEK, *, department: bool = True) -> list[ColumnElement[bool]]:
    where: list[ColumnElement[bool]] = [F.c.client_id == query.client_id, week.in_(query.weeks)]
    if query.worker_id is not None:
        where.append(F.c.worker_id == query.worker_id)
    if query.worker_ids is not None:
        where.append(F.c.worker_id.in_(query.worker_ids))
    if query.location_ids is not None:
        where.append(F.c.location_id.in_(query.location_ids))
    if department and query.department_id is not None:
        where.append(F.c.worker_id.in_(select(W.c.id).where(W.c.department_id == query.department_id)))
    return where


def _kept_line(query: PayrollFilter) -> ColumnElement[bool]:
    """Whether a row of ``payroll_line_counts`` makes a line: a paid figure, or one left unpaid for a reason
    payroll names whose shift is approved (a probe of the line-week index, only for lines paying nothing)."""
    approved_unpaid = (
        select(literal_column("1"))
        .where(
            F.c.client_id == K.c.client_id,
            # the kept week without its column's affinity, or SQLite cannot seek the line-week index by it
            func.coalesce(K.c.line_week, K.c.line_week) == LINE_WEEK,
            F.c.worker_id == K.c.worker_id,
            UNPAID_APPROVED,
        )
        .exists()
    )
    where = [K.c.client_id == query.client_id, or_(K.c.paid > 0, and_(K.c.unpaid > 0, approved_unpaid))]
    if query.worker_id is not None:
        where.append(K.c.worker_id == query.worker_id)
    if query.worker_ids is not None:
        where.append(K.c.worker_id.in_(query.worker_ids))
    return and_(*where)


def _pairs(keys: list[tuple[date, int]]) -> ColumnElement[bool]:
    by_week: dict[date, list[int]] = defaultdict(list)
    for week, worker_id in keys:
        by_week[week].append(worker_id)
    return or_(*(and_(week == LINE_WEEK, F.c.worker_id.in_(ids)) for week, ids in by_week.items()))


def payroll_rows(engine: Engine, query: PayrollFilter, fresh: Fresh) -> Page[PayrollRow]:
    # With nothing priced in memory and no sites asked, the lines are the kept counts' rows (only figures
    # of the worker's own client are counted there; they know nothing of the fresh ones): the page walks
    # them by name, the total counts them. Else the client's workers are walked with a probe of the figures each.
    kept = query.location_ids is None and not fresh
    page, counted = _kept_page(query) if kept else _probed_page(query)
    with reading.connection(engine) as connection:

        def read(statement: Any) -> Any:
            return connection.execute(with_fresh(statement, fresh, connection.dialect))

        rows = read(page).all()
        total = read(counted).scalar_one()
        if not rows:
            return Page((), int(total))
        where = [*_where(query), _pairs([(row.week, row.worker_id) for row in rows])]
        sums = _sums(read, where)
        minutes = _minutes(read, where, query.with_entries)
        adjustments: dict[tuple[date, int], list[Adjustment]] = defaultdict(list)
        if query.with_adjustments:
            late = select(
                LINE_WEEK, F.c.worker_id, F.c.entry_id, F.c.payroll_reason, F.c.pay_week_start, F.c.paid_minutes
            )
            for line_week, worker_id, entry_id, reason, own_week, paid in read(
                late.where(*where, LATE).order_by(F.c.entry_id)
            ):
                state = LATE_STATE[GateReason(reason)]
                adjustments[(line_week, worker_id)].append(Adjustment(entry_id, state, line_week, own_week, int(paid)))
        entries: dict[tuple[date, int], list[int]] = defaultdict(list)
        if query.with_entries:
            ids = select(LINE_WEEK, F.c.worker_id, F.c.entry_id).where(*where, PAID)
            for line_week, worker_id, entry_id in read(ids.order_by(F.c.entry_id)):
                entries[(line_week, worker_id)].append(entry_id)
    no_sums: Sums = (0, 0, 0, ())
    lines = []
    for week, worker_id, name, employee_id, department, cost_centre in rows:
        key = (week, worker_id)
        shifts, paid, frozen, flags = sums.get(key, no_sums)
        lines.append(
            PayrollRow(
                week=week,
                worker_id=worker_id,
                worker_name=name,
                employee_id=employee_id,
                department=department,
                cost_centre=cost_centre,
                shifts=shifts,
                paid_minutes=paid,
                minutes=tuple(minutes.get(key, ())),
                flags=tuple(sorted(set(flags))) if flags else (),
                entry_ids=tuple(entries.get(key, ())),
                adjustments=tuple(adjustments.get(key, ())),
                frozen_shifts=frozen,
            )
        )
    return Page(tuple(lines), int(total))


def _people(keys: Any) -> Any:
    d, cc = tables.departments, tables.cost_codes
    return keys.outerjoin(d, d.c.id == W.c.department_id).outerjoin(cc, cc.c.id == W.c.cost_code_id), (
        W.c.name,
        W.c.employee_id,
        d.c.name.label("department"),
        cc.c.code.label("cost_centre"),
    )


def _kept_page(query: PayrollFilter) -> tuple[Any, Any]:
    """The page's (week, worker) keys from the kept counts' index by week, name and worker (covering, so
    the rows skipped are index entries only), then only their workers' rows (a late row lookup); and the
    total, a count of those kept rows."""
    where = [_kept_line(query), K.c.line_week.in_(query.weeks)]
    if query.department_id is not None:
        where.append(K.c.worker_id.in_(select(W.c.id).where(W.c.department_id == query.department_id)))
    paging = query.paging
    keys = (
        select(K.c.line_week, K.c.worker_name, K.c.worker_id)
        .where(*where)
        .order_by(K.c.line_week, K.c.worker_name, K.c.worker_id)
        .limit(paging.limit)
        .offset(paging.offset)
        .subquery("page_keys")
    )
    people, columns = _people(keys.join(W, W.c.id == keys.c.worker_id))
    page = (
        select(keys.c.line_week.label("week"), W.c.id.label("worker_id"), *columns)
        .select_from(people)
        .order_by(keys.c.line_week, keys.c.worker_name, keys.c.worker_id)
    )
    return page, select(func.count()).select_from(K).where(*where)


def _probed_page(query: PayrollFilter) -> tuple[Any, Any]:
    """The client's workers walked in name order over their index (one week: no sort; several: each week
    by worker, sorted), each kept when one probe of the line-week index finds a line (SELECT 1 keeps it
    index-only); the total, the same probes."""
    weeks = select(*(literal(week, Date).label("week") for week in query.weeks[:1])).union_all(
        *(select(literal(week, Date)) for week in query.weeks[1:])
    )
    one_week = len(query.weeks) == 1
    week: Any = literal(query.weeks[0], Date) if one_week else weeks.subquery().c.week
    has_line = (
        select(literal_column("1"))
        .where(*_where(query, department=False), week == LINE_WEEK, F.c.worker_id == W.c.id, or_(PAID, UNPAID_APPROVED))
        .correlate_except(F)
        .exists()
    )
    found = [W.c.client_id == query.client_id, has_line]
    if query.worker_ids is not None:
        found.append(W.c.id.in_(query.worker_ids))
    if query.department_id is not None:
        found.append(W.c.department_id == query.department_id)
    workers: Any = W if one_week else week.table.join(W, true())  # several weeks: each worker in each week
    keys = select(week.label("week"), W.c.id.label("worker_id")).select_from(workers).where(*found)
    people, columns = _people(workers)
    names = select(week.label("week"), W.c.id.label("worker_id"), *columns).select_from(people).where(*found)
    order = (W.c.name, W.c.id) if one_week else (week, W.c.name, W.c.id)
    paging = query.paging
    page = names.order_by(*order).limit(paging.limit).offset(paging.offset)
    return page, select(func.count()).select_from(keys.subquery())


Sums = tuple[int, int, int, tuple[str, ...]]  # a line's shifts, paid minutes, frozen shifts, unpaid reasons


Read = Callable[[Any], Any]  # a statement executed with the read's fresh figures


def _sums(read: Read, where: list[ColumnElement[bool]]) -> dict[tuple[date, int], Sums]:
    """A page's shift counts, paid minutes and frozen shifts per line, with the reasons its approved shifts
    were left unpaid: one grouped read (a row per line and such reason)."""
    unpaid = case((UNPAID_APPROVED, F.c.payroll_reason), else_=None)
    summed = (
        select(
            LINE_WEEK,
            F.c.worker_id,
            unpaid,
            func.sum(case((PAID, 1), else_=0)),
            func.sum(case((PAID, F.c.paid_minutes), else_=0)),
            func.sum(case((and_(PAID, or_(FROZEN, F.c.payroll_reason == GateReason.PAID_ADJUSTMENT)), 1), else_=0)),
        )
        .where(*where, or_(PAID, UNPAID_APPROVED))
        .group_by(LINE_WEEK, F.c.worker_id, unpaid)
    )
    found: dict[tuple[date, int], Sums] = {}
    for line_week, worker_id, reason, shifts, paid, frozen in read(summed):
        key = (line_week, worker_id)
        flags = () if reason is None else (reason,)
        known = found.get(key)
        if known is None:  # a line's one row, save for a reason its approved shifts were left unpaid
            found[key] = (int(shifts), int(paid), int(frozen), flags)
        else:
            found[key] = (known[0] + int(shifts), known[1] + int(paid), known[2] + int(frozen), known[3] + flags)
    return found


def _minutes(read: Read, where: list[ColumnElement[bool]], with_entries: bool) -> dict[Any, list[Minutes]]:
    """Each row's minutes per element and rates, summed by the database (or per shift, to name them)."""
    columns = [LINE_WEEK, F.c.worker_id, L.c.element, L.c.pay_rate, L.c.charge_rate, LATE_LINE]
    found: dict[Any, list[Minutes]] = defaultdict(list)
    if not with_entries:
        summed = (
            select(*columns, func.sum(L.c.minutes)).select_from(FIGURE_LINES).where(*where, PAID).group_by(*columns)
        )
        for week, worker_id, element, pay_rate, charge_rate, late, total in read(summed):
            found[(week, worker_id)].append(Minutes(element, pay_rate, charge_rate, int(total), late=bool(late)))
        return found
    each = select(*columns, L.c.minutes, F.c.entry_id).select_from(FIGURE_LINES).where(*where, PAID)
    for week, worker_id, element, pay_rate, charge_rate, late, total, entry_id in read(each):
        found[(week, worker_id)].append(Minutes(element, pay_rate, charge_rate, int(total), (entry_id,), bool(late)))
    return found


def shifts_not_approved(engine: Engine, query: PayrollFilter, fresh: Fresh) -> int:
    count = select(func.count()).where(*_where(query, F.c.pay_week_start), F.c.payroll_reason.in_(NOT_APPROVED))
    with reading.connection(engine) as connection:
        return int(connection.execute(with_fresh(count, fresh, connection.dialect)).scalar_one())


def payroll_sites(engine: Engine, query: PayrollFilter, fresh: Fresh) -> tuple[int, ...]:
    """The sites a payroll read limited to one site finds a line at (``_probed_page``'s probe), in one."""
    found = (
        select(F.c.location_id)
        .where(*_where(query, department=False), F.c.location_id.is_not(None), or_(PAID, UNPAID_APPROVED))
        .distinct()
        .order_by(F.c.location_id)
    )
    with reading.connection(engine) as connection:
        return tuple(int(site) for site in connection.execute(with_fresh(found, fresh, connection.dialect)).scalars())
