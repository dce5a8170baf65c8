"""A world for the time-record use cases on the memory adapter: one client with two sites and two workers,
a rival client, a key, a fake clock, and short ways to clock, backfill and book through the use cases.

Times are written as Europe/London wall times ("2026-02-03 08:00"), as the console takes them.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import attrs
import pytest

from tests.clocks import FakeClock
from tests.fakes import FakeDatabase, FakeUnitOfWorkFactory
from tests.fakes import data as data  # re-exported: the tests of time read events through it
from workforce_adapters.json.commands import structure
from workforce_core.commands.bookings import BookShift
from workforce_core.commands.clocking import ClockWorker
from workforce_core.commands.time_records import AddBreak, Backfill
from workforce_core.errors import WorkforceError
from workforce_core.events import Event
from workforce_core.model.accounts import ClientSettings
from workforce_core.model.bookings import Booking
from workforce_core.model.principal import Principal
from workforce_core.model.reference import Location
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.rules.console_times import console_time
from workforce_core.services import bookings, time_records
from workforce_core.services.clocking import clock_worker
from workforce_core.views import ClockResult, EntryView

NOW = datetime(2026, 2, 10, 12, 0, tzinfo=UTC)  # a Tuesday, GMT


def at(text: str) -> datetime:
    """A local Europe/London wall time ``YYYY-MM-DD HH:MM``, as an aware UTC instant."""
    return console_time(text, "at")


class TimeWorld:
    """Acme (North and South depots, Ann and Bob based at North), Rival (one site), a key and the fakes."""

    def __init__(self, now: datetime = NOW, settings: ClientSettings | None = None) -> None:
        self.db = FakeDatabase()
        self.uow = FakeUnitOfWorkFactory(self.db)
        self.clock = FakeClock(now)
        self.client = self.db.add_client("Acme Staffing", settings=settings)
        self.other = self.db.add_client("Rival Staffing")
        self.north = self.db.add_location(self.client.id, "North Depot")
        self.south = self.db.add_location(self.client.id, "South Depot")
        self.foreign_site = self.db.add_location(self.other.id, "Elsewhere")
        self.ann = self.db.add_worker(self.client.id, "Ann Worker", "E-1", location_id=self.north.id)
        self.bob = self.db.add_worker(self.client.id, "Bob Worker", "E-2", location_id=self.north.id)
        self.key = self.principal()

    # ---- seeding ---------------------------------------------------------------------------------------

    def principal(self, *, sites: tuple[int, ...] | None = None, client_id: int | None = None) -> Principal:
        issued = self.db.add_key(client_id or self.client.id, ("clock:write",), location_ids=sites)
        return self.db.principal(issued.key.id)

    def site(self, name: str, **fields: Any) -> Location:
        """A site of Acme with its geofence and other settings as given."""
        site = attrs.evolve(self.db.add_location(self.client.id, name), **fields)
        self.db.locations[site.id] = site
        return site

    def worker(self, name: str, employee_id: str, **fields: Any) -> Worker:
        return self.db.add_worker(self.client.id, name, employee_id, **fields)

    def set_worker(self, worker_id: int, **fields: Any) -> Worker:
        """Change a stored worker, as another use case would have."""
        worker = attrs.evolve(self.db.workers[worker_id], **fields)
        self.db.workers[worker_id] = worker
        return worker

    def set_booking(self, booking_id: int, **fields: Any) -> Booking:
        """Change a stored booking (its cancellation belongs to the bookings API, a later issue)."""
        booking = attrs.evolve(self.db.bookings[booking_id], **fields)
        self.db.bookings[booking_id] = booking
        return booking

    # ---- use cases -------------------------------------------------------------------------------------

    def clock_(self, action: str = "in", principal: Principal | None = None, **body: Any) -> ClockResult:
        if "employee_id" not in body:
            body.setdefault("worker_id", self.ann.id)
        command = structure(ClockWorker, {"action": action, **body})  # as POST /clock.php reads its body
        return clock_worker(command, principal=principal or self.key, uow=self.uow, clock=self.clock)

    def clocked_shift(self, start: str, end: str | None = None, worker: Worker | None = None) -> int:
        """A shift clocked in (and out, when ``end`` is given) over the API at those local times."""
        who = (worker or self.ann).id
        self.clock.set(at(start))
        entry_id = self.clock_("in", worker_id=who).view.entry.id
        if end is not None:
            self.clock.set(at(end))
            self.clock_("out", worker_id=who)
        return entry_id

    def backfill(
        self, start: str, end: str, *, worker: Worker | None = None, site: Location | None = None, **options: Any
    ) -> EntryView:
        worked = {"worker_id": (worker or self.ann).id, "location_id": (site or self.north).id}
        command = structure(Backfill, {**worked, "clock_in": at(start), "clock_out": at(end), **options})
        return time_records.backfill(command, uow=self.uow, clock=self.clock)

    def add_break(self, shift_id: int, start: str, end: str) -> tuple[EntryView, EntryView]:
        """A break typed in for a shift: (the break, its shift)."""
        command = structure(AddBreak, {"shift_id": shift_id, "start": at(start), "end": at(end)})
        return time_records.add_break(command, uow=self.uow, clock=self.clock)

    def book(
        self, day: str, start: str, end: str, *, worker: Worker | None = None, site: Location | None = None, **kw: Any
    ) -> Booking:
        slot = {"shift_date": day, "start_time": start, "end_time": end, "status": "published", **kw}
        command = structure(
            BookShift, {"worker_id": (worker or self.ann).id, "location_id": (site or self.north).id, **slot}
        )
        booked = bookings.book(command, client_id=self.client.id, uow=self.uow, clock=self.clock).booking
        self.db.outbox[:] = [e for e in self.db.outbox if not e.name.startswith("shift")]  # set-up, not under test
        return booked

    # ---- what is stored --------------------------------------------------------------------------------

    def entry(self, entry_id: int) -> TimeEntry:
        return self.db.entries[entry_id]

    def shifts(self) -> list[TimeEntry]:
        return [e for _, e in sorted(self.db.entries.items()) if e.entry_type == "shift"]

    def events(self, *names: str) -> list[Event]:
        return self.db.events(*names)

    def names_since(self, mark: int) -> list[str]:
        return [event.name for event in self.db.outbox[mark:]]


def refused(world: TimeWorld, error: type[WorkforceError], call: Any, *args: Any, **kwargs: Any) -> WorkforceError:
    """Call a use case that must be refused with ``error`` and change nothing stored: no row, no event."""
    before = world.db.state()
    with pytest.raises(error) as caught:
        call(*args, **kwargs)
    assert world.db.state() == before
    return caught.value
