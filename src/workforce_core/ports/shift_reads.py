"""Reads of bookings (GET /shifts.php), and their slots counted (the dashboard's booked hours)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Protocol

from attrs import frozen

from workforce_core.ports.paging import Page, Paging
from workforce_core.views import ShiftView
from workforce_core.views.dashboard import BookedSlot


@frozen
class ShiftFilter:
    """``status`` ``cancelled`` also matches older bookings stored with a blank status."""

    client_id: int
    paging: Paging
    id: int | None = None
    date_from: date | None = None  # on shift_date
    date_to: date | None = None
    worker_id: int | None = None
    location_ids: tuple[int, ...] | None = None
    department_id: int | None = None  # the worker's department
    demand_id: int | None = None
    status: str | None = None
    updated_since: datetime | None = None


@frozen
class SlotFilter:
    """The client's bookings dated ``date_from`` to ``date_to`` with a status of ``statuses``, at
    ``location_ids`` (None: every site)."""

    client_id: int
    date_from: date
    date_to: date
    statuses: tuple[str, ...]
    location_ids: tuple[int, ...] | None = None


class ShiftReads(Protocol):
    def shifts(self, query: ShiftFilter) -> Page[ShiftView]:
        """Ordered by shift_date newest first, then start time, then id."""
        ...

    def booked_slots(self, query: SlotFilter) -> list[BookedSlot]:
        """The bookings counted by site, day, times, break and status (one grouped statement), by site and day."""
        ...
