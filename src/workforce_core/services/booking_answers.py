"""A worker's answer to a shift the agency booked them on (the worker app): they acknowledge it
(``acknowledged_at``, ``confirmation`` ``confirmed``) or decline it (``declined_at``). The booking keeps
its status (the agency sees the answer and decides); no shift event is sent (the spec's table of
booking moves: "published, worker answers, acknowledged_at or declined_at set, no shift event"); a decline
is told to the coordinators who see the site, in the same transaction (``steps.notices.declined``)."""

from __future__ import annotations

from typing import Literal

import attrs

from workforce_core.errors import Conflict, NotFound
from workforce_core.model.bookings import BookingStatus, Confirmation
from workforce_core.ports import Clock, UnitOfWorkFactory
from workforce_core.steps.message_queue import queue
from workforce_core.steps.notices import declined
from workforce_core.views import ShiftView

BookingAnswer = Literal["acknowledge", "decline"]


def answer_booking(
    booking_id: int, given: BookingAnswer, *, worker_id: int, uow: UnitOfWorkFactory, clock: Clock
) -> ShiftView:
    """The worker's answer to their own ``published`` booking that has not started: another worker's
    booking, or a draft one (not yet told to the worker), is 404; one already answered, started,
    worked or cancelled is 409 ``conflict``."""
    now = clock.now()
    with uow() as tx:
        worker = tx.workers.lock(worker_id)
        booking = tx.bookings.get(booking_id)
        if worker is None or booking is None or booking.worker_id != worker.id or booking.status == BookingStatus.DRAFT:
            raise NotFound("The shift was not found.", field="shift_id")
        if booking.status != BookingStatus.PUBLISHED or booking.start <= now:
            raise Conflict(f"shift {booking.id} can no longer be answered ({booking.status}).")
        if booking.acknowledged_at is not None or booking.declined_at is not None:
            raise Conflict(f"shift {booking.id} was already answered.")
        if given == "acknowledge":
            after = attrs.evolve(booking, acknowledged_at=now, confirmation=Confirmation.CONFIRMED, updated_at=now)
        else:
            after = attrs.evolve(booking, declined_at=now, updated_at=now)
        tx.bookings.update(after)
        site = tx.locations.get(after.location_id)
        told = declined(tx, after, worker, site.name if site else None) if given == "decline" else None
        if told is not None:
            queue(tx, told, now)
        tx.commit()
    return ShiftView.of(after, worker, site)
