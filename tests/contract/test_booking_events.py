"""Bookings on SQLite and PostgreSQL: the shift.* events' data (issue 11 item 10, decisions.md), the
console's ``shift book`` through the API's use case, and clock-ins linking to bookings and completing them.

An event's data is the Shift as the API shows it, plus ``client_id``, plus the fields its catalogue line
names: ``changes`` and ``detached_demand_id`` (updated), ``status``, ``cancel_reason``, ``deleted`` (cancelled).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from sqlalchemy import update
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from workforce_adapters.sql import tables

SHIFTS = "/api/v1/shifts.php"
CLOCK = "/api/v1/clock.php"
NOON = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)  # a Wednesday, GMT: local time = UTC
DAY = "2026-11-20"


class Setup:
    def __init__(self, api: TestClient, world: World, clock: FakeClock, console: Console) -> None:
        self.api, self.world, self.clock, self.console = api, world, clock, console
        clock.set(NOON)
        self.account = world.account()
        self.site = world.site(self.account.id, "Depot", geofence_mode="disabled")
        self.ann = world.worker(self.account.id, "Ann Booked", location_id=self.site.id).worker
        self.bob = world.worker(self.account.id, "Bob Booked", location_id=self.site.id).worker
        self.headers = world.key(self.account.id)

    def book(self, worker_id: int, day: str = DAY, start: str = "09:00", end: str = "17:00", **body: Any) -> Any:
        sent = {"worker_id": worker_id, "location_id": self.site.id, "shift_date": day}
        reply = self.api.post(SHIFTS, headers=self.headers, json={**sent, "start_time": start, "end_time": end, **body})
        assert reply.status_code == 201, reply.text
        return reply.json()["data"]

    def console_book(self, worker_id: int, *times: str) -> tuple[int, Any]:
        where = ("--client", str(self.account.id), "--worker", str(worker_id), "--location", str(self.site.id))
        return self.console("shift", "book", *where, "--date", DAY, *times)

    def shown(self, shift_id: int) -> dict[str, Any]:
        return dict(self.api.get(f"{SHIFTS}?id={shift_id}", headers=self.headers).json()["data"])

    def clock_(self, worker_id: int, action: str, at: datetime) -> httpx.Response:
        self.clock.set(at)
        return self.api.post(CLOCK, headers=self.headers, json={"worker_id": worker_id, "action": action})


@pytest.fixture
def s(api: TestClient, world: World, clock: FakeClock, console: Console) -> Setup:
    return Setup(api, world, clock, console)


# ---- the events' data ------------------------------------------------------------------------------


def test_a_key_made_booking_sends_shift_created_and_the_legacy_shift_created_with_the_shift(s: Setup) -> None:
    data = s.book(s.ann.id, notes="Gate B")
    [created] = s.world.outbox("shift.created")
    [legacy] = s.world.outbox("shift_created")
    for event in (created, legacy):
        assert event["client_id"] == s.account.id
        assert event["data"] == {**data, "client_id": s.account.id}


def test_shift_updated_carries_the_changes_and_the_requirement_it_left(s: Setup) -> None:
    booked = s.book(s.ann.id)
    with s.world.services.engine.begin() as connection:
        connection.execute(update(tables.shifts).where(tables.shifts.c.id == booked["id"]).values(demand_id=7))
    s.clock.advance(minutes=5)
    noted = s.api.put(f"{SHIFTS}?id={booked['id']}", headers=s.headers, json={"notes": "Gate C", "status": "draft"})
    assert noted.status_code == 200, noted.text
    moved = s.api.put(f"{SHIFTS}?id={booked['id']}", headers=s.headers, json={"shift_date": "2026-11-21"})
    assert moved.status_code == 200, moved.text
    reply = moved.json()["data"]
    assert (reply["demand_id"], reply["detached_demand_id"]) == (None, 7)
    first, second = s.world.outbox("shift.updated")
    assert first["data"] == {**noted.json()["data"], "client_id": s.account.id, "changes": ["notes"]}
    assert second["data"] == {**reply, "client_id": s.account.id, "changes": ["shift_date"]}
    unchanged = s.api.put(f"{SHIFTS}?id={booked['id']}", headers=s.headers, json={"notes": "Gate C"})
    assert unchanged.status_code == 200
    assert len(s.world.outbox("shift.updated")) == 2  # nothing changed: no event


def test_shift_cancelled_carries_status_cancel_reason_and_deleted_false(s: Setup) -> None:
    booked = s.book(s.ann.id)
    reply = s.api.post(
        f"{SHIFTS}?id={booked['id']}&action=cancel",
        headers=s.headers,
        json={"status": "client_cancelled", "cancel_reason": "Site closed"},
    )
    assert reply.status_code == 200, reply.text
    [event] = s.world.outbox("shift.cancelled")
    assert event["data"] == {**reply.json()["data"], "client_id": s.account.id, "deleted": False}
    assert (event["data"]["status"], event["data"]["cancel_reason"]) == ("client_cancelled", "Site closed")
    assert s.world.outbox("shift.no_show") == []  # only a no_show cancel sends it


# ---- the console's shift book is the API's use case -------------------------------------------------


def test_console_shift_book_sends_shift_created_only(s: Setup) -> None:
    code, printed = s.console_book(s.ann.id, "--start", "09:00", "--end", "17:00", "--role", "Driver")
    assert code == 0, printed
    assert printed["warning_codes"] == ["role"]  # the eligibility rule ran (Ann has no role)
    [event] = s.world.outbox("shift.created")
    assert event["data"] == {**printed, "client_id": s.account.id}
    assert s.world.outbox("shift_created") == []  # the legacy event goes with key-made bookings only


def test_console_shift_book_refuses_an_ineligible_booking_with_its_codes(s: Setup) -> None:
    s.book(s.ann.id)
    code, refused = s.console_book(s.ann.id, "--start", "16:00", "--end", "20:00", "--role", "Driver")
    assert code == 1
    assert (refused["error_code"], refused["block_codes"], refused["warning_codes"]) == (
        "not_eligible",
        ["overlap"],
        ["role"],
    )
    assert len(s.world.outbox("shift.created")) == 1
    assert len(s.api.get(SHIFTS, headers=s.headers).json()["data"]) == 1


# ---- clock-ins link to bookings; a closed shift completes its booking ---------------------------------


def test_a_clock_in_links_the_live_booking_covering_it_and_the_clock_out_completes_it(s: Setup) -> None:
    booked = s.book(s.ann.id, status="published")
    start = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)
    clocked = s.clock_(s.ann.id, "in", start - timedelta(minutes=10))
    assert clocked.status_code == 201, clocked.text
    assert clocked.json()["data"]["scheduled_shift_id"] == booked["id"]
    assert s.shown(booked["id"])["status"] == "published"  # open: not yet worked
    out = s.clock_(s.ann.id, "out", start + timedelta(hours=8, minutes=5))
    assert out.status_code == 200, out.text
    assert s.shown(booked["id"])["status"] == "completed"
    again = s.clock_(s.ann.id, "in", start + timedelta(hours=8, minutes=10))
    assert again.json()["data"]["scheduled_shift_id"] is None  # a completed booking takes no second shift


def test_with_two_bookings_near_a_clock_in_the_closest_wins(s: Setup) -> None:
    booked = {
        (worker.id, start): s.book(worker.id, start=start, end=end, status="published")["id"]
        for worker in (s.ann, s.bob)
        for start, end in (("06:00", "12:00"), ("13:00", "20:00"))
    }
    ann = s.clock_(s.ann.id, "in", datetime(2026, 11, 20, 12, 10, tzinfo=UTC))  # 10 min after one, 50 before the other
    bob = s.clock_(s.bob.id, "in", datetime(2026, 11, 20, 12, 40, tzinfo=UTC))  # 40 min after one, 20 before the other
    assert ann.json()["data"]["scheduled_shift_id"] == booked[s.ann.id, "06:00"]
    assert bob.json()["data"]["scheduled_shift_id"] == booked[s.bob.id, "13:00"]


def test_a_cancelled_booking_takes_no_clock(s: Setup) -> None:
    booked = s.book(s.ann.id, status="published")
    s.api.post(f"{SHIFTS}?id={booked['id']}&action=cancel", headers=s.headers, json={})
    clocked = s.clock_(s.ann.id, "in", datetime(2026, 11, 20, 9, 0, tzinfo=UTC))
    assert clocked.json()["data"]["scheduled_shift_id"] is None
