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


class Confirmation(StrEnum):
    """Whether the worker confirmed a booking; a cancelled booking's is ``n/a``."""

    UNCONFIRMED = "unconfirmed"
    CONFIRMED = "confirmed"
    NOT_APPLICABLE = "n/a"


def shown_status(status: str) -> str:
    """The status a reply shows: older bookings stored with a blank status read as ``cancelled``."""
    return status.strip() or BookingStatus.CANCELLED


@define
class Booking:
    """A booked shift (the Shifts board)."""

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
    notes: str | None = None
    demand_id: int | None = None
    cancel_reason: str | None = None
    cancelled_at: datetime | None = None
    acknowledged_at: datetime | None = None
    declined_at: datetime | None = None
    confirmation: str = Confirmation.UNCONFIRMED
    updated_at: datetime | None = None
    warning_codes: tuple[str, ...] = ()  # the eligibility warnings when it was booked (or last re-checked)
    id: int = 0

    @property
    def cancelled(self) -> bool:
        return self.status not in (*LIVE_BOOKING_STATUSES, BookingStatus.COMPLETED)
