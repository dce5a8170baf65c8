"""A requirement's counts and status, and whether it takes another booking (pure).

``filled`` is the number of its bookings that are not cancelled (draft, published or worked); ``open``
is what is left of the headcount. Every booking onto a requirement is counted under its row lock, so
``filled`` never passes ``headcount`` and ``filled + open = headcount`` always holds.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from workforce_core.model.bookings import LIVE_BOOKING_STATUSES, BookingStatus
from workforce_core.model.demands import Demand, DemandStatus

FILLING_STATUSES: tuple[str, ...] = (*LIVE_BOOKING_STATUSES, BookingStatus.COMPLETED)
SOON = timedelta(days=7)  # the shifts board marks open requirements starting this soon


def open_places(headcount: int, filled: int) -> int:
    return max(0, headcount - filled)


def demand_status(demand: Demand, filled: int, now: datetime) -> str:
    """Cancelled first, then finished (its end has passed), then filled or open."""
    if demand.status == DemandStatus.CANCELLED:
        return DemandStatus.CANCELLED
    if demand.end <= now:
        return DemandStatus.FINISHED
    return DemandStatus.OPEN if open_places(demand.headcount, filled) > 0 else DemandStatus.FILLED


def refusal(demand: Demand, filled: int, now: datetime) -> str | None:
    """Why the requirement takes no further booking (409 ``conflict``), or None when it does."""
    status = demand_status(demand, filled, now)
    if status == DemandStatus.OPEN:
        return None
    return {
        DemandStatus.CANCELLED: f"requirement {demand.id} is cancelled.",
        DemandStatus.FINISHED: f"requirement {demand.id} is finished.",
        DemandStatus.FILLED: f"requirement {demand.id} is full.",
    }[DemandStatus(status)]


def needs_filling(demand: Demand, filled: int, now: datetime) -> bool:
    """An open requirement (not full, cancelled or finished) that starts within ``SOON``: the shifts
    board's warning. One already under way still counts until its end."""
    return demand_status(demand, filled, now) == DemandStatus.OPEN and demand.start <= now + SOON
