"""What the no-show job asks of storage: published bookings already started, which of them were clocked
against, and a once-only record that a booking's ``shift.no_show`` was sent."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Protocol

from workforce_core.model.bookings import Booking
from workforce_core.model.no_shows import NoShowNotice


class NoShowNotices(Protocol):
    def due(self, since: datetime, until: datetime) -> list[Booking]:
        """Every client's ``published`` bookings starting at or after ``since`` and before ``until`` whose
        ``shift.no_show`` was not sent yet, by start then id."""
        ...

    def clocked(self, booking_ids: Collection[int]) -> set[int]:
        """Those of ``booking_ids`` that a shift (open or closed) was clocked against."""
        ...

    def record(self, notice: NoShowNotice) -> bool:
        """Store that the booking's ``shift.no_show`` was sent. False, storing nothing, when it already
        was: by an earlier run, or by a concurrent one (which this call waits for on PostgreSQL)."""
        ...
