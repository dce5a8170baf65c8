"""GET /payroll.php's read model: a worker's pay week summed from ``shift_figures`` by the database.

A page is: the count of (week, worker) rows, the page of them with their shift counts and paid
minutes, their minutes per element and rates, the reasons of approved shifts left unpaid, and with
``include_entries`` the shifts each row holds: five statements at most, whatever the page or the table.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from typing import Any

from sqlalchemy import ColumnElement, Engine, and_, case, exists, func, or_, select

from workforce_adapters.sql import tables
from workforce_adapters.sql.pay_figures import FROZEN, LATE
from workforce_core.ports import Page
from workforce_core.ports.payroll_reads import Adjustment, PayrollFilter, PayrollRow
from workforce_core.rules.payroll_lines import Minutes

F = tables.shift_figures
L = tables.shift_figure_lines
TE = tables.time_entries
W = tables.workers
UNPAID = ("no_pay_rate", "walk_in", "cancelled")  # gate reasons that can leave an approved shift unpaid
NOT_APPROVED = ("pending", "client_pending", "disputed")

PAYABLE = F.c.payroll_status == "payable"
PAID = or_(PAYABLE, LATE)  # a late clock counts in the week it is due (or was paid) in, not its own locked week
LINE_WEEK: Any = func.coalesce(F.c.adjust_week, F.c.pay_week_start)
UNPAID_APPROVED = and_(
    F.c.payroll_status == "excluded",
    F.c.payroll_reason.in_(UNPAID),
    exists().where(TE.c.id == F.c.entry_id, TE.c.approval_status == "approved"),  # only for these few rows
)


def _where(query: PayrollFilter, week: Any = LINE_WEEK) -> list[ColumnElement[bool]]:
    where: list[ColumnElement[bool]] = [F.c.client_id == query.client_id, week.in_(query.weeks)]
    if query.worker_id is not None:
        where.append(F.c.worker_id == query.worker_id)
    if query.location_ids is not None:
        where.append(F.c.location_id.in_(query.location_ids))
    if query.department_id is not None:
        where.append(F.c.worker_id.in_(select(W.c.id).where(W.c.department_id == query.department_id)))
    return where


def _pairs(keys: list[tuple[date, int]]) -> ColumnElement[bool]:
    by_week: dict[date, list[int]] = defaultdict(list)
    for week, worker_id in keys:
        by_week[week].append(worker_id)
    return or_(*(and_(week == LINE_WEEK, F.c.worker_id.in_(ids)) for week, ids in by_week.items()))


def payroll_rows(engine: Engine, query: PayrollFilter) -> Page[PayrollRow]:
    d, cc = tables.departments, tables.cost_codes
    joined = F  # every read below needs the figures alone
    grouped = (  # the figures grouped per week and worker; names are joined to the groups, not to each shift
        select(
            LINE_WEEK.label("week"),
            F.c.worker_id.label("worker_id"),
            func.sum(case((PAID, 1), else_=0)).label("shifts"),
            func.sum(case((PAID, F.c.paid_minutes), else_=0)).label("paid_minutes"),
            func.sum(case((and_(PAID, or_(FROZEN, F.c.payroll_reason == "paid_adjustment")), 1), else_=0)).label(
                "frozen"
            ),
        )
        .where(*_where(query), or_(PAID, UNPAID_APPROVED))
        .group_by(LINE_WEEK, F.c.worker_id)
        .subquery()
    )
    keys = select(
        grouped.c.week,
        grouped.c.worker_id,
        W.c.name,
        W.c.employee_id,
        d.c.name.label("department"),
        cc.c.code.label("cost_centre"),
        grouped.c.shifts,
        grouped.c.paid_minutes,
        grouped.c.frozen,
    ).select_from(
        grouped.join(W, W.c.id == grouped.c.worker_id)
        .outerjoin(d, d.c.id == W.c.department_id)
        .outerjoin(cc, cc.c.id == W.c.cost_code_id)
    )
    paging = query.paging
    with engine.connect() as connection:
        counted = keys.add_columns(func.count().over().label("total"))  # the page and the total in one read
        rows = connection.execute(
            counted.order_by(grouped.c.week, W.c.name, grouped.c.worker_id).limit(paging.limit).offset(paging.offset)
        ).all()
        if not rows:  # past the end (or nothing): count on its own
            total = connection.execute(select(func.count()).select_from(keys.subquery())).scalar_one()
            return Page((), int(total))
        total = rows[0].total
        pairs = _pairs([(row.week, row.worker_id) for row in rows])
        where = [*_where(query), pairs]
        minutes = _minutes(connection, joined, where, query.with_entries)
        flags: dict[tuple[date, int], set[str]] = defaultdict(set)
        unpaid = select(LINE_WEEK, F.c.worker_id, F.c.payroll_reason).select_from(joined)
        for week, worker_id, reason in connection.execute(unpaid.where(*where, UNPAID_APPROVED).distinct()):
            flags[(week, worker_id)].add(reason)
        adjustments: dict[tuple[date, int], list[Adjustment]] = defaultdict(list)
        if query.with_adjustments:
            late = select(
                LINE_WEEK, F.c.worker_id, F.c.entry_id, F.c.payroll_reason, F.c.pay_week_start, F.c.paid_minutes
            )
            for week, worker_id, entry_id, reason, own_week, paid in connection.execute(
                late.select_from(joined).where(*where, LATE).order_by(F.c.entry_id)
            ):
                state = "paid" if reason == "paid_adjustment" else "due"
                adjustments[(week, worker_id)].append(Adjustment(entry_id, state, week, own_week, int(paid)))
        entries: dict[tuple[date, int], list[int]] = defaultdict(list)
        if query.with_entries:
            ids = select(LINE_WEEK, F.c.worker_id, F.c.entry_id).select_from(joined).where(*where, PAID)
            for week, worker_id, entry_id in connection.execute(ids.order_by(F.c.entry_id)):
                entries[(week, worker_id)].append(entry_id)
    return Page(
        tuple(
            PayrollRow(
                week=row.week,
                worker_id=row.worker_id,
                worker_name=row.name,
                employee_id=row.employee_id,
                department=row.department,
                cost_centre=row.cost_centre,
                shifts=int(row.shifts),
                paid_minutes=int(row.paid_minutes),
                minutes=tuple(minutes.get((row.week, row.worker_id), ())),
                flags=tuple(sorted(flags.get((row.week, row.worker_id), ()))),
                entry_ids=tuple(entries.get((row.week, row.worker_id), ())),
                adjustments=tuple(adjustments.get((row.week, row.worker_id), ())),
                frozen_shifts=int(row.frozen),
            )
            for row in rows
        ),
        int(total),
    )


def _minutes(
    connection: Any, joined: Any, where: list[ColumnElement[bool]], with_entries: bool
) -> dict[Any, list[Minutes]]:
    """Each row's minutes per element and rates, summed by the database (or per shift, to name them)."""
    columns = [LINE_WEEK, F.c.worker_id, L.c.element, L.c.pay_rate, L.c.charge_rate]
    source = joined.join(L, L.c.entry_id == F.c.entry_id)
    found: dict[Any, list[Minutes]] = defaultdict(list)
    if not with_entries:
        summed = select(*columns, func.sum(L.c.minutes)).select_from(source).where(*where, PAID).group_by(*columns)
        for week, worker_id, element, pay_rate, charge_rate, total in connection.execute(summed):
            found[(week, worker_id)].append(Minutes(element, pay_rate, charge_rate, int(total)))
        return found
    each = select(*columns, L.c.minutes, F.c.entry_id).select_from(source).where(*where, PAID)
    for week, worker_id, element, pay_rate, charge_rate, total, entry_id in connection.execute(each):
        found[(week, worker_id)].append(Minutes(element, pay_rate, charge_rate, int(total), (entry_id,)))
    return found


def shifts_not_approved(engine: Engine, query: PayrollFilter) -> int:
    count = (
        select(func.count())
        .select_from(F.join(W, W.c.id == F.c.worker_id))
        .where(*_where(query, F.c.pay_week_start), F.c.payroll_reason.in_(NOT_APPROVED))
    )
    with engine.connect() as connection:
        return int(connection.execute(count).scalar_one())
