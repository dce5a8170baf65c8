"""GET /payroll.php's read model: a worker's pay week summed from ``shift_figures`` by the database.

A page is: its (week, worker) rows, the client's workers walked in name order over their index with
one probe each of the figures' line-week index (a late clock's line is in the week it is due in); the
count of such rows, the same probes; the page's shift counts, paid minutes, frozen shifts and the
reasons its approved shifts were left unpaid, one grouped read; its minutes per element and rates; and
with ``adjustments`` its late clocks, with ``include_entries`` the shifts each row holds: six statements
at most, whatever the page or the table. Nothing reads the rest of the week.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from typing import Any

from sqlalchemy import ColumnElement, Date, Engine, and_, case, exists, func, literal, literal_column, or_, select, true

from workforce_adapters.sql import reading, tables
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
PAYABLE = F.c.payroll_status == PayrollStatus.PAYABLE
PAID = or_(PAYABLE, LATE)  # a late clock counts in the week it is due (or was paid) in, not its own locked week
LINE_WEEK: Any = func.coalesce(F.c.adjust_week, F.c.pay_week_start)
UNPAID_APPROVED = and_(
    F.c.payroll_status == PayrollStatus.EXCLUDED,
    F.c.payroll_reason.in_(UNPAID_WHEN_APPROVED),
    exists().where(TE.c.id == F.c.entry_id, TE.c.approval_status == ApprovalStatus.APPROVED),  # only for these few rows
)


def _where(query: PayrollFilter, week: Any = LINE_WEEK, *, department: bool = True) -> list[ColumnElement[bool]]:
    where: list[ColumnElement[bool]] = [F.c.client_id == query.client_id, week.in_(query.weeks)]
    if query.worker_id is not None:
        where.append(F.c.worker_id == query.worker_id)
    if query.location_ids is not None:
        where.append(F.c.location_id.in_(query.location_ids))
    if department and query.department_id is not None:
        where.append(F.c.worker_id.in_(select(W.c.id).where(W.c.department_id == query.department_id)))
    return where


def _pairs(keys: list[tuple[date, int]]) -> ColumnElement[bool]:
    by_week: dict[date, list[int]] = defaultdict(list)
    for week, worker_id in keys:
        by_week[week].append(worker_id)
    return or_(*(and_(week == LINE_WEEK, F.c.worker_id.in_(ids)) for week, ids in by_week.items()))


def payroll_rows(engine: Engine, query: PayrollFilter) -> Page[PayrollRow]:
    d, cc = tables.departments, tables.cost_codes
    weeks = select(*(literal(week, Date).label("week") for week in query.weeks[:1])).union_all(
        *(select(literal(week, Date)) for week in query.weeks[1:])
    )
    one_week = len(query.weeks) == 1
    week: Any = literal(query.weeks[0], Date) if one_week else weeks.subquery().c.week
    has_line = (  # one probe of the line-week index per worker (and week); SELECT 1 keeps it index-only
        select(literal_column("1"))
        .where(*_where(query, department=False), week == LINE_WEEK, F.c.worker_id == W.c.id, or_(PAID, UNPAID_APPROVED))
        .correlate_except(F)
        .exists()
    )
    found = [W.c.client_id == query.client_id, has_line]
    if query.department_id is not None:
        found.append(W.c.department_id == query.department_id)
    workers: Any = W if one_week else week.table.join(W, true())  # several weeks: each worker in each week
    keys = select(week.label("week"), W.c.id.label("worker_id")).select_from(workers).where(*found)
    people = workers.outerjoin(d, d.c.id == W.c.department_id).outerjoin(cc, cc.c.id == W.c.cost_code_id)
    names = (
        select(
            week.label("week"),
            W.c.id.label("worker_id"),
            W.c.name,
            W.c.employee_id,
            d.c.name.label("department"),
            cc.c.code.label("cost_centre"),
        )
        .select_from(people)
        .where(*found)
    )
    # one week: the client's workers walked in name order over their index, no sort; several: sorted
    order = (W.c.name, W.c.id) if one_week else (week, W.c.name, W.c.id)
    paging = query.paging
    with reading.connection(engine) as connection:
        rows = connection.execute(names.order_by(*order).limit(paging.limit).offset(paging.offset)).all()
        total = connection.execute(select(func.count()).select_from(keys.subquery())).scalar_one()
        if not rows:
            return Page((), int(total))
        where = [*_where(query), _pairs([(row.week, row.worker_id) for row in rows])]
        sums = _sums(connection, where)
        minutes = _minutes(connection, where, query.with_entries)
        adjustments: dict[tuple[date, int], list[Adjustment]] = defaultdict(list)
        if query.with_adjustments:
            late = select(
                LINE_WEEK, F.c.worker_id, F.c.entry_id, F.c.payroll_reason, F.c.pay_week_start, F.c.paid_minutes
            )
            for line_week, worker_id, entry_id, reason, own_week, paid in connection.execute(
                late.where(*where, LATE).order_by(F.c.entry_id)
            ):
                state = LATE_STATE[GateReason(reason)]
                adjustments[(line_week, worker_id)].append(Adjustment(entry_id, state, line_week, own_week, int(paid)))
        entries: dict[tuple[date, int], list[int]] = defaultdict(list)
        if query.with_entries:
            ids = select(LINE_WEEK, F.c.worker_id, F.c.entry_id).where(*where, PAID)
            for line_week, worker_id, entry_id in connection.execute(ids.order_by(F.c.entry_id)):
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


Sums = tuple[int, int, int, tuple[str, ...]]  # a line's shifts, paid minutes, frozen shifts, unpaid reasons


def _sums(connection: Any, where: list[ColumnElement[bool]]) -> dict[tuple[date, int], Sums]:
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
    for line_week, worker_id, reason, shifts, paid, frozen in connection.execute(summed):
        key = (line_week, worker_id)
        flags = () if reason is None else (reason,)
        known = found.get(key)
        if known is None:  # a line's one row, save for a reason its approved shifts were left unpaid
            found[key] = (int(shifts), int(paid), int(frozen), flags)
        else:
            found[key] = (known[0] + int(shifts), known[1] + int(paid), known[2] + int(frozen), known[3] + flags)
    return found


def _minutes(connection: Any, where: list[ColumnElement[bool]], with_entries: bool) -> dict[Any, list[Minutes]]:
    """Each row's minutes per element and rates, summed by the database (or per shift, to name them)."""
    columns = [LINE_WEEK, F.c.worker_id, L.c.element, L.c.pay_rate, L.c.charge_rate]
    found: dict[Any, list[Minutes]] = defaultdict(list)
    if not with_entries:
        summed = (
            select(*columns, func.sum(L.c.minutes)).select_from(FIGURE_LINES).where(*where, PAID).group_by(*columns)
        )
        for week, worker_id, element, pay_rate, charge_rate, total in connection.execute(summed):
            found[(week, worker_id)].append(Minutes(element, pay_rate, charge_rate, int(total)))
        return found
    each = select(*columns, L.c.minutes, F.c.entry_id).select_from(FIGURE_LINES).where(*where, PAID)
    for week, worker_id, element, pay_rate, charge_rate, total, entry_id in connection.execute(each):
        found[(week, worker_id)].append(Minutes(element, pay_rate, charge_rate, int(total), (entry_id,)))
    return found


def shifts_not_approved(engine: Engine, query: PayrollFilter) -> int:
    count = select(func.count()).where(*_where(query, F.c.pay_week_start), F.c.payroll_reason.in_(NOT_APPROVED))
    with reading.connection(engine) as connection:
        return int(connection.execute(count).scalar_one())
