"""Which booking a clock belongs to (the spec's clock rule 2 and the client's ``multi_shift_priority``).

Storage returns the worker's live bookings near the clock; this rule decides. The spec names one
priority, ``closest`` (the default and, so far, the only one a client can have): a booking whose
times hold the clock wins, the one whose start is nearest the clock first (back-to-back bookings);
otherwise the nearest one within an hour's grace either side of its times; ties go to the lower id.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from workforce_core.model.bookings import LIVE_BOOKING_STATUSES, Booking

MULTI_SHIFT_PRIORITIES: tuple[str, ...] = ("closest",)
GRACE = timedelta(hours=1)


def within_grace(booking: Booking, at: datetime, grace: timedelta = GRACE) -> bool:
    """Whether ``at`` lies within the booking's times widened by ``grace`` either side."""
    return booking.start - grace <= at <= booking.end + grace


def closest_booking(
    candidates: Iterable[Booking], at: datetime, priority: str = "closest", grace: timedelta = GRACE
) -> Booking | None:
    """The live booking a clock at ``at`` is linked to, or None (a walk-in)."""

    if priority not in MULTI_SHIFT_PRIORITIES:
        raise ValueError(f"unknown multi_shift_priority {priority!r}")

    def rank(booking: Booking) -> tuple[int, timedelta, int]:
        inside = booking.start <= at <= booking.end
        gap = abs(booking.start - at) if inside else min(abs(booking.start - at), abs(booking.end - at))
        return (0 if inside else 1, gap, booking.id)

    live = [b for b in candidates if b.status in LIVE_BOOKING_STATUSES and within_grace(b, at, grace)]
    return min(live, key=rank, default=None)
