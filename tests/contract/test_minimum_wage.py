"""The minimum wage over HTTP and the console: the worker's date of birth and apprenticeship (pay:read to
see, rates:write to set), the payroll line's `below_minimum_wage`, the week's `exceptions_open`,
/exceptions.php, the lock refused until a rate change or an acceptance with a reason."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.test_pricing import Agency

WORKERS = "/api/v1/workers.php"
WEEK = "2026-04-13"  # Monday: the 2026 bands started on 1 April


@pytest.fixture
def agency(world: World, console: Console, tmp_path: Path, clock: FakeClock) -> Agency:
    return Agency(world, console, tmp_path, clock)


def _set(api: TestClient, agency: Agency, **body: Any) -> dict[str, Any]:
    reply = api.put(f"{WORKERS}?id={agency.worker.id}", headers=agency.headers, json=body)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]  # type: ignore[no-any-return]


def _week_of_work(agency: Agency) -> list[int]:
    days = [date(2026, 4, 13) + timedelta(days=n) for n in range(5)]
    return [agency.shift(f"{day} 09:00", f"{day} 17:00") for day in days]  # 5 x 8 h, no rule: no lunch


def _line(api: TestClient, agency: Agency) -> dict[str, Any]:
    reply = api.get(f"/api/v1/payroll.php?week={WEEK}", headers=agency.headers)
    assert reply.status_code == 200, reply.text
    (line,) = [item for item in reply.json()["data"] if item["worker_id"] == agency.worker.id]
    return line  # type: ignore[no-any-return]


def _week(api: TestClient, agency: Agency) -> dict[str, Any]:
    reply = api.get(f"/api/v1/pay-weeks.php?week_start={WEEK}", headers=agency.headers)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"][0]  # type: ignore[no-any-return]


def _wage_exceptions(api: TestClient, agency: Agency, headers: dict[str, str] | None = None) -> list[dict[str, Any]]:
    query = "date_from=2026-04-13&date_to=2026-04-19&type=below_minimum_wage"
    reply = api.get(f"/api/v1/exceptions.php?{query}", headers=headers or agency.headers)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]  # type: ignore[no-any-return]


def test_date_of_birth_and_apprenticeship_need_rates_write_and_show_only_with_pay_read(
    api: TestClient, agency: Agency, world: World
) -> None:
    shown = _set(api, agency, date_of_birth="2007-06-01", apprentice_since="2025-09-01")
    assert (shown["date_of_birth"], shown["apprentice_since"]) == ("2007-06-01", "2025-09-01")
    no_rates = world.key(agency.account.id, ("workers:read", "workers:write", "pay:read"))
    refused = api.put(f"{WORKERS}?id={agency.worker.id}", headers=no_rates, json={"date_of_birth": None})
    assert (refused.status_code, refused.json()["error_code"]) == (403, "insufficient_scope")
    no_pay = world.key(agency.account.id, ("workers:read",))
    hidden = api.get(f"{WORKERS}?id={agency.worker.id}", headers=no_pay).json()["data"]
    assert "date_of_birth" not in hidden
    assert "apprentice_since" not in hidden
    bad = api.put(f"{WORKERS}?id={agency.worker.id}", headers=agency.headers, json={"date_of_birth": "1 June"})
    assert (bad.status_code, bad.json()["field"]) == (400, "date_of_birth")


def test_worked_example_an_18_year_old_at_10_50_is_14_00_short_and_the_lock_waits_for_an_acceptance(
    api: TestClient, agency: Agency, world: World
) -> None:
    """docs/decisions.md, minimum wage: born 1 June 2007 (18 on 13 April 2026: the 18 to 20 band,
    10.85 from 1 April 2026), paid 10.50 an hour for 40 hours = 420.00 against 434.00: 14.00 short."""
    _set(api, agency, date_of_birth="2007-06-01", hourly_rate=10.50)
    _week_of_work(agency)
    line = _line(api, agency)
    assert line["gross_pay"] == 420.0
    assert "below_minimum_wage" in line["flags"]
    assert line["minimum_wage"] == {
        "band": "18_to_20",
        "rate": 10.85,
        "hourly_pay": 10.5,
        "amount_short": 14.0,
        "status": "open",
        "assumed_21_and_over": False,
    }
    assert _week(api, agency)["exceptions_open"] == 1
    (found,) = _wage_exceptions(api, agency)
    assert found["id"] == f"below_minimum_wage:{agency.worker.id}:{WEEK}"
    assert (found["severity"], found["status"], found["entry_id"]) == ("blocking", "open", None)
    assert "14.00 short" in found["detail"]
    no_pay = world.key(agency.account.id, ("timesheets:read",))
    assert "short" not in _wage_exceptions(api, agency, no_pay)[0]["detail"]  # no figures without pay:read

    code, refused = agency.console("pay-week", "lock", "--client", str(agency.account.id), "--week", WEEK)
    assert (code, refused["error_code"]) == (1, "conflict")
    assert refused["message"].endswith("1 exceptions open.")

    blank = ("--worker", str(agency.worker.id), "--reason", " ")
    code, error = agency.console(
        "pay-week", "accept-minimum-wage", "--client", str(agency.account.id), "--week", WEEK, *blank
    )
    assert (code, error["error_code"]) == (1, "validation_failed")
    why = ("--worker", str(agency.worker.id), "--reason", "back pay of 14.00 in the next week")
    code, accepted = agency.console(
        "pay-week", "accept-minimum-wage", "--client", str(agency.account.id), "--week", WEEK, *why
    )
    assert code == 0, accepted
    assert (accepted["amount_short"], accepted["reason"], accepted["week_start"]) == (
        14.0,
        "back pay of 14.00 in the next week",
        WEEK,
    )
    code, again = agency.console(
        "pay-week", "accept-minimum-wage", "--client", str(agency.account.id), "--week", WEEK, *why
    )
    assert (code, again["error_code"]) == (1, "conflict")
    assert _line(api, agency)["minimum_wage"]["status"] == "accepted"
    assert _week(api, agency)["exceptions_open"] == 0
    assert _wage_exceptions(api, agency)[0]["status"] == "resolved"
    code, locked = agency.console("pay-week", "lock", "--client", str(agency.account.id), "--week", WEEK)
    assert code == 0, locked


def test_a_rate_change_resolves_the_shortfall(api: TestClient, agency: Agency) -> None:
    _set(api, agency, hourly_rate=12.00)  # no date of birth: checked against 21 and over, 12.71
    _week_of_work(agency)
    line = _line(api, agency)
    assert (line["minimum_wage"]["amount_short"], line["minimum_wage"]["assumed_21_and_over"]) == (28.4, True)
    assert _week(api, agency)["exceptions_open"] == 1
    _set(api, agency, hourly_rate=12.71)
    line = _line(api, agency)
    assert "below_minimum_wage" not in line["flags"]
    assert (line["minimum_wage"]["status"], line["minimum_wage"]["amount_short"]) == ("met", 0.0)
    assert _week(api, agency)["exceptions_open"] == 0
    assert _wage_exceptions(api, agency) == []
    code, locked = agency.console("pay-week", "lock", "--client", str(agency.account.id), "--week", WEEK)
    assert code == 0, locked


def test_an_apprentice_in_the_first_year_is_checked_at_the_apprentice_rate(api: TestClient, agency: Agency) -> None:
    _set(api, agency, date_of_birth="1990-01-01", apprentice_since="2025-09-01", hourly_rate=8.00)
    _week_of_work(agency)
    wage = _line(api, agency)["minimum_wage"]
    assert (wage["band"], wage["rate"], wage["status"]) == ("apprentice", 8.0, "met")
