"""Bookings: the spec's Shift resource (a worker booked at a site for a slot)."""

from __future__ import annotations

from datetime import date, datetime

from attrs import define

LIVE_BOOKING_STATUSES: tuple[str, ...] = ("draft", "published")  # not yet worked, not cancelled


@define
class Booking:
    """A booked shift (the Shifts board). Only what clocking and exceptions need so far."""

    client_id: int
    worker_id: int
    location_id: int
    shift_date: date
    start: datetime
    end: datetime
    created_at: datetime
    break_minutes: int = 0
    job_role: str | None = None
    status: str = "published"
    id: int = 0

    @property
    def cancelled(self) -> bool:
        return self.status not in (*LIVE_BOOKING_STATUSES, "completed")
