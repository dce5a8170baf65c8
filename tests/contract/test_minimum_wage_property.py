"""Over random weeks, on SQLite and PostgreSQL: the payroll line's minimum wage verdict, /exceptions.php's,
the week's `exceptions_open` and the lock are one decision, whether the figures are stored yet or not, and
late clocks owed in the week are in none of them."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.test_pricing import Agency
from workforce_core.services.figure_refresh import refresh_figures
from workforce_entrypoints.bootstrap import Services

LOCKED = date(2026, 11, 9)  # locked while empty: shifts clocked into it later are late clocks
WEEK = date(2026, 11, 16)  # where they are owed; today is Friday 20 November
ENDED = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
PENNY = Decimal("0.01")

# (day of the week, start hour, minutes): one shift a day, so no two overlap; own shifts end by Thursday night
shifts = st.tuples(st.integers(0, 3), st.integers(6, 12), st.integers(30, 600))
weeks = st.fixed_dictionaries(
    {
        "rate": st.sampled_from(["9.50", "10.85", "11.00", "12.00", "12.70", "12.71", "13.25"]),
        "born": st.sampled_from([None, "2007-06-01", "1990-01-01"]),  # unknown (21 and over), 19, 36
        "own": st.lists(shifts, max_size=3, unique_by=lambda s: s[0]),
        "late": st.lists(shifts, max_size=2, unique_by=lambda s: s[0]),
        "stored": st.booleans(),  # the background pass has stored the figures, or not yet
    }
)


def _shift(agency: Agency, week: date, day: int, hour: int, minutes: int) -> int:
    start = datetime.combine(week + timedelta(days=day), datetime.min.time()) + timedelta(hours=hour)
    end = start + timedelta(minutes=minutes)
    return agency.shift(f"{start:%Y-%m-%d %H:%M}", f"{end:%Y-%m-%d %H:%M}")


def _get(api: TestClient, agency: Agency, path: str) -> Any:
    reply = api.get(path, headers=agency.headers)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(week=weeks)
def test_the_line_the_exceptions_the_week_s_count_and_the_lock_take_one_decision(
    api: TestClient,
    world: World,
    console: Console,
    tmp_path: Path,
    clock: FakeClock,
    services: Services,
    week: dict[str, Any],
) -> None:
    agency = Agency(world, console, tmp_path, clock)  # a new account each example, today Friday 20 November
    worker = f"/api/v1/workers.php?id={agency.worker.id}"
    body = {"hourly_rate": float(week["rate"]), "date_of_birth": week["born"]}
    assert api.put(worker, headers=agency.headers, json=body).status_code == 200
    client = ("--client", str(agency.account.id))
    assert console("pay-week", "lock", *client, "--week", LOCKED.isoformat())[0] == 0
    for day, hour, minutes in week["late"]:
        _shift(agency, LOCKED, day, hour, minutes)
    for day, hour, minutes in week["own"]:
        _shift(agency, WEEK, day, hour, minutes)
    if week["stored"]:
        refresh_figures(uow=services.uow)

    lines = _get(api, agency, f"/api/v1/payroll.php?week={WEEK}")
    wage = lines[0]["minimum_wage"] if lines else None
    query = f"date_from={WEEK}&date_to={WEEK}&type=below_minimum_wage"
    found = _get(api, agency, f"/api/v1/exceptions.php?{query}")
    counted = _get(api, agency, f"/api/v1/pay-weeks.php?week_start={WEEK}")[0]["exceptions_open"]
    clock.set(ENDED)
    code, locked = console("pay-week", "lock", *client, "--week", WEEK.isoformat())

    if not week["own"]:
        assert wage is None  # late clocks only (or nothing): no time of the week's own to check
    is_open = wage is not None and wage["status"] == "open"
    assert [item["status"] for item in found] == (["open"] if is_open else [])
    assert counted == (1 if is_open else 0)
    assert (code != 0) == is_open, locked
    if is_open:
        assert (locked["reason_code"], locked["left"]["exceptions_open"]) == ("week_not_ready", 1)
        short = Decimal(str(wage["amount_short"])).quantize(PENNY)
        assert f"{short} short" in found[0]["detail"]
