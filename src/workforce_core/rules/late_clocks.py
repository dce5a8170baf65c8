"""Late clocks (pricing.md section 3): when a clock into a locked week is owed, and in which week.

A late shift is ``due`` once it passes gate rules 1 to 8, in the **adjust week**: the earliest pay week,
not locked, that ends on or after the day it became payable; it is ``paid`` once that week is locked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from datetime import date, timedelta
from functools import partial

from attrs import frozen

from workforce_core.model.pay_gate import LateState
from workforce_core.model.pay_weeks import PayWeekLock
from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules.london import local_date
from workforce_core.rules.pay_gate import LATE_CLOCK, counts_toward_parity
from workforce_core.rules.pay_weeks import week_start
from workforce_core.rules.week_locks import locked_on

WEEK = timedelta(days=7)
LOOK_AHEAD_WEEKS = 60  # how far past the week a late clock became payable a free week is looked for


def payable_since(entry: TimeEntry, require_client_approval: bool) -> date | None:
    """The local day the shift passed its approvals (the later of the two when the client signs off), or
    None while it has not."""
    if not counts_toward_parity(entry, require_client_approval):
        return None
    moments = [entry.approved_at, entry.client_approved_at if require_client_approval else None]
    known = [moment for moment in moments if moment is not None]
    if known:
        return local_date(max(known))
    assert entry.clock_out is not None
    return local_date(entry.clock_out)


def adjust_week(payable_day: date, start_day: int, locked: Callable[[date], bool]) -> date:
    """The earliest pay week, not locked, ending on or after ``payable_day``."""
    week = week_start(payable_day, start_day)
    while locked(week):
        week += WEEK
    return week


@frozen
class Late:
    """A late clock's state: ``due`` (gate rule 10) or ``paid`` (rule 9), and the week it is owed or paid
    in (None while it has not passed its approvals)."""

    state: LateState
    adjust_week: date | None


def late_clocks(
    shifts: Iterable[TimeEntry],
    *,
    start_day: int,
    require_client_approval: bool,
    paid: Mapping[int, date],
    locked: Callable[[date, int | None], bool],
) -> dict[int, Late]:
    """The late clocks among ``shifts`` (flagged ``locked_week``): paid ones (``paid``: the week that paid
    each), and due ones while their own week is still locked (``locked(week, site)``); once their week is
    unlocked they are shifts of that week like any other."""
    found: dict[int, Late] = {}
    for shift in shifts:
        if LATE_CLOCK not in shift.risk_flags:
            continue
        if shift.id in paid:
            found[shift.id] = Late(LateState.PAID, paid[shift.id])
        elif locked(week_start(local_date(shift.clock_in), start_day), shift.location_id):
            day = payable_since(shift, require_client_approval)
            owed = None
            if day is not None:
                owed = adjust_week(day, start_day, partial(_locked_at, locked, shift.location_id))
            found[shift.id] = Late(LateState.DUE, owed)
    return found


def locked_by(locks: Iterable[PayWeekLock]) -> Callable[[date, int | None], bool]:
    """``locked(week, site)`` for ``late_clocks``: whether one of these locks holds the week's first day
    at the site (``rules.week_locks``)."""
    return locked_on(locks)


def candidate_weeks(shifts: Iterable[TimeEntry], start_day: int, require_client_approval: bool) -> set[date]:
    """The pay weeks whose locks decide the late clocks among ``shifts``: their own weeks and, from the week
    each became payable, ``LOOK_AHEAD_WEEKS`` weeks (where an adjust week is looked for)."""
    weeks: set[date] = set()
    for shift in shifts:
        if LATE_CLOCK not in shift.risk_flags:
            continue
        weeks.add(week_start(local_date(shift.clock_in), start_day))
        day = payable_since(shift, require_client_approval)
        if day is not None:
            first = week_start(day, start_day)
            weeks.update(first + n * WEEK for n in range(LOOK_AHEAD_WEEKS))
    return weeks


def _locked_at(locked: Callable[[date, int | None], bool], site_id: int | None, week: date) -> bool:
    return locked(week, site_id)
