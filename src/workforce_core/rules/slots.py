"""A booked slot in real time: a Europe/London date with ``HH:MM`` start and end times.

An end at or before the start is the next day. Lengths are real time: a 22:00-06:00 slot on the night
the clocks go back is 9 hours, on the night they go forward 7. A wall time skipped by the spring change
does not exist and is refused naming the field.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta

from attrs import frozen

from workforce_core.errors import ValidationFailed
from workforce_core.rules.london import from_local, local_text

_CLOCK = re.compile(r"(\d{2}):(\d{2})(?::00)?")
LONGEST = timedelta(hours=24)


@frozen
class Times:
    start: datetime
    end: datetime

    @property
    def minutes(self) -> int:
        return int((self.end - self.start).total_seconds() // 60)


def wall_time(written: str, field: str) -> time:
    """``HH:MM`` (``HH:MM:00`` as replies show it is read too), or 400 naming ``field``."""
    match = _CLOCK.fullmatch(written.strip()) if isinstance(written, str) else None
    if not match or int(match.group(1)) > 23 or int(match.group(2)) > 59:
        raise ValidationFailed(field, f"{field} must be a local time HH:MM.")
    return time(int(match.group(1)), int(match.group(2)))


def instant(day: date, wall: time, field: str) -> datetime:
    """The instant of a local wall time, refusing one the spring change skips."""
    moment = from_local(day, wall)
    if local_text(moment) != f"{day.isoformat()} {wall.isoformat()}":
        raise ValidationFailed(field, f"{day} {wall:%H:%M} does not exist in Europe/London (the clocks went forward).")
    return moment


def slot_times(day: date, start: time, end: time) -> Times:
    """The real instants of a slot on ``day`` from ``start`` to ``end`` (an end at or before the start is the
    next day); ``end_time`` equal to ``start_time`` is refused (a slot is at most 24 hours)."""
    if start == end:
        raise ValidationFailed("end_time", "end_time must differ from start_time.")
    begins = instant(day, start, "start_time")
    ends = instant(day if end > start else day + timedelta(days=1), end, "end_time")
    return Times(begins, ends)
