"""A minimal booking (a Shift) from the console, so clocks can link to bookings and fixtures can have them.

The bookings API (eligibility, requirements, events, cancellation) is a later issue; this only checks
that the worker and site are the client's and that the times make sense.
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timedelta

from workforce_core.errors import Conflict, LocationNotFound, NotFound, ValidationFailed, WorkerPending
from workforce_core.model.bookings import LIVE_BOOKING_STATUSES, Booking, BookingStatus
from workforce_core.ports import Clock, UnitOfWork, UnitOfWorkFactory
from workforce_core.rules import fields, text
from workforce_core.rules.london import from_local, local_text

_CLOCK = re.compile(r"(\d{2}):(\d{2})")


def require_live(booking: Booking) -> Booking:
    """A booking a shift can be clocked or entered against: draft or published. A cancelled one is
    409 ``conflict``; one already worked (``completed``) is 409 with ``reason_code`` ``worked``."""
    if booking.status == BookingStatus.COMPLETED:
        raise Conflict(f"booking {booking.id} was already worked.", reason_code="worked")
    if booking.status not in LIVE_BOOKING_STATUSES:
        raise Conflict(f"booking {booking.id} is {booking.status}.")
    return booking


def complete_booking(tx: UnitOfWork, booking: Booking | None) -> None:
    """A booking whose shift was closed is ``completed`` (decisions.md), by any way of closing it."""
    if booking is not None and booking.status in LIVE_BOOKING_STATUSES:
        booking.status = BookingStatus.COMPLETED
        tx.bookings.update(booking)


def book(
    client_id: int,
    worker_id: int,
    location_id: int,
    shift_date: str,
    start_time: str,
    end_time: str,
    *,
    break_minutes: int = 0,
    job_role: str | None = None,
    status: str = BookingStatus.PUBLISHED,
    uow: UnitOfWorkFactory,
    clock: Clock,
) -> Booking:
    """Book a worker at a site on a local date from ``HH:MM`` to ``HH:MM`` (an end at or before the start is
    the next day)."""
    day = _day(shift_date)
    start = _instant(day, start_time, "start_time")
    end = _instant(day, end_time, "end_time")
    if end <= start:
        end = _instant(day + timedelta(days=1), end_time, "end_time")
    if status not in LIVE_BOOKING_STATUSES:
        raise ValidationFailed("status", f"status must be one of {', '.join(LIVE_BOOKING_STATUSES)}.")
    length = int((end - start).total_seconds() // 60)
    if isinstance(break_minutes, bool) or not 0 <= break_minutes < length:
        raise ValidationFailed("break_minutes", "break_minutes must be from 0 to less than the shift's length.")
    role = (text.single_line(job_role, "job_role").strip() or None) if job_role else None
    if role is not None and len(role) > 100:
        raise ValidationFailed("job_role", "job_role must be at most 100 characters.")
    with uow() as tx:
        worker = tx.workers.lock(worker_id)
        if worker is None or worker.client_id != client_id:
            raise NotFound("The worker was not found.", field="worker_id")
        if worker.pending:
            raise WorkerPending()
        if not worker.active or worker.suspended or worker.anonymised_at is not None:
            raise Conflict("the worker is not active and cannot be booked.")
        site = tx.locations.get(location_id)
        if site is None or site.client_id != client_id:
            raise LocationNotFound(field="location_id")
        booking = tx.bookings.add(
            Booking(
                client_id=client_id,
                worker_id=worker.id,
                location_id=site.id,
                shift_date=day,
                start=start,
                end=end,
                created_at=clock.now(),
                break_minutes=break_minutes,
                job_role=role,
                status=status,
            )
        )
        tx.commit()
    return booking


def _day(written: str) -> date:
    day = fields.day({"shift_date": written.strip()}, "shift_date")
    if day is None:
        raise ValidationFailed("shift_date", "shift_date is required (YYYY-MM-DD).")
    return day


def _instant(day: date, written: str, field: str) -> datetime:
    match = _CLOCK.fullmatch(written.strip())
    if not match or int(match.group(1)) > 23 or int(match.group(2)) > 59:
        raise ValidationFailed(field, f"{field} must be a local time HH:MM.")
    wall = time(int(match.group(1)), int(match.group(2)))
    moment = from_local(day, wall)
    if local_text(moment) != f"{day.isoformat()} {wall.isoformat()}":
        raise ValidationFailed(field, f"{day} {written} does not exist in Europe/London (the clocks went forward).")
    return moment
