"""The Close pay week page as commands: lock, unlock, and close (approve the pending shifts, then lock)."""

from __future__ import annotations

from datetime import date

from attrs import frozen

from workforce_core.commands.inputs import Day, Id, Text, given, needed
from workforce_core.errors import ValidationFailed
from workforce_core.rules import text


@frozen(kw_only=True)
class PayWeekCommand:
    """A client's pay week (the one holding ``week``, any day of it), whole or of one site."""

    client_id: int = needed(Id(required=True))
    week: date = needed(Day(required=True))
    location_id: int | None = given(Id())

    def __attrs_post_init__(self) -> None:
        if self.week is None:
            raise ValidationFailed("week", "week is required (a date YYYY-MM-DD inside the pay week).")


@frozen(kw_only=True)
class LockPayWeek(PayWeekCommand):
    """Lock an ended week that is ``ready_to_lock``: its shifts are frozen."""


@frozen(kw_only=True)
class UnlockPayWeek(PayWeekCommand):
    """Lift a lock; the week's status is derived again and its shifts can change. ``reason`` is kept
    with the lock (the week's history)."""

    reason: str | None = given(Text(text.free_text, 255))


@frozen(kw_only=True)
class ClosePayWeek(PayWeekCommand):
    """Approve the week's pending shifts (``timesheet.approved``, ``via`` ``close_week``), then lock."""


@frozen(kw_only=True)
class AcceptMinimumWage:
    """Accept a worker's pay week paid below their minimum wage band, with a reason (recorded)."""

    client_id: int = needed(Id(required=True))
    week: date = needed(Day(required=True))
    worker_id: int = needed(Id(required=True))
    reason: str = needed(Text(text.free_text, 1000, required=True))
