"""Amendment requests as use cases (services/amendments.py) on the memory adapter: raised by the client on a
closed shift, then accepted (the shift changes like an edit), declined or withdrawn; each move sends
``timesheet.amended`` with its ``status``. A refused call changes nothing.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.time_world import NOW, TimeWorld, at, data, refused
from workforce_adapters.json.commands import structure
from workforce_adapters.json.events import entry_fields
from workforce_core.commands.time_records import EditEntry, RaiseAmendment
from workforce_core.errors import Conflict, NotFound, ValidationFailed
from workforce_core.events import TimesheetAmended
from workforce_core.model.amendments import Amendment
from workforce_core.services import amendments, approvals, corrections
from workforce_core.views import EntryView


@pytest.fixture
def world() -> TimeWorld:
    return TimeWorld()


def shift(world: TimeWorld, day: str = "2026-02-03", **options: Any) -> int:
    return world.backfill(f"{day} 08:00", f"{day} 16:00", **options).entry.id


def raise_(world: TimeWorld, entry_id: int, reason: str = "left at five", **asked: Any) -> Amendment:
    command = structure(RaiseAmendment, {"entry_id": entry_id, "reason": reason, **asked})
    return amendments.raise_amendment(command, uow=world.uow, clock=world.clock)


def accept(world: TimeWorld, amendment_id: int) -> tuple[Amendment, EntryView]:
    return amendments.accept(amendment_id, uow=world.uow, clock=world.clock)


def decline(world: TimeWorld, amendment_id: int) -> Amendment:
    return amendments.decline(amendment_id, uow=world.uow, clock=world.clock)


def withdraw(world: TimeWorld, amendment_id: int) -> Amendment:
    return amendments.withdraw(amendment_id, uow=world.uow, clock=world.clock)


# ---- raise ----------------------------------------------------------------------------------------------------


def test_a_raised_request_is_stored_and_sends_timesheet_amended_raised(world: TimeWorld) -> None:
    sid = shift(world)
    before = world.entry(sid)
    mark = len(world.db.outbox)
    raised = raise_(world, sid, "  left at five  ", clock_out=at("2026-02-03 17:00"), break_minutes=20)
    assert world.db.amendments[raised.id] == raised
    assert (raised.entry_id, raised.worker_id, raised.client_id, raised.reason, raised.raised_by) == (
        sid,
        world.ann.id,
        world.client.id,
        "left at five",
        "client",
    )
    assert (raised.requested_clock_in, raised.requested_clock_out, raised.requested_break_minutes) == (
        None,
        at("2026-02-03 17:00"),
        20,
    )
    assert (raised.status, raised.created_at, raised.updated_at, raised.decided_at) == ("raised", NOW, NOW, None)
    assert world.entry(sid) == before  # the shift waits for the agency
    [event] = world.db.outbox[mark:]
    assert (event.name, event.client_id, event.occurred_at, event.data) == (
        "timesheet.amended",
        world.client.id,
        NOW,
        TimesheetAmended(raised),
    )


def test_a_request_names_who_raised_it(world: TimeWorld) -> None:
    sid = shift(world)
    assert raise_(world, sid, break_minutes=20, raised_by=" site manager ").raised_by == "site manager"


def test_several_requests_may_be_raised_on_one_shift(world: TimeWorld) -> None:
    sid = shift(world)
    first = raise_(world, sid, break_minutes=20)
    second = raise_(world, sid, clock_in=at("2026-02-03 08:30"))
    assert [a.status for a in world.db.amendments.values()] == ["raised", "raised"]
    accept(world, second.id)
    assert world.db.amendments[first.id].status == "raised"


@pytest.mark.parametrize(
    ("asked", "field"),
    [
        ({}, None),
        ({"clock_out": at("2026-02-03 07:00")}, "clock_out"),
        ({"clock_in": at("2026-02-03 16:00")}, "clock_out"),
        ({"clock_out": at("2026-02-10 12:01")}, "clock_out"),
        ({"clock_in": at("2026-02-02 07:59")}, "clock_out"),
        ({"break_minutes": 480}, "break_minutes"),
        ({"break_minutes": -1}, "break_minutes"),
        ({"break_minutes": 20, "reason": " "}, "reason"),
        ({"break_minutes": 20, "reason": "x" * 501}, "reason"),
        ({"break_minutes": 20, "raised_by": ""}, "raised_by"),
        ({"break_minutes": 20, "raised_by": "x" * 101}, "raised_by"),
    ],
    ids=[
        "nothing-asked",
        "out-before-in",
        "in-at-out",
        "future",
        "over-24-hours",
        "break-as-long",
        "negative-break",
        "blank-reason",
        "long-reason",
        "blank-raiser",
        "long-raiser",
    ],
)
def test_a_request_is_refused_when_it_asks_for_nothing_or_for_impossible_times(
    world: TimeWorld, asked: dict[str, Any], field: str | None
) -> None:
    sid = shift(world)
    asked.setdefault("reason", "left at five")
    error = refused(world, ValidationFailed, raise_, world, sid, **asked)  # built as the console builds it
    assert error.extra == {"field": field}


def test_a_request_is_for_a_closed_shift(world: TimeWorld) -> None:
    sid = shift(world)
    piece, _ = world.add_break(sid, "2026-02-03 12:00", "2026-02-03 12:30")
    open_id = world.clocked_shift("2026-02-10 08:00", worker=world.bob)
    world.clock.set(NOW)
    assert refused(world, Conflict, raise_, world, open_id, break_minutes=10).extra == {"entry_id": open_id}
    assert refused(world, Conflict, raise_, world, piece.entry.id, break_minutes=10).extra == {
        "entry_id": piece.entry.id
    }
    assert refused(world, NotFound, raise_, world, 9999, break_minutes=10).extra == {"entry_id": 9999}


# ---- accept -------------------------------------------------------------------------------------------------------


def test_accepting_applies_the_request_like_an_edit(world: TimeWorld) -> None:
    sid = shift(world)
    raised = raise_(world, sid, clock_out=at("2026-02-03 17:00"), break_minutes=20)
    world.clock.advance(hours=1)
    mark = len(world.db.outbox)
    accepted, view = accept(world, raised.id)
    later = NOW + timedelta(hours=1)
    assert world.db.amendments[raised.id] == accepted
    assert (accepted.status, accepted.decided_at, accepted.updated_at) == ("accepted", later, later)
    entry = world.entry(sid)
    assert entry == view.entry
    assert (entry.clock_out, entry.manual_break_minutes, entry.total_minutes) == (at("2026-02-03 17:00"), 20, 540)
    assert (entry.edit_count, entry.edited_at, entry.original_clock_out) == (1, later, at("2026-02-03 16:00"))
    assert world.names_since(mark) == ["timesheet.amended", "time_entry.updated"]
    amended, updated = world.db.outbox[mark:]
    assert amended.data == TimesheetAmended(accepted)
    assert data(updated) == {
        **entry_fields(view),
        "change": "corrected",
        "via": "amendment",
        "reason_code": None,
        "changes": ["clock_out", "manual_break_minutes"],
        "adjustment_id": None,
    }


def test_accepting_on_an_approved_shift_sends_it_back_to_pending(world: TimeWorld) -> None:
    sid = shift(world)
    approvals.approve([sid], uow=world.uow, clock=world.clock)
    raised = raise_(world, sid, clock_in=at("2026-02-03 08:30"))
    mark = len(world.db.outbox)
    _, view = accept(world, raised.id)
    assert (view.entry.approval_status, view.entry.approved_at) == ("pending", None)
    assert world.names_since(mark) == ["timesheet.amended", "time_entry.updated", "timesheet.unapproved"]
    batch = data(world.db.outbox[-1])
    assert (batch["reason_code"], batch["via"], batch["entry_ids"]) == ("amended", "amendment", [sid])


def test_accepting_a_request_for_the_times_already_recorded_changes_only_the_request(world: TimeWorld) -> None:
    sid = shift(world, break_minutes=20)
    raised = raise_(world, sid, break_minutes=20)
    mark, before = len(world.db.outbox), world.entry(sid)
    accepted, view = accept(world, raised.id)
    assert accepted.status == "accepted"
    assert world.entry(sid) == before == view.entry
    assert world.names_since(mark) == ["timesheet.amended"]


def test_an_accept_that_would_overlap_another_shift_is_refused_and_the_request_stays_raised(world: TimeWorld) -> None:
    sid = shift(world)
    later = world.backfill("2026-02-03 18:00", "2026-02-03 22:00").entry.id
    raised = raise_(world, sid, clock_out=at("2026-02-03 18:30"))
    assert refused(world, Conflict, accept, world, raised.id).extra == {"entry_id": later}
    assert world.db.amendments[raised.id].status == "raised"
    corrections.edit(EditEntry(entry_id=later, clock_in=at("2026-02-03 18:30")), uow=world.uow, clock=world.clock)
    assert accept(world, raised.id)[1].entry.clock_out == at("2026-02-03 18:30")


def test_an_accept_that_would_leave_a_break_outside_the_shift_is_refused(world: TimeWorld) -> None:
    sid = shift(world)
    piece, _ = world.add_break(sid, "2026-02-03 15:00", "2026-02-03 15:30")
    raised = raise_(world, sid, clock_out=at("2026-02-03 15:15"))
    assert refused(world, Conflict, accept, world, raised.id).extra == {"entry_id": piece.entry.id}


# ---- decline and withdraw ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("decide", "status"), [(decline, "declined"), (withdraw, "withdrawn")])
def test_declining_or_withdrawing_closes_the_request_and_leaves_the_shift(
    world: TimeWorld, decide: Any, status: str
) -> None:
    sid = shift(world)
    raised = raise_(world, sid, break_minutes=20)
    before = world.entry(sid)
    world.clock.advance(minutes=10)
    mark = len(world.db.outbox)
    decided = decide(world, raised.id)
    assert decided == world.db.amendments[raised.id]
    assert (decided.status, decided.decided_at, decided.updated_at) == (
        status,
        NOW + timedelta(minutes=10),
        decided.decided_at,
    )
    assert world.entry(sid) == before
    [event] = world.db.outbox[mark:]
    assert (event.name, event.data) == ("timesheet.amended", TimesheetAmended(decided))


@pytest.mark.parametrize("first", ["accept", "decline", "withdraw"])
def test_only_a_raised_request_can_be_decided(world: TimeWorld, first: str) -> None:
    sid = shift(world)
    raised = raise_(world, sid, break_minutes=20)
    moves = {"accept": accept, "decline": decline, "withdraw": withdraw}
    moves[first](world, raised.id)
    for move in moves.values():
        error = refused(world, Conflict, move, world, raised.id)
        assert error.extra == {"amendment_id": raised.id}
        assert f"this one is {amendments.DECISIONS[first]}" in error.message
    for move in moves.values():
        assert refused(world, NotFound, move, world, 9999).extra == {"amendment_id": 9999}


# ---- a property: what an accepted request leaves on the shift ---------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    start=st.one_of(st.none(), st.integers(-120, 120)),
    end=st.one_of(st.none(), st.integers(-120, 120)),
    pause=st.one_of(st.none(), st.integers(0, 90)),
)
def test_an_accepted_request_leaves_the_asked_values_and_the_recorded_ones_for_the_rest(
    start: int | None, end: int | None, pause: int | None
) -> None:
    world = TimeWorld()
    sid = shift(world)
    recorded = world.entry(sid)
    asked: dict[str, Any] = {}
    if start is not None:
        asked["clock_in"] = recorded.clock_in + timedelta(minutes=start)
    if end is not None:
        asked["clock_out"] = recorded.clock_out + timedelta(minutes=end)  # type: ignore[operator]
    if pause is not None:
        asked["break_minutes"] = pause
    if not asked:
        refused(world, ValidationFailed, raise_, world, sid)
        return
    raised = raise_(world, sid, **asked)
    _, view = accept(world, raised.id)
    want: dict[str, datetime | int | None] = {
        "clock_in": asked.get("clock_in", recorded.clock_in),
        "clock_out": asked.get("clock_out", recorded.clock_out),
        "manual_break_minutes": asked.get("break_minutes", recorded.manual_break_minutes),
    }
    assert {name: getattr(view.entry, name) for name in want} == want
    changed = attrs.asdict(recorded) != attrs.asdict(view.entry)
    assert view.entry.edit_count == (1 if changed else 0)
    assert world.db.event_names().count("time_entry.updated") == (1 if changed else 0)
