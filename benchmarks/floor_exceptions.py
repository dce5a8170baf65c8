"""The floor's ``open_exceptions`` of a page of shifts: what the product reads for them, read with
``sqlite3`` (the page's workers' shifts over the working time window, the breaks of the long ones, the
workers' dates of birth and opt-outs), and the core's pure rules (``rules.exceptions``) over them, with
none of the layers between: the floor does the product's work for these bytes, so the ratio is of what
surrounds it. It leaves out bookings (the benchmark's shifts have none: a booked one stops the floor)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta
from typing import Any

from workforce_core.model.accounts import ClientSettings
from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules.exceptions import (
    BREAK_AFTER,
    EXCEPTION_TYPES,
    find_exceptions,
    may_be_open,
    working_time_exceptions,
)
from workforce_core.rules.pay_week_states import week_bounds
from workforce_core.rules.pay_weeks import week_of
from workforce_core.rules.working_time import READ_AFTER, READ_BEFORE, Work

LOOKBACK = timedelta(hours=48)
COLUMNS = (
    "id, worker_id, client_id, location_id, entry_type, parent_id, clock_in, clock_out, approval_status, "
    "risk_flags, manual_break_minutes, scheduled_shift_id, queried, open_query, within_geofence, "
    "distance_meters, low_gps_confidence, gps_accuracy, clock_out_within_geofence, clock_out_distance_meters, "
    "created_at"
)
START_DAY = ClientSettings().pay_week_start_day  # the benchmark's account keeps the default


def _moment(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text).replace(tzinfo=UTC)


def _entry(r: Sequence[Any]) -> TimeEntry:
    clock_in, created_at = _moment(r[6]), _moment(r[20])
    assert clock_in is not None
    assert created_at is not None
    return TimeEntry(
        id=r[0], worker_id=r[1], client_id=r[2], location_id=r[3], entry_type=r[4], parent_id=r[5],
        clock_in=clock_in, clock_out=_moment(r[7]), approval_status=r[8], risk_flags=tuple(json.loads(r[9])),
        manual_break_minutes=r[10], scheduled_shift_id=r[11], queried=bool(r[12]), open_query=bool(r[13]),
        within_geofence=r[14], distance_meters=r[15], low_gps_confidence=None if r[16] is None else bool(r[16]),
        gps_accuracy=r[17], clock_out_within_geofence=r[18], clock_out_distance_meters=r[19], created_at=created_at,
    )  # fmt: skip


def _instant(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


def _marks(count: int) -> str:
    return ", ".join("?" * count)


def open_exceptions(connection: sqlite3.Connection, client_id: int, page: Sequence[int]) -> dict[int, list[str]]:
    """The open exception types of each shift whose id is in ``page``."""
    shifts = [
        entry
        for r in connection.execute(
            f"SELECT {COLUMNS} FROM time_entries WHERE id IN ({_marks(len(page))}) AND entry_type = 'shift'", page
        )
        if may_be_open(entry := _entry(r))
    ]
    if not shifts:
        return {}
    if any(e.scheduled_shift_id is not None for e in shifts):
        raise NotImplementedError("the floor leaves bookings out")
    start = min(e.clock_in for e in shifts) - LOOKBACK
    end = max(e.clock_in for e in shifts) + LOOKBACK
    workers = sorted({e.worker_id for e in shifts})
    nearby = [
        _entry(r)
        for r in connection.execute(
            f"SELECT {COLUMNS} FROM time_entries WHERE client_id = ? AND entry_type = 'shift' "
            f"AND worker_id IN ({_marks(len(workers))}) AND clock_in >= ? AND clock_in < ?",
            (client_id, *workers, _text(start), _text(end)),
        )
    ]
    work: dict[int, list[Work]] = {}
    for worker_id, clock_in, clock_out, break_minutes in connection.execute(
        "SELECT worker_id, clock_in, clock_out, manual_break_minutes FROM time_entries WHERE client_id = ? "
        f"AND entry_type = 'shift' AND worker_id IN ({_marks(len(workers))}) AND clock_in >= ? AND clock_in < ? "
        "AND clock_out IS NOT NULL ORDER BY clock_in, id",
        (client_id, *workers, _text(start - READ_BEFORE), _text(end + READ_AFTER)),
    ):
        work.setdefault(worker_id, []).append(Work.of(_instant(clock_in), _instant(clock_out), break_minutes or 0))
    long_ones = [e.id for e in shifts if e.clock_out is not None and e.clock_out - e.clock_in > BREAK_AFTER]
    breaks: dict[int, list[TimeEntry]] = {}
    if long_ones:
        within = f"entry_type = 'break' AND parent_id IN ({_marks(len(long_ones))})"
        for r in connection.execute(f"SELECT {COLUMNS} FROM time_entries WHERE {within}", long_ones):
            breaks.setdefault(r[5], []).append(_entry(r))
    facts: dict[int, tuple[date | None, bool]] = {
        r[0]: (None if r[1] is None else date.fromisoformat(r[1]), bool(r[2]))
        for r in connection.execute(
            f"SELECT id, date_of_birth, wtr_opt_out FROM workers WHERE id IN ({_marks(len(workers))})", workers
        )
    }
    found = find_exceptions(shifts, breaks=breaks, bookings=(), now=datetime.now(UTC), context=nearby)
    closed = [e for e in shifts if e.clock_out is not None]
    found.extend(working_time_exceptions(closed, work, facts, lambda e: week_bounds(week_of(e.clock_in, START_DAY))))
    kinds: dict[int, set[str]] = {}
    for exception in found:
        if exception.status == "open" and exception.entry_id is not None:
            kinds.setdefault(exception.entry_id, set()).add(exception.type)
    return {entry_id: [t for t in EXCEPTION_TYPES if t in types] for entry_id, types in kinds.items()}


def _text(moment: datetime) -> str:
    """An instant as the adapter stores it (naive UTC text)."""
    return moment.astimezone(UTC).replace(tzinfo=None).isoformat(sep=" ", timespec="microseconds")
