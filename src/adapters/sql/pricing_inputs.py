"""The pricing read: a few indexed queries gather what pricing needs for a page of shifts."""

from __future__ import annotations

from datetime import date, datetime, time

from sqlalchemy import Connection, select

from workforce_adapters.sql import tables
from workforce_adapters.sql.breaks import breaks_by_shift
from workforce_adapters.sql.mapping import from_row
from workforce_adapters.sql.rate_rules import rule_from_row
from workforce_core.model.absences import AbsenceStatus
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.bookings import Booking
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.ports import AwrHistory, PricingInputs
from workforce_core.rules.awr import Pause, PauseKind, lookback_start
from workforce_core.rules.london import from_local
from workforce_core.rules.pay_gate import counts_toward_parity
from workforce_core.rules.pay_weeks import week_of, weeks_span


class SqlPricingInputs:
    """The pricing read on a unit of work's connection (inside its transaction)."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    def inputs(self, client: ClientAccount, entries: tuple[TimeEntry, ...]) -> PricingInputs:
        return load_pricing_inputs(self.connection, client, entries)


def load_pricing_inputs(connection: Connection, client: ClientAccount, entries: tuple[TimeEntry, ...]) -> PricingInputs:
    te = tables.time_entries
    worker_ids = sorted({e.worker_id for e in entries})
    span = weeks_span((e.clock_in for e in entries), client.settings.pay_week_start_day)
    if span is None:
        return PricingInputs((), {}, {}, {}, [], {})
    start, end = span
    shifts = tuple(
        from_row(TimeEntry, row)
        for row in connection.execute(
            select(te).where(
                te.c.client_id == client.id,
                te.c.worker_id.in_(worker_ids),
                te.c.entry_type == "shift",
                te.c.clock_in >= start,
                te.c.clock_in < end,
            )
        ).mappings()
    )
    breaks = breaks_by_shift(connection, [s.id for s in shifts])
    booking_ids = sorted({s.scheduled_shift_id for s in shifts if s.scheduled_shift_id})
    bookings = {}
    if booking_ids:
        rows = connection.execute(select(tables.shifts).where(tables.shifts.c.id.in_(booking_ids)))
        bookings = {row["id"]: from_row(Booking, row) for row in rows.mappings()}
    rows = connection.execute(select(tables.workers).where(tables.workers.c.id.in_(worker_ids)))
    workers = {row["id"]: from_row(Worker, row) for row in rows.mappings()}
    rows = connection.execute(select(tables.rate_rules).where(tables.rate_rules.c.client_id == client.id))
    rules = [rule_from_row(row) for row in rows.mappings()]
    payable_weeks: dict[int, tuple[date, ...]] = {}
    pauses: dict[int, tuple[Pause, ...]] = {}
    if any(r.pay.post_parity is not None or r.charge.post_parity is not None for r in rules):
        pauses = _pauses(connection, client, worker_ids)
        first_week = week_of(start, client.settings.pay_week_start_day)
        reach = from_local(lookback_start(first_week, [p for found in pauses.values() for p in found]), time(0))
        payable_weeks = _payable_weeks(connection, client, worker_ids, reach, end)
    return PricingInputs(
        shifts=shifts,
        breaks={k: tuple(v) for k, v in breaks.items()},
        bookings=bookings,
        workers=workers,
        rules=rules,
        payable_weeks=payable_weeks,
        pauses=pauses,
    )


def load_awr_history(connection: Connection, client: ClientAccount, worker_id: int) -> AwrHistory:
    """Every pay week of the worker at ``client`` with qualifying work, and their pausing absences."""
    pauses = _pauses(connection, client, [worker_id]).get(worker_id, ())
    weeks = _payable_weeks(connection, client, [worker_id], None, None).get(worker_id, ())
    return AwrHistory(weeks, pauses)


def _pauses(connection: Connection, client: ClientAccount, worker_ids: list[int]) -> dict[int, tuple[Pause, ...]]:
    """The workers' approved absences of the kinds that pause the AWR clock (a worker has few)."""
    ab = tables.absences
    query = select(ab.c.worker_id, ab.c.type, ab.c.start_date, ab.c.end_date).where(
        ab.c.client_id == client.id,
        ab.c.worker_id.in_(worker_ids),
        ab.c.status == AbsenceStatus.APPROVED,
        ab.c.type.in_([str(kind) for kind in PauseKind]),
    )
    found: dict[int, list[Pause]] = {}
    for row in connection.execute(query.order_by(ab.c.start_date, ab.c.id)):
        found.setdefault(row.worker_id, []).append(Pause(row.type, row.start_date, row.end_date))
    return {worker_id: tuple(items) for worker_id, items in found.items()}


def _payable_weeks(
    connection: Connection, client: ClientAccount, worker_ids: list[int], since: datetime | None, end: datetime | None
) -> dict[int, tuple[date, ...]]:
    """Weeks with shifts that count toward parity, from ``since`` (the look-back before the page's first
    week) up to ``end`` (None: no bound): each shift counts only the weeks before its own. SQL narrows to
    agency-approved closed shifts by indexed columns; the pay gate's rule decides."""
    te = tables.time_entries
    query = select(te).where(
        te.c.client_id == client.id,
        te.c.worker_id.in_(worker_ids),
        te.c.entry_type == "shift",
        te.c.clock_out.is_not(None),
        te.c.approval_status == "approved",
    )
    if since is not None:
        query = query.where(te.c.clock_in >= since)
    if end is not None:
        query = query.where(te.c.clock_in < end)
    weeks: dict[int, set[date]] = {}
    start_day, require = client.settings.pay_week_start_day, client.settings.require_client_approval
    for row in connection.execute(query).mappings():
        entry = from_row(TimeEntry, row)
        if counts_toward_parity(entry, require):
            weeks.setdefault(entry.worker_id, set()).add(week_of(entry.clock_in, start_day))
    return {worker_id: tuple(sorted(found)) for worker_id, found in weeks.items()}
