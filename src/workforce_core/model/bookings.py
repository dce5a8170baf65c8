"""Bookings: the spec's Shift resource (a worker booked at a site for a slot)."""

from __future__ import annotations

from datetime import date, datetime
from enum import StrEnum

from attrs import define


class BookingStatus(StrEnum):
    """A booking's ``status`` (the spec's Shift.status); blank older bookings read as ``cancelled``."""

    DRAFT = "draft"
    PUBLISHED = "published"
    COMPLETED = "completed"  # the shift clocked against it was closed
    CANCELLED = "cancelled"
    CLIENT_CANCELLED = "client_cancelled"
    WORKER_CANCELLED = "worker_cancelled"
    SICK = "sick"
    AWOL = "awol"
    NO_SHOW = "no_show"


LIVE_BOOKING_STATUSES: tuple[str, ...] = (BookingStatus.DRAFT, BookingStatus.PUBLISHED)  # not worked, not cancelled
CANCEL_STATUSES: tuple[str, ...] = tuple(s for s in BookingStatus if s not in (*LIVE_BOOKING_STATUSES, "completed"))


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
    status: str = BookingStatus.PUBLISHED
    id: int = 0

    @property
    def cancelled(self) -> bool:
        return self.status not in (*LIVE_BOOKING_STATUSES, BookingStatus.COMPLETED)
