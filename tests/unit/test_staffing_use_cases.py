"""The shifts board's and workers pages' use cases acting for a person, on the memory adapter: who may
book and look after workers, who may set rates, what a person outside the account or site reaches
(nothing: 404), and the board's rule for a requirement that needs filling soon."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.time_world import NOW, TimeWorld
from workforce_adapters.json.commands import structure
from workforce_core.commands.absences import CreateAbsence
from workforce_core.commands.bookings import BookShift, CancelBooking
from workforce_core.commands.demands import SendOffers
from workforce_core.commands.workers import CreateWorker, UpdateWorker
from workforce_core.errors import LocationNotFound, NotFound, RoleNotAllowed
from workforce_core.model.demands import Demand, DemandStatus
from workforce_core.model.people import Actor, Role
from workforce_core.rules import people
from workforce_core.rules.demands import SOON, demand_status, needs_filling
from workforce_core.rules.people import Power
from workforce_core.services import absences, bookings, do_not_return, offers, workers


@pytest.fixture
def world() -> TimeWorld:
    return TimeWorld()


def person(world: TimeWorld, role: str, *, client_id: int | None = None, sites: tuple[int, ...] | None = None) -> Actor:
    return Actor(7, role, world.client.id if client_id is None else client_id, sites)


def book(world: TimeWorld, actor: Actor, **body: Any) -> Any:
    given_ = {"worker_id": world.ann.id, "location_id": world.north.id, "shift_date": "2026-02-12"}
    command = structure(BookShift, {**given_, "start_time": "08:00", "end_time": "16:00", **body})
    return bookings.book(command, client_id=world.client.id, uow=world.uow, clock=world.clock, actor=actor)


def test_rates_go_to_exactly_the_roles_whose_scopes_have_rates_write() -> None:
    for role in Role:
        assert people.may(Actor(1, role, None), Power.RATES) == ("rates:write" in people.ROLE_SCOPES[role])


@pytest.mark.parametrize(("role", "books"), [(r, r in ("operator", "owner", "coordinator")) for r in Role])
def test_booking_and_looking_after_workers_are_for_operators_owners_and_coordinators(role: str, books: bool) -> None:
    actor = Actor(1, role, None)
    assert people.may(actor, Power.BOOK) == people.may(actor, Power.WORKERS) == books


def test_a_payroll_person_cannot_book_cancel_offer_or_change_workers(world: TimeWorld) -> None:
    booked = book(world, person(world, Role.COORDINATOR))
    payroll = person(world, Role.PAYROLL)
    before = world.db.state()
    calls = [
        lambda: book(world, payroll, shift_date="2026-02-13"),
        lambda: bookings.cancel(
            booked.booking.id,
            CancelBooking(),
            client_id=world.client.id,
            uow=world.uow,
            clock=world.clock,
            actor=payroll,
        ),
        lambda: offers.send(
            SendOffers(demand_id=1, worker_ids=(world.ann.id,)), uow=world.uow, clock=world.clock, actor=payroll
        ),
        lambda: workers.create_worker(
            CreateWorker(name="Eve"), client_id=world.client.id, uow=world.uow, clock=world.clock, actor=payroll
        ),
        lambda: do_not_return.mark(
            world.ann.id, world.north.id, remove=False, uow=world.uow, clock=world.clock, actor=payroll
        ),
    ]
    for call in calls:
        with pytest.raises(RoleNotAllowed):
            call()
    assert world.db.state() == before


def test_a_coordinator_sets_no_rate_and_the_refusal_comes_before_anything_is_looked_at(world: TimeWorld) -> None:
    coordinator = person(world, Role.COORDINATOR)
    with pytest.raises(RoleNotAllowed):
        workers.update_worker(
            999_999,
            structure(UpdateWorker, {"hourly_rate": 20}),
            client_id=world.client.id,
            uow=world.uow,
            clock=world.clock,
            actor=coordinator,
        )
    made = workers.create_worker(
        CreateWorker(name="Eve"), client_id=world.client.id, uow=world.uow, clock=world.clock, actor=coordinator
    )
    assert made.worker.hourly_rate is None
    owner = person(world, Role.OWNER)
    changed = workers.update_worker(
        made.worker.id,
        structure(UpdateWorker, {"hourly_rate": 20}),
        client_id=world.client.id,
        uow=world.uow,
        clock=world.clock,
        actor=owner,
    )
    assert str(changed.worker.hourly_rate) == "20.00"
    assert [row.user_id for row in world.db.audit] == [7, 7, 7]  # created, its employee ID, the rate


def test_what_a_person_does_not_reach_is_not_there(world: TimeWorld) -> None:
    stranger = person(world, Role.OWNER, client_id=world.other.id)
    booked = book(world, person(world, Role.OWNER))
    with pytest.raises(LocationNotFound):
        book(world, stranger, shift_date="2026-02-13")
    with pytest.raises(NotFound):
        bookings.cancel(
            booked.booking.id,
            CancelBooking(),
            client_id=world.client.id,
            uow=world.uow,
            clock=world.clock,
            actor=stranger,
        )
    with pytest.raises(NotFound):
        do_not_return.mark(world.ann.id, world.north.id, remove=False, uow=world.uow, clock=world.clock, actor=stranger)
    command = structure(
        CreateAbsence,
        {"worker_id": world.ann.id, "type": "holiday", "start_date": "2026-02-20", "end_date": "2026-02-20"},
    )
    with pytest.raises(NotFound):
        absences.create_absence(command, approve=False, uow=world.uow, clock=world.clock, actor=stranger)
    made = absences.create_absence(
        command, approve=False, uow=world.uow, clock=world.clock, actor=person(world, Role.COORDINATOR)
    )
    with pytest.raises(NotFound):
        absences.decide_absence(made.absence.id, "approve", uow=world.uow, clock=world.clock, actor=stranger)
    assert (
        absences.decide_absence(made.absence.id, "approve", uow=world.uow, clock=world.clock).absence.status
        == "approved"
    )


def demand(start_in: timedelta, headcount: int = 2, status: str = DemandStatus.OPEN) -> Demand:
    start = NOW + start_in
    return Demand(1, 1, start.date(), start, start + timedelta(hours=8), headcount, headcount, NOW, status=status)


@given(
    start_in=st.timedeltas(min_value=timedelta(days=-2), max_value=timedelta(days=20)),
    filled=st.integers(min_value=0, max_value=3),
    cancelled=st.booleans(),
)
def test_a_requirement_needs_filling_when_it_is_open_and_starts_within_seven_days(
    start_in: timedelta, filled: int, cancelled: bool
) -> None:
    d = demand(start_in, status=DemandStatus.CANCELLED if cancelled else DemandStatus.OPEN)
    expected = demand_status(d, filled, NOW) == DemandStatus.OPEN and start_in <= SOON
    assert needs_filling(d, filled, NOW) == expected
    if needs_filling(d, filled, NOW):
        assert not cancelled
        assert filled < d.headcount
        assert d.end > NOW
