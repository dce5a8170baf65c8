"""The bookings a shift reminder is due for."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from workforce_core.model.bookings import Booking


class UpcomingShifts(Protocol):
    def published_starting(self, since: datetime, until: datetime) -> list[Booking]:
        """Published bookings of every client starting in ``[since, until)``, by start."""
        ...
