"""Requirements and offers: POST /demands.php's body, and the console's offer commands."""

from __future__ import annotations

from datetime import date, time

from attrs import frozen

from workforce_core.commands.bookings import MAX_BREAK, WallTime
from workforce_core.commands.inputs import Day, Id, Text, Whole, given, needed
from workforce_core.errors import ValidationFailed
from workforce_core.model.demands import MAX_HEADCOUNT
from workforce_core.rules import text


@frozen(kw_only=True)
class CreateDemand:
    """POST /demands.php: a site, a slot and how many people (1 to 500)."""

    location_id: int = needed(Id(required=True))
    shift_date: date = needed(Day(required=True))
    start_time: time = needed(WallTime(required=True))
    end_time: time = needed(WallTime(required=True))
    headcount: int = needed(Whole(1, MAX_HEADCOUNT, required=True, what=f"a whole number from 1 to {MAX_HEADCOUNT}"))
    break_minutes: int | None = given(Whole(0, MAX_BREAK))
    job_role: str | None = given(Text(text.single_line, 100))
    notes: str | None = given(Text(text.free_text, 1000))

    def __attrs_post_init__(self) -> None:  # a command made in code; the converter's reader names it first
        if self.shift_date is None:
            raise ValidationFailed("shift_date", "shift_date is required (YYYY-MM-DD).")


@frozen(kw_only=True)
class SendOffers:
    """``workforce offer send --demand ID --worker ID...``: offer the requirement's slot to these workers."""

    demand_id: int
    worker_ids: tuple[int, ...]

    def __attrs_post_init__(self) -> None:
        if not self.worker_ids:
            raise ValidationFailed("worker_id", "at least one worker is needed.")
