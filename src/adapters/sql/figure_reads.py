"""Sums of stored pay figures per worker and pay week, computed by the database (two grouped queries)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime, time
from itertools import groupby
from typing import Any

from sqlalchemy import Connection, Engine, exists, func, select, true

from workforce_adapters.sql import tables
from workforce_adapters.sql.breaks import CHUNK
from workforce_adapters.sql.mapping import from_row
from workforce_core.model.time_entries import TimeEntry
from workforce_core.ports.figure_reads import ElementMinutes, WorkerWeek
from workforce_core.rules.london import from_local, local_date
from workforce_core.rules.pay_weeks import week_start

FIGURES = tables.shift_figures
LINES = tables.shift_figure_lines


def unpriced_shifts(
    source: Engine | Connection,
    client_id: int,
    start: datetime,
    end: datetime,
    location_ids: tuple[int, ...] | None = None,
) -> list[TimeEntry]:
    """The completed shifts of the period with no figures. Over whole pay weeks of the client, first the
    period's shifts and the figures of its weeks are counted side by side, each over its own index:
    when they tally (usually) none is missing; otherwise the shifts' ids from the covering listing index
    whose figures' primary key is missing, then those rows."""
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
    missing = select(te.c.id).where(*shifts, ~exists().where(FIGURES.c.entry_id == te.c.id))
    if isinstance(source, Connection):
        return _unpriced(source, client_id, start, end, shifts, missing, tally=not sites)
    with source.connect() as connection:
        return _unpriced(connection, client_id, start, end, shifts, missing, tally=not sites)


def _unpriced(
    connection: Connection,
    client_id: int,
    start: datetime,
    end: datetime,
    shifts: list[Any],
    missing: Any,
    *,
    tally: bool,
) -> list[TimeEntry]:
    if tally and _tallies(connection, client_id, start, end, shifts):
        return []
    return _entries(connection, missing)


def _tallies(connection: Connection, client_id: int, start: datetime, end: datetime, shifts: list[Any]) -> bool:
    """Whether the period is whole pay weeks of the client whose completed shifts and stored figures
    have the same count and sum of entry ids. A figure is stored for a shift of its own
    week and dropped when the shift changes (a frozen one excepted: it stays, and its shift may have
    left the week), so the figures of those weeks are the priced shifts, plus such frozen strays: a
    missing figure leaves a gap these two cannot hide unless strays and missing shifts match in number
    and in id sum, two or more of each."""
    te, clients = tables.time_entries, tables.clients
    first, last = local_date(start), local_date(end)

    def tally(ids: Any, *where: Any) -> Any:
        return select(func.count(), func.sum(ids)).where(*where).subquery()

    of_shifts = tally(te.c.id, *shifts)
    of_figures = tally(
        FIGURES.c.entry_id,
        FIGURES.c.client_id == client_id,
        FIGURES.c.pay_week_start >= first,
        FIGURES.c.pay_week_start < last,
    )
    start_day = select(clients.c.pay_week_start_day).where(clients.c.id == client_id).scalar_subquery()
    both = of_shifts.join(of_figures, true())
    row = connection.execute(select(start_day, *of_shifts.c, *of_figures.c).select_from(both)).one()
    day, counted = row[0], tuple(row[1:])
    if day is None:
        return False
    whole_weeks = all(
        from_local(bound, time(0)) == moment and week_start(bound, day) == bound
        for bound, moment in ((first, start), (last, end))
    )
    return whole_weeks and counted[:2] == counted[2:]


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
