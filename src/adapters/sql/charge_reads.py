"""The charge schedule's read model: payable shifts' stored charge minutes grouped by the database per
site, worker, role, element and charge rate, and the shifts each site's gate held back, by reason; with the
figures a read priced for stale worker-weeks beside the stored ones (``fresh_figures.reading``)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import ColumnElement, Engine, and_, case, distinct, func, or_, select

from workforce_adapters.sql import reading, tables
from workforce_adapters.sql.fresh_figures import Fresh
from workforce_adapters.sql.fresh_figures import reading as with_fresh
from workforce_adapters.sql.pay_figures import FIGURE_LINES, FROZEN, LATE
from workforce_core.model.pay_gate import PayrollStatus
from workforce_core.ports.charge_reads import ChargeFilter
from workforce_core.views import ChargeGroup, HeldBack

F = tables.shift_figures
L = tables.shift_figure_lines
TE = tables.time_entries
W = tables.workers
B = tables.shifts
CC = tables.cost_codes
ROLE = func.coalesce(B.c.job_role, W.c.job_role)


def _where(query: ChargeFilter, *, late_too: bool = False) -> list[ColumnElement[bool]]:
    """The period's shifts at the client's sites; with ``late_too``, also the late clocks charged in it."""
    own = and_(TE.c.clock_in >= query.start, TE.c.clock_in < query.end)
    if late_too:
        late = and_(LATE, F.c.adjust_week.between(query.first_day, query.last_day))
        own = or_(and_(own, F.c.adjust_week.is_(None)), late)
    where = [F.c.client_id == query.client_id, F.c.location_id.is_not(None), own]
    if query.location_ids is not None:
        where.append(F.c.location_id.in_(query.location_ids))
    return where


def charge_groups(engine: Engine, query: ChargeFilter, fresh: Fresh) -> list[ChargeGroup]:
    source = (
        FIGURE_LINES.join(TE, TE.c.id == F.c.entry_id)
        .join(W, W.c.id == F.c.worker_id)
        .outerjoin(B, B.c.id == TE.c.scheduled_shift_id)
        .outerjoin(CC, CC.c.id == W.c.cost_code_id)
    )
    keys: list[Any] = [
        F.c.location_id,
        F.c.worker_id,
        W.c.name,
        W.c.employee_id,
        ROLE,
        CC.c.code,
        L.c.element,
        L.c.charge_rate,
    ]
    where = [*_where(query, late_too=True), or_(F.c.payroll_status == PayrollStatus.PAYABLE, LATE)]
    grouped = (
        select(
            *keys,
            func.sum(L.c.minutes),
            func.count(distinct(F.c.entry_id)),
            func.min(TE.c.clock_in),
            func.max(TE.c.clock_in),
            func.count(distinct(case((FROZEN, F.c.entry_id)))),
        )
        .select_from(source)
        .where(*where)
        .group_by(*keys)
        .order_by(F.c.location_id, W.c.name, F.c.worker_id, ROLE, L.c.element, L.c.charge_rate)
    )
    entries: dict[tuple[Any, ...], list[int]] = defaultdict(list)
    with reading.connection(engine) as connection:
        rows = connection.execute(with_fresh(grouped, fresh, connection.dialect)).all()
        if query.with_entries:
            each = select(*keys, F.c.entry_id).select_from(source).where(*where).distinct()
            for row in connection.execute(with_fresh(each, fresh, connection.dialect)):
                entries[(row[0], row[1], row[4], row[6], row[7])].append(row[8])
    return [
        ChargeGroup(
            location_id=row[0],
            worker_id=row[1],
            worker_name=row[2],
            employee_id=row[3],
            role=row[4],
            cost_code=row[5],
            element=row[6],
            charge_rate=row[7],
            minutes=int(row[8]),
            shifts=int(row[9]),
            first_clock_in=row[10],
            last_clock_in=row[11],
            entry_ids=tuple(sorted(entries.get((row[0], row[1], row[4], row[6], row[7]), ()))),
            frozen_shifts=int(row[12]),
        )
        for row in rows
    ]


def held_back(engine: Engine, query: ChargeFilter, fresh: Fresh) -> list[HeldBack]:
    summed = (
        select(F.c.location_id, F.c.payroll_reason, func.count(), func.sum(F.c.paid_minutes))
        .select_from(F.join(TE, TE.c.id == F.c.entry_id))
        .where(*_where(query), F.c.payroll_status != PayrollStatus.PAYABLE)
        .group_by(F.c.location_id, F.c.payroll_reason)
        .order_by(F.c.location_id, F.c.payroll_reason)
    )
    with reading.connection(engine) as connection:
        return [
            HeldBack(site, reason, int(count), int(minutes or 0))
            for site, reason, count, minutes in connection.execute(with_fresh(summed, fresh, connection.dialect))
        ]
