"""The exceptions of given shifts, as ``/exceptions.php`` finds them (``rules.exceptions`` decides): the
shifts around them the checks need, the working time checks over what was clocked, and the open
exceptions of a page of shifts (``open_exceptions`` on each entry of ``/timesheets.php``, the flags of
the console's timesheets), read in a fixed number of statements whatever the page holds."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from workforce_core.model.principal import Principal
from workforce_core.model.time_entries import TimeEntry
from workforce_core.ports import EntryFilter, EntryReads, Queries, UnitOfWorkFactory
from workforce_core.rules.exceptions import BREAK_AFTER, EXCEPTION_TYPES, TimeException, find_exceptions, may_be_open
from workforce_core.rules.exceptions import working_time_exceptions as working_time_checks
from workforce_core.rules.pay_week_states import week_bounds
from workforce_core.rules.pay_weeks import week_of
from workforce_core.rules.working_time import READ_AFTER, READ_BEFORE
from workforce_core.steps.time_filters import EVERYTHING

LOOKBACK = timedelta(hours=48)  # shifts and bookings this far either side of a shift can touch it


def shifts_around(
    principal: Principal,
    queries: EntryReads,
    start: datetime,
    end: datetime,
    sites: tuple[int, ...] | None,
    *,
    worker_id: int | None = None,
    worker_ids: tuple[int, ...] | None = None,
) -> list[TimeEntry]:
    """Shifts (open or closed) clocked in from ``start`` to before ``end``, at ``sites`` (None: all)."""
    window = EntryFilter(
        client_id=principal.client_id,
        paging=EVERYTHING,
        entry_types=("shift",),
        closed=None,
        clock_in_from=start,
        clock_in_before=end,
        location_ids=sites,
        worker_id=worker_id,
        worker_ids=worker_ids,
    )
    return [view.entry for view in queries.entries(window).items]


def clocked_working_time(
    principal: Principal,
    shifts: Sequence[TimeEntry],
    start: datetime,
    end: datetime,
    queries: Queries,
    uow: UnitOfWorkFactory,
) -> list[TimeException]:
    """The working time checks over the closed ``shifts`` (clocked in from ``start`` to ``end``), against
    their workers' shifts from 17 weeks before to 12 hours after, at every site (read as stretches of
    work, not whole entries)."""
    workers = tuple(sorted({e.worker_id for e in shifts if e.clock_out is not None}))
    if not workers:
        return []
    context = queries.work_of(principal.client_id, workers, start - READ_BEFORE, end + READ_AFTER)
    with uow(read_only=True) as tx:
        facts = {w.id: (w.date_of_birth, w.wtr_opt_out) for w in tx.workers.get_many(workers).values()}
    start_day = principal.client.settings.pay_week_start_day
    return working_time_checks(shifts, context, facts, lambda e: week_bounds(week_of(e.clock_in, start_day)))


def open_exceptions(
    principal: Principal,
    entries: Sequence[TimeEntry],
    *,
    queries: Queries,
    uow: UnitOfWorkFactory,
    now: datetime,
) -> dict[int, tuple[str, ...]]:
    """The types of the open exceptions of each shift among ``entries`` (by entry id, in the order of
    ``EXCEPTION_TYPES``; a shift with none is left out). The checks are those of ``/exceptions.php`` that
    concern one shift: the one-shift checks, overlaps with the worker's shifts at any of the client's
    sites, the working time checks and its query; a no-show has no shift and a minimum wage shortfall is
    a worker's pay week, so neither is an entry's."""
    shifts = [e for e in entries if e.entry_type == "shift" and may_be_open(e)]  # no reads for the settled
    if not shifts:
        return {}
    start = min(e.clock_in for e in shifts) - LOOKBACK
    end = max(e.clock_in for e in shifts) + LOOKBACK
    workers = tuple(sorted({e.worker_id for e in shifts}))
    # whole entries for the overlaps' 48 hours either side; the working time checks' 17 weeks as stretches
    nearby = queries.shifts_of(principal.client_id, workers, start, end)
    long_ones = tuple(e.id for e in shifts if e.clock_out is not None and e.clock_out - e.clock_in > BREAK_AFTER)
    booked = {e.scheduled_shift_id for e in shifts if e.scheduled_shift_id is not None}
    with uow(read_only=True) as tx:
        bookings = list(tx.bookings.get_many(booked).values()) if booked else []
    found = find_exceptions(
        shifts,
        breaks=queries.breaks_of(long_ones) if long_ones else {},
        bookings=(),
        now=now,
        context=nearby,
        booking_context=bookings,
    )
    found.extend(clocked_working_time(principal, shifts, start, end, queries, uow))
    kinds: dict[int, set[str]] = {}
    for exception in found:
        if exception.status == "open" and exception.entry_id is not None:
            kinds.setdefault(exception.entry_id, set()).add(exception.type)
    return {entry_id: tuple(t for t in EXCEPTION_TYPES if t in types) for entry_id, types in kinds.items()}
