"""The console's time records (issue 3): ``workforce timesheet ...``, ``survey create`` and ``shift book``.

Every command prints one JSON object; a refusal exits 1 with ``{error_code, message}`` on stderr and
changes nothing (no event). The console runs on the real clock, so shifts are typed in the past and
open shifts are clocked in over HTTP with the fake clock set back.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.helpers import LOCAL_TIME, UTC_TIME, assert_error, data, path
from workforce_core.commands.time_records import Backfill
from workforce_core.services import time_records
from workforce_entrypoints.cli.main import app as cli_app

# The time_entry.* data fields of the spec's catalogue (without change and the extras).
ENTRY_FIELDS = frozenset(
    {
        "client_id",
        "location_id",
        "location_name",
        "entry_id",
        "worker_id",
        "worker_name",
        "employee_id",
        "worker_client_id",
        "department_id",
        "scheduled_shift_id",
        "entry_type",
        "clock_in",
        "clock_out",
        "clock_in_utc",
        "clock_out_utc",
        "total_minutes",
        "manual_break_minutes",
        "pay_adjustment_minutes",
        "clock_method",
        "clock_out_method",
        "approval_status",
        "client_approval",
        "client_rejected_reason",
        "queried",
        "exported_batch_id",
        "edit_count",
        # additive: the query, its question and its answer
        "open_query",
        "query_text",
        "query_answer",
    }
)
BATCH_FIELDS = frozenset({"client_id", "location_id", "count", "entry_ids", "entries", "via"})
UPDATED_FIELDS = ENTRY_FIELDS | {"change", "via", "reason_code", "changes", "adjustment_id"}


# ---- helpers ----------------------------------------------------------------------------------------------


def run(console: Console, *args: str) -> Any:
    return console.runner.invoke(cli_app, ["--db", console.database_url, *args], catch_exceptions=False)


def ok(console: Console, *args: str) -> dict[str, Any]:
    """A command that must succeed: exit 0 and exactly one JSON object on stdout."""
    result = run(console, *args)
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    assert len(lines) == 1, result.stdout
    parsed = json.loads(lines[0])
    assert isinstance(parsed, dict)
    return parsed


def fails(console: Console, *args: str, error_code: str, **extra: Any) -> dict[str, Any]:
    """A command that must fail: exit 1, nothing on stdout, one JSON error on stderr with these values."""
    result = run(console, *args)
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    error = json.loads(result.stderr)
    assert error["error_code"] == error_code, error
    assert isinstance(error["message"], str)
    assert error["message"]
    for key, value in extra.items():
        assert key in error, error
        assert error[key] == value, error
    return dict(error)


class Acme:
    """One client with two sites and two active workers."""

    def __init__(self, world: World, **settings: Any) -> None:
        self.world = world
        self.client = world.account("Acme Staffing", **settings)
        self.site = world.site(self.client.id, "North Warehouse")
        self.other_site = world.site(self.client.id, "South Depot")
        self.ann = world.worker(self.client.id, "Ann Worker", location_id=self.site.id).worker
        self.bob = world.worker(self.client.id, "Bob Worker", location_id=self.site.id).worker

    def backfill(self, console: Console, start: str, end: str, *extra: str, worker: int = 0, site: int = 0) -> Any:
        return ok(
            console,
            "timesheet",
            "backfill",
            "--worker",
            str(worker or self.ann.id),
            "--location",
            str(site or self.site.id),
            "--clock-in",
            start,
            "--clock-out",
            end,
            *extra,
        )


@pytest.fixture
def acme(world: World) -> Acme:
    return Acme(world)


def events(world: World, name: str) -> list[dict[str, Any]]:
    return [row["data"] for row in world.outbox(name)]


def time_events(world: World) -> list[str]:
    """The names of the events recorded about time (set-up sends ``worker.created``), oldest first."""
    return [row["event"] for row in world.outbox() if not row["event"].startswith("worker")]


def clock_in_over_http(api: TestClient, world: World, clock: FakeClock, worker_id: int, at: datetime) -> int:
    """An open shift clocked in over POST /clock.php at ``at`` (the fake clock is set there)."""
    clock.set(at)
    headers = world.key(_client_of(world, worker_id))
    reply = api.post(path("clock"), json={"worker_id": worker_id, "action": "in"}, headers=headers)
    return int(data(reply, 201)["entry_id"])


def _client_of(world: World, worker_id: int) -> int:
    with world.uow() as tx:
        worker = tx.workers.get(worker_id)
        assert worker is not None
        return worker.client_id


def entry_ids(world: World, acme: Acme, count: int) -> list[int]:
    """``count`` one-hour shifts of Ann, typed in through the core (fast), each on its own day."""
    made = []
    for day in range(count):
        start = datetime(2026, 1, 1, 9, tzinfo=UTC) + timedelta(days=day)
        paper = Backfill(
            worker_id=acme.ann.id, location_id=acme.site.id, clock_in=start, clock_out=start + timedelta(hours=1)
        )
        view = time_records.backfill(paper, uow=world.uow, clock=world.clock)
        made.append(view.entry.id)
    return made


# ---- --help -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        ("timesheet",),
        ("timesheet", "backfill"),
        ("timesheet", "break"),
        ("timesheet", "approve"),
        ("timesheet", "client-approve"),
        ("timesheet", "client-reject"),
        ("timesheet", "revert"),
        ("timesheet", "query"),
        ("timesheet", "resolve-query"),
        ("timesheet", "answer-query"),
        ("timesheet", "dispute"),
        ("timesheet", "edit"),
        ("timesheet", "clock-out"),
        ("timesheet", "auto-close"),
        ("timesheet", "amend"),
        ("survey", "create"),
        ("shift", "book"),
    ],
    ids=" ".join,
)
def test_help_works_for_every_time_command(console: Console, command: tuple[str, ...]) -> None:
    result = run(console, *command, "--help")
    assert result.exit_code == 0, result.output
    usage = next(line for line in result.stdout.splitlines() if "Usage:" in line)
    assert " ".join(command) in usage


# ---- backfill ---------------------------------------------------------------------------------------------


def test_backfill_prints_the_shift_and_sends_time_entry_created(console: Console, world: World, acme: Acme) -> None:
    shift = acme.backfill(console, "2026-02-03 08:00", "2026-02-03 16:30", "--break-minutes", "30")
    assert shift["entry_type"] == "shift"
    assert (shift["worker_id"], shift["worker_name"], shift["employee_id"]) == (acme.ann.id, "Ann Worker", "W00001")
    assert (shift["location_id"], shift["location_name"], shift["client_id"]) == (
        acme.site.id,
        "North Warehouse",
        acme.client.id,
    )
    assert (shift["clock_in"], shift["clock_in_utc"]) == ("2026-02-03 08:00:00", "2026-02-03T08:00:00Z")
    assert (shift["clock_out"], shift["clock_out_utc"]) == ("2026-02-03 16:30:00", "2026-02-03T16:30:00Z")
    assert (shift["total_minutes"], shift["hours"]) == (510, 8.5)
    assert (shift["clock_method"], shift["clock_out_method"]) == ("backfill", "backfill")
    assert shift["manual_break_minutes"] == 30
    assert (shift["approval_status"], shift["approved"], shift["client_approval"]) == ("pending", False, "pending")
    assert (shift["edited"], shift["edit_count"], shift["scheduled_shift_id"]) == (False, 0, None)
    assert LOCAL_TIME.match(shift["created_at"])
    [event] = world.outbox("time_entry.created")
    assert event["client_id"] == acme.client.id
    created = event["data"]
    assert set(created) == ENTRY_FIELDS | {"change", "via", "reason_code", "batch_id"}
    assert (created["change"], created["via"], created["reason_code"], created["batch_id"]) == (
        "backfill",
        "admin",
        None,
        None,
    )
    assert created["entry_id"] == shift["id"]
    assert (created["clock_in"], created["clock_out_utc"]) == ("2026-02-03 08:00:00", "2026-02-03T16:30:00Z")
    assert (created["total_minutes"], created["manual_break_minutes"]) == (510, 30)
    assert (created["clock_method"], created["worker_client_id"], created["location_name"]) == (
        "backfill",
        acme.client.id,
        "North Warehouse",
    )


@pytest.mark.parametrize(
    ("start", "end", "minutes", "end_utc"),
    [
        ("2026-03-28 22:00", "2026-03-29 06:00", 420, "2026-03-29T05:00:00Z"),  # clocks go forward: an hour less
        ("2026-10-24 22:00", "2026-10-25 06:00", 540, "2026-10-25T06:00:00Z"),  # clocks go back: an hour more
    ],
    ids=["spring", "autumn"],
)
def test_backfill_across_a_clock_change_counts_real_time(
    console: Console, acme: Acme, start: str, end: str, minutes: int, end_utc: str
) -> None:
    shift = acme.backfill(console, start, end)
    assert shift["total_minutes"] == minutes
    assert shift["clock_out_utc"] == end_utc


def test_backfill_in_the_repeated_hour_reads_the_first_pass_unless_an_offset_is_given(
    console: Console, acme: Acme
) -> None:
    first = acme.backfill(console, "2026-10-25 00:30", "2026-10-25 01:30")
    assert (first["clock_out_utc"], first["total_minutes"]) == ("2026-10-25T00:30:00Z", 60)
    second = acme.backfill(console, "2026-10-25 01:30+00:00", "2026-10-25 03:00", worker=acme.bob.id)
    assert (second["clock_in"], second["clock_in_utc"], second["total_minutes"]) == (
        "2026-10-25 01:30:00",
        "2026-10-25T01:30:00Z",
        90,
    )


def test_backfill_links_the_booking_named_or_the_one_covering_it(console: Console, world: World, acme: Acme) -> None:
    booked = ok(
        console,
        *("shift", "book", "--client", str(acme.client.id), "--worker", str(acme.ann.id)),
        *("--location", str(acme.site.id), "--date", "2026-02-10", "--start", "08:00", "--end", "16:00"),
    )
    named = acme.backfill(console, "2026-02-10 08:05", "2026-02-10 16:00", "--shift", str(booked["id"]))
    assert named["scheduled_shift_id"] == booked["id"]
    covering = ok(
        console,
        *("shift", "book", "--client", str(acme.client.id), "--worker", str(acme.ann.id)),
        *("--location", str(acme.site.id), "--date", "2026-02-11", "--start", "08:00", "--end", "16:00"),
    )
    found = acme.backfill(console, "2026-02-11 08:10", "2026-02-11 15:50")
    assert found["scheduled_shift_id"] == covering["id"]
    elsewhere = acme.backfill(console, "2026-02-12 08:00", "2026-02-12 16:00", site=acme.other_site.id)
    assert elsewhere["scheduled_shift_id"] is None
    assert events(world, "time_entry.created")[0]["scheduled_shift_id"] == booked["id"]


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (("--clock-in", "2026-02-03 08:00", "--clock-out", "2026-02-03 07:00"), "clock_out"),
        (("--clock-in", "2026-02-03 08:00", "--clock-out", "2026-02-03 08:00"), "clock_out"),
        (("--clock-in", "2026-02-03 08:00", "--clock-out", "2026-02-04 08:01"), "clock_out"),
        (("--clock-in", "03/02/2026 08:00", "--clock-out", "2026-02-03 16:00"), "clock_in"),
        (("--clock-in", "2026-02-03", "--clock-out", "2026-02-03 16:00"), "clock_in"),
        (("--clock-in", "2026-02-30 08:00", "--clock-out", "2026-02-03 16:00"), "clock_in"),
        (("--clock-in", "2026-03-29 01:30", "--clock-out", "2026-03-29 06:00"), "clock_in"),
        (("--clock-in", "2099-01-01 08:00", "--clock-out", "2099-01-01 16:00"), "clock_in"),
        (("--clock-in", "2026-02-03 08:00", "--clock-out", "2026-02-03 16:00", "--break-minutes", "480"), None),
        (("--clock-in", "2026-02-03 08:00", "--clock-out", "2026-02-03 16:00", "--break-minutes", "-1"), None),
    ],
    ids=[
        "out-before-in",
        "zero-length",
        "over-24-hours",
        "not-iso",
        "no-time",
        "no-such-day",
        "skipped-spring-hour",
        "future",
        "break-as-long-as-the-shift",
        "negative-break",
    ],
)
def test_backfill_refuses_bad_times(
    console: Console, world: World, acme: Acme, args: tuple[str, ...], field: str | None
) -> None:
    base = ("timesheet", "backfill", "--worker", str(acme.ann.id), "--location", str(acme.site.id))
    error = fails(console, *base, *args, error_code="validation_failed")
    assert error["field"] == (field or "break_minutes")
    assert time_events(world) == []


def test_backfill_refuses_unknown_or_foreign_records_and_pending_workers(
    console: Console, world: World, acme: Acme
) -> None:
    times = ("--clock-in", "2026-02-03 08:00", "--clock-out", "2026-02-03 16:00")
    other = world.account("Other Agency")
    foreign_site = world.site(other.id, "Their Site")
    pending = world.worker(acme.client.id, "Pat Pending", pending=True).worker
    base = ("timesheet", "backfill")
    fails(
        console,
        *base,
        *("--worker", "9999", "--location", str(acme.site.id)),
        *times,
        error_code="not_found",
        field="worker_id",
    )
    fails(
        console,
        *base,
        *("--worker", str(acme.ann.id), "--location", str(foreign_site.id)),
        *times,
        error_code="location_not_found",
        field="location_id",
    )
    fails(
        console,
        *base,
        *("--worker", str(pending.id), "--location", str(acme.site.id)),
        *times,
        error_code="worker_pending",
    )
    fails(
        console,
        *base,
        *("--worker", str(acme.ann.id), "--location", str(acme.site.id)),
        *times,
        "--shift",
        "777",
        error_code="not_found",
        field="scheduled_shift_id",
    )
    assert time_events(world) == []


def test_backfill_refuses_an_overlap_with_the_workers_other_shift(console: Console, world: World, acme: Acme) -> None:
    first = acme.backfill(console, "2026-02-03 08:00", "2026-02-03 16:00")
    later = acme.backfill(console, "2026-02-05 08:00", "2026-02-05 16:00")
    fails(
        console,
        *("timesheet", "backfill", "--worker", str(acme.ann.id), "--location", str(acme.other_site.id)),
        *("--clock-in", "2026-02-05 15:00", "--clock-out", "2026-02-05 20:00"),
        error_code="conflict",
        entry_id=later["id"],
    )
    fails(
        console,
        *("timesheet", "backfill", "--worker", str(acme.ann.id), "--location", str(acme.site.id)),
        *("--clock-in", "2026-02-05 06:00", "--clock-out", "2026-02-05 08:01"),
        error_code="conflict",
        entry_id=later["id"],
    )
    # Touching shifts do not overlap; a shift in the gap between two others is fine; another worker is free.
    touching = acme.backfill(console, "2026-02-05 16:00", "2026-02-05 18:00")
    gap = acme.backfill(console, "2026-02-04 08:00", "2026-02-04 16:00")
    bob = acme.backfill(console, "2026-02-03 08:00", "2026-02-03 16:00", worker=acme.bob.id)
    assert [row["entry_id"] for row in events(world, "time_entry.created")] == [
        first["id"],
        later["id"],
        touching["id"],
        gap["id"],
        bob["id"],
    ]


def test_backfill_refuses_a_shift_after_an_open_one(
    console: Console, world: World, acme: Acme, api: TestClient, clock: FakeClock
) -> None:
    open_id = clock_in_over_http(api, world, clock, acme.ann.id, datetime(2026, 2, 3, 8, 0, tzinfo=UTC))
    fails(
        console,
        *("timesheet", "backfill", "--worker", str(acme.ann.id), "--location", str(acme.site.id)),
        *("--clock-in", "2026-02-04 08:00", "--clock-out", "2026-02-04 16:00"),
        error_code="conflict",
        entry_id=open_id,
    )
    before = acme.backfill(console, "2026-02-02 08:00", "2026-02-02 16:00")
    assert before["total_minutes"] == 480


# ---- breaks -----------------------------------------------------------------------------------------------


def test_break_is_an_entry_inside_its_shift(console: Console, world: World, acme: Acme) -> None:
    shift = acme.backfill(console, "2026-02-03 08:00", "2026-02-03 16:00")
    piece = ok(
        console, "timesheet", "break", str(shift["id"]), "--start", "2026-02-03 12:00", "--end", "2026-02-03 12:30"
    )
    assert piece["entry_type"] == "break"
    assert (piece["clock_in"], piece["clock_out"], piece["total_minutes"]) == (
        "2026-02-03 12:00:00",
        "2026-02-03 12:30:00",
        30,
    )
    assert (piece["worker_id"], piece["location_id"]) == (acme.ann.id, acme.site.id)
    assert piece["shift"]["id"] == shift["id"]
    assert piece["shift"]["approval_status"] == "pending"
    created = events(world, "time_entry.created")[-1]
    assert (created["entry_id"], created["entry_type"], created["change"]) == (piece["id"], "break", "backfill")
    assert world.outbox("timesheet.unapproved") == []


def test_break_outside_its_shift_or_over_another_break_is_refused(console: Console, world: World, acme: Acme) -> None:
    shift = acme.backfill(console, "2026-02-03 08:00", "2026-02-03 16:00")
    sid = str(shift["id"])
    fails(
        console,
        *("timesheet", "break", sid, "--start", "2026-02-03 07:30", "--end", "2026-02-03 08:15"),
        error_code="conflict",
        entry_id=shift["id"],
    )
    fails(
        console,
        *("timesheet", "break", sid, "--start", "2026-02-03 15:50", "--end", "2026-02-03 16:10"),
        error_code="conflict",
        entry_id=shift["id"],
    )
    first = ok(console, "timesheet", "break", sid, "--start", "2026-02-03 12:00", "--end", "2026-02-03 12:30")
    fails(
        console,
        *("timesheet", "break", sid, "--start", "2026-02-03 12:15", "--end", "2026-02-03 12:45"),
        error_code="conflict",
        entry_id=first["id"],
    )
    fails(
        console,
        *("timesheet", "break", sid, "--start", "2026-02-03 13:00", "--end", "2026-02-03 12:45"),
        error_code="validation_failed",
        field="end",
    )
    fails(
        console,
        *("timesheet", "break", "9999", "--start", "2026-02-03 13:00", "--end", "2026-02-03 13:15"),
        error_code="not_found",
        entry_id=9999,
    )
    # A break is not a shift: approvals and corrections refuse it.
    fails(console, "timesheet", "approve", str(first["id"]), error_code="conflict", entry_id=first["id"])
    fails(console, "timesheet", "break", str(first["id"]), "--start", "2026-02-03 12:05", "--end", "2026-02-03 12:10",
          error_code="conflict", entry_id=first["id"])  # fmt: skip
    assert len(world.outbox("time_entry.created")) == 2


def test_break_on_an_approved_shift_sends_it_back_to_pending(console: Console, world: World, acme: Acme) -> None:
    shift = acme.backfill(console, "2026-02-03 08:00", "2026-02-03 16:00")
    ok(console, "timesheet", "approve", str(shift["id"]))
    piece = ok(
        console, "timesheet", "break", str(shift["id"]), "--start", "2026-02-03 12:00", "--end", "2026-02-03 12:20"
    )
    assert (piece["shift"]["approval_status"], piece["shift"]["approved"], piece["shift"]["approved_at"]) == (
        "pending",
        False,
        None,
    )
    [unapproved] = events(world, "timesheet.unapproved")
    assert (unapproved["reason_code"], unapproved["entry_ids"]) == ("corrected", [shift["id"]])


# ---- approve, client sign-off -----------------------------------------------------------------------------


def test_approve_sends_one_event_per_site(console: Console, world: World, acme: Acme) -> None:
    a = acme.backfill(console, "2026-02-03 08:00", "2026-02-03 16:00")
    b = acme.backfill(console, "2026-02-04 08:00", "2026-02-04 16:00", site=acme.other_site.id)
    c = acme.backfill(console, "2026-02-03 08:00", "2026-02-03 12:00", worker=acme.bob.id)
    reply = ok(console, "timesheet", "approve", str(a["id"]), str(b["id"]), str(c["id"]), str(a["id"]))
    assert (reply["count"], reply["entry_ids"]) == (3, [a["id"], b["id"], c["id"]])
    for entry in reply["entries"]:
        assert (entry["approval_status"], entry["approved"]) == ("approved", True)
        assert LOCAL_TIME.match(entry["approved_at"])
        assert entry["approved_by"] is None
    rows = world.outbox("timesheet.approved")
    assert [row["client_id"] for row in rows] == [acme.client.id, acme.client.id]
    north, south = (row["data"] for row in rows)
    for batch in (north, south):
        assert set(batch) == BATCH_FIELDS
        assert batch["client_id"] == acme.client.id
        assert batch["via"] == "admin_timesheets"
        for entry in batch["entries"]:
            assert set(entry) == ENTRY_FIELDS
            assert entry["approval_status"] == "approved"
    assert (north["location_id"], north["count"], north["entry_ids"]) == (acme.site.id, 2, [a["id"], c["id"]])
    assert [e["entry_id"] for e in north["entries"]] == [a["id"], c["id"]]
    assert [e["worker_name"] for e in north["entries"]] == ["Ann Worker", "Bob Worker"]
    assert (south["location_id"], south["count"], south["entry_ids"]) == (acme.other_site.id, 1, [b["id"]])
    assert south["entries"][0]["location_name"] == "South Depot"


def test_approve_sends_at_most_100_shifts_per_event(console: Console, world: World, acme: Acme) -> None:
    made = entry_ids(world, acme, 101)
    reply = ok(console, "timesheet", "approve", *map(str, made))
    assert reply["count"] == 101
    batches = events(world, "timesheet.approved")
    assert [batch["count"] for batch in batches] == [100, 1]
    assert batches[0]["entry_ids"] == made[:100]
    assert batches[1]["entry_ids"] == made[100:]
    assert len(batches[0]["entries"]) == 100


def test_approve_is_all_or_nothing_and_refuses_moves_the_table_does_not_allow(
    console: Console, world: World, acme: Acme, api: TestClient, clock: FakeClock
) -> None:
    a = acme.backfill(console, "2026-02-03 08:00", "2026-02-03 16:00")
    fails(console, "timesheet", "approve", str(a["id"]), "9999", error_code="not_found", entry_id=9999)
    open_id = clock_in_over_http(api, world, clock, acme.bob.id, datetime(2026, 2, 3, 8, 0, tzinfo=UTC))
    fails(console, "timesheet", "approve", str(a["id"]), str(open_id), error_code="conflict", entry_id=open_id)
    assert world.outbox("timesheet.approved") == []
    ok(console, "timesheet", "approve", str(a["id"]))
    error = fails(console, "timesheet", "approve", str(a["id"]), error_code="conflict", entry_id=a["id"])
    assert "pending" in error["message"]
    assert len(world.outbox("timesheet.approved")) == 1


def test_client_approve_signs_off_once(console: Console, world: World, acme: Acme) -> None:
    a = acme.backfill(console, "2026-02-03 08:00", "2026-02-03 16:00")
    reply = ok(console, "timesheet", "client-approve", str(a["id"]))
    [entry] = reply["entries"]
    assert (entry["client_approval"], entry["client_approved"], entry["approval_status"]) == (
        "approved",
        True,
        "pending",
    )
    assert LOCAL_TIME.match(entry["client_approved_at"])
    [batch] = events(world, "timesheet.client_approved")
    assert set(batch) == BATCH_FIELDS
    assert (batch["via"], batch["location_id"], batch["count"], batch["entry_ids"]) == (
        "portal",
        acme.site.id,
        1,
        [a["id"]],
    )
    assert batch["entries"][0]["client_approval"] == "approved"
    fails(console, "timesheet", "client-approve", str(a["id"]), error_code="conflict", entry_id=a["id"])
    fails(
        console, "timesheet", "client-reject", str(a["id"]), "--reason", "no", error_code="conflict", entry_id=a["id"]
    )
    assert world.outbox("timesheet.client_rejected") == []


def test_client_reject_records_the_reason(console: Console, world: World, acme: Acme) -> None:
    a = acme.backfill(console, "2026-02-03 08:00", "2026-02-03 16:00")
    b = acme.backfill(console, "2026-02-04 08:00", "2026-02-04 16:00")
    fails(console, "timesheet", "client-reject", str(a["id"]), "--reason", "  ", error_code="validation_failed",
          field="reason")  # fmt: skip
    reply = ok(console, "timesheet", "client-reject", str(a["id"]), str(b["id"]), "--reason", "Not on site that day")
    for entry in reply["entries"]:
        assert (entry["client_approval"], entry["client_approved"]) == ("rejected", False)
        assert entry["client_rejected_reason"] == "Not on site that day"
    [batch] = events(world, "timesheet.client_rejected")
    assert set(batch) == BATCH_FIELDS | {"reason"}
    assert (batch["reason"], batch["via"], batch["count"], batch["entry_ids"]) == (
        "Not on site that day",
        "portal",
        2,
        [a["id"], b["id"]],
    )
    assert batch["entries"][1]["client_rejected_reason"] == "Not on site that day"
    fails(console, "timesheet", "client-approve", str(b["id"]), error_code="conflict", entry_id=b["id"])


# ---- revert, dispute --------------------------------------------------------------------------------------


def test_revert_sends_an_approved_shift_back_to_pending(console: Console, world: World, acme: Acme) -> None:
    a = acme.backfill(console, "2026-02-03 08:00", "2026-02-03 16:00")
    fails(console, "timesheet", "revert", str(a["id"]), error_code="conflict", entry_id=a["id"])
    ok(console, "timesheet", "approve", str(a["id"]))
    [entry] = ok(console, "timesheet", "revert", str(a["id"]))["entries"]
    assert (entry["approval_status"], entry["approved"], entry["approved_at"]) == ("pending", False, None)
    [batch] = events(world, "timesheet.unapproved")
    assert set(batch) == BATCH_FIELDS | {"reason_code"}
    assert (batch["reason_code"], batch["via"], batch["entry_ids"]) == ("reverted", "admin_timesheets", [a["id"]])
    assert batch["entries"][0]["approval_status"] == "pending"


def test_dispute_moves_an_approved_shift_to_disputed(console: Console, world: World, acme: Acme) -> None:
    a = acme.backfill(console, "2026-02-03 08:00", "2026-02-03 16:00")
    fails(console, "timesheet", "dispute", str(a["id"]), error_code="conflict", entry_id=a["id"])
    ok(console, "timesheet", "approve", str(a["id"]))
    disputed = ok(console, "timesheet", "dispute", str(a["id"]))
    assert (disputed["id"], disputed["approval_status"], disputed["approved"]) == (a["id"], "disputed", False)
    [batch] = events(world, "timesheet.unapproved")
    assert (batch["reason_code"], batch["via"], batch["count"]) == ("disputed", "tenant_timesheets", 1)
    # A disputed shift cannot be approved, reverted or disputed again; a correction settles it.
    for action in ("approve", "revert", "dispute"):
        fails(console, "timesheet", action, str(a["id"]), error_code="conflict", entry_id=a["id"])
    settled = ok(console, "timesheet", "edit", str(a["id"]), "--clock-out", "2026-02-03 15:00")
    assert settled["approval_status"] == "pending"
    assert len(world.outbox("timesheet.unapproved")) == 1
    ok(console, "timesheet", "approve", str(a["id"]))


# ---- query ------------------------------------------------------------------------------------------------


def test_query_holds_the_shift_and_resolve_query_releases_it(console: Console, world: World, acme: Acme) -> None:
    a = acme.backfill(console, "2026-02-03 08:00", "2026-02-03 16:00")
    fails(console, "timesheet", "resolve-query", str(a["id"]), error_code="conflict", entry_id=a["id"])
    fails(console, "timesheet", "query", str(a["id"]), "--via", "robot", error_code="validation_failed", field="via")
    plain = ok(console, "timesheet", "query", str(a["id"]), "--via", "client")  # the contract's form: no question
    assert (plain["queried"], plain["open_query"], plain["query_text"]) == (True, True, None)
    queried = ok(console, "timesheet", "query", str(a["id"]), "--via", "client", "--question", "Was Ann in?")
    assert (queried["queried"], queried["open_query"], queried["query_text"]) == (True, True, "Was Ann in?")
    [_, batch] = events(world, "timesheet.queried")
    assert set(batch) == BATCH_FIELDS
    assert (batch["via"], batch["entry_ids"], batch["location_id"]) == ("client", [a["id"]], acme.site.id)
    assert batch["entries"][0]["queried"] is True
    resolved = ok(console, "timesheet", "resolve-query", str(a["id"]))
    assert (resolved["queried"], resolved["open_query"]) == (True, False)
    [updated] = events(world, "time_entry.updated")
    assert set(updated) == UPDATED_FIELDS
    assert (updated["change"], updated["changes"], updated["via"], updated["queried"]) == (
        "query_resolved",
        ["open_query"],
        "admin_timesheets",
        True,
    )
    fails(console, "timesheet", "resolve-query", str(a["id"]), error_code="conflict", entry_id=a["id"])
    again = ok(console, "timesheet", "query", str(a["id"]), "--via", "worker")
    assert (again["open_query"], again["query_text"]) == (True, None)
    assert [row["via"] for row in events(world, "timesheet.queried")] == ["client", "client", "worker"]
    answered = ok(console, "timesheet", "answer-query", str(a["id"]), "--answer", "Yes, all day.")
    assert (answered["open_query"], answered["query_answer"]) == (False, "Yes, all day.")
    assert events(world, "time_entry.updated")[-1]["changes"] == ["open_query", "query_answer"]


# ---- edit -------------------------------------------------------------------------------------------------


def test_edit_corrects_the_shift_and_keeps_the_first_originals(console: Console, world: World, acme: Acme) -> None:
    a = acme.backfill(console, "2026-02-03 08:00", "2026-02-03 16:00")
    first = ok(
        console,
        *("timesheet", "edit", str(a["id"]), "--clock-in", "2026-02-03 08:30", "--break-minutes", "45"),
        *("--pay-adjustment-minutes", "-15"),
    )
    assert (first["clock_in"], first["clock_out"], first["total_minutes"]) == (
        "2026-02-03 08:30:00",
        "2026-02-03 16:00:00",
        450,
    )
    assert (first["manual_break_minutes"], first["pay_adjustment_minutes"]) == (45, -15)
    assert (first["edited"], first["edit_count"]) == (True, 1)
    assert (first["original_clock_in"], first["original_clock_out"]) == ("2026-02-03 08:00:00", "2026-02-03 16:00:00")
    assert LOCAL_TIME.match(first["edited_at"])
    second = ok(console, "timesheet", "edit", str(a["id"]), "--clock-out", "2026-02-03 17:00")
    assert (second["edit_count"], second["total_minutes"]) == (2, 510)
    assert (second["original_clock_in"], second["original_clock_out"]) == ("2026-02-03 08:00:00", "2026-02-03 16:00:00")
    one, two = events(world, "time_entry.updated")
    assert set(one) == UPDATED_FIELDS
    assert (one["change"], one["via"], one["reason_code"], one["adjustment_id"]) == (
        "corrected",
        "admin_timesheets",
        None,
        None,
    )
    assert one["changes"] == ["clock_in", "manual_break_minutes", "pay_adjustment_minutes"]
    assert (one["edit_count"], one["clock_in_utc"], one["pay_adjustment_minutes"]) == (1, "2026-02-03T08:30:00Z", -15)
    assert (two["changes"], two["edit_count"], two["clock_out"]) == (["clock_out"], 2, "2026-02-03 17:00:00")
    assert world.outbox("timesheet.unapproved") == []


def test_edit_of_an_approved_shift_sends_it_back_to_pending(console: Console, world: World, acme: Acme) -> None:
    a = acme.backfill(console, "2026-02-03 08:00", "2026-02-03 16:00")
    ok(console, "timesheet", "approve", str(a["id"]))
    edited = ok(console, "timesheet", "edit", str(a["id"]), "--break-minutes", "30")
    assert (edited["approval_status"], edited["approved"], edited["approved_at"]) == ("pending", False, None)
    assert time_events(world) == [
        "time_entry.created",
        "timesheet.approved",
        "time_entry.updated",
        "timesheet.unapproved",
    ]
    [batch] = events(world, "timesheet.unapproved")
    assert (batch["reason_code"], batch["via"], batch["entry_ids"]) == ("corrected", "admin_timesheets", [a["id"]])
    assert batch["entries"][0]["manual_break_minutes"] == 30


def test_edit_that_changes_nothing_is_not_an_edit(console: Console, world: World, acme: Acme) -> None:
    a = acme.backfill(console, "2026-02-03 08:00", "2026-02-03 16:00")
    same = ok(console, "timesheet", "edit", str(a["id"]), "--clock-in", "2026-02-03 08:00")
    assert (same["edit_count"], same["edited"], same["original_clock_in"]) == (0, False, None)
    assert world.outbox("time_entry.updated") == []


def test_edit_refuses_bad_corrections(console: Console, world: World, acme: Acme) -> None:
    a = acme.backfill(console, "2026-02-03 08:00", "2026-02-03 16:00")
    b = acme.backfill(console, "2026-02-03 18:00", "2026-02-03 22:00")
    sid = str(a["id"])
    fails(console, "timesheet", "edit", sid, error_code="validation_failed", field=None)
    fails(console, "timesheet", "edit", sid, "--clock-out", "2026-02-03 07:00", error_code="validation_failed",
          field="clock_out")  # fmt: skip
    fails(console, "timesheet", "edit", sid, "--clock-out", "tomorrow", error_code="validation_failed",
          field="clock_out")  # fmt: skip
    fails(console, "timesheet", "edit", sid, "--break-minutes", "481", error_code="validation_failed",
          field="break_minutes")  # fmt: skip
    fails(console, "timesheet", "edit", sid, "--pay-adjustment-minutes", "1441", error_code="validation_failed",
          field="pay_adjustment_minutes")  # fmt: skip
    fails(console, "timesheet", "edit", sid, "--clock-out", "2026-02-03 18:30", error_code="conflict",
          entry_id=b["id"])  # fmt: skip
    fails(console, "timesheet", "edit", "9999", "--break-minutes", "5", error_code="not_found", entry_id=9999)
    piece = ok(console, "timesheet", "break", sid, "--start", "2026-02-03 15:00", "--end", "2026-02-03 15:30")
    fails(console, "timesheet", "edit", sid, "--clock-out", "2026-02-03 15:15", error_code="conflict",
          entry_id=piece["id"])  # fmt: skip
    assert world.outbox("time_entry.updated") == []
    assert ok(console, "timesheet", "edit", sid, "--break-minutes", "10")["edit_count"] == 1


# ---- clock-out by hand, auto clock-out --------------------------------------------------------------------


def test_clock_out_by_hand_closes_an_open_shift(
    console: Console, world: World, acme: Acme, api: TestClient, clock: FakeClock
) -> None:
    open_id = clock_in_over_http(api, world, clock, acme.ann.id, datetime(2026, 2, 3, 8, 0, tzinfo=UTC))
    fails(console, "timesheet", "clock-out", str(open_id), "--at", "2026-02-03 07:59", error_code="validation_failed",
          field="clock_out")  # fmt: skip
    fails(console, "timesheet", "edit", str(open_id), "--clock-out", "2026-02-03 16:00", error_code="conflict",
          entry_id=open_id)  # fmt: skip
    closed = ok(console, "timesheet", "clock-out", str(open_id), "--at", "2026-02-03 16:15")
    assert (closed["clock_out"], closed["clock_out_utc"], closed["total_minutes"]) == (
        "2026-02-03 16:15:00",
        "2026-02-03T16:15:00Z",
        495,
    )
    assert (closed["clock_method"], closed["clock_out_method"], closed["edit_count"]) == ("api", "manual", 0)
    [updated] = events(world, "time_entry.updated")
    assert set(updated) == UPDATED_FIELDS
    assert (updated["change"], updated["changes"], updated["clock_out_method"], updated["total_minutes"]) == (
        "clocked_out",
        ["clock_out"],
        "manual",
        495,
    )
    fails(console, "timesheet", "clock-out", str(open_id), "--at", "2026-02-03 17:00", error_code="conflict",
          entry_id=open_id)  # fmt: skip
    assert world.outbox("clock_out") == []


def test_auto_close_closes_shifts_open_18_hours(
    console: Console, world: World, api: TestClient, clock: FakeClock
) -> None:
    acme = Acme(world, default_shift_hours=6)
    booking = ok(
        console,
        *("shift", "book", "--client", str(acme.client.id), "--worker", str(acme.bob.id)),
        *("--location", str(acme.site.id), "--date", "2026-03-11", "--start", "06:00", "--end", "14:30"),
    )
    unbooked = clock_in_over_http(api, world, clock, acme.ann.id, datetime(2026, 3, 10, 8, 0, tzinfo=UTC))
    booked = clock_in_over_http(api, world, clock, acme.bob.id, datetime(2026, 3, 11, 6, 5, tzinfo=UTC))
    third = world.worker(acme.client.id, "Cat Worker", location_id=acme.site.id).worker
    recent = clock_in_over_http(api, world, clock, third.id, datetime.now(UTC) - timedelta(hours=17))
    reply = ok(console, "timesheet", "auto-close")
    assert (reply["count"], reply["entry_ids"]) == (2, [unbooked, booked])
    first, second = reply["entries"]
    assert (first["clock_out"], first["total_minutes"], first["clock_out_method"]) == (
        "2026-03-10 14:00:00",
        360,
        "auto",
    )
    assert (second["scheduled_shift_id"], second["clock_out"], second["clock_out_utc"]) == (
        booking["id"],
        "2026-03-11 14:30:00",
        "2026-03-11T14:30:00Z",
    )
    rows = world.outbox("time_entry.auto_closed")
    assert [row["data"]["entry_id"] for row in rows] == [unbooked, booked]
    for row in rows:
        assert set(row["data"]) == ENTRY_FIELDS | {"change"}
        assert (row["data"]["change"], row["data"]["clock_out_method"]) == ("auto_closed", "auto")
        assert row["client_id"] == acme.client.id
    assert ok(console, "timesheet", "auto-close") == {"count": 0, "entry_ids": [], "entries": []}
    with world.uow() as tx:
        still_open = tx.entries.get(recent)
        assert still_open is not None
        assert still_open.clock_out is None
        done = tx.bookings.get(booking["id"])
        assert done is not None
        assert done.status == "completed"


# ---- surveys ----------------------------------------------------------------------------------------------


def _survey_file(tmp_path: Path, content: Any) -> str:
    target = tmp_path / "survey.json"
    target.write_text(content if isinstance(content, str) else json.dumps(content), encoding="utf-8")
    return str(target)


def test_survey_create_stores_questions_that_block_a_clock_in(
    console: Console, world: World, acme: Acme, api: TestClient, tmp_path: Path
) -> None:
    body = {
        "name": "Fit for work",
        "location_id": acme.site.id,
        "questions": [
            {"text": "Do you feel unwell?", "blocking_answers": ["yes", " Yes "]},
            {"text": "Anything to report?"},
        ],
    }
    survey = ok(console, "survey", "create", "--client", str(acme.client.id), "--file", _survey_file(tmp_path, body))
    assert (survey["client_id"], survey["name"], survey["location_id"], survey["active"]) == (
        acme.client.id,
        "Fit for work",
        acme.site.id,
        True,
    )
    first, second = survey["questions"]
    assert (first["text"], first["blocking_answers"]) == ("Do you feel unwell?", ["yes", "Yes"])
    assert (second["text"], second["blocking_answers"]) == ("Anything to report?", [])
    assert first["id"] != second["id"]
    assert UTC_TIME.match(survey["created_at_utc"])
    clock_body = {
        "worker_id": acme.ann.id,
        "action": "in",
        "survey_id": survey["id"],
        "survey_answers": [{"question_id": first["id"], "answer_value": "YES"}],
    }
    reply = api.post(path("clock"), json=clock_body, headers=world.key(acme.client.id))
    assert_error(reply, 403, "blocked_by_survey", question_id=first["id"])


@pytest.mark.parametrize(
    ("content", "error_code", "field"),
    [
        ("{not json", "invalid_body", None),
        ([1, 2], "invalid_body", None),
        ({"questions": [{"text": "Q"}]}, "validation_failed", "name"),
        ({"name": "S"}, "validation_failed", "questions"),
        ({"name": "S", "questions": []}, "validation_failed", "questions"),
        ({"name": "S", "questions": [{"blocking_answers": ["yes"]}]}, "validation_failed", "questions[0].text"),
        ({"name": "S", "questions": [{"text": "Q", "blocking_answers": "yes"}]}, "validation_failed",
         "questions[0].blocking_answers"),
        ({"name": "S", "questions": [{"text": "Q"}], "active": "yes"}, "validation_failed", "active"),
        ({"name": "S", "questions": [{"text": "Q"}], "location_id": 9999}, "location_not_found", "location_id"),
    ],
    ids=["not-json", "not-an-object", "no-name", "no-questions", "empty-questions", "no-text", "answers-not-a-list",
         "active-not-boolean", "unknown-site"],
)  # fmt: skip
def test_survey_create_refuses_a_bad_file(
    console: Console, acme: Acme, tmp_path: Path, content: Any, error_code: str, field: str | None
) -> None:
    error = fails(
        console, "survey", "create", "--client", str(acme.client.id), "--file", _survey_file(tmp_path, content),
        error_code=error_code,
    )  # fmt: skip
    assert error.get("field") == field


def test_survey_create_refuses_a_missing_file_or_client(console: Console, acme: Acme, tmp_path: Path) -> None:
    fails(console, "survey", "create", "--client", str(acme.client.id), "--file", str(tmp_path / "nope.json"),
          error_code="bad_request")  # fmt: skip
    good = _survey_file(tmp_path, {"name": "S", "questions": [{"text": "Q"}]})
    fails(console, "survey", "create", "--client", "9999", "--file", good, error_code="not_found", field="client_id")


# ---- bookings ---------------------------------------------------------------------------------------------


def test_shift_book_makes_a_booking_and_an_end_past_midnight_is_the_next_day(console: Console, acme: Acme) -> None:
    night = ok(
        console,
        *("shift", "book", "--client", str(acme.client.id), "--worker", str(acme.ann.id)),
        *("--location", str(acme.site.id), "--date", "2026-07-01", "--start", "22:00", "--end", "06:00"),
        *("--break-minutes", "30", "--role", "Picker"),
    )
    assert (night["shift_date"], night["start_time"], night["end_time"]) == (
        "2026-07-01",
        "22:00:00",
        "06:00:00",
    )  # the spec: HH:MM:SS in replies
    assert (night["start_utc"], night["end_utc"]) == ("2026-07-01T21:00:00Z", "2026-07-02T05:00:00Z")
    assert (night["break_minutes"], night["job_role"], night["status"]) == (30, "Picker", "published")
    assert (night["worker_id"], night["location_id"], night["client_id"]) == (acme.ann.id, acme.site.id, acme.client.id)


@pytest.mark.parametrize(
    ("args", "error_code", "field"),
    [
        (("--date", "2026-13-01", "--start", "08:00", "--end", "16:00"), "validation_failed", "shift_date"),
        (("--date", "2026-07-01", "--start", "8am", "--end", "16:00"), "validation_failed", "start_time"),
        (("--date", "2026-07-01", "--start", "08:00", "--end", "24:00"), "validation_failed", "end_time"),
        (("--date", "2026-03-29", "--start", "01:30", "--end", "06:00"), "validation_failed", "start_time"),
        (("--date", "2026-07-01", "--start", "08:00", "--end", "09:00", "--break-minutes", "60"), "validation_failed",
         "break_minutes"),
        (("--date", "2026-07-01", "--start", "08:00", "--end", "16:00", "--status", "completed"), "validation_failed",
         "status"),
    ],
    ids=["bad-date", "bad-start", "bad-end", "skipped-hour", "break-too-long", "bad-status"],
)  # fmt: skip
def test_shift_book_refuses_bad_input(
    console: Console, acme: Acme, args: tuple[str, ...], error_code: str, field: str
) -> None:
    base = ("shift", "book", "--client", str(acme.client.id), "--worker", str(acme.ann.id), "--location",
            str(acme.site.id))  # fmt: skip
    fails(console, *base, *args, error_code=error_code, field=field)


def test_shift_book_refuses_another_clients_worker_or_site(console: Console, world: World, acme: Acme) -> None:
    other = world.account("Other Agency")
    theirs = world.worker(other.id, "Zed Other").worker
    their_site = world.site(other.id, "Their Site")
    times = ("--date", "2026-07-01", "--start", "08:00", "--end", "16:00")
    fails(console, "shift", "book", "--client", str(acme.client.id), "--worker", str(theirs.id), "--location",
          str(acme.site.id), *times, error_code="not_found", field="worker_id")  # fmt: skip
    fails(console, "shift", "book", "--client", str(acme.client.id), "--worker", str(acme.ann.id), "--location",
          str(their_site.id), *times, error_code="location_not_found", field="location_id")  # fmt: skip


def test_an_edit_into_an_earlier_shift_is_refused_even_with_a_later_shift_recorded(
    console: Console, world: World, acme: Acme
) -> None:
    earlier = acme.backfill(console, "2026-02-03 20:00", "2026-02-04 04:00")
    middle = acme.backfill(console, "2026-02-04 08:00", "2026-02-04 16:00")
    acme.backfill(console, "2026-02-05 08:00", "2026-02-05 16:00")
    fails(
        console,
        *("timesheet", "edit", str(middle["id"]), "--clock-in", "2026-02-04 03:00"),
        error_code="conflict",
        entry_id=earlier["id"],
    )
