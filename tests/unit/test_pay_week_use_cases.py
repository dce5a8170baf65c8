"""Lock, close and unlock a pay week through the use cases, on the memory adapter: the refusals name
what is left, close approves then locks (all or nothing), a frozen shift refuses every change, and the
events are the spec's (a site lock sends ``period.locked`` only)."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from tests.time_world import TimeWorld, at, data, refused
from workforce_core.commands.pay_weeks import ClosePayWeek, LockPayWeek, UnlockPayWeek
from workforce_core.commands.time_records import EditEntry, QueryEntry, RaiseAmendment
from workforce_core.errors import AlreadyLocked, Conflict, LocationNotFound, NotLocked, WeekNotReady
from workforce_core.services import amendments, approvals, corrections, pay_weeks
from workforce_core.services.pay_weeks import PayWeekChange

LAST_WEEK = date(2026, 2, 4)  # a Wednesday of the week of Monday 2 February; NOW is Tuesday 10 February


@pytest.fixture
def world() -> TimeWorld:
    return TimeWorld()


def lock(world: TimeWorld, day: date = LAST_WEEK, site: int | None = None) -> PayWeekChange:
    command = LockPayWeek(client_id=world.client.id, week=day, location_id=site)
    return pay_weeks.lock_week(command, uow=world.uow, clock=world.clock)


def close(world: TimeWorld, day: date = LAST_WEEK, site: int | None = None) -> PayWeekChange:
    command = ClosePayWeek(client_id=world.client.id, week=day, location_id=site)
    return pay_weeks.close_week(command, uow=world.uow, clock=world.clock)


def unlock(world: TimeWorld, day: date = LAST_WEEK, site: int | None = None) -> PayWeekChange:
    command = UnlockPayWeek(client_id=world.client.id, week=day, location_id=site)
    return pay_weeks.unlock_week(command, uow=world.uow, clock=world.clock)


def shift(world: TimeWorld, day: str, **options: Any) -> int:
    return world.backfill(f"{day} 08:00", f"{day} 16:00", **options).entry.id


def test_a_week_not_ended_is_refused_and_nothing_changes(world: TimeWorld) -> None:
    error = refused(world, WeekNotReady, lock, world, date(2026, 2, 10))
    assert error.extra["week_status"] == "open"
    assert error.status == 409
    assert error.code == "conflict"


def test_a_week_still_checking_is_refused_naming_the_counts_left(world: TimeWorld) -> None:
    shift(world, "2026-02-03")
    approvals.approve([shift(world, "2026-02-04")], uow=world.uow, clock=world.clock)
    error = refused(world, WeekNotReady, lock, world)
    assert error.extra == {
        "reason_code": "week_not_ready",
        "week_status": "checking",
        "left": {"shifts_not_approved": 1, "open_clock_outs": 0, "exceptions_open": 0},
    }


def test_a_ready_week_locks_freezes_its_shifts_and_sends_pay_week_locked_and_period_locked(world: TimeWorld) -> None:
    first = shift(world, "2026-02-03")
    approvals.approve([first], uow=world.uow, clock=world.clock)
    mark = len(world.db.outbox)
    done = lock(world)
    assert (done.week.status, done.week.week_start, done.frozen_entries) == ("locked", date(2026, 2, 2), 1)
    assert done.week.lock is not None
    assert done.week.lock.locked_at == world.clock.now()
    assert world.names_since(mark) == ["pay_week.locked", "period.locked"]
    event = world.events("pay_week.locked")[0]
    assert (data(event)["location_id"], data(event)["lock_id"]) == (None, done.lock.id)
    refused(world, AlreadyLocked, lock, world)


def test_close_approves_the_pending_shifts_via_close_week_then_locks(world: TimeWorld) -> None:
    ids = [shift(world, "2026-02-03"), shift(world, "2026-02-05", worker=world.bob)]
    mark = len(world.db.outbox)
    done = close(world)
    assert done.approved_entry_ids == tuple(ids)
    assert [world.entry(i).approval_status for i in ids] == ["approved", "approved"]
    assert world.names_since(mark) == ["timesheet.approved", "pay_week.locked", "period.locked"]
    approved = world.events("timesheet.approved")[-1]
    assert data(approved)["via"] == "close_week"
    assert data(approved)["entry_ids"] == ids
    assert done.week.status == "locked"
    assert done.week.counts.shifts_not_approved == 0


def test_close_cannot_settle_an_open_clock_out_or_a_dispute_and_then_changes_nothing(world: TimeWorld) -> None:
    world.clocked_shift("2026-02-06 20:00")  # never clocked out
    world.clock.set(at("2026-02-10 12:00"))
    shift(world, "2026-02-03", worker=world.bob)
    error = refused(world, WeekNotReady, close, world)
    assert error.extra["left"]["open_clock_outs"] == 1
    assert error.extra["left"]["exceptions_open"] == 1  # open over 12 hours: blocking


def test_close_that_finds_a_disputed_shift_after_approving_rolls_the_approvals_back(world: TimeWorld) -> None:
    disputed = shift(world, "2026-02-03")
    approvals.approve([disputed], uow=world.uow, clock=world.clock)
    approvals.dispute(disputed, uow=world.uow, clock=world.clock)
    pending = shift(world, "2026-02-04")
    error = refused(world, WeekNotReady, close, world)
    assert error.extra["left"]["shifts_not_approved"] == 1
    assert world.entry(pending).approval_status == "pending"


def test_a_frozen_shift_cannot_be_approved_reverted_queried_corrected_or_amended(world: TimeWorld) -> None:
    frozen = shift(world, "2026-02-03")
    asked = RaiseAmendment(entry_id=frozen, reason="left early", break_minutes=20)
    raised = amendments.raise_amendment(asked, uow=world.uow, clock=world.clock)  # before the lock
    close(world)
    attempts = [
        lambda: approvals.revert([frozen], uow=world.uow, clock=world.clock),
        lambda: approvals.client_approve([frozen], uow=world.uow, clock=world.clock),
        lambda: approvals.query(
            QueryEntry(entry_id=frozen, via="client", question="Was Ann on site?"), uow=world.uow, clock=world.clock
        ),
        lambda: corrections.edit(EditEntry(entry_id=frozen, break_minutes=30), uow=world.uow, clock=world.clock),
        lambda: amendments.raise_amendment(
            RaiseAmendment(entry_id=frozen, reason="left early", break_minutes=20), uow=world.uow, clock=world.clock
        ),
        lambda: amendments.accept(raised.id, uow=world.uow, clock=world.clock),
    ]
    for attempt in attempts:
        error = refused(world, Conflict, attempt)
        assert error.extra == {"entry_id": frozen, "reason_code": "week_locked"}
    unlock(world)
    approvals.revert([frozen], uow=world.uow, clock=world.clock)  # unlocked: it can change again
    assert world.entry(frozen).approval_status == "pending"


def test_unlock_lifts_the_lock_sends_its_events_and_a_second_unlock_is_refused(world: TimeWorld) -> None:
    shift(world, "2026-02-03")
    made = close(world).lock
    mark = len(world.db.outbox)
    done = unlock(world)
    assert done.week.status == "ready_to_lock"
    assert done.lock.unlocked_at == world.clock.now()
    assert world.names_since(mark) == ["pay_week.unlocked", "period.unlocked"]
    unlocked = data(world.events("period.unlocked")[0])
    assert (unlocked["location_id"], unlocked["lock_id"]) == (None, made.id)
    refused(world, NotLocked, unlock, world)
    assert lock(world).lock.id != made.id  # and it can be locked again


def test_a_site_lock_freezes_that_sites_shifts_only_and_sends_period_locked_only(world: TimeWorld) -> None:
    north = shift(world, "2026-02-03")
    approvals.approve([north], uow=world.uow, clock=world.clock)
    south = shift(world, "2026-02-04", site=world.south)  # pending: the whole week is still checking
    refused(world, WeekNotReady, lock, world)
    mark = len(world.db.outbox)
    done = lock(world, site=world.north.id)
    assert (done.week.status, done.frozen_entries, done.week.counts.shifts) == ("locked", 1, 1)
    assert world.names_since(mark) == ["period.locked"]
    assert data(world.events("period.locked")[0])["location_id"] == world.north.id
    approvals.approve([south], uow=world.uow, clock=world.clock)  # the other site is not frozen
    refused(world, Conflict, approvals.revert, [north], uow=world.uow, clock=world.clock)
    refused(world, AlreadyLocked, lock, world, LAST_WEEK, world.north.id)
    whole = lock(world)  # the rest of the week: the south shift
    assert whole.frozen_entries == 1
    assert whole.week.locked_location_ids == (world.north.id,)


def test_a_site_of_another_client_is_not_found(world: TimeWorld) -> None:
    error = refused(world, LocationNotFound, lock, world, LAST_WEEK, world.foreign_site.id)
    assert error.extra == {"field": "location_id"}
