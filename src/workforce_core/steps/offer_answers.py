"""A worker's answer to an offer still ``sent``, in an open unit of work: ``accept`` books them onto the
requirement through the booking path (``booking_places.place``: the eligibility rule, the requirement's
lock and counts) as ``published`` and acknowledged by them; ``decline`` only records the answer."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

import attrs

from workforce_core.commands.bookings import BookShift
from workforce_core.model.bookings import BookingStatus, Confirmation
from workforce_core.model.demands import Offer, OfferStatus
from workforce_core.ports import UnitOfWork
from workforce_core.steps.booking_places import place

Answer = Literal["accept", "decline"]


def take(tx: UnitOfWork, offer: Offer, given: Answer, now: datetime) -> Offer:
    """The offer answered and stored (an acceptance the requirement cannot take raises, storing nothing)."""
    shift_id = None
    if given == "accept":
        command = BookShift(worker_id=offer.worker_id, demand_id=offer.demand_id, status=BookingStatus.PUBLISHED)
        booking = place(tx, command, client_id=offer.client_id, now=now).booking
        tx.bookings.update(attrs.evolve(booking, acknowledged_at=now, confirmation=Confirmation.CONFIRMED))
        shift_id = booking.id
    status = OfferStatus.ACCEPTED if given == "accept" else OfferStatus.DECLINED
    after = attrs.evolve(offer, status=status, answered_at=now, shift_id=shift_id)
    tx.offers.update(after)
    return after
