"""Pay-week locks as bookings see them: a booking, cancel or move into a locked week is refused."""

from __future__ import annotations

from datetime import date
from typing import Protocol


class PayWeekLocks(Protocol):
    def is_week_locked(self, client_id: int, site_id: int | None, day: date) -> bool:
        """Whether the pay week holding the local ``day`` is locked for the client's site. Until pay-week
        locks are stored (the payroll issue) every adapter answers False."""
        ...
