"""Late clocks (pricing.md section 3): a clock, backfill or break whose clock-in date lies in a locked pay
week is recorded, never refused, and flagged ``locked_week``; it is not frozen by the lock, never changes
the frozen figures, and the pay gate holds it (rule 10, ``adjustment_pending``)."""

from __future__ import annotations

from workforce_core.model.time_entries import TimeEntry
from workforce_core.ports import UnitOfWork
from workforce_core.rules.london import local_date
from workforce_core.rules.pay_gate import LATE_CLOCK


def flag_if_late(tx: UnitOfWork, entry: TimeEntry) -> None:
    """Flag ``entry`` (not yet stored) ``locked_week`` when its pay week is locked for its site."""
    if tx.pay_weeks.is_week_locked(entry.client_id, entry.location_id, local_date(entry.clock_in)):
        entry.flag(LATE_CLOCK)
