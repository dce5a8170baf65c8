"""Late clocks (pricing.md section 3): a clock, backfill or break whose clock-in date lies in a locked pay
week is recorded, never refused, and flagged ``locked_week``; it is not frozen by the lock, never changes
the frozen figures, and the pay gate holds it (rule 10, ``adjustment_pending``)."""

from __future__ import annotations

from workforce_core.model.time_entries import TimeEntry
from workforce_core.ports import UnitOfWork
from workforce_core.rules.london import local_date
from workforce_core.rules.pay_gate import LATE_CLOCK


def record_entry(tx: UnitOfWork, entry: TimeEntry, *, late: bool | None = None) -> TimeEntry:
    """Store a new clock, backfill or break; flagged ``locked_week`` (and noted) when its pay week is
    locked for its site (``late``, when the caller read it with the site: ``LocationRepository.with_week_lock``)."""
    if late is None:
        late = tx.pay_weeks.is_week_locked(entry.client_id, entry.location_id, local_date(entry.clock_in))
    if late:
        entry.flag(LATE_CLOCK)
    stored = tx.entries.add(entry)
    if late:
        tx.figures.note_late(stored)
    return stored
