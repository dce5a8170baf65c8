"""Absences and do-not-return: made at the console, read at GET /absences.php, and refused by booking."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World

ABSENCES = "/api/v1/absences.php"
SHIFTS = "/api/v1/shifts.php"
NOON = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)
DAY = "2026-11-20"


class Setup:
    def __init__(self, api: TestClient, world: World, clock: FakeClock, console: Console) -> None:
        self.api, self.world, self.clock, self.console = api, world, clock, console
        clock.set(NOON)
        self.account = world.account()
        self.site = world.site(self.account.id, "Depot", geofence_mode="disabled")
        self.annex = world.site(self.account.id, "Annex", geofence_mode="disabled")
        self.ann = world.worker(self.account.id, "Ann Able", location_id=self.site.id).worker
        self.headers = world.key(self.account.id)

    def absence(self, *extra: str, worker: int | None = None, kind: str = "holiday", first: str = DAY) -> Any:
        args = ["--worker", str(worker or self.ann.id), "--type", kind, "--from", first, "--to", first, *extra]
        code, reply = self.console("absence", "create", *args)
        assert code == 0, reply
        return reply

    def book(self, worker_id: int | None = None, **body: Any) -> httpx.Response:
        sent = {"worker_id": worker_id or self.ann.id, "location_id": self.site.id, "shift_date": DAY}
        sent.update({"start_time": "09:00", "end_time": "17:00", **body})
        return self.api.post(SHIFTS, headers=self.headers, json=sent)

    def listed(self, query: str = "") -> list[int]:
        reply = self.api.get(f"{ABSENCES}?{query}", headers=self.headers)
        assert reply.status_code == 200, reply.text
        return [item["id"] for item in reply.json()["data"]]


@pytest.fixture
def s(api: TestClient, world: World, clock: FakeClock, console: Console) -> Setup:
    return Setup(api, world, clock, console)


# ---- absences ------------------------------------------------------------------------------------


def test_an_absence_is_made_requested_and_read_with_its_fields(s: Setup) -> None:
    made = s.absence("--hours", "7.5", "--notes", "Wedding")
    assert made == {
        "id": made["id"],
        "worker_id": s.ann.id,
        "worker_name": "Ann Able",
        "type": "holiday",
        "status": "requested",
        "start_date": DAY,
        "end_date": DAY,
        "hours": 7.5,
        "notes": "Wedding",
        "created_at": "2026-11-18 12:00:00",
        "created_at_utc": "2026-11-18T12:00:00Z",
        "updated_at": None,
        "updated_at_utc": None,
    }
    one = s.api.get(f"{ABSENCES}?id={made['id']}", headers=s.headers)
    assert one.json()["data"] == made
    assert s.book().status_code == 201  # a request does not block


def test_an_approved_absence_blocks_booking_on_its_days_only(s: Setup) -> None:
    made = s.absence()
    code, decided = s.console("absence", "decide", str(made["id"]), "approve")
    assert code == 0, decided
    assert (decided["status"], decided["updated_at_utc"]) == ("approved", "2026-11-18T12:00:00Z")
    refused = s.book()
    assert (refused.status_code, refused.json()["block_codes"]) == (409, ["absence"])
    assert s.book(shift_date="2026-11-19", start_time="22:00", end_time="06:00").json()["block_codes"] == ["absence"]
    assert s.book(shift_date="2026-11-21").status_code == 201


def test_an_absence_made_approved_blocks_and_a_declined_one_does_not(s: Setup) -> None:
    bob = s.world.worker(s.account.id, "Bob Baker").worker
    s.absence("--approve", kind="sickness")
    declined = s.absence(worker=bob.id)
    assert s.console("absence", "decide", str(declined["id"]), "decline")[1]["status"] == "declined"
    assert s.book().json()["block_codes"] == ["absence"]
    assert s.book(bob.id).status_code == 201


def test_an_approved_or_requested_absence_can_be_cancelled_and_then_blocks_nothing(s: Setup) -> None:
    approved = s.absence("--approve")
    assert s.book().json()["block_codes"] == ["absence"]
    s.clock.advance(hours=1)
    code, cancelled = s.console("absence", "cancel", str(approved["id"]))
    assert code == 0, cancelled
    assert (cancelled["status"], cancelled["updated_at_utc"]) == ("cancelled", "2026-11-18T13:00:00Z")
    assert s.book().status_code == 201
    requested = s.absence(first="2026-11-23")
    assert s.console("absence", "cancel", str(requested["id"]))[1]["status"] == "cancelled"
    assert s.listed("status=cancelled") == sorted([approved["id"], requested["id"]], reverse=True)
    code, again = s.console("absence", "cancel", str(approved["id"]))
    assert (code, again["error_code"], again["absence_id"]) == (1, "conflict", approved["id"])
    declined = s.absence(first="2026-11-24")
    assert s.console("absence", "decide", str(declined["id"]), "decline")[0] == 0
    assert s.console("absence", "cancel", str(declined["id"]))[1]["error_code"] == "conflict"


def test_deciding_twice_or_wrongly_is_refused_with_json_on_stderr(s: Setup) -> None:
    made = s.absence()
    assert s.console("absence", "decide", str(made["id"]), "approve")[0] == 0
    code, again = s.console("absence", "decide", str(made["id"]), "decline")
    assert (code, again["error_code"]) == (1, "conflict")
    code, wrong = s.console("absence", "decide", str(made["id"]), "maybe")
    assert (code, wrong["error_code"], wrong["parameter"]) == (1, "invalid_parameter", "decision")
    code, missing = s.console("absence", "decide", "999999", "approve")
    assert (code, missing["error_code"]) == (1, "not_found")


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (["--type", "party"], "type"),
        (["--from", "2026-02-30"], "start_date"),
        (["--to", "2026-11-19"], "end_date"),
        (["--to", "2027-12-01"], "end_date"),
        (["--hours", "-1"], "hours"),
        (["--hours", "1.005"], "hours"),
    ],
)
def test_bad_absences_exit_1_naming_the_field(s: Setup, args: list[str], field: str) -> None:
    given = {"--worker": str(s.ann.id), "--type": "holiday", "--from": DAY, "--to": DAY}
    for name, value in zip(args[::2], args[1::2], strict=True):
        given[name] = value
    code, reply = s.console("absence", "create", *[part for pair in given.items() for part in pair])
    assert (code, reply["error_code"], reply["field"]) == (1, "validation_failed", field)


def test_an_absence_of_an_unknown_worker_is_not_found(s: Setup) -> None:
    code, reply = s.console("absence", "create", "--worker", "999999", "--type", "other", "--from", DAY, "--to", DAY)
    assert (code, reply["error_code"], reply["field"]) == (1, "not_found", "worker_id")


def test_the_list_filters_and_order(s: Setup) -> None:
    bob = s.world.worker(s.account.id, "Bob Baker").worker
    early = s.absence(first="2026-11-02")
    s.clock.advance(hours=1)
    late = s.absence("--approve", worker=bob.id, kind="sickness", first="2026-12-01")
    middle = s.absence(kind="other", first="2026-11-20")
    assert s.listed() == [late["id"], middle["id"], early["id"]]
    assert s.listed(f"worker_id={bob.id}") == [late["id"]]
    assert s.listed("status=approved") == [late["id"]]
    assert s.listed("type=other") == [middle["id"]]
    assert s.listed("date_from=2026-11-03") == [late["id"], middle["id"]]
    assert s.listed("date_to=2026-11-20") == [middle["id"], early["id"]]
    assert s.listed("updated_since=2026-11-18T12:30:00Z") == [late["id"], middle["id"]]
    paged = s.api.get(f"{ABSENCES}?limit=1&offset=1", headers=s.headers).json()
    assert paged["pagination"] == {"total": 3, "limit": 1, "offset": 1, "has_more": True}


def test_another_clients_absences_are_not_seen(s: Setup) -> None:
    other = s.world.account("Other Ltd")
    theirs = s.world.worker(other.id, "Tom Theirs").worker
    their_absence = s.absence(worker=theirs.id)
    assert s.listed() == []
    reply = s.api.get(f"{ABSENCES}?id={their_absence['id']}", headers=s.headers)
    assert (reply.status_code, reply.json()["error_code"]) == (404, "not_found")


@pytest.mark.parametrize(
    ("query", "parameter"),
    [
        ("status=pending", "status"),
        ("type=party", "type"),
        ("date_from=2026-02-30", "date_from"),
        ("date_from=2026-11-02&date_to=2026-11-01", "date_to"),
        ("updated_since=yesterday", "updated_since"),
        ("worker_id=0", "worker_id"),
        ("id=abc", "id"),
    ],
)
def test_bad_queries_are_400_invalid_parameter(s: Setup, query: str, parameter: str) -> None:
    reply = s.api.get(f"{ABSENCES}?{query}", headers=s.headers)
    assert reply.status_code == 400, reply.text
    assert (reply.json()["error_code"], reply.json()["parameter"]) == ("invalid_parameter", parameter)


def test_absences_need_absences_read(s: Setup) -> None:
    key = s.world.key(s.account.id, scopes=("availability:read",))
    reply = s.api.get(ABSENCES, headers=key)
    assert (reply.status_code, reply.json()["error_code"]) == (403, "insufficient_scope")


# ---- do not return --------------------------------------------------------------------------------


def test_a_dnr_worker_is_blocked_at_that_site_only_until_removed(s: Setup) -> None:
    code, marked = s.console("worker", "dnr", str(s.ann.id), "--location", str(s.site.id))
    assert code == 0, marked
    assert marked == {
        "worker_id": s.ann.id,
        "location_id": s.site.id,
        "do_not_return": True,
        "location_ids": [s.site.id],
    }
    assert s.console("worker", "dnr", str(s.ann.id), "--location", str(s.site.id))[1]["location_ids"] == [s.site.id]
    refused = s.book()
    assert (refused.status_code, refused.json()["error_code"], refused.json()["block_codes"]) == (
        409,
        "not_eligible",
        ["dnr"],
    )
    assert s.book(location_id=s.annex.id).status_code == 201
    code, removed = s.console("worker", "dnr", str(s.ann.id), "--location", str(s.site.id), "--remove")
    assert (code, removed["do_not_return"], removed["location_ids"]) == (0, False, [])
    assert s.book(shift_date="2026-11-21").status_code == 201


def test_dnr_of_an_unknown_worker_or_another_clients_site_is_refused(s: Setup) -> None:
    other = s.world.account("Other Ltd")
    theirs = s.world.site(other.id, "Theirs")
    code, reply = s.console("worker", "dnr", str(s.ann.id), "--location", str(theirs.id))
    assert (code, reply["error_code"], reply["field"]) == (1, "location_not_found", "location_id")
    code, reply = s.console("worker", "dnr", "999999", "--location", str(s.site.id))
    assert (code, reply["error_code"], reply["field"]) == (1, "not_found", "worker_id")
