"""Late clocks (pricing.md section 3): when a clock into a locked week is owed, and in which week.

A late shift is ``due`` once it passes gate rules 1 to 8, in the **adjust week**: the earliest pay week,
not locked, that ends on or after the day it became payable; it is ``paid`` once that week is locked.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import date, timedelta

from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules.london import local_date
from workforce_core.rules.pay_gate import counts_toward_parity
from workforce_core.rules.pay_weeks import week_start

WEEK = timedelta(days=7)


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


def adjust_week(payable_day: date, start_day: int, locked_weeks: Collection[date]) -> date:
    """The earliest pay week, not locked, ending on or after ``payable_day``."""
    week = week_start(payable_day, start_day)
    while week in locked_weeks:
        week += WEEK
    return week
