"""Amendment requests from the console (issue 3): ``timesheet amend`` raises one, ``amendment accept|decline|
withdraw ID`` decides it. Each move sends ``timesheet.amended`` with ``data.status``; an accepted request
changes the shift like an edit and sends ``timesheet.unapproved`` where the shift was approved.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.helpers import LOCAL_TIME, UTC_TIME
from tests.contract.test_console_timesheets import (
    BATCH_FIELDS,
    UPDATED_FIELDS,
    Acme,
    clock_in_over_http,
    events,
    fails,
    ok,
    run,
)

AMENDMENT_FIELDS = frozenset(
    {
        "id",
        "entry_id",
        "worker_id",
        "client_id",
        "requested_clock_in",
        "requested_clock_in_utc",
        "requested_clock_out",
        "requested_clock_out_utc",
        "requested_break_minutes",
        "reason",
        "status",
        "raised_by",
        "created_at",
        "created_at_utc",
        "decided_at",
        "decided_at_utc",
        "updated_at",
        "updated_at_utc",
    }
)


@pytest.fixture
def acme(world: World) -> Acme:
    return Acme(world)


@pytest.fixture
def shift(console: Console, acme: Acme) -> dict[str, Any]:
    return dict(acme.backfill(console, "2026-02-03 08:00", "2026-02-03 16:00", "--break-minutes", "30"))


def amend(console: Console, entry_id: int, *args: str) -> dict[str, Any]:
    return ok(console, "timesheet", "amend", str(entry_id), *args)


def amended(world: World) -> list[dict[str, Any]]:
    return events(world, "timesheet.amended")


@pytest.mark.parametrize("command", [("amendment",), ("amendment", "accept"), ("amendment", "decline"),
                                     ("amendment", "withdraw")], ids=" ".join)  # fmt: skip
def test_help_works_for_every_amendment_command(console: Console, command: tuple[str, ...]) -> None:
    result = run(console, *command, "--help")
    assert result.exit_code == 0, result.output
    assert " ".join(command) in result.stdout


def test_amend_raises_a_request_and_sends_timesheet_amended(
    console: Console, world: World, acme: Acme, shift: dict[str, Any]
) -> None:
    request = amend(
        console,
        shift["id"],
        *("--clock-in", "2026-02-03 07:30", "--break-minutes", "45", "--reason", "Started early for a delivery"),
    )
    assert set(request) == AMENDMENT_FIELDS
    assert (request["entry_id"], request["worker_id"], request["client_id"]) == (
        shift["id"],
        acme.ann.id,
        acme.client.id,
    )
    assert (request["requested_clock_in"], request["requested_clock_in_utc"]) == (
        "2026-02-03 07:30:00",
        "2026-02-03T07:30:00Z",
    )
    assert (request["requested_clock_out"], request["requested_break_minutes"]) == (None, 45)
    assert (request["status"], request["raised_by"], request["reason"]) == (
        "raised",
        "client",
        "Started early for a delivery",
    )
    assert (request["decided_at"], request["decided_at_utc"]) == (None, None)
    assert LOCAL_TIME.match(request["created_at"])
    assert UTC_TIME.match(request["created_at_utc"])
    [row] = world.outbox("timesheet.amended")
    assert row["client_id"] == acme.client.id
    assert row["data"] == request
    # Raising changes nothing on the shift.
    assert world.outbox("time_entry.updated") == []
    by_worker = amend(console, shift["id"], "--clock-out", "2026-02-03 16:30", "--reason", "r", "--raised-by", "worker")
    assert (by_worker["raised_by"], by_worker["requested_clock_out"]) == ("worker", "2026-02-03 16:30:00")


def test_accept_changes_an_approved_shift_and_sends_it_back_to_pending(
    console: Console, world: World, shift: dict[str, Any]
) -> None:
    ok(console, "timesheet", "approve", str(shift["id"]))
    request = amend(
        console,
        shift["id"],
        *("--clock-in", "2026-02-03 07:30", "--clock-out", "2026-02-03 16:15", "--break-minutes", "45"),
        *("--reason", "Started early"),
    )
    decided = ok(console, "amendment", "accept", str(request["id"]))
    assert set(decided) == AMENDMENT_FIELDS | {"entry"}
    assert (decided["id"], decided["status"]) == (request["id"], "accepted")
    assert LOCAL_TIME.match(decided["decided_at"])
    entry = decided["entry"]
    assert (entry["id"], entry["clock_in"], entry["clock_out"], entry["total_minutes"]) == (
        shift["id"],
        "2026-02-03 07:30:00",
        "2026-02-03 16:15:00",
        525,
    )
    assert (entry["manual_break_minutes"], entry["edit_count"], entry["edited"]) == (45, 1, True)
    assert (entry["original_clock_in"], entry["original_clock_out"]) == ("2026-02-03 08:00:00", "2026-02-03 16:00:00")
    assert (entry["approval_status"], entry["approved"]) == ("pending", False)
    raised, accepted = amended(world)
    assert (raised["status"], accepted["status"]) == ("raised", "accepted")
    assert accepted["decided_at_utc"] == decided["decided_at_utc"]
    [updated] = events(world, "time_entry.updated")
    assert set(updated) == UPDATED_FIELDS
    assert (updated["change"], updated["via"], updated["changes"]) == (
        "corrected",
        "amendment",
        ["clock_in", "clock_out", "manual_break_minutes"],
    )
    [unapproved] = events(world, "timesheet.unapproved")
    assert set(unapproved) == BATCH_FIELDS | {"reason_code"}
    assert (unapproved["reason_code"], unapproved["entry_ids"], unapproved["count"]) == (
        "amended",
        [shift["id"]],
        1,
    )
    assert unapproved["entries"][0]["clock_in"] == "2026-02-03 07:30:00"


def test_accept_on_a_pending_shift_sends_no_unapproved(console: Console, world: World, shift: dict[str, Any]) -> None:
    request = amend(console, shift["id"], "--break-minutes", "20", "--reason", "Short lunch")
    entry = ok(console, "amendment", "accept", str(request["id"]))["entry"]
    assert (entry["manual_break_minutes"], entry["approval_status"], entry["edit_count"]) == (20, "pending", 1)
    assert world.outbox("timesheet.unapproved") == []
    assert [row["status"] for row in amended(world)] == ["raised", "accepted"]


@pytest.mark.parametrize(("decision", "status"), [("decline", "declined"), ("withdraw", "withdrawn")])
def test_decline_and_withdraw_leave_the_shift_unchanged(
    console: Console, world: World, shift: dict[str, Any], decision: str, status: str
) -> None:
    request = amend(console, shift["id"], "--clock-out", "2026-02-03 18:00", "--reason", "Stayed late")
    decided = ok(console, "amendment", decision, str(request["id"]))
    assert set(decided) == AMENDMENT_FIELDS
    assert (decided["status"], decided["requested_clock_out"]) == (status, "2026-02-03 18:00:00")
    assert LOCAL_TIME.match(decided["decided_at"])
    assert [row["status"] for row in amended(world)] == ["raised", status]
    assert world.outbox("time_entry.updated") == []
    # Only a raised request can be decided.
    for again in ("accept", "decline", "withdraw"):
        fails(console, "amendment", again, str(request["id"]), error_code="conflict", amendment_id=request["id"])
    assert len(amended(world)) == 2


def test_a_decided_request_cannot_be_withdrawn(console: Console, world: World, shift: dict[str, Any]) -> None:
    request = amend(console, shift["id"], "--break-minutes", "10", "--reason", "r")
    ok(console, "amendment", "accept", str(request["id"]))
    error = fails(console, "amendment", "withdraw", str(request["id"]), error_code="conflict")
    assert "accepted" in error["message"]
    fails(console, "amendment", "accept", "9999", error_code="not_found", amendment_id=9999)
    assert [row["status"] for row in amended(world)] == ["raised", "accepted"]


def test_accept_refuses_times_that_now_overlap_another_shift(
    console: Console, world: World, acme: Acme, shift: dict[str, Any]
) -> None:
    request = amend(console, shift["id"], "--clock-out", "2026-02-03 19:00", "--reason", "Stayed late")
    evening = acme.backfill(console, "2026-02-03 18:00", "2026-02-03 22:00")
    fails(console, "amendment", "accept", str(request["id"]), error_code="conflict", entry_id=evening["id"])
    assert [row["status"] for row in amended(world)] == ["raised"]
    declined = ok(console, "amendment", "decline", str(request["id"]))
    assert declined["status"] == "declined"


@pytest.mark.parametrize(
    ("args", "error_code", "field"),
    [
        (("--reason", "nothing asked"), "validation_failed", None),
        (("--clock-in", "2026-02-03 07:00", "--reason", "  "), "validation_failed", "reason"),
        (("--clock-out", "2026-02-03 07:00", "--reason", "r"), "validation_failed", "clock_out"),
        (("--clock-out", "2099-02-03 07:00", "--reason", "r"), "validation_failed", "clock_out"),
        (("--clock-out", "yesterday", "--reason", "r"), "validation_failed", "clock_out"),
        (("--break-minutes", "480", "--reason", "r"), "validation_failed", "break_minutes"),
        (("--break-minutes", "10", "--reason", "r", "--raised-by", " "), "validation_failed", "raised_by"),
    ],
    ids=["nothing", "blank-reason", "out-before-in", "future", "not-a-time", "break-too-long", "blank-raised-by"],
)
def test_amend_refuses_bad_requests(
    console: Console, world: World, shift: dict[str, Any], args: tuple[str, ...], error_code: str, field: str | None
) -> None:
    error = fails(console, "timesheet", "amend", str(shift["id"]), *args, error_code=error_code)
    assert error["field"] == field
    assert amended(world) == []


def test_amend_refuses_unknown_entries_breaks_and_open_shifts(
    console: Console, world: World, acme: Acme, shift: dict[str, Any], api: TestClient, clock: FakeClock
) -> None:
    fails(console, "timesheet", "amend", "9999", "--break-minutes", "5", "--reason", "r", error_code="not_found",
          entry_id=9999)  # fmt: skip
    piece = ok(
        console, "timesheet", "break", str(shift["id"]), "--start", "2026-02-03 12:00", "--end", "2026-02-03 12:30"
    )
    fails(console, "timesheet", "amend", str(piece["id"]), "--break-minutes", "5", "--reason", "r",
          error_code="conflict", entry_id=piece["id"])  # fmt: skip
    open_id = clock_in_over_http(api, world, clock, acme.bob.id, datetime(2026, 2, 5, 8, tzinfo=UTC))
    fails(console, "timesheet", "amend", str(open_id), "--break-minutes", "5", "--reason", "r",
          error_code="conflict", entry_id=open_id)  # fmt: skip
    assert amended(world) == []
