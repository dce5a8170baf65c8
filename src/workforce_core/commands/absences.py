"""``workforce absence create``: an absence request (decisions.md's Absence) as a command.

``end_date`` is not before ``start_date`` and at most a year after it; ``hours`` (the hours it counts
for, say on a part day) is 0 to 2,000 with at most 2 decimals.
"""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from attrs import frozen

from workforce_core.commands.inputs import Choice, Day, Id, Number, Text, given, needed
from workforce_core.errors import ValidationFailed
from workforce_core.model.absences import ABSENCE_TYPES
from workforce_core.rules import text

LONGEST = timedelta(days=366)


@frozen(kw_only=True)
class CreateAbsence:
    worker_id: int = needed(Id(required=True))
    type: str = needed(Choice(ABSENCE_TYPES, required=True))
    start_date: date = needed(Day(required=True))
    end_date: date = needed(Day(required=True))
    hours: Decimal | None = given(Number(Decimal(0), Decimal(2000), places=2))
    notes: str | None = given(Text(text.free_text, 1000))

    def __attrs_post_init__(self) -> None:
        for name in ("start_date", "end_date"):
            if getattr(self, name) is None:
                raise ValidationFailed(name, f"{name} is required (YYYY-MM-DD).")
        if self.end_date < self.start_date:
            raise ValidationFailed("end_date", "end_date is before start_date.")
        if self.end_date - self.start_date > LONGEST:
            raise ValidationFailed("end_date", "an absence is at most a year long.")
