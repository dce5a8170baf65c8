"""Pay weeks end to end, on SQLite and PostgreSQL: the console's lock, close and unlock, what a lock
freezes (TimeEntry ``locked``, refused approvals, bookings), two locks at once, and GET /pay-weeks.php."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.helpers import assert_error, path
from tests.contract.test_pricing import RULE_R
from workforce_adapters.sql import tables
from workforce_core.commands.pay_weeks import LockPayWeek
from workforce_core.commands.time_records import AddBreak, Backfill
from workforce_core.errors import AlreadyLocked
from workforce_core.services import pay_weeks, time_records

NOON = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)  # a Wednesday, GMT; last week is Monday 9 to Sunday 15 November
LAST_WEEK = "2026-11-11"
PAY_WEEKS = "/api/v1/pay-weeks.php"
SHIFTS = "/api/v1/shifts.php"


class Week:
    """An account with two sites and a worker at each, on the test's clock at NOON."""

    def __init__(self, world: World, clock: FakeClock, api: TestClient, console: Console) -> None:
        self.world, self.clock, self.api, self.console = world, clock, api, console
        clock.set(NOON)
        self.client = world.account(walk_in_policy="pay")
        self.north = world.site(self.client.id, "North", geofence_mode="disabled")
        self.south = world.site(self.client.id, "South", geofence_mode="disabled")
        self.ann = world.worker(self.client.id, "Ann", location_id=self.north.id).worker
        self.bob = world.worker(self.client.id, "Bob", location_id=self.south.id).worker
        self.headers = world.key(self.client.id)

    def shift(self, day: str, *, south: bool = False, hours: int = 8) -> int:
        start = datetime.fromisoformat(f"{day}T08:00:00+00:00")
        worker, site = (self.bob, self.south) if south else (self.ann, self.north)
        paper = Backfill(
            worker_id=worker.id, location_id=site.id, clock_in=start, clock_out=start + timedelta(hours=hours)
        )
        return time_records.backfill(paper, uow=self.world.uow, clock=self.world.clock).entry.id

    def pay_week(self, *args: str) -> tuple[int, Any]:
        return self.console("pay-week", *args, "--client", str(self.client.id))

    def entry(self, entry_id: int) -> dict[str, Any]:
        reply = self.api.get(f"/api/v1/timesheets.php?id={entry_id}", headers=self.headers)
        assert reply.status_code == 200, reply.text
        return dict(reply.json()["data"])

    def weeks(self, query: str = "", headers: dict[str, str] | None = None) -> dict[str, Any]:
        reply = self.api.get(f"{PAY_WEEKS}?{query}", headers=headers or self.headers)
        assert reply.status_code == 200, reply.text
        return dict(reply.json())


@pytest.fixture
def week(world: World, clock: FakeClock, api: TestClient, console: Console) -> Week:
    return Week(world, clock, api, console)


def test_the_console_refuses_a_week_not_ended_or_still_checking_with_the_counts_left(week: Week) -> None:
    week.shift("2026-11-10")
    code, error = week.pay_week("lock", "--week", "2026-11-18")
    assert code == 1
    assert error["error_code"] == "conflict"
    assert error["week_status"] == "open"
    code, error = week.pay_week("lock", "--week", LAST_WEEK)
    assert code == 1
    assert error == {
        "error_code": "conflict",
        "message": error["message"],
        "reason_code": "week_not_ready",
        "week_status": "checking",
        "left": {"shifts_not_approved": 1, "open_clock_outs": 0, "exceptions_open": 0},
    }
    assert week.world.outbox("pay_week.locked") == []


def test_close_approves_then_locks_and_a_frozen_entry_refuses_changes_until_unlock(week: Week) -> None:
    first, second = week.shift("2026-11-10"), week.shift("2026-11-12", south=True)
    lunch = AddBreak(
        shift_id=first, start=datetime(2026, 11, 10, 12, 0, tzinfo=UTC), end=datetime(2026, 11, 10, 12, 30, tzinfo=UTC)
    )
    time_records.add_break(lunch, uow=week.world.uow, clock=week.world.clock)
    code, closed = week.pay_week("close", "--week", LAST_WEEK)
    assert code == 0, closed
    assert (closed["status"], closed["week_start"], closed["week_end"]) == ("locked", "2026-11-09", "2026-11-15")
    assert (closed["frozen_entries"], closed["approved_entry_ids"]) == (2, [first, second])
    assert closed["id"] == closed["lock_id"]
    assert closed["location_id"] is None
    approved = week.world.outbox("timesheet.approved")
    assert {e["data"]["via"] for e in approved} == {"close_week"}
    locked = week.world.outbox("pay_week.locked")[0]["data"]
    assert (locked["status"], locked["location_id"], locked["client_id"]) == ("locked", None, week.client.id)
    assert len(week.world.outbox("period.locked")) == 1
    assert week.entry(first)["locked"] is True
    breaks = week.api.get("/api/v1/timesheets.php?entry_filter=breaks", headers=week.headers).json()["data"]
    assert [(b["parent_id"], b["locked"]) for b in breaks] == [(first, True)]  # a frozen shift's break
    assert week.entry(week.shift("2026-11-17"))["locked"] is False  # this week: not frozen
    code, refused = week.console("timesheet", "revert", str(first))
    assert (code, refused["error_code"], refused["entry_id"]) == (1, "conflict", first)
    code, again = week.pay_week("lock", "--week", LAST_WEEK)
    assert (code, again["reason_code"]) == (1, "already_locked")
    code, unlocked = week.pay_week("unlock", "--week", LAST_WEEK)
    assert code == 0, unlocked
    assert (unlocked["status"], unlocked["locked"], unlocked["id"]) == ("ready_to_lock", False, closed["id"])
    assert [e["event"] for e in week.world.outbox()[-2:]] == ["pay_week.unlocked", "period.unlocked"]
    assert week.entry(first)["locked"] is False
    assert week.console("timesheet", "revert", str(first))[0] == 0


def test_a_site_lock_sends_period_locked_only_and_freezes_that_site(week: Week) -> None:
    north = week.shift("2026-11-10")
    south = week.shift("2026-11-10", south=True)
    assert week.console("timesheet", "approve", str(north))[0] == 0
    code, done = week.pay_week("lock", "--week", LAST_WEEK, "--location", str(week.north.id))
    assert code == 0, done
    assert (done["status"], done["shifts"], done["location_id"]) == ("locked", 1, week.north.id)
    assert week.world.outbox("pay_week.locked") == []
    assert week.world.outbox("period.locked")[0]["data"]["location_id"] == week.north.id
    assert (week.entry(north)["locked"], week.entry(south)["locked"]) == (True, False)
    whole = week.weeks(f"week_start={LAST_WEEK}")["data"][0]
    assert (whole["status"], whole["locked_location_ids"]) == ("checking", [week.north.id])
    code, error = week.pay_week("lock", "--week", LAST_WEEK, "--location", "999999")
    assert (code, error["error_code"]) == (1, "location_not_found")


def test_bookings_into_a_locked_week_are_refused_and_the_rest_of_the_client_is_not(week: Week) -> None:
    week.clock.set(datetime(2026, 11, 8, 12, 0, tzinfo=UTC))
    slot = {"worker_id": week.ann.id, "location_id": week.north.id, "start_time": "09:00", "end_time": "17:00"}
    booked = week.api.post(SHIFTS, headers=week.headers, json={**slot, "shift_date": "2026-11-12"})
    later = week.api.post(SHIFTS, headers=week.headers, json={**slot, "shift_date": "2026-11-19"})
    assert booked.status_code == later.status_code == 201, booked.text
    week.clock.set(NOON)
    assert week.pay_week("lock", "--week", LAST_WEEK, "--location", str(week.north.id))[0] == 0
    cancel = week.api.post(f"{SHIFTS}?id={booked.json()['data']['id']}&action=cancel", headers=week.headers, json={})
    assert_error(cancel, 409, "conflict", reason_code="week_locked")
    moved = week.api.put(
        f"{SHIFTS}?id={later.json()['data']['id']}", headers=week.headers, json={"shift_date": "2026-11-13"}
    )
    assert_error(moved, 409, "conflict", reason_code="week_locked")
    into = week.api.post(SHIFTS, headers=week.headers, json={**slot, "shift_date": "2026-11-14"})
    assert_error(into, 409, "conflict", reason_code="week_locked")
    elsewhere = {**slot, "worker_id": week.bob.id, "location_id": week.south.id, "shift_date": "2026-11-14"}
    assert week.api.post(SHIFTS, headers=week.headers, json=elsewhere).status_code == 201  # another site


def test_two_locks_of_one_week_at_once_one_wins_and_the_other_is_a_conflict(week: Week) -> None:
    weeks = [date(2026, 10, 5) + timedelta(weeks=n) for n in range(4)]

    def lock(day: date) -> str:
        try:
            pay_weeks.lock_week(LockPayWeek(client_id=week.client.id, week=day), uow=week.world.uow, clock=week.clock)
        except AlreadyLocked:
            return "conflict"
        return "locked"

    with ThreadPoolExecutor(max_workers=2) as pool:
        for day in weeks:
            results = sorted(pool.map(lock, [day, day]))
            assert results == ["conflict", "locked"]
    pwl = tables.pay_week_locks
    with week.world.services.engine.connect() as connection:
        stored = connection.execute(select(pwl.c.week_start).where(pwl.c.client_id == week.client.id)).scalars().all()
    assert sorted(stored) == weeks


def test_pay_weeks_lists_the_current_week_and_the_seven_before_newest_first_with_meta(week: Week) -> None:
    week.shift("2026-11-10")
    approved = week.shift("2026-11-03")
    week.console("timesheet", "approve", str(approved))
    week.shift("2026-11-17")
    reply = week.weeks()
    starts = [item["week_start"] for item in reply["data"]]
    assert starts == [(date(2026, 11, 16) - timedelta(weeks=n)).isoformat() for n in range(8)]
    assert reply["meta"] == {
        "period_from": "2026-09-28",
        "period_to": "2026-11-22",
        "pay_week_start_day": 1,
        "approval_rule": "agency_approved",
    }
    assert reply["pagination"] == {"total": 8, "limit": 8, "offset": 0, "has_more": False}
    current, last, before = reply["data"][:3]
    assert (current["status"], current["ended"], current["shifts"]) == ("open", False, 1)
    assert (last["status"], last["shifts_not_approved"], last["locked"], last["batches"]) == ("checking", 1, False, [])
    assert (before["status"], before["shifts"], before["shifts_not_approved"]) == ("ready_to_lock", 1, 0)
    assert (before["late_adjustments_due"], before["late_adjustments_paid"], before["late_clocks_in_week"]) == (0, 0, 0)
    assert before["lock_id"] is None
    assert week.pay_week("close", "--week", LAST_WEEK)[0] == 0
    locked = week.weeks(f"week_start={LAST_WEEK}")["data"]
    assert len(locked) == 1
    assert locked[0]["status"] == "locked"
    assert locked[0]["frozen"] is True
    assert locked[0]["locked_at"] == "2026-11-18 12:00:00"
    assert locked[0]["locked_at_utc"] == "2026-11-18T12:00:00Z"
    span = week.weeks("from=2026-11-01&to=2026-11-10")
    assert [item["week_start"] for item in span["data"]] == ["2026-11-09", "2026-11-02", "2026-10-26"]
    assert (span["meta"]["period_from"], span["meta"]["period_to"]) == ("2026-10-26", "2026-11-15")


def test_pay_weeks_counts_open_clock_outs_and_blocking_exceptions(week: Week) -> None:
    long_open = week.shift("2026-11-12", hours=1)
    week.shift("2026-11-10", hours=8)
    clash = week.shift("2026-11-11", hours=2)
    te = tables.time_entries
    with week.world.services.engine.begin() as connection:  # as an import or a bug could leave them
        connection.execute(te.update().where(te.c.id == long_open).values(clock_out=None))  # never clocked out
        inside = {
            "clock_in": datetime(2026, 11, 10, 9, 0, tzinfo=UTC),
            "clock_out": datetime(2026, 11, 10, 11, 0, tzinfo=UTC),
        }
        connection.execute(te.update().where(te.c.id == clash).values(**inside))  # inside Ann's first shift
    item = week.weeks(f"week_start={LAST_WEEK}")["data"][0]
    assert (item["shifts"], item["open_clock_outs"], item["exceptions_open"]) == (3, 1, 2)
    assert item["shifts_not_approved"] == 2
    assert item["status"] == "checking"
    assert week.console("timesheet", "approve", str(clash))[0] == 0  # an approved overlap is resolved
    assert week.weeks(f"week_start={LAST_WEEK}")["data"][0]["exceptions_open"] == 1


def test_a_site_limited_key_gets_its_sites_counts(week: Week) -> None:
    week.shift("2026-11-10")
    week.shift("2026-11-11", south=True)
    week.shift("2026-11-12", south=True)
    limited = week.world.key(week.client.id, ("payroll:read",), location_ids=(week.south.id,))
    item = week.weeks(f"week_start={LAST_WEEK}", headers=limited)["data"][0]
    assert (item["shifts"], item["shifts_not_approved"]) == (2, 2)
    assert week.weeks(f"week_start={LAST_WEEK}")["data"][0]["shifts"] == 3


@pytest.mark.parametrize(
    ("query", "parameter"),
    [
        ("week_start=2026-02-30", "week_start"),
        ("from=2026-11-10&to=2026-11-01", "to"),
        ("from=2026-01-01&to=2026-07-01", "to"),  # 27 weeks
        ("from=2026-11-01", "to"),
        ("week_start=2026-11-10&from=2026-11-01&to=2026-11-10", "week_start"),
    ],
)
def test_bad_input_is_invalid_parameter_naming_it(week: Week, query: str, parameter: str) -> None:
    reply = week.api.get(f"{PAY_WEEKS}?{query}", headers=week.headers)
    assert_error(reply, 400, "invalid_parameter", parameter=parameter)


def test_twenty_six_weeks_is_the_most_and_the_scope_is_payroll_read(week: Week) -> None:
    assert len(week.weeks("from=2026-01-05&to=2026-07-05")["data"]) == 26
    reply = week.api.get(PAY_WEEKS, headers=week.world.key(week.client.id, ("timesheets:read",)))
    assert_error(reply, 403, "insufficient_scope", required_scope="payroll:read")


def test_the_late_clock_counts_show_a_late_clock_in_its_week_then_due_then_paid_in_the_next(
    week: Week, tmp_path: Path
) -> None:
    (tmp_path / "rule.json").write_text(json.dumps(RULE_R))  # a rate: the adjust week's lock pays the late clock
    assert (
        week.console("rate-rule", "create", "--client", str(week.client.id), "--file", str(tmp_path / "rule.json"))[0]
        == 0
    )
    # Rule R's 12.00 is below the 21-and-over minimum wage of November 2026 (12.71), which would hold the
    # lock: Ann is 19, whose band (10.85) it meets
    aged = week.api.put(
        f"{path('workers')}?id={week.ann.id}", headers=week.headers, json={"date_of_birth": "2007-01-01"}
    )
    assert aged.status_code == 200, aged.text
    week.shift("2026-11-10")
    assert week.pay_week("close", "--week", LAST_WEEK)[0] == 0
    late = week.shift("2026-11-12")  # recorded into the locked week
    assert week.console("timesheet", "approve", str(late))[0] == 0  # owed from today, in this week

    def counts(day: str, headers: dict[str, str] | None = None) -> tuple[int, int, int]:
        (found,) = week.weeks(f"week_start={day}", headers)["data"]
        return found["late_clocks_in_week"], found["late_adjustments_due"], found["late_adjustments_paid"]

    assert (counts(LAST_WEEK), counts("2026-11-16")) == ((1, 0, 0), (0, 1, 0))
    south = week.world.key(week.client.id, ("payroll:read",), location_ids=(week.south.id,))
    assert (counts(LAST_WEEK, south), counts("2026-11-16", south)) == ((0, 0, 0), (0, 0, 0))  # another site's
    week.clock.set(NOON + timedelta(days=6))  # Tuesday 24th: the adjust week has ended; its lock pays it
    code, body = week.pay_week("lock", "--week", "2026-11-16")
    assert code == 0, body
    assert (counts(LAST_WEEK), counts("2026-11-16")) == ((1, 0, 0), (0, 0, 1))
