"""Which stored pay figures a change to a time entry can alter.

A completed shift's figures depend on its own pay week's shifts (weekly overtime counts the payable
ones in clock-in order) and, through UK AWR parity, on which earlier weeks hold a shift that counts
toward parity (``counts_toward_parity``) in the 84-week look-back (``PARITY_LOOKBACK``). So a change
makes stale the worker's pay weeks it touches and, only when it can change which weeks count toward
parity, every later week whose look-back holds one of them.
"""

from __future__ import annotations

from datetime import date, timedelta

from attrs import frozen

from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules.awr import PARITY_LOOKBACK
from workforce_core.rules.pay_gate import counts_toward_parity
from workforce_core.rules.pay_weeks import week_of

# A worker's fields that pricing reads: their own rates replace the rule's, their role selects the rule,
# their holiday pay decides the holiday charge lines.
PRICED_WORKER_FIELDS = frozenset({"hourly_rate", "charge_rate", "job_role", "holiday_pay"})

# A break belongs to the shift it was taken in, which began at most a day before the break did.
BREAK_REACH = timedelta(days=1)


@frozen
class StaleWeeks:
    """One worker's pay weeks from ``first`` to ``last`` (both pay-week starts, inclusive)."""

    worker_id: int
    first: date
    last: date


def _weeks(entry: TimeEntry, start_day: int) -> tuple[date, date]:
    if entry.entry_type == "break":
        return week_of(entry.clock_in - BREAK_REACH, start_day), week_of(entry.clock_in, start_day)
    week = week_of(entry.clock_in, start_day)
    return week, week


def stale_weeks(
    before: TimeEntry | None, after: TimeEntry, *, start_day: int, require_client_approval: bool
) -> StaleWeeks:
    """The pay weeks whose figures ``after`` (which was ``before``, or is new) can change."""
    spans = [_weeks(after, start_day)] + ([_weeks(before, start_day)] if before is not None else [])
    first, last = min(s[0] for s in spans), max(s[1] for s in spans)
    counts_after = after.entry_type == "shift" and counts_toward_parity(after, require_client_approval)
    counts_before = (
        before is not None and before.entry_type == "shift" and counts_toward_parity(before, require_client_approval)
    )
    moved = before is not None and _weeks(before, start_day) != _weeks(after, start_day)
    if counts_after != counts_before or (moved and (counts_after or counts_before)):
        last = last + PARITY_LOOKBACK
    return StaleWeeks(after.worker_id, first, last)
