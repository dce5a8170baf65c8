"""/shifts.php over HTTP: booking with eligibility, cancel, change, and the list with its filters and order."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import update
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import World
from workforce_adapters.sql import tables
from workforce_core.model.bookings import CANCEL_STATUSES
from workforce_entrypoints.app import create_app

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
        self.worker = world.worker(self.account.id, "Ann Booked", location_id=self.site.id, job_role="Picker").worker
        self.headers = world.key(self.account.id)

    def book(self, worker_id: int | None = None, **body: Any) -> httpx.Response:
        sent = {"worker_id": worker_id or self.worker.id, "location_id": self.site.id, "shift_date": DAY}
        sent.update({"start_time": "09:00", "end_time": "17:00", **body})
        return self.api.post(SHIFTS, headers=self.headers, json=sent)

    def booked(self, worker_id: int | None = None, **body: Any) -> dict[str, Any]:
        reply = self.book(worker_id, **body)
        assert reply.status_code == 201, reply.text
        return dict(reply.json()["data"])

    def cancel(self, shift_id: int, **body: Any) -> httpx.Response:
        return self.api.post(f"{SHIFTS}?id={shift_id}&action=cancel", headers=self.headers, json=body)

    def listed(self, query: str = "", headers: dict[str, str] | None = None) -> list[int]:
        reply = self.api.get(f"{SHIFTS}?{query}", headers=headers or self.headers)
        assert reply.status_code == 200, reply.text
        return [item["id"] for item in reply.json()["data"]]

    def set_worker(self, worker_id: int, **values: Any) -> None:
        with self.world.services.engine.begin() as connection:
            connection.execute(update(tables.workers).where(tables.workers.c.id == worker_id).values(**values))

    def set_shift(self, shift_id: int, **values: Any) -> None:
        with self.world.services.engine.begin() as connection:
            connection.execute(update(tables.shifts).where(tables.shifts.c.id == shift_id).values(**values))


@pytest.fixture
def s(api: TestClient, world: World, clock: FakeClock) -> Setup:
    return Setup(api, world, clock)


# ---- book ------------------------------------------------------------------------------------------


def test_a_booking_is_201_with_the_shift_and_sends_its_events(s: Setup) -> None:
    reply = s.book(job_role="Picker", break_minutes=30, notes="Bring boots", status="published")
    assert reply.status_code == 201, reply.text
    body = reply.json()
    assert body["message"]
    data = body["data"]
    assert data["worker_id"] == s.worker.id
    assert data["worker_name"] == "Ann Booked"
    assert data["location_id"] == s.site.id
    assert data["location_name"] == "Depot"
    assert (data["shift_date"], data["start_time"], data["end_time"]) == (DAY, "09:00:00", "17:00:00")
    assert (data["start_utc"], data["end_utc"]) == ("2026-11-20T09:00:00Z", "2026-11-20T17:00:00Z")
    assert (data["break_minutes"], data["status"], data["notes"]) == (30, "published", "Bring boots")
    assert data["warning_codes"] == []
    assert data["demand_id"] is None
    assert data["confirmation"] == "unconfirmed"
    assert [e["data"]["id"] for e in s.world.outbox("shift.created")] == [data["id"]]
    assert [e["data"]["id"] for e in s.world.outbox("shift_created")] == [data["id"]]


def test_a_booking_defaults_to_draft(s: Setup) -> None:
    assert s.booked()["status"] == "draft"


def test_an_overlapping_booking_is_409_not_eligible_with_overlap(s: Setup) -> None:
    s.booked()
    reply = s.book(start_time="16:00", end_time="20:00", location_id=s.other_site.id)
    assert reply.status_code == 409
    body = reply.json()
    assert body["error_code"] == "not_eligible"
    assert body["block_codes"] == ["overlap"]
    assert body["warning_codes"] == []
    assert s.book(start_time="17:00", end_time="20:00").status_code == 201  # touching is not overlapping


@pytest.mark.parametrize(
    ("code", "values"),
    [
        ("inactive", {"active": False}),
        ("dormant", {"dormant_since": NOON - timedelta(days=90)}),
        ("suspended", {"suspended": True}),
    ],
)
def test_a_blocked_worker_is_409_not_eligible_with_its_code(s: Setup, code: str, values: dict[str, Any]) -> None:
    s.set_worker(s.worker.id, **values)
    reply = s.book()
    assert reply.status_code == 409
    assert (reply.json()["error_code"], reply.json()["block_codes"]) == ("not_eligible", [code])
    assert s.world.outbox("shift.created") == []


def test_a_pending_worker_is_409_not_eligible_with_pending(s: Setup) -> None:
    pending = s.world.worker(s.account.id, "Pat Pending", pending=True).worker
    reply = s.book(pending.id)
    assert reply.status_code == 409
    assert reply.json()["block_codes"] == ["pending"]


def test_warnings_role_rest_hours_and_capacity_are_on_the_created_shift(s: Setup) -> None:
    assert s.booked(job_role="Driver")["warning_codes"] == ["role"]
    assert s.booked(job_role="picker ", shift_date="2026-11-21", start_time="02:00", end_time="06:00")[
        "warning_codes"
    ] == [
        "rest",
        "rest_11h",
    ]  # under 11 hours after the 17:00 end the day before (and the Working Time Regulations rest_11h)
    bob = s.world.worker(s.account.id, "Bob Busy", location_id=s.site.id).worker
    s.set_worker(bob.id, max_hours_per_week=10)
    assert s.booked(bob.id, shift_date="2026-11-17", start_time="08:00", end_time="13:00")["warning_codes"] == []
    assert s.booked(bob.id, shift_date="2026-11-19")["warning_codes"] == ["hours"]
    small = s.world.site(s.account.id, "Kiosk", capacity=1)
    cy = s.world.worker(s.account.id, "Cy Second").worker
    assert s.booked(location_id=small.id, shift_date="2026-11-23")["warning_codes"] == []
    assert s.booked(cy.id, location_id=small.id, shift_date="2026-11-23")["warning_codes"] == ["capacity"]


# ---- bad input -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"start_time": "09:00", "end_time": "09:00"}, "end_time"),
        ({"end_time": "25:00"}, "end_time"),
        ({"start_time": "9am"}, "start_time"),
        ({"shift_date": "2026-02-30"}, "shift_date"),
        ({"break_minutes": 480}, "break_minutes"),
        ({"status": "completed"}, "status"),
        ({"status": "cancelled"}, "status"),
        ({"location_id": None}, "location_id"),
        ({"shift_date": "2026-03-29", "start_time": "01:30"}, "start_time"),  # skipped by the spring change
    ],
)
def test_bad_input_is_400_validation_failed_naming_the_field(s: Setup, body: dict[str, Any], field: str) -> None:
    reply = s.book(**body)
    assert reply.status_code == 400, reply.text
    assert (reply.json()["error_code"], reply.json()["field"]) == ("validation_failed", field)


def test_another_clients_worker_or_site_is_404(s: Setup) -> None:
    other = s.world.account("Other Ltd")
    their_site = s.world.site(other.id, "Theirs")
    their_worker = s.world.worker(other.id, "Tom Theirs").worker
    worker_reply = s.book(their_worker.id)
    assert (worker_reply.status_code, worker_reply.json()["field"]) == (404, "worker_id")
    site_reply = s.book(location_id=their_site.id)
    assert (site_reply.status_code, site_reply.json()["error_code"]) == (404, "location_not_found")


# ---- cancel ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("status", CANCEL_STATUSES)
def test_every_cancel_status_cancels_once(s: Setup, status: str) -> None:
    shift = s.booked(status="published")
    s.clock.advance(minutes=5)
    reply = s.cancel(shift["id"], status=status, cancel_reason="Not needed")
    assert reply.status_code == 200, reply.text
    data = reply.json()["data"]
    assert (data["status"], data["cancel_reason"], data["confirmation"]) == (status, "Not needed", "n/a")
    assert data["cancelled_at_utc"] == "2026-11-18T12:05:00Z"
    [event] = s.world.outbox("shift.cancelled")
    assert (event["data"]["status"], event["data"]["deleted"]) == (status, False)
    again = s.cancel(shift["id"])
    assert (again.status_code, again.json()["error_code"]) == (409, "conflict")
    assert "reason_code" not in again.json()


def test_cancel_without_a_body_is_cancelled(s: Setup) -> None:
    shift = s.booked()
    reply = s.api.post(f"{SHIFTS}?id={shift['id']}&action=cancel", headers=s.headers)
    assert (reply.status_code, reply.json()["data"]["status"]) == (200, "cancelled")


def test_a_cancelled_slot_can_be_booked_again(s: Setup) -> None:
    s.cancel(s.booked()["id"])
    assert s.book().status_code == 201


def test_a_worked_booking_cannot_be_cancelled(s: Setup) -> None:
    shift = s.booked(shift_date="2026-11-18", start_time="11:30", end_time="18:00", status="published")
    clocked = s.api.post("/api/v1/clock.php", headers=s.headers, json={"worker_id": s.worker.id, "action": "in"})
    assert clocked.status_code == 201, clocked.text
    assert clocked.json()["data"]["scheduled_shift_id"] == shift["id"]
    reply = s.cancel(shift["id"])
    assert reply.status_code == 409
    assert (reply.json()["error_code"], reply.json()["reason_code"]) == ("conflict", "worked")
    moved = s.api.put(f"{SHIFTS}?id={shift['id']}", headers=s.headers, json={"end_time": "19:00"})
    assert (moved.status_code, moved.json()["reason_code"]) == (409, "worked")
    noted = s.api.put(f"{SHIFTS}?id={shift['id']}", headers=s.headers, json={"notes": "Stayed late"})
    assert (noted.status_code, noted.json()["data"]["notes"]) == (200, "Stayed late")


def test_cancel_needs_an_id_and_another_clients_booking_is_404(s: Setup) -> None:
    missing = s.api.post(f"{SHIFTS}?action=cancel", headers=s.headers, json={})
    assert (missing.status_code, missing.json()["parameter"]) == (400, "id")
    shift = s.booked()
    other = s.world.account("Other Ltd")
    theirs = s.world.key(other.id)
    cancel = s.api.post(f"{SHIFTS}?id={shift['id']}&action=cancel", headers=theirs, json={})
    read = s.api.get(f"{SHIFTS}?id={shift['id']}", headers=theirs)
    change = s.api.put(f"{SHIFTS}?id={shift['id']}", headers=theirs, json={"notes": "x"})
    assert [cancel.status_code, read.status_code, change.status_code] == [404, 404, 404]


# ---- change ----------------------------------------------------------------------------------------


def test_put_changes_times_and_rechecks_eligibility(s: Setup) -> None:
    first = s.booked()
    second = s.booked(shift_date="2026-11-21")
    clash = s.api.put(f"{SHIFTS}?id={second['id']}", headers=s.headers, json={"shift_date": DAY})
    assert (clash.status_code, clash.json()["block_codes"]) == (409, ["overlap"])
    moved = s.api.put(
        f"{SHIFTS}?id={first['id']}", headers=s.headers, json={"start_time": "10:00", "job_role": "Driver"}
    )
    assert moved.status_code == 200, moved.text
    data = moved.json()["data"]
    assert (data["start_time"], data["warning_codes"], data["job_role"]) == ("10:00:00", ["role"], "Driver")
    assert "detached_demand_id" not in data
    [event] = s.world.outbox("shift.updated")
    assert event["data"]["changes"] == ["start_time", "job_role"]
    bad = s.api.put(f"{SHIFTS}?id={first['id']}", headers=s.headers, json={"end_time": "10:00"})
    assert (bad.status_code, bad.json()["field"]) == (400, "end_time")
    done = s.api.put(f"{SHIFTS}?id={first['id']}", headers=s.headers, json={"status": "completed"})
    assert (done.status_code, done.json()["field"]) == (400, "status")


# ---- read ------------------------------------------------------------------------------------------


def test_the_list_is_newest_date_first_then_start_time_then_id(s: Setup) -> None:
    bob = s.world.worker(s.account.id, "Bob Second").worker
    early = s.booked(shift_date="2026-11-19", start_time="06:00", end_time="08:00")
    late = s.booked(shift_date="2026-11-19", start_time="20:00", end_time="23:00")
    newest = s.booked(shift_date="2026-11-25")
    twin = s.booked(bob.id, shift_date="2026-11-19", start_time="06:00", end_time="08:00")
    assert s.listed() == [newest["id"], early["id"], twin["id"], late["id"]]
    reply = s.api.get(f"{SHIFTS}?limit=2&offset=1", headers=s.headers)
    assert [i["id"] for i in reply.json()["data"]] == [early["id"], twin["id"]]
    assert reply.json()["pagination"] == {"total": 4, "limit": 2, "offset": 1, "has_more": True}
    one = s.api.get(f"{SHIFTS}?id={late['id']}", headers=s.headers)
    assert one.json()["data"]["id"] == late["id"]
    assert s.api.get(f"{SHIFTS}?id=999999", headers=s.headers).status_code == 404


def test_every_filter_narrows_the_list(s: Setup) -> None:
    team = s.world.department(s.account.id, "Team")
    bob = s.world.worker(s.account.id, "Bob Team", department_id=team.id).worker
    a = s.booked(shift_date="2026-11-19")
    b = s.booked(bob.id, shift_date="2026-11-20", location_id=s.other_site.id, status="published")
    s.clock.advance(hours=1)
    c = s.booked(shift_date="2026-11-21")
    assert s.listed("date_from=2026-11-20") == [c["id"], b["id"]]
    assert s.listed("date_to=2026-11-20") == [b["id"], a["id"]]
    assert s.listed("date_from=2026-11-20&date_to=2026-11-20") == [b["id"]]
    assert s.listed(f"worker_id={bob.id}") == [b["id"]]
    assert s.listed(f"location_id={s.other_site.id}") == [b["id"]]
    assert s.listed(f"department_id={team.id}") == [b["id"]]
    assert s.listed("status=published") == [b["id"]]
    assert s.listed("updated_since=2026-11-18T12:30:00Z") == [c["id"]]
    assert s.listed("demand_id=1") == []
    backwards = s.api.get(f"{SHIFTS}?date_from=2026-11-21&date_to=2026-11-20", headers=s.headers)
    assert (backwards.status_code, backwards.json()["parameter"]) == (400, "date_to")
    other = s.world.account("Other Ltd")
    their_site = s.world.site(other.id)
    foreign = s.api.get(f"{SHIFTS}?location_id={their_site.id}", headers=s.headers)
    assert (foreign.status_code, foreign.json()["error_code"]) == (404, "location_not_found")
    their_worker = s.world.worker(other.id, "Tom Theirs", location_id=their_site.id).worker
    s.world.services.clock.set(NOON + timedelta(hours=1))
    assert s.listed(f"worker_id={their_worker.id}") == []


def test_a_blank_status_reads_as_cancelled_and_the_cancelled_filter_finds_it(s: Setup) -> None:
    old = s.booked(shift_date="2026-11-19")
    live = s.booked()
    cancelled = s.booked(shift_date="2026-11-21")
    s.cancel(cancelled["id"])
    s.set_shift(old["id"], status="")
    assert s.api.get(f"{SHIFTS}?id={old['id']}", headers=s.headers).json()["data"]["status"] == "cancelled"
    assert s.listed("status=cancelled") == [cancelled["id"], old["id"]]
    assert s.listed("status=draft") == [live["id"]]


def test_a_site_limited_key_sees_only_its_sites(s: Setup) -> None:
    here = s.booked()
    s.booked(location_id=s.other_site.id, shift_date="2026-11-21")
    limited = s.world.key(s.account.id, location_ids=(s.site.id,))
    assert s.listed(headers=limited) == [here["id"]]
    refused = s.api.get(f"{SHIFTS}?location_id={s.other_site.id}", headers=limited)
    assert (refused.status_code, refused.json()["error_code"]) == (403, "location_not_allowed")


def test_start_and_end_utc_are_right_across_the_october_clock_change(s: Setup) -> None:
    night = s.booked(shift_date="2026-10-24", start_time="22:00", end_time="06:00")
    assert (night["start_utc"], night["end_utc"]) == ("2026-10-24T21:00:00Z", "2026-10-25T06:00:00Z")  # 9 hours
    after = s.booked(shift_date="2026-10-25", start_time="09:00", end_time="17:00")
    assert (after["start_utc"], after["end_utc"]) == ("2026-10-25T09:00:00Z", "2026-10-25T17:00:00Z")
    listed = s.api.get(f"{SHIFTS}?date_to=2026-10-25", headers=s.headers).json()["data"]
    assert [(i["start_time"], i["start_utc"]) for i in listed] == [
        ("09:00:00", "2026-10-25T09:00:00Z"),
        ("22:00:00", "2026-10-24T21:00:00Z"),
    ]


# ---- concurrency -----------------------------------------------------------------------------------


def test_two_concurrent_overlapping_bookings_give_one_201_and_one_409_overlap(s: Setup) -> None:
    bodies = [
        {
            "worker_id": s.worker.id,
            "location_id": s.site.id,
            "shift_date": DAY,
            "start_time": "09:00",
            "end_time": "17:00",
        },
        {
            "worker_id": s.worker.id,
            "location_id": s.other_site.id,
            "shift_date": DAY,
            "start_time": "12:00",
            "end_time": "20:00",
        },
    ]
    barrier = threading.Barrier(len(bodies))
    services = s.world.services
    with ExitStack() as stack:
        clients = [stack.enter_context(TestClient(create_app(services=services))) for _ in bodies]

        def send(pair: tuple[TestClient, dict[str, Any]]) -> httpx.Response:
            client, body = pair
            barrier.wait(timeout=10)
            return client.post(SHIFTS, headers=s.headers, json=body)

        with ThreadPoolExecutor(max_workers=len(bodies)) as pool:
            replies = list(pool.map(send, zip(clients, bodies, strict=True)))
    assert sorted(reply.status_code for reply in replies) == [201, 409]
    [refused] = [reply.json() for reply in replies if reply.status_code == 409]
    assert (refused["error_code"], refused["block_codes"]) == ("not_eligible", ["overlap"])
    assert len(s.listed()) == 1
