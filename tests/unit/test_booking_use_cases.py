"""Booking use cases on the memory adapter: book (eligibility, events), change, cancel, locked weeks."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from tests.time_world import TimeWorld
from workforce_adapters.json import event_payload
from workforce_adapters.json.commands import structure
from workforce_core.commands.bookings import BookShift, CancelBooking, UpdateBooking
from workforce_core.errors import Conflict, NotEligible, ValidationFailed
from workforce_core.model.bookings import CANCEL_STATUSES
from workforce_core.services import bookings
from workforce_core.views import ShiftView


@pytest.fixture
def world() -> TimeWorld:
    return TimeWorld()


def book(world: TimeWorld, api: bool = True, **body: Any) -> ShiftView:
    given = {"worker_id": world.ann.id, "location_id": world.north.id, "shift_date": "2026-02-12"}
    command = structure(BookShift, {**given, "start_time": "08:00", "end_time": "16:00", **body})
    key = world.key if api else None
    return bookings.book(command, client_id=world.client.id, uow=world.uow, clock=world.clock, principal=key)


def cancel(world: TimeWorld, booking_id: int, **body: Any) -> ShiftView:
    command = structure(CancelBooking, body)
    return bookings.cancel(booking_id, command, client_id=world.client.id, uow=world.uow, clock=world.clock)


def change(world: TimeWorld, booking_id: int, **body: Any) -> bookings.Changed:
    command = structure(UpdateBooking, body)
    return bookings.update(booking_id, command, client_id=world.client.id, uow=world.uow, clock=world.clock)


def test_a_booking_is_a_draft_by_default_and_sends_shift_created_and_the_legacy_event(world: TimeWorld) -> None:
    view = book(world, job_role="Driver")
    assert (view.booking.status, view.booking.warning_codes, view.booking.confirmation) == (
        "draft",
        ("role",),
        "unconfirmed",
    )
    assert world.db.event_names() == ["shift.created", "shift_created"]
    assert event_payload(world.db.outbox[0])["warning_codes"] == ["role"]
    book(world, api=False, shift_date="2026-02-14")
    assert world.db.event_names()[-1] == "shift.created"  # the console sends no legacy event


def test_an_overlapping_booking_is_not_eligible_with_its_codes_and_changes_nothing(world: TimeWorld) -> None:
    book(world)
    before = world.db.state()
    with pytest.raises(NotEligible) as refused:
        book(world, start_time="15:00", end_time="23:00", job_role="Driver")
    assert refused.value.extra == {"block_codes": ["overlap"], "warning_codes": ["role"]}
    assert world.db.state() == before


@pytest.mark.parametrize(("fields", "code"), [({"suspended": True}, "suspended"), ({"status": "pending"}, "pending")])
def test_the_workers_state_blocks_the_booking(world: TimeWorld, fields: dict[str, Any], code: str) -> None:
    world.set_worker(world.ann.id, **fields)
    with pytest.raises(NotEligible) as refused:
        book(world)
    assert refused.value.extra["block_codes"] == [code]


def test_a_break_as_long_as_the_shift_is_refused_naming_it(world: TimeWorld) -> None:
    with pytest.raises(ValidationFailed) as refused:
        book(world, break_minutes=480)
    assert refused.value.extra["field"] == "break_minutes"


@pytest.mark.parametrize("status", CANCEL_STATUSES)
def test_every_cancel_status_cancels_once(world: TimeWorld, status: str) -> None:
    booked = book(world).booking
    view = cancel(world, booked.id, status=status, cancel_reason="Client rang")
    assert (view.booking.status, view.booking.cancel_reason, view.booking.confirmation) == (
        status,
        "Client rang",
        "n/a",
    )
    assert view.booking.cancelled_at == world.clock.now()
    data = event_payload(world.db.events("shift.cancelled")[0])
    assert (data["status"], data["cancel_reason"], data["deleted"]) == (status, "Client rang", False)
    with pytest.raises(Conflict) as again:
        cancel(world, booked.id)
    assert (again.value.code, again.value.extra) == ("conflict", {})


def test_a_worked_booking_cannot_be_cancelled_and_only_its_notes_change(world: TimeWorld) -> None:
    booked = world.book("2026-02-10", "08:00", "16:00")
    world.clock_()  # clocks in against it
    with pytest.raises(Conflict) as refused:
        cancel(world, booked.id)
    assert refused.value.extra == {"reason_code": "worked"}
    with pytest.raises(Conflict) as moved:
        change(world, booked.id, start_time="09:00")
    assert moved.value.extra == {"reason_code": "worked"}
    assert change(world, booked.id, notes="Came in early").shift.booking.notes == "Came in early"


def test_a_locked_week_refuses_booking_cancelling_and_moving_into_it(world: TimeWorld) -> None:
    booked = book(world).booking
    world.db.lock_week(world.client.id, None, date(2026, 2, 20))  # the week of 16 February
    with pytest.raises(Conflict) as refused:
        book(world, shift_date="2026-02-18")
    assert refused.value.extra == {"reason_code": "week_locked"}
    with pytest.raises(Conflict) as moved:
        change(world, booked.id, shift_date="2026-02-17")
    assert moved.value.extra == {"reason_code": "week_locked"}
    world.db.lock_week(world.client.id, world.north.id, date(2026, 2, 9))
    with pytest.raises(Conflict) as cancelled:
        cancel(world, booked.id)
    assert cancelled.value.extra == {"reason_code": "week_locked"}


def test_a_change_rechecks_eligibility_and_sends_shift_updated_with_the_changes(world: TimeWorld) -> None:
    first = book(world).booking
    second = book(world, shift_date="2026-02-13").booking
    with pytest.raises(NotEligible) as refused:
        change(world, second.id, shift_date="2026-02-12", start_time="12:00", end_time="20:00")
    assert refused.value.extra["block_codes"] == ["overlap"]
    changed = change(world, first.id, start_time="07:00", status="published", notes="Gate B")
    assert (changed.shift.booking.status, changed.shift.booking.notes) == ("published", "Gate B")
    data = event_payload(world.db.events("shift.updated")[-1])
    assert data["changes"] == ["start_time", "notes", "status"]
    assert change(world, first.id, worker_id=world.bob.id).shift.booking.worker_id == world.bob.id
