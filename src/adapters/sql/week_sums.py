"""Sums of pay figures per worker and pay week, computed by the database (two grouped queries): the stored
figures, with those a read priced for stale worker-weeks (``fresh_figures.reading``)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from itertools import groupby
from typing import Any

from sqlalchemy import Engine, func, select

from workforce_adapters.sql import reading, tables
from workforce_adapters.sql.fresh_figures import Fresh
from workforce_adapters.sql.fresh_figures import reading as with_fresh
from workforce_adapters.sql.tables.pricing import figure_lines
from workforce_core.model.pay_gate import PayrollStatus
from workforce_core.views import ElementMinutes, WorkerWeek

FIGURES = tables.shift_figures
LINES = tables.shift_figure_lines


def worker_weeks(
    engine: Engine, client_id: int, week: date, status: PayrollStatus | None, fresh: Fresh
) -> Iterator[WorkerWeek]:
    where: list[Any] = [FIGURES.c.client_id == client_id, FIGURES.c.pay_week_start == week]
    if status is not None:
        where.append(FIGURES.c.payroll_status == status)
    totals = (
        select(FIGURES.c.worker_id, func.count(), func.sum(FIGURES.c.paid_minutes))
        .where(*where)
        .group_by(FIGURES.c.worker_id)
        .order_by(FIGURES.c.worker_id)
    )
    lines = (
        select(FIGURES.c.worker_id, LINES.c.element, LINES.c.pay_rate, LINES.c.charge_rate, func.sum(LINES.c.minutes))
        .select_from(figure_lines)
        .where(*where)
        .group_by(FIGURES.c.worker_id, LINES.c.element, LINES.c.pay_rate, LINES.c.charge_rate)
        .order_by(FIGURES.c.worker_id, LINES.c.element, LINES.c.pay_rate, LINES.c.charge_rate)
    )
    with reading.connection(engine) as connection:
        by_worker = {
            worker_id: tuple(
                ElementMinutes(element, pay, charge, int(minutes)) for _, element, pay, charge, minutes in rows
            )
            for worker_id, rows in groupby(
                connection.execute(with_fresh(lines, fresh, connection.dialect)), key=lambda row: row[0]
            )
        }
        for worker_id, shifts, paid in connection.execute(with_fresh(totals, fresh, connection.dialect)):
            yield WorkerWeek(worker_id, shifts, int(paid or 0), by_worker.get(worker_id, ()))
