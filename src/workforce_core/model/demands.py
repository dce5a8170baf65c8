"""Requirements (the spec's Demand: how many people a client wants for a slot) and the offers sent for them."""

from __future__ import annotations

from datetime import date, datetime
from enum import StrEnum

from attrs import define


class DemandStatus(StrEnum):
    """decisions.md: ``open`` (places open), ``filled`` (none open), ``cancelled``, ``finished`` (its end
    has passed). Only ``open`` and ``cancelled`` are stored; the others are read from the counts and time."""

    OPEN = "open"
    FILLED = "filled"
    CANCELLED = "cancelled"
    FINISHED = "finished"


MAX_HEADCOUNT = 500


@define
class Demand:
    """A requirement at a site for a slot; bookings made onto it fill it (``Booking.demand_id``)."""

    client_id: int
    location_id: int
    shift_date: date
    start: datetime
    end: datetime
    headcount: int
    requested: int  # the headcount asked for when it was made
    created_at: datetime
    break_minutes: int = 0
    job_role: str | None = None
    status: str = DemandStatus.OPEN  # stored: open or cancelled
    series_id: int | None = None
    source: str = "api"
    notes: str | None = None
    cancel_reason: str | None = None
    cancelled_at: datetime | None = None
    updated_at: datetime | None = None
    id: int = 0


class OfferStatus(StrEnum):
    """decisions.md's offer statuses."""

    SENT = "sent"
    ACCEPTED = "accepted"
    DECLINED = "declined"
    EXPIRED = "expired"
    WITHDRAWN = "withdrawn"


@define
class Offer:
    """A requirement's slot offered to one worker, and how they answered (``shift_id``: the booking an
    acceptance made)."""

    client_id: int
    demand_id: int
    worker_id: int
    sent_at: datetime
    status: str = OfferStatus.SENT
    answered_at: datetime | None = None
    shift_id: int | None = None
    id: int = 0
