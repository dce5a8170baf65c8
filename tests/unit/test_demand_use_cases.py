"""Requirements on the memory adapter: creating one, booking onto it, locked weeks, and a state machine that
keeps every requirement's counts right through any bookings, cancels and moves."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tests.time_world import TimeWorld
from workforce_adapters.json.commands import structure
from workforce_core.commands.bookings import BookShift, CancelBooking, UpdateBooking
from workforce_core.commands.demands import CreateDemand
from workforce_core.errors import Conflict, LocationNotFound, NotFound, ValidationFailed
from workforce_core.model.bookings import CANCEL_STATUSES
from workforce_core.rules.demands import FILLING_STATUSES, demand_status, open_places
from workforce_core.services import bookings, demands
from workforce_core.views import DemandView, ShiftView


def create(world: TimeWorld, **body: Any) -> DemandView:
    sent = {"location_id": world.north.id, "shift_date": "2026-02-12", "start_time": "08:00", "end_time": "16:00"}
    command = structure(CreateDemand, {**sent, "headcount": 2, **body})
    return demands.create(command, principal=world.key, uow=world.uow, clock=world.clock)


def book(world: TimeWorld, demand_id: int, worker_id: int) -> ShiftView:
    command = structure(BookShift, {"worker_id": worker_id, "demand_id": demand_id})
    return bookings.book(command, client_id=world.client.id, uow=world.uow, clock=world.clock, principal=world.key)


@pytest.fixture
def world() -> TimeWorld:
    return TimeWorld()


def test_a_requirement_is_made_with_its_slot_and_sends_no_event(world: TimeWorld) -> None:
    view = create(world, headcount=3, break_minutes=30, job_role="Picker")
    d = view.demand
    assert (d.headcount, d.requested, d.source, d.series_id, d.status) == (3, 3, "api", None, "open")
    assert (view.filled, view.open, view.status, view.shifts) == (0, 3, "open", ())
    assert world.db.tables["demands"][d.id] == d
    assert world.db.outbox == []


def test_a_requirement_in_a_locked_week_is_409_week_locked_and_so_is_a_booking_onto_one(world: TimeWorld) -> None:
    demand = create(world).demand
    world.db.lock_week(world.client.id, None, date(2026, 2, 11))  # the week of 9 February
    with pytest.raises(Conflict) as refused:
        create(world, shift_date="2026-02-13")
    assert refused.value.extra == {"reason_code": "week_locked"}
    with pytest.raises(Conflict) as booked:
        book(world, demand.id, world.ann.id)
    assert booked.value.extra == {"reason_code": "week_locked"}
    assert len(world.db.tables["demands"]) == 1
    assert world.db.bookings == {}


def test_cancelling_a_requirement_refuses_later_bookings_and_keeps_its_own(world: TimeWorld) -> None:
    demand = create(world).demand
    book(world, demand.id, world.ann.id)
    view = demands.cancel(demand.id, "rain", uow=world.uow, clock=world.clock)
    assert (view.status, view.filled, view.demand.cancel_reason, view.demand.cancelled_at) == (
        "cancelled",
        1,
        "rain",
        world.clock.now(),
    )
    with pytest.raises(Conflict):
        book(world, demand.id, world.bob.id)
    with pytest.raises(Conflict):
        demands.cancel(demand.id, None, uow=world.uow, clock=world.clock)
    other = create(world, shift_date="2026-02-19").demand
    world.db.lock_week(world.client.id, world.north.id, date(2026, 2, 16))
    with pytest.raises(Conflict) as locked:
        demands.cancel(other.id, None, uow=world.uow, clock=world.clock)
    assert locked.value.extra == {"reason_code": "week_locked"}
    assert [b.status for b in world.db.bookings.values()] == ["draft"]


def test_another_clients_requirement_or_site_is_not_found(world: TimeWorld) -> None:
    with pytest.raises(LocationNotFound):
        create(world, location_id=world.foreign_site.id)
    theirs = world.principal(client_id=world.other.id)
    command = structure(
        CreateDemand,
        {
            "location_id": world.foreign_site.id,
            "shift_date": "2026-02-12",
            "start_time": "08:00",
            "end_time": "16:00",
            "headcount": 1,
        },
    )
    foreign = demands.create(command, principal=theirs, uow=world.uow, clock=world.clock).demand
    with pytest.raises(NotFound) as refused:
        book(world, foreign.id, world.ann.id)
    assert refused.value.extra == {"field": "demand_id"}


def test_a_break_as_long_as_the_slot_is_refused(world: TimeWorld) -> None:
    with pytest.raises(ValidationFailed) as refused:
        create(world, start_time="08:00", end_time="09:00", break_minutes=60)
    assert refused.value.extra == {"field": "break_minutes"}


# ---- a state machine: counts stay right ----------------------------------------------------------------

DAYS = ("2026-02-12", "2026-02-13")


class RequirementCountsHold(RuleBasedStateMachine):
    """Bookings onto requirements, plain bookings, cancels and PUTs (moves and other changes) in any order:
    every requirement keeps ``filled + open = headcount``, ``filled`` never above ``headcount``, and
    ``filled`` equal to its bookings that are not cancelled."""

    def __init__(self) -> None:
        super().__init__()
        self.world = TimeWorld()
        self.workers = [self.world.ann.id, self.world.bob.id] + [
            self.world.worker(f"Worker {n}", f"E-{n + 3}").id for n in range(3)
        ]
        self.demands: list[int] = []
        self.booked: list[int] = []

    @rule(headcount=st.integers(1, 3), day=st.sampled_from(DAYS), late=st.booleans())
    def make_requirement(self, headcount: int, day: str, late: bool) -> None:
        times = {"start_time": "14:00", "end_time": "22:00"} if late else {}
        self.demands.append(create(self.world, headcount=headcount, shift_date=day, **times).demand.id)

    @precondition(lambda self: self.demands)
    @rule(data=st.data())
    def book_onto_a_requirement(self, data: st.DataObject) -> None:
        demand_id = data.draw(st.sampled_from(self.demands))
        worker_id = data.draw(st.sampled_from(self.workers))
        before = self._stored_filled(demand_id)
        try:
            self.booked.append(book(self.world, demand_id, worker_id).booking.id)
        except Conflict:
            assert self._stored_filled(demand_id) == before
            return
        assert self._stored_filled(demand_id) == before + 1

    @rule(worker=st.integers(0, 4), day=st.sampled_from(DAYS))
    def book_without_a_requirement(self, worker: int, day: str) -> None:
        body = {"worker_id": self.workers[worker], "location_id": self.world.north.id, "shift_date": day}
        command = structure(BookShift, {**body, "start_time": "06:00", "end_time": "10:00"})
        try:
            view = bookings.book(command, client_id=self.world.client.id, uow=self.world.uow, clock=self.world.clock)
        except Conflict:
            return
        self.booked.append(view.booking.id)

    @precondition(lambda self: self.booked)
    @rule(data=st.data())
    def cancel(self, data: st.DataObject) -> None:
        booking_id = data.draw(st.sampled_from(self.booked))
        command = CancelBooking(status=data.draw(st.sampled_from(CANCEL_STATUSES)))
        try:
            bookings.cancel(
                booking_id, command, client_id=self.world.client.id, uow=self.world.uow, clock=self.world.clock
            )
        except Conflict:
            assert self.world.db.bookings[booking_id].cancelled

    @precondition(lambda self: self.booked)
    @rule(
        data=st.data(),
        change=st.sampled_from(
            [
                {"start_time": "09:00"},
                {"shift_date": "2026-02-14"},
                {"notes": "gate B"},
                {"break_minutes": 15},
                {"status": "published"},
                {"location_id": "south"},
                {"worker_id": "other"},
            ]
        ),
    )
    def change(self, data: st.DataObject, change: dict[str, Any]) -> None:
        booking_id = data.draw(st.sampled_from(self.booked))
        before = self.world.db.bookings[booking_id]
        body = dict(change)
        if body.get("location_id") == "south":
            body["location_id"] = self.world.south.id
        if body.get("worker_id") == "other":
            body["worker_id"] = data.draw(st.sampled_from(self.workers))
        try:
            changed = bookings.update(
                booking_id,
                structure(UpdateBooking, body),
                client_id=self.world.client.id,
                uow=self.world.uow,
                clock=self.world.clock,
            )
        except Conflict:
            assert self.world.db.bookings[booking_id] == before
            return
        moved = changed.shift.booking.start != before.start or changed.shift.booking.location_id != before.location_id
        moved = moved or changed.shift.booking.shift_date != before.shift_date
        assert changed.detached_demand_id == (before.demand_id if moved else None)

    def _stored_filled(self, demand_id: int) -> int:
        with self.world.uow(read_only=True) as tx:
            return tx.demands.filled(demand_id)

    @invariant()
    def every_requirement_adds_up(self) -> None:
        for demand_id in self.demands:
            demand = self.world.db.tables["demands"][demand_id]
            live = [
                b for b in self.world.db.bookings.values() if b.demand_id == demand_id and b.status in FILLING_STATUSES
            ]
            filled = self._stored_filled(demand_id)
            assert filled == len(live)
            assert 0 <= filled <= demand.headcount
            assert filled + open_places(demand.headcount, filled) == demand.headcount
            full = demand_status(demand, filled, self.world.clock.now()) == "filled"
            assert full == (filled == demand.headcount)


RequirementCountsHold.TestCase.settings = settings(max_examples=40, stateful_step_count=30, deadline=None)
test_requirement_counts_hold_through_bookings_cancels_and_moves = RequirementCountsHold.TestCase
