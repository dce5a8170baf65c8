"""Sums of stored pay figures per worker and pay week, computed by the database (two grouped queries)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime
from itertools import groupby
from typing import Any

from sqlalchemy import Connection, Engine, func, select

from workforce_adapters.sql import reading, tables
from workforce_adapters.sql.mapping import from_row
from workforce_adapters.sql.tables.pricing import figure_lines
from workforce_core.model.time_entries import TimeEntry
from workforce_core.views import ElementMinutes, WorkerWeek

FIGURES = tables.shift_figures
LINES = tables.shift_figure_lines


def unpriced_shifts(
    source: Engine | Connection,
    client_id: int,
    start: datetime,
    end: datetime,
    location_ids: tuple[int, ...] | None = None,
) -> list[TimeEntry]:
    """The completed shifts of the period with no figures: those the database keeps in
    ``shifts_without_figures`` (migration 0030's triggers), one range of its index joined to their rows.
    Empty (usually) it costs the same whatever the period holds."""
    if not isinstance(source, Connection):
        with reading.connection(source) as connection:
            return unpriced_shifts(connection, client_id, start, end, location_ids)
    te, marks = tables.time_entries, tables.shifts_without_figures
    where = [marks.c.client_id == client_id, marks.c.clock_in >= start, marks.c.clock_in < end]
    if location_ids is not None:
        where.append(marks.c.location_id.in_(location_ids))
    rows = source.execute(select(te).join(marks, marks.c.entry_id == te.c.id).where(*where).order_by(te.c.id))
    entries = [from_row(TimeEntry, row) for row in rows.mappings()]
    return sorted(entries, key=lambda entry: (entry.worker_id, entry.clock_in))


def worker_weeks(engine: Engine, client_id: int, week: date, status: str | None) -> Iterator[WorkerWeek]:
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
            for worker_id, rows in groupby(connection.execute(lines), key=lambda row: row[0])
        }
        for worker_id, shifts, paid in connection.execute(totals):
            yield WorkerWeek(worker_id, shifts, int(paid or 0), by_worker.get(worker_id, ()))
