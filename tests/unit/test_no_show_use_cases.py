"""The no-show job on the memory adapter: who is a no-show (the Exceptions page's reading, with the
client's grace), once per booking, and a booking marked ``no_show`` by a cancel."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.time_world import TimeWorld, at
from workforce_adapters.json import event_payload
from workforce_adapters.json.commands import structure
from workforce_core.commands.bookings import CancelBooking
from workforce_core.commands.no_shows import CheckNoShows
from workforce_core.errors import ValidationFailed
from workforce_core.model.accounts import ClientSettings
from workforce_core.model.bookings import Booking
from workforce_core.model.time_entries import TimeEntry
from workforce_core.services import accounts, bookings, no_shows


def check(world: TimeWorld, **options: Any) -> no_shows.NoShowRun:
    return no_shows.check_no_shows(structure(CheckNoShows, options), uow=world.uow, clock=world.clock)


def sent(world: TimeWorld) -> list[int]:
    return [event_payload(e)["id"] for e in world.events("shift.no_show")]


@pytest.fixture
def world() -> TimeWorld:
    return TimeWorld()


def test_a_published_booking_not_clocked_by_its_start_plus_15_minutes_is_a_no_show_once(world: TimeWorld) -> None:
    booking = world.book("2026-02-10", "13:00", "17:00")
    world.clock.set(at("2026-02-10 13:15"))
    assert check(world) == no_shows.NoShowRun(checked=1, no_shows=())  # start plus grace: not yet
    world.clock.set(at("2026-02-10 13:16"))
    run = check(world)
    assert (run.checked, [v.booking.id for v in run.no_shows]) == (1, [booking.id])
    [event] = world.events("shift.no_show")
    data = event_payload(event)
    assert (data["id"], data["status"], data["reason"], data["client_id"]) == (
        booking.id,
        "published",
        "not_clocked_in",
        world.client.id,
    )
    assert event.occurred_at == at("2026-02-10 13:16")
    assert world.db.bookings[booking.id].status == "published"  # the status stays
    world.clock.advance(minutes=1)
    assert check(world) == no_shows.NoShowRun(checked=0, no_shows=())
    assert sent(world) == [booking.id]


def test_the_clients_grace_is_used(world: TimeWorld) -> None:
    world = TimeWorld(settings=ClientSettings(no_show_grace_minutes=45))
    booking = world.book("2026-02-10", "13:00", "17:00")
    world.clock.set(at("2026-02-10 13:45"))
    assert check(world).no_shows == ()
    world.clock.set(at("2026-02-10 13:46"))
    assert [v.booking.id for v in check(world).no_shows] == [booking.id]


def test_clocked_draft_cancelled_and_future_bookings_are_not_no_shows(world: TimeWorld) -> None:
    clocked = world.book("2026-02-10", "13:00", "17:00")
    world.book("2026-02-10", "13:00", "17:00", worker=world.bob, status="draft")
    other = world.worker("Cy Worker", "E-3")
    cancelled = world.book("2026-02-10", "13:00", "17:00", worker=other)
    bookings.cancel(cancelled.id, CancelBooking(), client_id=world.client.id, uow=world.uow, clock=world.clock)
    world.book("2026-02-11", "13:00", "17:00")  # not started yet
    world.clocked_shift("2026-02-10 13:20")  # late, but clocked against it
    assert world.shifts()[0].scheduled_shift_id == clocked.id
    world.clock.set(at("2026-02-10 14:00"))
    run = check(world)
    assert (run.checked, run.no_shows) == (1, ())  # only the clocked one was a candidate
    assert sent(world) == []


def test_bookings_that_started_before_the_lookback_are_left_alone(world: TimeWorld) -> None:
    old = world.book("2026-02-10", "13:00", "17:00")
    world.clock.set(at("2026-02-12 13:01"))  # 48 hours and a minute after its start
    assert check(world).checked == 0
    assert [v.booking.id for v in check(world, lookback_hours=72).no_shows] == [old.id]


def test_a_lookback_out_of_range_is_refused(world: TimeWorld) -> None:
    for hours in (0, 169):
        with pytest.raises(ValidationFailed) as refused:
            check(world, lookback_hours=hours)
        assert refused.value.extra["field"] == "lookback_hours"


def test_a_cancel_as_no_show_sends_shift_no_show_unless_the_job_already_did(world: TimeWorld) -> None:
    marked = world.book("2026-02-10", "13:00", "17:00")
    found = world.book("2026-02-11", "13:00", "17:00")
    world.clock.set(at("2026-02-10 13:05"))
    command = structure(CancelBooking, {"status": "no_show", "cancel_reason": "Never came"})
    bookings.cancel(marked.id, command, client_id=world.client.id, uow=world.uow, clock=world.clock)
    assert [e.name for e in world.events("shift.cancelled", "shift.no_show")] == ["shift.cancelled", "shift.no_show"]
    assert event_payload(world.events("shift.no_show")[0])["reason"] == "marked_no_show"
    world.clock.set(at("2026-02-11 13:30"))
    assert sent(world) == [marked.id]
    assert [v.booking.id for v in check(world).no_shows] == [found.id]
    bookings.cancel(found.id, command, client_id=world.client.id, uow=world.uow, clock=world.clock)
    assert sent(world) == [marked.id, found.id]  # the cancel sent shift.cancelled only
    assert len(world.events("shift.cancelled")) == 2


def test_the_grace_setting_is_0_to_720_minutes(world: TimeWorld) -> None:
    update = accounts.UpdateClient(client_id=world.client.id, no_show_grace_minutes=30)
    client = accounts.update_client(update, uow=world.uow, clock=world.clock)
    assert client.settings.no_show_grace_minutes == 30
    for bad in (-1, 721):
        with pytest.raises(ValidationFailed) as refused:
            accounts.update_client(
                accounts.UpdateClient(client_id=world.client.id, no_show_grace_minutes=bad),
                uow=world.uow,
                clock=world.clock,
            )
        assert refused.value.extra["field"] == "no_show_grace_minutes"
    assert world.db.clients[world.client.id].settings.no_show_grace_minutes == 30


# ---- a property: any runs of the job send exactly the no-shows due by the last run, each once -----------

BOOKING = st.tuples(
    st.integers(min_value=0, max_value=600),  # start, minutes after the first instant
    st.sampled_from(["published", "draft", "completed", "cancelled", "no_show"]),
    st.booleans(),  # clocked against
)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(BOOKING, max_size=8),
    st.lists(st.integers(min_value=0, max_value=720), min_size=1, max_size=6),
    st.integers(min_value=0, max_value=60),
)
def test_any_runs_send_each_due_no_show_exactly_once(
    booked: list[tuple[int, str, bool]], runs: list[int], grace: int
) -> None:
    world = TimeWorld(settings=ClientSettings(no_show_grace_minutes=grace))
    first = at("2026-02-10 06:00")
    ids = {}
    for n, (offset, status, clocked) in enumerate(booked):
        start = first + timedelta(minutes=offset)
        booking = Booking(
            client_id=world.client.id,
            worker_id=world.ann.id,
            location_id=world.north.id,
            shift_date=start.date(),
            start=start,
            end=start + timedelta(hours=4),
            created_at=first,
            status=status,
            id=world.db.next_id("bookings"),
        )
        world.db.bookings[booking.id] = booking
        ids[n] = booking.id
        if clocked:
            entry_id = world.db.next_id("entries")
            world.db.entries[entry_id] = TimeEntry(
                worker_id=world.ann.id,
                client_id=world.client.id,
                clock_in=start,
                created_at=start,
                scheduled_shift_id=booking.id,
                id=entry_id,
            )
    for minutes in sorted(runs):
        world.clock.set(first + timedelta(minutes=minutes))
        check(world)
    last = first + timedelta(minutes=max(runs))
    due = [
        ids[n]
        for n, (offset, status, clocked) in enumerate(booked)
        if status == "published" and not clocked and last > first + timedelta(minutes=offset + grace)
    ]
    assert sorted(sent(world)) == sorted(due)  # each once
