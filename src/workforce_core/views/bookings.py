"""Bookings, requirements, offers and absences as the replies show them, and what who-is-free reads."""

from __future__ import annotations

from attrs import frozen

from workforce_core.model.absences import Absence
from workforce_core.model.availability import DoNotReturn, WorkerAvailability
from workforce_core.model.bookings import Booking
from workforce_core.model.demands import Demand, Offer
from workforce_core.model.reference import Location
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.rules.demands import open_places


@frozen
class ShiftView:
    """A booking with its worker's and site's names, as /shifts.php and the shift.* events show it."""

    booking: Booking
    worker_name: str
    employee_id: str | None
    department_id: int | None
    location_name: str | None

    @classmethod
    def of(cls, booking: Booking, worker: Worker, location: Location | None) -> ShiftView:
        return cls(booking, worker.name, worker.employee_id, worker.department_id, location.name if location else None)


@frozen
class DemandView:
    """A requirement with its site's name, its counts and its status as of the read; ``shifts`` (its
    bookings) only on a read of one requirement."""

    demand: Demand
    location_name: str | None
    filled: int
    status: str
    shifts: tuple[ShiftView, ...] | None = None

    @property
    def open(self) -> int:
        return open_places(self.demand.headcount, self.filled)


@frozen
class OfferView:
    """An offer with its worker's name, as /offers.php shows it."""

    offer: Offer
    worker_name: str


@frozen
class AbsenceView:
    absence: Absence
    worker_name: str


@frozen
class FreeFacts:
    workers: tuple[Worker, ...]  # active, approved, by id
    bookings: tuple[Booking, ...]  # the client's live and completed bookings meeting the window
    shifts: tuple[TimeEntry, ...]  # the client's workers' shifts meeting the window
    absences: tuple[Absence, ...]  # approved
    rules: tuple[WorkerAvailability, ...]  # not retired
    dnr: tuple[DoNotReturn, ...]  # at the slot's site
