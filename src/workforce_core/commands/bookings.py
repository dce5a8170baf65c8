"""Bookings: the spec's ShiftCreate and ShiftCancel bodies and decisions.md's PUT body as commands.

Times of day are read as ``HH:MM`` (``HH:MM:SS`` with zero seconds, as replies show them, too); the
slot's real instants, and a break longer than the shift, are the use case's to check (they need the
date and the Europe/London clock).
"""

from __future__ import annotations

from datetime import date, time
from typing import Any

from attrs import frozen

from workforce_core.commands.inputs import UNSET, Choice, Day, Id, Input, Text, Unset, Whole, given, needed
from workforce_core.errors import ValidationFailed
from workforce_core.model.bookings import CANCEL_STATUSES, LIVE_BOOKING_STATUSES, BookingStatus
from workforce_core.rules import text
from workforce_core.rules.slots import wall_time


@frozen
class WallTime(Input):
    """A local time of day ``HH:MM``."""

    def read(self, value: Any, field: str) -> time | None:
        if value is None:
            if self.required:
                raise ValidationFailed(field, f"{field} is required (HH:MM).")
            return None
        if not isinstance(value, str):
            raise ValidationFailed(field, f"{field} must be a local time HH:MM.")
        return wall_time(value, field)


MAX_BREAK = 24 * 60


@frozen(kw_only=True)
class BookShift:
    """POST /shifts.php (and ``workforce shift book``): book a worker at a site for a slot."""

    worker_id: int = needed(Id(required=True))
    demand_id: int | None = given(Id())
    location_id: int | None = given(Id())
    shift_date: date | None = given(Day())
    start_time: time | None = given(WallTime())
    end_time: time | None = given(WallTime())
    break_minutes: int | None = given(Whole(0, MAX_BREAK))
    job_role: str | None = given(Text(text.single_line, 100))
    status: str = given(Choice(LIVE_BOOKING_STATUSES), BookingStatus.DRAFT)
    notes: str | None = given(Text(text.free_text, 1000))

    def __attrs_post_init__(self) -> None:
        if self.demand_id is not None:
            return
        for name in ("location_id", "shift_date", "start_time", "end_time"):
            if getattr(self, name) is None:
                raise ValidationFailed(name, f"{name} is required without demand_id.")


@frozen(kw_only=True)
class UpdateBooking:
    """PUT /shifts.php?id= (decisions.md): any of these; a field left out stays as it is."""

    worker_id: int | Unset = given(Id(required=True), UNSET)
    location_id: int | Unset = given(Id(required=True), UNSET)
    shift_date: date | Unset = given(Day(required=True), UNSET)
    start_time: time | Unset = given(WallTime(required=True), UNSET)
    end_time: time | Unset = given(WallTime(required=True), UNSET)
    break_minutes: int | Unset = given(Whole(0, MAX_BREAK, required=True), UNSET)
    job_role: str | Unset | None = given(Text(text.single_line, 100), UNSET)
    notes: str | Unset | None = given(Text(text.free_text, 1000), UNSET)
    status: str | Unset = given(Choice(LIVE_BOOKING_STATUSES, required=True), UNSET)

    def __attrs_post_init__(self) -> None:
        for name in ("worker_id", "location_id", "shift_date", "start_time", "end_time", "break_minutes", "status"):
            if getattr(self, name) is None:
                raise ValidationFailed(name, f"{name} cannot be cleared.")

    def sent(self) -> dict[str, Any]:
        names = ("worker_id", "location_id", "shift_date", "start_time", "end_time", "break_minutes", "job_role")
        return {n: getattr(self, n) for n in (*names, "notes", "status") if getattr(self, n) is not UNSET}


@frozen(kw_only=True)
class CancelBooking:
    """POST /shifts.php?id=&action=cancel: the cancel status (default ``cancelled``) and a reason."""

    status: str = given(Choice(CANCEL_STATUSES), BookingStatus.CANCELLED)
    cancel_reason: str | None = given(Text(text.free_text, 255))
