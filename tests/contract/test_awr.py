"""The AWR clock over HTTP and the console: `awr` on GET /workers.php?id= (pay:read), parity from it in
pricing, an approved sickness absence pausing it, and `price explain` saying why."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.test_pricing import RULE_R, Agency

PARITY_RULE = {**RULE_R, "pay": {"pay_rate": 12, "pre_parity_pay_rate": 11, "post_parity_pay_rate": 13}}


@pytest.fixture
def agency(world: World, console: Console, tmp_path: Path, clock: FakeClock) -> Agency:
    made = Agency(world, console, tmp_path, clock)
    made.rule(PARITY_RULE)
    return made


def _work(agency: Agency, first: date, weeks: int) -> list[int]:
    days = [(first + timedelta(weeks=n)).isoformat() for n in range(weeks)]
    return [agency.shift(f"{day} 09:00", f"{day} 13:00") for day in days]


def _sick(agency: Agency, first: str, last: str) -> None:
    args = ("--worker", str(agency.worker.id), "--type", "sickness", "--from", first, "--to", last, "--approve")
    code, reply = agency.console("absence", "create", *args)
    assert code == 0, reply


def _awr(api: TestClient, agency: Agency, headers: dict[str, str] | None = None) -> dict[str, object]:
    reply = api.get(f"/api/v1/workers.php?id={agency.worker.id}", headers=headers or agency.headers)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]  # type: ignore[no-any-return]


def test_worked_example_eight_weeks_off_sick_pause_the_clock(api: TestClient, agency: Agency, clock: FakeClock) -> None:
    """docs/decisions.md, AWR: five Tuesdays from 6 January 2026, off sick 9 February to 3 April, then
    Tuesdays from 7 April: the shift of 26 May is paid post parity (13.00), explained."""
    _work(agency, date(2026, 1, 6), 5)
    later = _work(agency, date(2026, 4, 7), 8)
    before = agency.entry(api, later[-1], include_pricing="true", explain="true")["pricing"]
    assert before["pay_amount"] == 44.0  # a plain break of 8 weeks restarted the count: pre-parity 11.00 x 4
    assert before["explanation"]["awr"]["status"] == "counting"
    assert "restarted the count" in before["explanation"]["awr"]["why"]

    _sick(agency, "2026-02-09", "2026-04-03")
    after = agency.entry(api, later[-1], include_pricing="true", explain="true")["pricing"]
    assert after["pay_amount"] == 52.0  # post-parity 13.00 x 4
    awr = after["explanation"]["awr"]
    assert (awr["weeks_counted"], awr["status"], awr["qualifies_on"]) == (12, "qualified", "2026-05-25")
    assert awr["why"].startswith("post parity: 12 qualifying weeks at this hirer since the week of 2026-01-05")
    assert after["explanation"]["parity"] is True

    code, explained = agency.console("price", "explain", str(later[-1]))
    assert code == 0
    assert explained["pricing"]["explanation"]["awr"]["why"] == awr["why"]

    clock.set(datetime(2026, 5, 27, 12, 0, tzinfo=UTC))
    assert _awr(api, agency)["awr"] == {
        "weeks_counted": 12,
        "qualifies_on": "2026-05-25",
        "status": "qualified",
        "counting_since": "2026-01-05",
        "week_start": "2026-05-25",
        "why": awr["why"],
    }


def test_a_worker_read_shows_the_clock_only_with_pay_read(
    api: TestClient, agency: Agency, world: World, clock: FakeClock
) -> None:
    _work(agency, date(2026, 9, 1), 3)
    clock.set(datetime(2026, 9, 30, 9, 0, tzinfo=UTC))  # the week of 28 September: the 22nd had no work
    awr = _awr(api, agency)["awr"]
    assert awr == {
        "weeks_counted": 3,
        "qualifies_on": "2026-11-30",  # 9 more weeks of work from 28 September
        "status": "paused",
        "counting_since": "2026-08-31",
        "week_start": "2026-09-28",
        "why": awr["why"],  # type: ignore[index]
    }
    without_pay = world.key(agency.account.id, ("workers:read",))
    assert "awr" not in _awr(api, agency, without_pay)
    listed = api.get("/api/v1/workers.php", headers=agency.headers).json()["data"]
    assert all("awr" not in item for item in listed)  # only a read of one worker carries it


def test_a_worker_who_never_worked_has_not_started(api: TestClient, agency: Agency) -> None:
    awr = _awr(api, agency)["awr"]
    assert (awr["weeks_counted"], awr["status"], awr["qualifies_on"], awr["counting_since"]) == (  # type: ignore[index]
        0,
        "not_started",
        None,
        None,
    )
