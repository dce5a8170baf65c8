"""Sums of stored pay figures per worker and pay week, computed by the database (two grouped queries)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime
from itertools import groupby
from typing import Any

from sqlalchemy import Connection, Engine, func, select

from workforce_adapters.sql import tables
from workforce_adapters.sql.mapping import from_row
from workforce_core.model.time_entries import TimeEntry
from workforce_core.ports.figure_reads import ElementMinutes, WorkerWeek

FIGURES = tables.shift_figures
LINES = tables.shift_figure_lines


def unpriced_shifts(
    source: Engine | Connection,
    client_id: int,
    start: datetime,
    end: datetime,
    location_ids: tuple[int, ...] | None = None,
) -> list[TimeEntry]:
    te = tables.time_entries
    sites = [te.c.location_id.in_(location_ids)] if location_ids is not None else []
    query = (
        select(te)
        .outerjoin(FIGURES, FIGURES.c.entry_id == te.c.id)
        .where(
            te.c.client_id == client_id,
            te.c.clock_in >= start,
            te.c.clock_in < end,
            te.c.entry_type == "shift",
            te.c.clock_out.is_not(None),
            FIGURES.c.entry_id.is_(None),
            *sites,
        )
        .order_by(te.c.worker_id, te.c.clock_in)
    )
    if isinstance(source, Connection):
        return [from_row(TimeEntry, row) for row in source.execute(query).mappings()]
    with source.connect() as connection:
        return [from_row(TimeEntry, row) for row in connection.execute(query).mappings()]


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
        .join(FIGURES, FIGURES.c.entry_id == LINES.c.entry_id)
        .where(*where)
        .group_by(FIGURES.c.worker_id, LINES.c.element, LINES.c.pay_rate, LINES.c.charge_rate)
        .order_by(FIGURES.c.worker_id, LINES.c.element, LINES.c.pay_rate, LINES.c.charge_rate)
    )
    with engine.connect() as connection:
        by_worker = {
            worker_id: tuple(
                ElementMinutes(element, pay, charge, int(minutes)) for _, element, pay, charge, minutes in rows
            )
            for worker_id, rows in groupby(connection.execute(lines), key=lambda row: row[0])
        }
        for worker_id, shifts, paid in connection.execute(totals):
            yield WorkerWeek(worker_id, shifts, int(paid or 0), by_worker.get(worker_id, ()))
