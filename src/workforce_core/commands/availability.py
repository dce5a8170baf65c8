"""POST /availability.php's body (decisions.md's Rule) as a command.

A rule holds on a weekday (``day_of_week`` 1 = Monday to 7 = Sunday) or on one ``date``, never both; from
``start_time`` to ``end_time`` local (an end at or before the start is the next day; equal times are
refused); ``valid_to`` is not before ``valid_from``.
"""

from __future__ import annotations

import datetime as dt
from datetime import time

from attrs import frozen

from workforce_core.commands.bookings import WallTime
from workforce_core.commands.inputs import Choice, Day, Id, Text, Whole, given, needed
from workforce_core.errors import ValidationFailed
from workforce_core.model.availability import AVAILABILITY_KINDS
from workforce_core.rules import text


@frozen(kw_only=True)
class AddAvailabilityRule:
    worker_id: int = needed(Id(required=True))
    kind: str = needed(Choice(AVAILABILITY_KINDS, required=True))
    day_of_week: int | None = given(Whole(1, 7, what="a whole number from 1 (Monday) to 7 (Sunday)"))
    date: dt.date | None = given(Day())
    start_time: time = needed(WallTime(required=True))
    end_time: time = needed(WallTime(required=True))
    valid_from: dt.date | None = given(Day())
    valid_to: dt.date | None = given(Day())
    notes: str | None = given(Text(text.free_text, 1000))

    def __attrs_post_init__(self) -> None:
        if (self.day_of_week is None) == (self.date is None):
            raise ValidationFailed("day_of_week", "give either day_of_week (1-7) or date, not both.")
        if self.start_time == self.end_time:
            raise ValidationFailed("end_time", "end_time must differ from start_time.")
        if self.valid_from is not None and self.valid_to is not None and self.valid_to < self.valid_from:
            raise ValidationFailed("valid_to", "valid_to is before valid_from.")
