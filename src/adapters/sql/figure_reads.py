"""Sums of stored pay figures per worker and pay week, computed by the database (two grouped queries)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime
from itertools import groupby
from typing import Any

from sqlalchemy import Connection, Engine, exists, func, select

from workforce_adapters.sql import reading, tables
from workforce_adapters.sql.breaks import CHUNK
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
    """The completed shifts of the period with no figures. First the period's completed shifts and the
    client's figures of shifts clocked in within it are counted side by side, each over its own index:
    when the counts are equal (usually) none is missing; otherwise (or for some sites) the shifts' ids
    from the covering listing index whose figures' primary key is missing, then those rows."""
    if not isinstance(source, Connection):
        with reading.connection(source) as connection:
            return unpriced_shifts(connection, client_id, start, end, location_ids)
    te = tables.time_entries
    sites = [te.c.location_id.in_(location_ids)] if location_ids is not None else []
    shifts = [
        te.c.client_id == client_id,
        te.c.clock_in >= start,
        te.c.clock_in < end,
        te.c.entry_type == "shift",
        te.c.clock_out.is_not(None),
        *sites,
    ]
    if not sites and _tallies(source, client_id, start, end, shifts):
        return []
    return _entries(source, select(te.c.id).where(*shifts, ~exists().where(FIGURES.c.entry_id == te.c.id)))


def _tallies(connection: Connection, client_id: int, start: datetime, end: datetime, shifts: list[Any]) -> bool:
    """Whether the client has as many figures of shifts clocked in within [start, end) as the period has
    completed shifts: then every one of those shifts has its figures. A figure keeps the ``clock_in`` of
    the completed shift of the client it was priced from (one figure a shift: the entry id is its key),
    and it is dropped whenever that shift's clock-in, clock-out or type changes (a frozen shift cannot be
    edited, and no shift changes client or is deleted). So each figure counted is one of the period's
    completed shifts, a distinct one: equal counts leave none without."""
    of_shifts = select(func.count()).where(*shifts).scalar_subquery()
    of_figures = (
        select(func.count())
        .where(FIGURES.c.client_id == client_id, FIGURES.c.clock_in >= start, FIGURES.c.clock_in < end)
        .scalar_subquery()
    )
    counted = connection.execute(select(of_shifts, of_figures)).one()
    return bool(counted[0] == counted[1])


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
