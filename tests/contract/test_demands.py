"""/demands.php over HTTP: requirements, bookings onto them (POST /shifts.php ``demand_id``), their counts and
status, the detach rule, and twenty concurrent bookings onto a headcount of five."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest
from sqlalchemy import update
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from workforce_adapters.sql import tables
from workforce_entrypoints.app import create_app

DEMANDS = "/api/v1/demands.php"
SHIFTS = "/api/v1/shifts.php"
NOON = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)  # a Wednesday, GMT
DAY = "2026-11-20"


class Setup:
    def __init__(self, api: TestClient, world: World, clock: FakeClock) -> None:
        self.api, self.world, self.clock = api, world, clock
        clock.set(NOON)
        self.account = world.account()
        self.site = world.site(self.account.id, "Depot", geofence_mode="disabled")
        self.other_site = world.site(self.account.id, "Annex", geofence_mode="disabled")
        self.headers = world.key(self.account.id)
        self.workers = [
            world.worker(self.account.id, f"Worker {n:02}", location_id=self.site.id, job_role="Picker").worker.id
            for n in range(3)
        ]

    def create(self, **body: Any) -> httpx.Response:
        sent = {"location_id": self.site.id, "shift_date": DAY, "start_time": "09:00", "end_time": "17:00"}
        return self.api.post(DEMANDS, headers=self.headers, json={**sent, "headcount": 2, **body})

    def created(self, **body: Any) -> dict[str, Any]:
        reply = self.create(**body)
        assert reply.status_code == 201, reply.text
        return dict(reply.json()["data"])

    def book(self, demand_id: int, worker_id: int, **body: Any) -> httpx.Response:
        return self.api.post(
            SHIFTS, headers=self.headers, json={"worker_id": worker_id, "demand_id": demand_id, **body}
        )

    def read(self, demand_id: int) -> dict[str, Any]:
        reply = self.api.get(f"{DEMANDS}?id={demand_id}", headers=self.headers)
        assert reply.status_code == 200, reply.text
        return dict(reply.json()["data"])

    def listed(self, query: str = "") -> list[int]:
        reply = self.api.get(f"{DEMANDS}?{query}", headers=self.headers)
        assert reply.status_code == 200, reply.text
        return [item["id"] for item in reply.json()["data"]]


@pytest.fixture
def s(api: TestClient, world: World, clock: FakeClock) -> Setup:
    return Setup(api, world, clock)


def counts(demand: dict[str, Any]) -> tuple[int, int, int, str]:
    return demand["headcount"], demand["filled"], demand["open"], demand["status"]


# ---- create -----------------------------------------------------------------------------------------


def test_a_requirement_is_201_open_from_the_api_with_its_counts(s: Setup) -> None:
    reply = s.create(headcount=3, break_minutes=30, job_role="Picker", notes="Dock 4")
    assert reply.status_code == 201, reply.text
    assert reply.json()["message"]
    data = reply.json()["data"]
    assert (data["location_id"], data["location_name"], data["client_id"]) == (s.site.id, "Depot", s.account.id)
    assert (data["shift_date"], data["start_time"], data["end_time"]) == (DAY, "09:00:00", "17:00:00")
    assert (data["start_utc"], data["end_utc"]) == ("2026-11-20T09:00:00Z", "2026-11-20T17:00:00Z")
    assert (data["break_minutes"], data["job_role"], data["notes"]) == (30, "Picker", "Dock 4")
    assert (data["headcount"], data["requested"], data["filled"], data["open"]) == (3, 3, 0, 3)
    assert (data["status"], data["source"], data["series_id"]) == ("open", "api", None)
    assert (data["cancel_reason"], data["cancelled_at"]) == (None, None)
    assert data["shifts"] == []
    assert s.read(data["id"])["shifts"] == []
    assert s.listed() == [data["id"]]
    assert "shifts" not in s.api.get(DEMANDS, headers=s.headers).json()["data"][0]


def test_a_night_requirement_ends_the_next_day(s: Setup) -> None:
    data = s.created(start_time="22:00", end_time="06:00")
    assert (data["start_utc"], data["end_utc"]) == ("2026-11-20T22:00:00Z", "2026-11-21T06:00:00Z")


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"headcount": 0}, "headcount"),
        ({"headcount": 501}, "headcount"),
        ({"headcount": None}, "headcount"),
        ({"headcount": "3"}, "headcount"),
        ({"end_time": "09:00"}, "end_time"),
        ({"start_time": "25:00"}, "start_time"),
        ({"shift_date": "2026-02-30"}, "shift_date"),
        ({"shift_date": None}, "shift_date"),
        ({"break_minutes": 480}, "break_minutes"),
        ({"location_id": None}, "location_id"),
    ],
)
def test_bad_input_is_400_validation_failed_naming_the_field(s: Setup, body: dict[str, Any], field: str) -> None:
    reply = s.create(**body)
    assert reply.status_code == 400, reply.text
    assert (reply.json()["error_code"], reply.json()["field"]) == ("validation_failed", field)
    assert s.listed() == []


def test_every_missing_field_is_named_in_errors_in_the_commands_order(s: Setup) -> None:
    reply = s.api.post(DEMANDS, headers=s.headers, json={"headcount": 2})
    assert reply.status_code == 400, reply.text
    body = reply.json()
    assert (body["error_code"], body["field"]) == ("validation_failed", "location_id")
    named = [error["field"] for error in body["errors"]]
    assert named == ["location_id", "shift_date", "start_time", "end_time"]
    assert all(error["message"] for error in body["errors"])
    assert s.listed() == []


def test_headcount_500_is_taken(s: Setup) -> None:
    assert s.created(headcount=500)["open"] == 500


def test_another_clients_site_is_404_and_a_site_outside_a_limited_key_403(s: Setup) -> None:
    rival = s.world.account("Rival")
    foreign = s.world.site(rival.id, "Theirs")
    reply = s.create(location_id=foreign.id)
    assert reply.status_code == 404
    assert (reply.json()["error_code"], reply.json()["field"]) == ("location_not_found", "location_id")
    limited = s.world.key(s.account.id, location_ids=[s.other_site.id])
    refused = s.api.post(
        DEMANDS,
        headers=limited,
        json={"location_id": s.site.id, "shift_date": DAY, "start_time": "09:00", "end_time": "17:00", "headcount": 1},
    )
    assert refused.status_code == 403
    assert refused.json()["error_code"] == "location_not_allowed"


def test_scopes_read_and_write(s: Setup) -> None:
    reader = s.world.key(s.account.id, ("shifts:read",))
    assert s.api.get(DEMANDS, headers=reader).status_code == 200
    refused = s.api.post(DEMANDS, headers=reader, json={})
    assert (refused.status_code, refused.json()["required_scope"]) == (403, "shifts:write")
    nothing = s.world.key(s.account.id, ("workers:read",))
    assert s.api.get(DEMANDS, headers=nothing).json()["required_scope"] == "shifts:read"


# ---- booking onto a requirement ------------------------------------------------------------------------


def test_a_booking_onto_a_requirement_takes_its_slot_and_fills_it(s: Setup) -> None:
    demand = s.created(break_minutes=30, job_role="Picker", start_time="22:00", end_time="06:00")
    reply = s.book(demand["id"], s.workers[0], location_id=s.other_site.id, start_time="01:00")
    assert reply.status_code == 201, reply.text
    shift = reply.json()["data"]
    assert shift["demand_id"] == demand["id"]
    assert (shift["location_id"], shift["shift_date"], shift["start_time"], shift["end_time"]) == (
        s.site.id,
        DAY,
        "22:00:00",
        "06:00:00",
    )
    assert (shift["break_minutes"], shift["job_role"], shift["warning_codes"]) == (30, "Picker", [])
    read = s.read(demand["id"])
    assert counts(read) == (2, 1, 1, "open")
    assert [b["id"] for b in read["shifts"]] == [shift["id"]]
    assert read["shifts"][0] == shift
    assert [e["data"]["id"] for e in s.world.outbox("shift.created")] == [shift["id"]]


def test_a_full_requirement_is_409_conflict_until_a_cancel_frees_a_place(s: Setup) -> None:
    demand = s.created(headcount=2)
    first = s.book(demand["id"], s.workers[0]).json()["data"]
    assert s.book(demand["id"], s.workers[1]).status_code == 201
    assert counts(s.read(demand["id"])) == (2, 2, 0, "filled")
    full = s.book(demand["id"], s.workers[2])
    assert full.status_code == 409
    assert full.json()["error_code"] == "conflict"
    cancelled = s.api.post(f"{SHIFTS}?id={first['id']}&action=cancel", headers=s.headers, json={})
    assert cancelled.status_code == 200
    assert counts(s.read(demand["id"])) == (2, 1, 1, "open")
    assert s.book(demand["id"], s.workers[2]).status_code == 201
    read = s.read(demand["id"])
    assert counts(read) == (2, 2, 0, "filled")
    assert len(read["shifts"]) == 3  # the cancelled booking is still listed with its status
    assert s.listed("status=filled") == [demand["id"]]


def test_a_worked_booking_still_fills_its_requirement(s: Setup) -> None:
    demand = s.created(headcount=1)
    shift = s.book(demand["id"], s.workers[0]).json()["data"]
    with s.world.services.engine.begin() as connection:
        connection.execute(update(tables.shifts).where(tables.shifts.c.id == shift["id"]).values(status="completed"))
    assert counts(s.read(demand["id"])) == (1, 1, 0, "filled")


def test_a_cancelled_or_finished_requirement_refuses_bookings(s: Setup, console: Console) -> None:
    cancelled = s.created()
    kept = s.book(cancelled["id"], s.workers[1]).json()["data"]
    code, out = console("demand", "cancel", str(cancelled["id"]), "--reason", "no longer needed")
    assert code == 0, out
    assert (out["id"], out["status"], out["filled"]) == (cancelled["id"], "cancelled", 1)
    code, again = console("demand", "cancel", str(cancelled["id"]))
    assert (code, again["error_code"]) == (1, "conflict")
    assert console("demand", "cancel", "999")[1]["error_code"] == "not_found"
    reply = s.book(cancelled["id"], s.workers[0])
    assert (reply.status_code, reply.json()["error_code"]) == (409, "conflict")
    read = s.read(cancelled["id"])
    assert (read["status"], read["cancel_reason"], read["cancelled_at_utc"]) == (
        "cancelled",
        "no longer needed",
        "2026-11-18T12:00:00Z",
    )
    finished = s.created(shift_date="2026-11-18", start_time="06:00", end_time="12:00")
    assert s.read(finished["id"])["status"] == "finished"  # its end has passed (12:00 now)
    reply = s.book(finished["id"], s.workers[0])
    assert (reply.status_code, reply.json()["error_code"]) == (409, "conflict")
    assert s.listed("status=finished") == [finished["id"]]
    assert s.listed("status=cancelled") == [cancelled["id"]]
    assert [e["data"]["id"] for e in s.world.outbox("shift.created")] == [kept["id"]]  # its bookings stay
    assert s.read(cancelled["id"])["shifts"][0]["status"] == "draft"


def test_an_ineligible_worker_is_refused_onto_a_requirement_and_fills_nothing(s: Setup) -> None:
    demand = s.created(headcount=1)
    s.api.post(
        SHIFTS,
        headers=s.headers,
        json={
            "worker_id": s.workers[0],
            "location_id": s.other_site.id,
            "shift_date": DAY,
            "start_time": "08:00",
            "end_time": "10:00",
        },
    )
    reply = s.book(demand["id"], s.workers[0])
    assert (reply.status_code, reply.json()["error_code"], reply.json()["block_codes"]) == (
        409,
        "not_eligible",
        ["overlap"],
    )
    assert counts(s.read(demand["id"])) == (1, 0, 1, "open")


def test_another_clients_requirement_or_one_outside_a_limited_key_is_404_naming_demand_id(s: Setup) -> None:
    demand = s.created()
    rival = s.world.account("Rival")
    rival_site = s.world.site(rival.id, "Theirs")
    rival_headers = s.world.key(rival.id)
    rival_worker = s.world.worker(rival.id, "Rita").worker.id
    theirs = s.api.post(
        DEMANDS,
        headers=rival_headers,
        json={
            "location_id": rival_site.id,
            "shift_date": DAY,
            "start_time": "09:00",
            "end_time": "17:00",
            "headcount": 1,
        },
    ).json()["data"]
    reply = s.book(theirs["id"], s.workers[0])
    assert (reply.status_code, reply.json()["error_code"], reply.json()["field"]) == (404, "not_found", "demand_id")
    assert s.api.get(f"{DEMANDS}?id={theirs['id']}", headers=s.headers).status_code == 404
    assert s.api.get(f"{DEMANDS}?id={demand['id']}", headers=rival_headers).status_code == 404
    limited = s.world.key(s.account.id, location_ids=[s.other_site.id])
    outside = s.api.post(SHIFTS, headers=limited, json={"worker_id": s.workers[0], "demand_id": demand["id"]})
    assert (outside.status_code, outside.json()["field"]) == (404, "demand_id")
    assert s.api.get(DEMANDS, headers=limited).json()["data"] == []
    assert (
        s.api.post(SHIFTS, headers=rival_headers, json={"worker_id": rival_worker, "demand_id": 999}).json()["field"]
        == "demand_id"
    )


# ---- the detach rule ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "move",
    [{"start_time": "10:00"}, {"end_time": "18:00"}, {"shift_date": "2026-11-21"}, {"location_id": "other"}],
)
def test_a_booking_moved_off_its_slot_leaves_the_requirement(s: Setup, move: dict[str, Any]) -> None:
    demand = s.created(headcount=1)
    shift = s.book(demand["id"], s.workers[0]).json()["data"]
    body = {k: (s.other_site.id if v == "other" else v) for k, v in move.items()}
    reply = s.api.put(f"{SHIFTS}?id={shift['id']}", headers=s.headers, json=body)
    assert reply.status_code == 200, reply.text
    assert reply.json()["data"]["detached_demand_id"] == demand["id"]
    assert reply.json()["data"]["demand_id"] is None
    read = s.read(demand["id"])
    assert counts(read) == (1, 0, 1, "open")
    assert read["shifts"] == []
    [updated] = s.world.outbox("shift.updated")
    assert updated["data"]["detached_demand_id"] == demand["id"]
    assert s.book(demand["id"], s.workers[1]).status_code == 201  # the place is free again


def test_a_change_that_is_not_a_move_keeps_the_booking_on_its_requirement(s: Setup) -> None:
    demand = s.created(headcount=1)
    shift = s.book(demand["id"], s.workers[0]).json()["data"]
    reply = s.api.put(
        f"{SHIFTS}?id={shift['id']}",
        headers=s.headers,
        json={"notes": "gate B", "status": "published", "worker_id": s.workers[1], "break_minutes": 15},
    )
    assert reply.status_code == 200, reply.text
    assert "detached_demand_id" not in reply.json()["data"]
    assert reply.json()["data"]["demand_id"] == demand["id"]
    assert counts(s.read(demand["id"])) == (1, 1, 0, "filled")


# ---- the list -----------------------------------------------------------------------------------------


def test_the_list_order_and_every_filter(s: Setup) -> None:
    late = s.created(shift_date="2026-11-22")
    early = s.created(start_time="06:00", end_time="10:00")
    later_start = s.created()
    annex = s.created(location_id=s.other_site.id, shift_date="2026-11-21")
    assert s.listed() == [late["id"], annex["id"], early["id"], later_start["id"]]
    assert s.listed("date_from=2026-11-21") == [late["id"], annex["id"]]
    assert s.listed("date_to=2026-11-21") == [annex["id"], early["id"], later_start["id"]]
    assert s.listed(f"location_id={s.other_site.id}") == [annex["id"]]
    assert s.listed("status=open&limit=2&offset=1") == [annex["id"], early["id"]]
    assert s.listed("status=filled") == []
    reply = s.api.get(f"{DEMANDS}?limit=1", headers=s.headers).json()
    assert reply["pagination"] == {"total": 4, "limit": 1, "offset": 0, "has_more": True}


@pytest.mark.parametrize(
    ("query", "parameter"),
    [
        ("status=full", "status"),
        ("date_from=2026-11-22&date_to=2026-11-21", "date_to"),
        ("id=abc", "id"),
        ("limit=101", "limit"),
    ],
)
def test_bad_query_parameters_are_400_naming_them(s: Setup, query: str, parameter: str) -> None:
    reply = s.api.get(f"{DEMANDS}?{query}", headers=s.headers)
    assert reply.status_code == 400
    assert (reply.json()["error_code"], reply.json()["parameter"]) == ("invalid_parameter", parameter)


def test_another_clients_site_filter_is_404_location_not_found(s: Setup) -> None:
    rival = s.world.account("Rival")
    foreign = s.world.site(rival.id, "Theirs")
    reply = s.api.get(f"{DEMANDS}?location_id={foreign.id}", headers=s.headers)
    assert (reply.status_code, reply.json()["error_code"], reply.json()["parameter"]) == (
        404,
        "location_not_found",
        "location_id",
    )


# ---- concurrency --------------------------------------------------------------------------------------


def test_twenty_concurrent_bookings_onto_a_headcount_of_five_give_five_201(s: Setup) -> None:
    demand = s.created(headcount=5)
    workers = [s.world.worker(s.account.id, f"Racer {n:02}").worker.id for n in range(20)]
    barrier = threading.Barrier(len(workers))
    with ExitStack() as stack:
        clients = [stack.enter_context(TestClient(create_app(services=s.world.services))) for _ in range(4)]

        def send(n: int) -> httpx.Response:
            barrier.wait(timeout=30)
            body = {"worker_id": workers[n], "demand_id": demand["id"]}
            return clients[n % len(clients)].post(SHIFTS, headers=s.headers, json=body)

        with ThreadPoolExecutor(max_workers=len(workers)) as pool:
            replies = list(pool.map(send, range(len(workers))))
    statuses = sorted(reply.status_code for reply in replies)
    assert statuses == [201] * 5 + [409] * 15, [r.text for r in replies if r.status_code not in (201, 409)]
    assert {r.json()["error_code"] for r in replies if r.status_code == 409} == {"conflict"}
    read = s.read(demand["id"])
    assert counts(read) == (5, 5, 0, "filled")
    assert read["filled"] + read["open"] == read["headcount"]
    assert len(read["shifts"]) == 5


def test_an_idempotency_key_makes_one_requirement(s: Setup) -> None:
    headers = {**s.headers, "Idempotency-Key": "demand-1"}
    body = {"location_id": s.site.id, "shift_date": DAY, "start_time": "09:00", "end_time": "17:00", "headcount": 2}
    first = s.api.post(DEMANDS, headers=headers, json=body)
    again = s.api.post(DEMANDS, headers=headers, json=body)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.headers["idempotent-replayed"] == "true"
    assert again.json() == first.json()
    assert s.listed() == [first.json()["data"]["id"]]
