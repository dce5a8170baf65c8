"""Pay weeks (pricing.md section 1): their states, the counts that decide them, and stored locks."""

from __future__ import annotations

from datetime import date, datetime
from enum import StrEnum

from attrs import define, frozen


class PayWeekStatus(StrEnum):
    """The spec's pay-week states, in order."""

    OPEN = "open"
    CHECKING = "checking"
    READY_TO_LOCK = "ready_to_lock"
    LOCKED = "locked"
    EXPORTED = "exported"


PAY_WEEK_STATUSES: tuple[str, ...] = tuple(PayWeekStatus)


class FiguresSource(StrEnum):
    """Where a read's pay figures come from (the spec's ``source``): priced now, or frozen by a lock."""

    LIVE = "live"
    LOCKED = "locked"


@frozen
class WeekCounts:
    """The spec's counts of one pay week (of the whole client, or of some of its sites).

    The late-clock counts: the late clocks recorded into the week, those due in it and those it paid
    (None only where nobody counted them)."""

    shifts: int = 0
    shifts_not_approved: int = 0
    open_clock_outs: int = 0
    exceptions_open: int = 0
    late_adjustments_due: int | None = None
    late_adjustments_paid: int | None = None
    late_clocks_in_week: int | None = None

    @property
    def left(self) -> dict[str, int]:
        """What stands between an ended week and ``ready_to_lock``."""
        return {
            "shifts_not_approved": self.shifts_not_approved,
            "open_clock_outs": self.open_clock_outs,
            "exceptions_open": self.exceptions_open,
        }


@define
class PayWeekLock:
    """A stored lock of a client's pay week, whole (``location_id`` None) or of one site. An unlock
    keeps the row (``unlocked_at``) as history and drops what it froze."""

    client_id: int
    week_start: date
    locked_at: datetime
    location_id: int | None = None
    locked_by: int | None = None
    unlocked_at: datetime | None = None
    unlocked_by: int | None = None
    unlock_reason: str | None = None
    id: int = 0

    @property
    def standing(self) -> bool:
        return self.unlocked_at is None


@define
class FrozenEntry:
    """A shift a lock froze (the lead's frozen figures are keyed the same way: lock and entry)."""

    lock_id: int
    entry_id: int
    id: int = 0


@define
class ShiftPayment:
    """A late shift paid as an adjustment by a lock of its adjust week: at most one per shift, ever."""

    entry_id: int
    lock_id: int
    week_start: date
    paid_at: datetime
    id: int = 0


@define
class LateClock:
    """A shift recorded into a locked pay week (flagged ``locked_week``), noted so it is found at once."""

    entry_id: int
    client_id: int
    id: int = 0
