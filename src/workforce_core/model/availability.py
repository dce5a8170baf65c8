"""Availability rules (decisions.md): when a worker says they can, or cannot, work.

A rule holds on a weekday (``day_of_week`` 1 = Monday) or on one ``date``, from ``start_time`` to
``end_time`` local (an end at or before the start is the next day), between ``valid_from`` and
``valid_to`` when given. Rules are never deleted: DELETE retires one (``retired_at``).
"""

from __future__ import annotations

import datetime as dt
from datetime import datetime, time
from enum import StrEnum

from attrs import define


class AvailabilityKind(StrEnum):
    AVAILABLE = "available"
    UNAVAILABLE = "unavailable"


AVAILABILITY_KINDS: tuple[str, ...] = tuple(AvailabilityKind)


@define
class WorkerAvailability:
    """One availability rule of a worker."""

    client_id: int
    worker_id: int
    kind: str
    start_time: time
    end_time: time
    created_at: datetime
    day_of_week: int | None = None
    date: dt.date | None = None
    valid_from: dt.date | None = None
    valid_to: dt.date | None = None
    notes: str | None = None
    retired_at: datetime | None = None
    id: int = 0

    @property
    def active(self) -> bool:
        return self.retired_at is None


@define
class DoNotReturn:
    """A worker who must not be booked at a site again (``dnr``)."""

    client_id: int
    worker_id: int
    location_id: int
    created_at: datetime
    id: int = 0
