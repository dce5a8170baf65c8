"""The times of a recorded shift, whoever gives them (a backfill, an edit, a clock-out by hand, an
amendment request): clock-out after clock-in, nothing in the future, at most 24 hours, and a break
shorter than the shift."""

from __future__ import annotations

from datetime import datetime, timedelta

from workforce_core.errors import ValidationFailed

MAX_SHIFT = timedelta(hours=24)


def check_shift_times(start: datetime, end: datetime | None, now: datetime, break_minutes: int | None = None) -> None:
    """400 ``validation_failed`` naming the field at fault; an open shift (``end`` None) has only its start."""
    if start > now:
        raise ValidationFailed("clock_in", "clock-in cannot be in the future.")
    if end is None:
        return
    if end <= start:
        raise ValidationFailed("clock_out", "clock-out must be after clock-in.")
    if end > now:
        raise ValidationFailed("clock_out", "clock-out cannot be in the future.")
    if end - start > MAX_SHIFT:
        raise ValidationFailed("clock_out", "a shift is at most 24 hours long.")
    if break_minutes is not None and break_minutes >= (end - start).total_seconds() // 60:
        raise ValidationFailed("break_minutes", "the break must be shorter than the shift.")
