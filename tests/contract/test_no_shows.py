"""No-shows on SQLite and PostgreSQL: ``workforce shift check-no-shows`` (cron, every minute), the client's
``no_show_grace_minutes``, a booking cancelled as ``no_show``, and two runs of the job at once."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract import test_booking_events as bookings
from tests.contract.conftest import Console, World
from workforce_core.commands.no_shows import CheckNoShows
from workforce_core.services import no_shows

SHIFTS = bookings.SHIFTS
START = datetime(2026, 11, 18, 14, 0, tzinfo=UTC)


class Setup(bookings.Setup):
    """The bookings' set-up (Acme, its Depot, Ann and Bob, a key), with the job to run."""

    def booked(self, worker_id: int, start: str = "14:00", end: str = "18:00", **body: Any) -> dict[str, Any]:
        sent = {"worker_id": worker_id, "location_id": self.site.id, "shift_date": "2026-11-18", "status": "published"}
        reply = self.api.post(SHIFTS, headers=self.headers, json={**sent, "start_time": start, "end_time": end, **body})
        assert reply.status_code == 201, reply.text
        return dict(reply.json()["data"])

    def check(self, *args: str, command: str = "shift") -> dict[str, Any]:
        code, printed = self.console(command, "check-no-shows", *args)
        assert code == 0, printed
        assert isinstance(printed, dict)
        return printed

    def sent(self) -> list[int]:
        return [event["data"]["id"] for event in self.world.outbox("shift.no_show")]


@pytest.fixture
def s(api: TestClient, world: World, clock: FakeClock, console: Console) -> Setup:
    return Setup(api, world, clock, console)


def test_the_job_sends_one_no_show_per_unclocked_published_booking_and_nothing_the_second_time(s: Setup) -> None:
    missed = s.booked(s.ann.id)
    worked = s.booked(s.bob.id)
    s.booked(s.ann.id, "19:00", "22:00")  # later
    s.booked(s.bob.id, "19:00", "22:00", status="draft")
    s.clock.set(START + timedelta(minutes=5))
    clocked = s.api.post("/api/v1/clock.php", headers=s.headers, json={"worker_id": s.bob.id, "action": "in"})
    assert clocked.json()["data"]["scheduled_shift_id"] == worked["id"]
    s.clock.set(START + timedelta(minutes=15))
    assert s.check() == {"checked": 2, "no_shows": 0, "shift_ids": []}  # start plus 15 minutes: not yet
    s.clock.set(START + timedelta(minutes=15, seconds=1))
    assert s.check() == {"checked": 2, "no_shows": 1, "shift_ids": [missed["id"]]}
    [event] = s.world.outbox("shift.no_show")
    assert event["client_id"] == s.account.id
    shown = s.api.get(f"{SHIFTS}?id={missed['id']}", headers=s.headers).json()["data"]
    assert shown["status"] == "published"  # the status stays
    assert event["data"] == {**shown, "client_id": s.account.id, "reason": "not_clocked_in"}
    s.clock.advance(minutes=1)
    assert s.check() == {"checked": 1, "no_shows": 0, "shift_ids": []}  # only the clocked one is left to look at
    assert s.check(command="shifts") == {"checked": 1, "no_shows": 0, "shift_ids": []}  # as issue 11 writes it
    assert s.sent() == [missed["id"]]


def test_the_job_uses_the_clients_grace_set_from_the_console(s: Setup) -> None:
    code, client = s.console("client", "update", str(s.account.id), "--no-show-grace-minutes", "30")
    assert (code, client["no_show_grace_minutes"]) == (0, 30)
    missed = s.booked(s.ann.id)
    s.clock.set(START + timedelta(minutes=30))
    assert s.check()["no_shows"] == 0
    exceptions = s.api.get("/api/v1/exceptions.php", headers=s.headers, params={"type": "no_show"})
    assert exceptions.json()["data"] == []  # the Exceptions page reads a no-show the same way
    s.clock.set(START + timedelta(minutes=31))
    assert s.check()["shift_ids"] == [missed["id"]]
    exceptions = s.api.get("/api/v1/exceptions.php", headers=s.headers, params={"type": "no_show"})
    assert [item["id"] for item in exceptions.json()["data"]] == [f"no_show:shift:{missed['id']}"]
    code, refused = s.console("client", "update", str(s.account.id), "--no-show-grace-minutes", "721")
    assert (code, refused["error_code"], refused["field"]) == (1, "validation_failed", "no_show_grace_minutes")


def test_a_new_client_has_a_grace_of_15_minutes(s: Setup) -> None:
    code, client = s.console("client", "create", "--name", "Fresh Ltd")
    assert (code, client["no_show_grace_minutes"]) == (0, 15)


def test_the_jobs_help_and_a_bad_lookback(s: Setup) -> None:
    code, text = s.console("shift", "check-no-shows", "--help")
    assert code == 0
    assert "no_show_grace_minutes" in text
    assert "cron" in text
    code, refused = s.console("shift", "check-no-shows", "--lookback-hours", "0")
    assert (code, refused["error_code"], refused["field"]) == (1, "validation_failed", "lookback_hours")


def test_a_booking_cancelled_as_no_show_sends_shift_no_show_once(s: Setup) -> None:
    marked = s.booked(s.ann.id)
    s.clock.set(START + timedelta(minutes=20))
    reply = s.api.post(f"{SHIFTS}?id={marked['id']}&action=cancel", headers=s.headers, json={"status": "no_show"})
    assert reply.status_code == 200, reply.text
    [event] = s.world.outbox("shift.no_show")
    assert (event["data"]["status"], event["data"]["reason"]) == ("no_show", "marked_no_show")
    assert s.check() == {"checked": 0, "no_shows": 0, "shift_ids": []}
    found = s.booked(s.bob.id, "11:00", "12:00")  # already started when booked
    assert s.check()["shift_ids"] == [found["id"]]
    again = s.api.post(f"{SHIFTS}?id={found['id']}&action=cancel", headers=s.headers, json={"status": "no_show"})
    assert again.status_code == 200
    assert s.sent() == [marked["id"], found["id"]]  # the job had sent it: the cancel sent shift.cancelled only
    assert len(s.world.outbox("shift.cancelled")) == 2


def test_two_runs_at_once_send_each_no_show_once(s: Setup) -> None:
    missed = [s.booked(worker.id)["id"] for worker in (s.ann, s.bob)]
    s.clock.set(START + timedelta(minutes=20))
    barrier = threading.Barrier(4)
    services = s.world.services

    def run(_: int) -> tuple[int, ...]:
        barrier.wait(timeout=10)
        done = no_shows.check_no_shows(CheckNoShows(), uow=services.uow, clock=services.clock)
        return tuple(view.booking.id for view in done.no_shows)

    with ThreadPoolExecutor(max_workers=4) as pool:
        runs = list(pool.map(run, range(4)))
    assert sorted(id for ran in runs for id in ran) == sorted(missed)
    assert sorted(s.sent()) == sorted(missed)
