"""A booking's state as clocking and time records move it: a clock needs a live booking, and closing its
shift completes it.
"""

from __future__ import annotations

from workforce_core.errors import (
    Conflict,
)
from workforce_core.model.bookings import LIVE_BOOKING_STATUSES, Booking, BookingStatus
from workforce_core.ports import UnitOfWork


def require_live(booking: Booking) -> Booking:
    """A booking a shift can be clocked or entered against: draft or published. A cancelled one is
    409 ``conflict``; one already worked (``completed``) is 409 with ``reason_code`` ``worked``."""
    if booking.status == BookingStatus.COMPLETED:
        raise Conflict(f"booking {booking.id} was already worked.", reason_code="worked")
    if booking.status not in LIVE_BOOKING_STATUSES:
        raise Conflict(f"booking {booking.id} is {booking.status or 'cancelled'}.")
    return booking


def complete_booking(tx: UnitOfWork, booking: Booking | None) -> None:
    """A booking whose shift was closed is ``completed`` (decisions.md), by any way of closing it."""
    if booking is not None and booking.status in LIVE_BOOKING_STATUSES:
        booking.status = BookingStatus.COMPLETED
        tx.bookings.update(booking)
