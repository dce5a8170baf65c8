"""Sums of stored pay figures per worker and pay week, computed by the database (two grouped queries)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime
from itertools import groupby
from typing import Any

from sqlalchemy import Connection, Engine, exists, func, select

from workforce_adapters.sql import tables
from workforce_adapters.sql.breaks import CHUNK
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
    """The completed shifts of the period with no figures: their ids from the covering listing index and
    the figures' primary key alone (usually none), then those rows."""
    te = tables.time_entries
    sites = [te.c.location_id.in_(location_ids)] if location_ids is not None else []
    missing = select(te.c.id).where(
        te.c.client_id == client_id,
        te.c.clock_in >= start,
        te.c.clock_in < end,
        te.c.entry_type == "shift",
        te.c.clock_out.is_not(None),
        ~exists().where(FIGURES.c.entry_id == te.c.id),
        *sites,
    )
    if isinstance(source, Connection):
        return _entries(source, missing)
    with source.connect() as connection:
        return _entries(connection, missing)


def _entries(connection: Connection, ids: Any) -> list[TimeEntry]:
    found = list(connection.execute(ids).scalars())
    if not found:
        return []
    te = tables.time_entries
    entries: list[TimeEntry] = []
    for at in range(0, len(found), CHUNK):
        rows = connection.execute(select(te).where(te.c.id.in_(found[at : at + CHUNK])))
        entries.extend(from_row(TimeEntry, row) for row in rows.mappings())
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
