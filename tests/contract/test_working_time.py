"""Working time over HTTP: `wtr_opt_out` on workers, the warnings `wtr_average`, `rest_11h`, `weekly_rest`
on a booking and in who-is-free, and the block `young_worker`."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.test_availability import Setup as FreeSetup
from tests.contract.test_shifts import Setup

WORKERS = "/api/v1/workers.php"


def _put(s: Setup, worker_id: int, **body: Any) -> dict[str, Any]:
    reply = s.api.put(f"{WORKERS}?id={worker_id}", headers=s.headers, json=body)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]  # type: ignore[no-any-return]


def test_a_worker_can_opt_out_of_the_48_hour_week(api: TestClient, world: World, clock: FakeClock) -> None:
    s = Setup(api, world, clock)
    assert api.get(f"{WORKERS}?id={s.worker.id}", headers=s.headers).json()["data"]["wtr_opt_out"] is False
    assert _put(s, s.worker.id, wtr_opt_out=True)["wtr_opt_out"] is True
    bad = api.put(f"{WORKERS}?id={s.worker.id}", headers=s.headers, json={"wtr_opt_out": "sometimes"})
    assert (bad.status_code, bad.json()["field"]) == (400, "wtr_opt_out")


def test_a_booking_warns_rest_11h_before_and_after_other_shifts(
    api: TestClient, world: World, clock: FakeClock
) -> None:
    s = Setup(api, world, clock)
    s.booked(shift_date="2026-11-20", start_time="14:00", end_time="23:00")
    after = s.booked(shift_date="2026-11-21", start_time="09:59", end_time="14:00")  # 10 h 59 min later
    assert "rest_11h" in after["warning_codes"]
    fine = s.booked(shift_date="2026-11-23", start_time="10:00", end_time="14:00")
    assert "rest_11h" not in fine["warning_codes"]
    before = s.booked(shift_date="2026-11-22", start_time="18:00", end_time="23:01")  # 10 h 59 min before the 23rd
    assert "rest_11h" in before["warning_codes"]


def test_a_booking_warns_weekly_rest_after_seven_days_without_24_hours_off(
    api: TestClient, world: World, clock: FakeClock
) -> None:
    s = Setup(api, world, clock)
    first = date(2026, 11, 23)
    for n in range(6):
        day = (first + timedelta(days=n)).isoformat()
        assert "weekly_rest" not in s.booked(shift_date=day, start_time="08:00", end_time="20:00")["warning_codes"]
    seventh = s.booked(shift_date=(first + timedelta(days=6)).isoformat(), start_time="08:00", end_time="20:00")
    assert "weekly_rest" in seventh["warning_codes"]


def test_a_worker_under_18_is_blocked_over_8_hours_a_day(api: TestClient, world: World, clock: FakeClock) -> None:
    s = Setup(api, world, clock)
    _put(s, s.worker.id, date_of_birth="2009-06-01", wtr_opt_out=True)  # 17: the opt-out does not apply
    refused = s.book(shift_date="2026-11-23", start_time="08:00", end_time="16:01")
    assert (refused.status_code, refused.json()["error_code"]) == (409, "not_eligible")
    assert refused.json()["block_codes"] == ["young_worker"]
    assert s.book(shift_date="2026-11-23", start_time="08:00", end_time="16:00").status_code == 201


def test_who_is_free_shows_the_working_time_codes(
    api: TestClient, world: World, clock: FakeClock, console: Console
) -> None:
    s = FreeSetup(api, world, clock, console)
    assert s.book(shift_date="2026-11-19", start_time="14:00", end_time="23:00").status_code == 201
    young = world.worker(s.account.id, "Yas Young", location_id=s.site.id, date_of_birth="2010-01-01").worker
    items = {
        item["worker_id"]: item
        for item in s.free_items("available_from=2026-11-20T08:00:00Z&available_to=2026-11-20T18:00:00Z")
    }
    assert "rest_11h" in items[s.ann.id]["warning_codes"]  # 9 hours after the 23:00 end
    assert items[young.id]["block_codes"] == ["young_worker"]  # 10 hours in a day
