"""Time records changed by hand (services/time_records.py) on the memory adapter: paper shifts (backfill),
breaks, corrections (edit), clock-outs by hand and the auto clock-out rule, with the events each records.
A refused call changes nothing: no row, no event.
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
from workforce_core.commands.time_records import Backfill, EditEntry
from workforce_core.errors import Conflict, LocationNotFound, NotFound, ValidationFailed, WorkerPending
from workforce_core.model.accounts import ClientSettings
from workforce_core.services import approvals, time_records
from workforce_core.services.corrections import edit
from workforce_core.services.time_records import auto_close, clock_out
from workforce_core.views import EntryView


@pytest.fixture
def world() -> TimeWorld:
    return TimeWorld()


def break_in(world: TimeWorld, shift_id: int, start: str, end: str) -> tuple[EntryView, EntryView]:
    return world.add_break(shift_id, start, end)


def edit_(world: TimeWorld, entry_id: int, **change: Any) -> EntryView:
    return edit(structure(EditEntry, {"entry_id": entry_id, **change}), uow=world.uow, clock=world.clock)


def close(world: TimeWorld, entry_id: int, when: str) -> EntryView:
    return clock_out(entry_id, at(when), uow=world.uow, clock=world.clock)


def approve(world: TimeWorld, *entry_ids: int) -> None:
    approvals.approve(entry_ids, uow=world.uow, clock=world.clock)


# ---- backfill: a paper shift typed in ---------------------------------------------------------------------------


def test_a_paper_shift_is_stored_as_backfill_and_sends_time_entry_created(world: TimeWorld) -> None:
    code = world.db.add_cost_code(world.client.id)
    world.set_worker(world.ann.id, cost_code_id=code.id)
    view = world.backfill("2026-02-03 08:00", "2026-02-03 16:00", break_minutes=30)
    entry = world.entry(view.entry.id)
    assert entry == view.entry
    assert (entry.worker_id, entry.client_id, entry.location_id, entry.entry_type) == (
        world.ann.id,
        world.client.id,
        world.north.id,
        "shift",
    )
    assert (entry.clock_in, entry.clock_out, entry.total_minutes) == (
        at("2026-02-03 08:00"),
        at("2026-02-03 16:00"),
        480,
    )
    assert (entry.clock_method, entry.clock_out_method, entry.manual_break_minutes) == ("backfill", "backfill", 30)
    assert (entry.cost_code_id, entry.scheduled_shift_id, entry.approval_status) == (code.id, None, "pending")
    assert (entry.created_at, entry.updated_at, entry.edit_count) == (NOW, NOW, 0)
    [event] = world.db.outbox
    assert (event.name, event.client_id, event.occurred_at) == ("time_entry.created", world.client.id, NOW)
    assert data(event) == {
        **entry_fields(view),
        "change": "backfill",
        "via": "admin",
        "reason_code": None,
        "batch_id": None,
    }


def test_a_paper_shift_across_the_spring_clock_change_counts_real_minutes() -> None:
    world = TimeWorld(now=at("2026-04-01 12:00"))
    view = world.backfill("2026-03-28 23:00", "2026-03-29 07:00")
    assert view.entry.total_minutes == 420


def test_backfill_links_the_booking_named_or_a_live_one_at_the_site_covering_it(world: TimeWorld) -> None:
    named = world.book("2026-02-03", "08:00", "16:00")
    covering = world.book("2026-02-04", "08:00", "16:00")
    elsewhere = world.book("2026-02-05", "08:00", "16:00", site=world.south)
    a = world.backfill("2026-02-03 08:05", "2026-02-03 16:00", booking_id=named.id)
    b = world.backfill("2026-02-04 08:10", "2026-02-04 15:50")
    c = world.backfill("2026-02-05 08:00", "2026-02-05 16:00")  # at North: the South booking is not this shift's
    assert [v.entry.scheduled_shift_id for v in (a, b, c)] == [named.id, covering.id, None]
    statuses = [world.db.bookings[booking.id].status for booking in (named, covering, elsewhere)]
    assert statuses == ["completed", "completed", "published"]
    assert data(world.db.outbox[0])["scheduled_shift_id"] == named.id


def test_backfill_refuses_a_booking_that_is_not_this_workers_live_booking_at_the_site(world: TimeWorld) -> None:
    bobs = world.book("2026-02-03", "08:00", "16:00", worker=world.bob)
    south = world.book("2026-02-03", "08:00", "16:00", site=world.south)
    times = ("2026-02-03 08:00", "2026-02-03 16:00")
    error = refused(world, NotFound, world.backfill, *times, booking_id=bobs.id)
    assert error.extra == {"field": "scheduled_shift_id"}
    assert refused(world, ValidationFailed, world.backfill, *times, booking_id=south.id).extra == {
        "field": "location_id"
    }
    world.set_booking(south.id, status="completed")
    error = refused(world, Conflict, world.backfill, *times, site=world.south, booking_id=south.id)
    assert error.extra == {"reason_code": "worked"}


@pytest.mark.parametrize(
    ("start", "end", "options", "field"),
    [
        ("2026-02-03 08:00", "2026-02-03 07:00", {}, "clock_out"),
        ("2026-02-03 08:00", "2026-02-03 08:00", {}, "clock_out"),
        ("2026-02-03 08:00", "2026-02-04 08:01", {}, "clock_out"),
        ("2026-02-10 11:00", "2026-02-10 12:01", {}, "clock_out"),
        ("2026-02-10 12:01", "2026-02-10 13:00", {}, "clock_in"),
        ("2026-02-03 08:00", "2026-02-03 16:00", {"break_minutes": 480}, "break_minutes"),
        ("2026-02-03 08:00", "2026-02-03 16:00", {"break_minutes": -1}, "break_minutes"),
        ("2026-02-03 08:00", "2026-02-03 16:00", {"break_minutes": 1441}, "break_minutes"),
        ("2026-02-03 08:00", "2026-02-03 16:00", {"break_minutes": True}, "break_minutes"),
    ],
    ids=[
        "out-before-in",
        "zero-length",
        "over-24-hours",
        "ends-in-future",
        "starts-in-future",
        "break-as-long",
        "negative-break",
        "break-over-a-day",
        "break-not-a-number",
    ],
)
def test_backfill_refuses_bad_times(
    world: TimeWorld, start: str, end: str, options: dict[str, Any], field: str
) -> None:
    assert refused(world, ValidationFailed, world.backfill, start, end, **options).extra == {"field": field}


def test_a_shift_of_exactly_24_hours_is_taken(world: TimeWorld) -> None:
    assert world.backfill("2026-02-03 08:00", "2026-02-04 08:00").entry.total_minutes == 24 * 60


def test_backfill_refuses_unknown_or_foreign_records_and_pending_or_anonymised_workers(world: TimeWorld) -> None:
    times = ("2026-02-03 08:00", "2026-02-03 16:00")
    pending = world.worker("Pat Pending", "E-7", status="pending")
    gone = world.worker("Anon", "E-8", anonymised_at=NOW)

    def fill(worker_id: int, site_id: int) -> EntryView:
        given = {"worker_id": worker_id, "location_id": site_id, "clock_in": at(times[0]), "clock_out": at(times[1])}
        return time_records.backfill(structure(Backfill, given), uow=world.uow, clock=world.clock)

    assert refused(world, NotFound, fill, 9999, world.north.id).extra == {"field": "worker_id"}
    assert refused(world, LocationNotFound, fill, world.ann.id, world.foreign_site.id).extra == {"field": "location_id"}
    assert refused(world, LocationNotFound, fill, world.ann.id, 9999).extra == {"field": "location_id"}
    assert refused(world, WorkerPending, fill, pending.id, world.north.id).code == "worker_pending"
    assert refused(world, Conflict, fill, gone.id, world.north.id).code == "conflict"


def test_backfill_refuses_an_overlap_naming_the_earliest_shift_it_overlaps(world: TimeWorld) -> None:
    first = world.backfill("2026-02-05 08:00", "2026-02-05 12:00")
    second = world.backfill("2026-02-05 13:00", "2026-02-05 16:00")
    error = refused(world, Conflict, world.backfill, "2026-02-05 11:00", "2026-02-05 14:00", site=world.south)
    assert error.extra == {"entry_id": first.entry.id}
    error = refused(world, Conflict, world.backfill, "2026-02-05 12:30", "2026-02-05 13:01")
    assert error.extra == {"entry_id": second.entry.id}
    # touching shifts do not overlap; another worker is free
    world.backfill("2026-02-05 12:00", "2026-02-05 13:00")
    world.backfill("2026-02-05 08:00", "2026-02-05 16:00", worker=world.bob)
    assert len(world.events("time_entry.created")) == 4


def test_an_open_shift_occupies_everything_after_its_clock_in(world: TimeWorld) -> None:
    open_id = world.clocked_shift("2026-02-03 08:00")
    world.clock.set(NOW)
    error = refused(world, Conflict, world.backfill, "2026-02-06 08:00", "2026-02-06 16:00")
    assert error.extra == {"entry_id": open_id}
    assert world.backfill("2026-02-02 08:00", "2026-02-02 16:00").entry.total_minutes == 480


@settings(max_examples=60, deadline=None)
@given(
    first=st.tuples(st.integers(0, 48 * 60), st.integers(1, 24 * 60)),
    second=st.tuples(st.integers(0, 48 * 60), st.integers(1, 24 * 60)),
)
def test_a_workers_second_shift_is_taken_exactly_when_it_does_not_overlap_the_first(
    first: tuple[int, int], second: tuple[int, int]
) -> None:
    world = TimeWorld()
    base = at("2026-02-01 00:00")

    def fill(start: int, minutes: int) -> EntryView:
        clock_in = base + timedelta(minutes=start)
        worked = {"worker_id": world.ann.id, "location_id": world.north.id}
        times = {"clock_in": clock_in, "clock_out": clock_in + timedelta(minutes=minutes)}
        return time_records.backfill(structure(Backfill, {**worked, **times}), uow=world.uow, clock=world.clock)

    kept = fill(*first)
    (a, length_a), (b, length_b) = first, second
    if b < a + length_a and a < b + length_b:
        assert refused(world, Conflict, fill, *second).extra == {"entry_id": kept.entry.id}
    else:
        assert fill(*second).entry.total_minutes == length_b
        assert len(world.shifts()) == 2


# ---- breaks ------------------------------------------------------------------------------------------------------


def test_a_break_is_an_entry_inside_its_shift_and_sends_time_entry_created(world: TimeWorld) -> None:
    shift = world.backfill("2026-02-03 08:00", "2026-02-03 16:00")
    mark = len(world.db.outbox)
    piece, of = break_in(world, shift.entry.id, "2026-02-03 12:00", "2026-02-03 12:30")
    stored = world.entry(piece.entry.id)
    assert (stored.entry_type, stored.parent_id, stored.worker_id, stored.location_id) == (
        "break",
        shift.entry.id,
        world.ann.id,
        world.north.id,
    )
    assert (stored.total_minutes, stored.clock_method, stored.clock_out_method) == (30, "backfill", "backfill")
    assert of.entry == world.entry(shift.entry.id) == shift.entry  # a pending shift is unchanged
    [event] = world.db.outbox[mark:]
    assert (event.name, data(event)["change"]) == ("time_entry.created", "backfill")
    assert entry_fields(piece).items() <= data(event).items()
    assert data(event)["entry_type"] == "break"


def test_a_break_on_an_approved_shift_sends_it_back_to_pending(world: TimeWorld) -> None:
    shift = world.backfill("2026-02-03 08:00", "2026-02-03 16:00")
    approve(world, shift.entry.id)
    mark = len(world.db.outbox)
    _, of = break_in(world, shift.entry.id, "2026-02-03 12:00", "2026-02-03 12:20")
    assert (of.entry.approval_status, of.entry.approved_at) == ("pending", None)
    assert world.entry(shift.entry.id) == of.entry
    assert world.names_since(mark) == ["time_entry.created", "timesheet.unapproved"]
    unapproved = data(world.db.outbox[-1])
    assert (unapproved["reason_code"], unapproved["via"], unapproved["entry_ids"]) == (
        "corrected",
        "admin_timesheets",
        [shift.entry.id],
    )


def test_a_break_on_a_disputed_shift_settles_the_dispute_without_an_unapproved_event(world: TimeWorld) -> None:
    shift = world.backfill("2026-02-03 08:00", "2026-02-03 16:00")
    approve(world, shift.entry.id)
    approvals.dispute(shift.entry.id, uow=world.uow, clock=world.clock)
    mark = len(world.db.outbox)
    _, of = break_in(world, shift.entry.id, "2026-02-03 12:00", "2026-02-03 12:20")
    assert of.entry.approval_status == "pending"
    assert world.names_since(mark) == ["time_entry.created"]


def test_a_break_must_lie_inside_its_shift_and_clear_of_its_other_breaks(world: TimeWorld) -> None:
    shift = world.backfill("2026-02-03 08:00", "2026-02-03 16:00")
    sid = shift.entry.id
    assert refused(world, Conflict, break_in, world, sid, "2026-02-03 07:30", "2026-02-03 08:15").extra == {
        "entry_id": sid
    }
    assert refused(world, Conflict, break_in, world, sid, "2026-02-03 15:50", "2026-02-03 16:10").extra == {
        "entry_id": sid
    }
    first, _ = break_in(world, sid, "2026-02-03 12:00", "2026-02-03 12:30")
    assert refused(world, Conflict, break_in, world, sid, "2026-02-03 12:15", "2026-02-03 12:45").extra == {
        "entry_id": first.entry.id
    }
    assert refused(world, ValidationFailed, break_in, world, sid, "2026-02-03 13:00", "2026-02-03 12:45").extra == {
        "field": "end"
    }
    assert refused(world, NotFound, break_in, world, 9999, "2026-02-03 13:00", "2026-02-03 13:15").extra == {
        "entry_id": 9999
    }
    # a break is not a shift
    error = refused(world, Conflict, break_in, world, first.entry.id, "2026-02-03 12:05", "2026-02-03 12:10")
    assert error.extra == {"entry_id": first.entry.id}
    # breaks that touch, and a break from the shift's first to its last minute, are fine
    break_in(world, sid, "2026-02-03 12:30", "2026-02-03 13:00")
    break_in(world, sid, "2026-02-03 08:00", "2026-02-03 08:10")
    break_in(world, sid, "2026-02-03 15:50", "2026-02-03 16:00")
    assert len(world.events("time_entry.created")) == 5


def test_a_break_in_an_open_shift_may_not_end_after_now(world: TimeWorld) -> None:
    open_id = world.clocked_shift("2026-02-10 08:00")
    world.clock.set(NOW)
    assert refused(world, ValidationFailed, break_in, world, open_id, "2026-02-10 11:50", "2026-02-10 12:05").extra == {
        "field": "end"
    }
    piece, of = break_in(world, open_id, "2026-02-10 11:30", "2026-02-10 12:00")
    assert (piece.entry.total_minutes, of.entry.clock_out) == (30, None)


# ---- edit: a correction by hand ----------------------------------------------------------------------------------


def test_an_edit_corrects_the_shift_keeps_the_first_originals_and_lists_its_changes(world: TimeWorld) -> None:
    shift = world.backfill("2026-02-03 08:00", "2026-02-03 16:00")
    sid = shift.entry.id
    world.clock.advance(minutes=5)
    first = edit_(world, sid, clock_in=at("2026-02-03 08:30"), break_minutes=45, pay_adjustment_minutes=-15)
    entry = world.entry(sid)
    assert entry == first.entry
    assert (entry.clock_in, entry.total_minutes, entry.manual_break_minutes, entry.pay_adjustment_minutes) == (
        at("2026-02-03 08:30"),
        450,
        45,
        -15,
    )
    assert (entry.edit_count, entry.edited_at, entry.updated_at) == (1, NOW + timedelta(minutes=5), entry.edited_at)
    assert (entry.original_clock_in, entry.original_clock_out) == (at("2026-02-03 08:00"), at("2026-02-03 16:00"))
    [event] = world.events("time_entry.updated")
    assert data(event) == {
        **entry_fields(first),
        "change": "corrected",
        "via": "admin_timesheets",
        "reason_code": None,
        "changes": ["clock_in", "manual_break_minutes", "pay_adjustment_minutes"],
        "adjustment_id": None,
    }
    second = edit_(world, sid, clock_out=at("2026-02-03 17:00"))
    assert (second.entry.edit_count, second.entry.total_minutes) == (2, 510)
    assert (second.entry.original_clock_in, second.entry.original_clock_out) == (
        at("2026-02-03 08:00"),
        at("2026-02-03 16:00"),
    )
    assert data(world.events("time_entry.updated")[-1])["changes"] == ["clock_out"]
    assert world.events("timesheet.unapproved") == []


def test_an_edit_of_an_approved_shift_sends_it_back_to_pending(world: TimeWorld) -> None:
    shift = world.backfill("2026-02-03 08:00", "2026-02-03 16:00")
    approve(world, shift.entry.id)
    mark = len(world.db.outbox)
    edited = edit_(world, shift.entry.id, break_minutes=30)
    assert (edited.entry.approval_status, edited.entry.approved_at) == ("pending", None)
    assert world.names_since(mark) == ["time_entry.updated", "timesheet.unapproved"]
    batch = data(world.db.outbox[-1])
    assert (batch["reason_code"], batch["via"], batch["entry_ids"]) == (
        "corrected",
        "admin_timesheets",
        [edited.entry.id],
    )
    assert batch["entries"] == [entry_fields(edited)]


def test_an_edit_of_a_disputed_shift_settles_the_dispute_without_an_unapproved_event(world: TimeWorld) -> None:
    shift = world.backfill("2026-02-03 08:00", "2026-02-03 16:00")
    approve(world, shift.entry.id)
    approvals.dispute(shift.entry.id, uow=world.uow, clock=world.clock)
    mark = len(world.db.outbox)
    assert edit_(world, shift.entry.id, break_minutes=30).entry.approval_status == "pending"
    assert world.names_since(mark) == ["time_entry.updated"]


def test_an_edit_to_the_same_values_is_not_an_edit(world: TimeWorld) -> None:
    shift = world.backfill("2026-02-03 08:00", "2026-02-03 16:00", break_minutes=30)
    approve(world, shift.entry.id)
    before = world.db.state()
    same = edit_(world, shift.entry.id, clock_in=at("2026-02-03 08:00"), break_minutes=30)
    assert (same.entry.edit_count, same.entry.original_clock_in, same.entry.approval_status) == (0, None, "approved")
    assert world.db.state() == before


def test_an_edit_may_move_the_clock_in_of_an_open_shift(world: TimeWorld) -> None:
    open_id = world.clocked_shift("2026-02-10 08:00")
    world.clock.set(NOW)
    edited = edit_(world, open_id, clock_in=at("2026-02-10 07:45"))
    assert (edited.entry.clock_in, edited.entry.clock_out, edited.entry.original_clock_out) == (
        at("2026-02-10 07:45"),
        None,
        None,
    )


def test_an_edit_refuses_bad_corrections(world: TimeWorld) -> None:
    shift = world.backfill("2026-02-03 08:00", "2026-02-03 16:00")
    later = world.backfill("2026-02-03 18:00", "2026-02-03 22:00")
    sid = shift.entry.id
    assert refused(world, ValidationFailed, edit_, world, sid).extra == {"field": None}
    changes: list[tuple[dict[str, Any], str]] = [
        ({"clock_out": at("2026-02-03 07:00")}, "clock_out"),
        ({"clock_out": at("2026-02-04 08:01")}, "clock_out"),
        ({"clock_out": at("2026-02-10 12:01")}, "clock_out"),
        ({"clock_in": at("2026-02-10 12:01"), "clock_out": at("2026-02-10 12:30")}, "clock_in"),
        ({"break_minutes": 480}, "break_minutes"),
        ({"break_minutes": -1}, "break_minutes"),
        ({"pay_adjustment_minutes": 1441}, "pay_adjustment_minutes"),
        ({"pay_adjustment_minutes": -1441}, "pay_adjustment_minutes"),
    ]
    for change, field in changes:
        assert refused(world, ValidationFailed, edit_, world, sid, **change).extra == {"field": field}, change
    error = refused(world, Conflict, edit_, world, sid, clock_out=at("2026-02-03 18:30"))
    assert error.extra == {"entry_id": later.entry.id}
    assert refused(world, NotFound, edit_, world, 9999, break_minutes=5).extra == {"entry_id": 9999}
    piece, _ = break_in(world, sid, "2026-02-03 15:00", "2026-02-03 15:30")
    mark = len(world.db.outbox)
    error = refused(world, Conflict, edit_, world, sid, clock_out=at("2026-02-03 15:15"))
    assert error.extra == {"entry_id": piece.entry.id}
    assert refused(world, Conflict, edit_, world, piece.entry.id, break_minutes=5).extra == {"entry_id": piece.entry.id}
    assert len(world.db.outbox) == mark
    assert edit_(world, sid, pay_adjustment_minutes=-1440).entry.pay_adjustment_minutes == -1440


def test_an_edit_cannot_clock_out_an_open_shift(world: TimeWorld) -> None:
    open_id = world.clocked_shift("2026-02-10 08:00")
    world.clock.set(NOW)
    error = refused(world, Conflict, edit_, world, open_id, clock_out=at("2026-02-10 11:00"))
    assert error.extra == {"entry_id": open_id}


@settings(max_examples=60, deadline=None)
@given(break_minutes=st.integers(-10, 1500), adjustment=st.integers(-1500, 1500))
def test_an_edit_takes_a_break_shorter_than_the_shift_and_an_adjustment_of_at_most_a_day(
    break_minutes: int, adjustment: int
) -> None:
    world = TimeWorld()
    shift = world.backfill("2026-02-03 08:00", "2026-02-03 16:00")  # 480 minutes
    if not 0 <= break_minutes < 480 or not -1440 <= adjustment <= 1440:
        error = refused(
            world,
            ValidationFailed,
            edit_,
            world,
            shift.entry.id,
            break_minutes=break_minutes,
            pay_adjustment_minutes=adjustment,
        )
        assert error.extra["field"] in ("break_minutes", "pay_adjustment_minutes")
        return
    edited = edit_(world, shift.entry.id, break_minutes=break_minutes, pay_adjustment_minutes=adjustment)
    assert (edited.entry.manual_break_minutes, edited.entry.pay_adjustment_minutes) == (break_minutes, adjustment)
    assert world.entry(shift.entry.id) == edited.entry


# ---- clock-out by hand ------------------------------------------------------------------------------------------


def test_a_clock_out_by_hand_closes_the_open_shift_and_completes_its_booking(world: TimeWorld) -> None:
    booking = world.book("2026-02-10", "08:00", "16:00")
    open_id = world.clocked_shift("2026-02-10 08:00")
    world.clock.set(NOW + timedelta(hours=5))
    mark = len(world.db.outbox)
    closed = close(world, open_id, "2026-02-10 16:15")
    entry = world.entry(open_id)
    assert entry == closed.entry
    assert (entry.clock_out, entry.total_minutes, entry.clock_method, entry.clock_out_method) == (
        at("2026-02-10 16:15"),
        495,
        "api",
        "manual",
    )
    assert (entry.edit_count, entry.updated_at, entry.scheduled_shift_id) == (0, NOW + timedelta(hours=5), booking.id)
    assert world.db.bookings[booking.id].status == "completed"
    assert world.names_since(mark) == ["time_entry.updated"]
    event = world.db.outbox[-1]
    assert entry_fields(closed).items() <= data(event).items()
    assert (data(event)["change"], data(event)["changes"], data(event)["via"]) == (
        "clocked_out",
        ["clock_out"],
        "admin_timesheets",
    )


def test_a_clock_out_by_hand_refuses_bad_times_and_closed_shifts(world: TimeWorld) -> None:
    open_id = world.clocked_shift("2026-02-10 08:00")
    world.clock.set(NOW)
    for when, field in [
        ("2026-02-10 07:59", "clock_out"),
        ("2026-02-10 08:00", "clock_out"),
        ("2026-02-10 12:01", "clock_out"),
    ]:
        assert refused(world, ValidationFailed, close, world, open_id, when).extra == {"field": field}
    piece, _ = break_in(world, open_id, "2026-02-10 11:00", "2026-02-10 11:30")
    assert refused(world, Conflict, close, world, open_id, "2026-02-10 11:15").extra == {"entry_id": piece.entry.id}
    assert refused(world, Conflict, close, world, piece.entry.id, "2026-02-10 11:45").extra == {
        "entry_id": piece.entry.id
    }
    assert refused(world, NotFound, close, world, 9999, "2026-02-10 11:45").extra == {"entry_id": 9999}
    close(world, open_id, "2026-02-10 11:45")
    assert refused(world, Conflict, close, world, open_id, "2026-02-10 11:50").extra == {"entry_id": open_id}
    assert world.events("clock_out") == []


def test_a_stale_open_shift_is_closed_by_hand_within_24_hours_of_its_clock_in(world: TimeWorld) -> None:
    stale = world.clocked_shift("2026-02-09 08:00")
    world.clock.set(NOW)  # 28 hours on
    assert refused(world, ValidationFailed, close, world, stale, "2026-02-10 08:01").extra == {"field": "clock_out"}
    assert close(world, stale, "2026-02-10 08:00").entry.total_minutes == 24 * 60


# ---- the auto clock-out rule --------------------------------------------------------------------------------------


def test_auto_close_closes_shifts_open_over_18_hours_at_the_booked_end_or_after_the_default_hours() -> None:
    world = TimeWorld(settings=ClientSettings(default_shift_hours=6))
    booking = world.book("2026-02-09", "06:00", "14:30", worker=world.bob)
    unbooked = world.clocked_shift("2026-02-09 06:00")
    booked = world.clocked_shift("2026-02-09 06:05", worker=world.bob)
    cat = world.worker("Cat Worker", "E-3", location_id=world.north.id)
    recent = world.clocked_shift("2026-02-09 18:00", worker=cat)  # exactly 18 hours before now: still open
    world.clock.set(at("2026-02-10 12:00"))
    mark = len(world.db.outbox)
    closed = auto_close(uow=world.uow, clock=world.clock)
    assert [view.entry.id for view in closed] == [unbooked, booked]
    first, second = (world.entry(unbooked), world.entry(booked))
    assert (first.clock_out, first.total_minutes, first.clock_out_method) == (at("2026-02-09 12:00"), 360, "auto")
    assert (second.clock_out, second.scheduled_shift_id, second.clock_out_method) == (
        at("2026-02-09 14:30"),
        booking.id,
        "auto",
    )
    assert (first.updated_at, first.risk_flags) == (NOW, ())
    assert world.entry(recent).clock_out is None
    assert world.db.bookings[booking.id].status == "completed"
    assert world.names_since(mark) == ["time_entry.auto_closed", "time_entry.auto_closed"]
    for event, view in zip(world.db.outbox[mark:], closed, strict=True):
        assert (event.client_id, event.occurred_at) == (world.client.id, NOW)
        assert data(event) == {**entry_fields(view), "change": "auto_closed"}
    before = world.db.state()
    assert auto_close(uow=world.uow, clock=world.clock) == []
    assert world.db.state() == before


def test_auto_close_ignores_a_cancelled_booking_or_one_that_ended_before_the_clock_in(world: TimeWorld) -> None:
    cancelled = world.book("2026-02-09", "06:00", "10:00")
    early = world.clocked_shift("2026-02-09 06:00")
    world.set_booking(cancelled.id, status="cancelled")
    world.clock.set(NOW)
    [view] = auto_close(uow=world.uow, clock=world.clock)
    assert (view.entry.id, view.entry.clock_out) == (early, at("2026-02-09 14:00"))  # the default 8 hours
    assert world.db.bookings[cancelled.id].status == "cancelled"


def test_auto_close_never_closes_before_the_end_of_a_recorded_break(world: TimeWorld) -> None:
    open_id = world.clocked_shift("2026-02-09 06:00")
    world.clock.set(at("2026-02-09 16:00"))
    break_in(world, open_id, "2026-02-09 15:00", "2026-02-09 15:30")
    world.clock.set(NOW)
    [view] = auto_close(uow=world.uow, clock=world.clock)
    assert view.entry.clock_out == at("2026-02-09 15:30")


def test_auto_close_uses_each_shifts_own_clients_default_hours(world: TimeWorld) -> None:
    rival = world.principal(client_id=world.other.id)
    theirs = world.db.add_worker(world.other.id, "Theirs", "R-1")
    world.db.clients[world.other.id] = attrs.evolve(world.other, settings=ClientSettings(default_shift_hours=4))
    world.clock.set(at("2026-02-09 06:00"))
    ours = world.clock_().view.entry.id
    their = world.clock_(worker_id=theirs.id, principal=rival).view.entry.id
    world.clock.set(NOW)
    auto_close(uow=world.uow, clock=world.clock)
    assert world.entry(ours).total_minutes == 8 * 60
    assert world.entry(their).total_minutes == 4 * 60
    assert [event.client_id for event in world.events("time_entry.auto_closed")] == [world.client.id, world.other.id]


@settings(max_examples=50, deadline=None)
@given(age=st.integers(min_value=17 * 60, max_value=30 * 60), hours=st.integers(min_value=1, max_value=24))
def test_auto_close_closes_a_shift_older_than_18_hours_at_its_default_end_but_never_after_now(
    age: int, hours: int
) -> None:
    world = TimeWorld(settings=ClientSettings(default_shift_hours=hours))
    clock_in: datetime = NOW - timedelta(minutes=age)
    world.clock.set(clock_in)
    entry_id = world.clock_().view.entry.id
    world.clock.set(NOW)
    closed = auto_close(uow=world.uow, clock=world.clock)
    if age <= 18 * 60:
        assert closed == []
        assert world.entry(entry_id).clock_out is None
        return
    assert [view.entry.id for view in closed] == [entry_id]
    assert world.entry(entry_id).clock_out == min(clock_in + timedelta(hours=hours), NOW)


def test_a_command_made_in_code_keeps_its_minutes_in_range() -> None:
    # the JSON reader checks the range; an embedder's command is held to it by the command itself
    start = at("2026-02-03 08:00")
    with pytest.raises(ValidationFailed) as caught:
        Backfill(worker_id=1, location_id=1, clock_in=start, clock_out=start + timedelta(hours=8), break_minutes=-5)
    assert caught.value.extra == {"field": "break_minutes"}
    with pytest.raises(ValidationFailed) as adjusted:
        EditEntry(entry_id=1, pay_adjustment_minutes=24 * 60 + 1)
    assert adjusted.value.extra == {"field": "pay_adjustment_minutes"}
