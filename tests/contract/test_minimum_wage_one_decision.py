"""The minimum wage check is one decision, on SQLite and PostgreSQL: the payroll line, /exceptions.php,
the week's `exceptions_open` (/pay-weeks.php and the Close pay week page) and the lock give the same
answer, late clocks owed in the week are in none of them (docs/decisions.md, minimum wage), a line of late
clocks only has no verdict, and the payroll file's flags carry `below_minimum_wage` like the line.

The account pays 12.00 an hour, under the 21-and-over rate of November 2026 (12.71); today is Friday
20 November 2026."""

from __future__ import annotations

import csv
import io
import re
import threading
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.console_pages import Person, console, sign_in_as
from tests.contract.test_pricing import RULE_R, Agency
from workforce_adapters.sql import tables
from workforce_core.ports import Paging, PayrollFilter
from workforce_core.rules.pay_week_states import week_bounds
from workforce_core.services.figure_refresh import refresh_figures
from workforce_core.steps.pay_figures import figures_current
from workforce_entrypoints.bootstrap import Services

LOCKED = "2026-11-09"  # locked while empty: a shift clocked into it later is a late clock
WEEK = "2026-11-16"  # the week a late clock into the week of 9 November is due in


@pytest.fixture
def agency(api: TestClient, world: World, console: Console, tmp_path: Path, clock: FakeClock) -> Agency:
    made = Agency(world, console, tmp_path, clock)
    reply = api.put(f"/api/v1/workers.php?id={made.worker.id}", headers=made.headers, json={"hourly_rate": 12.00})
    assert reply.status_code == 200, reply.text
    return made


def _cli(agency: Agency, *args: str, week: str = WEEK) -> tuple[int, Any]:
    return agency.console(*args, "--client", str(agency.account.id), "--week", week)


def _late_clock_owed(agency: Agency) -> int:
    """A 4-hour late clock into the (empty, locked) week of 9 November, owed in the week of 16 November."""
    code, body = _cli(agency, "pay-week", "lock", week=LOCKED)
    assert code == 0, body
    return agency.shift("2026-11-11 08:00", "2026-11-11 12:00")


def _line(api: TestClient, agency: Agency, week: str = WEEK) -> dict[str, Any]:
    reply = api.get(f"/api/v1/payroll.php?week={week}&adjustments=1", headers=agency.headers)
    assert reply.status_code == 200, reply.text
    (line,) = reply.json()["data"]
    return line  # type: ignore[no-any-return]


def _exceptions(api: TestClient, agency: Agency, week: str = WEEK) -> list[dict[str, Any]]:
    query = f"date_from={week}&date_to={week}&type=below_minimum_wage"
    reply = api.get(f"/api/v1/exceptions.php?{query}", headers=agency.headers)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]  # type: ignore[no-any-return]


def _exceptions_open(api: TestClient, agency: Agency, week: str = WEEK) -> int:
    reply = api.get(f"/api/v1/pay-weeks.php?week_start={week}", headers=agency.headers)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"][0]["exceptions_open"]  # type: ignore[no-any-return]


def test_a_late_clock_owed_in_the_week_is_left_out_of_the_line_s_check_as_out_of_the_exceptions_and_the_lock(
    api: TestClient, agency: Agency, clock: FakeClock
) -> None:
    late = _late_clock_owed(agency)
    agency.shift("2026-11-17 09:00", "2026-11-17 11:00")  # 2 hours of its own: 24.00 against 25.42
    line = _line(api, agency)
    assert [a["entry_id"] for a in line["adjustments"]] == [late]
    assert line["gross_pay"] == 72.0  # the line pays both: 6 hours at 12.00
    assert line["minimum_wage"] == {
        "band": "21_and_over",
        "rate": 12.71,
        "hourly_pay": 12.0,
        "amount_short": 1.42,
        "status": "open",
        "assumed_21_and_over": True,
    }
    assert "below_minimum_wage" in line["flags"]
    (found,) = _exceptions(api, agency)
    assert (found["status"], found["id"]) == ("open", f"below_minimum_wage:{agency.worker.id}:{WEEK}")
    assert "1.42 short" in found["detail"]
    assert _exceptions_open(api, agency) == 1

    clock.set(clock.now().replace(day=24))  # the week has ended
    code, refused = _cli(agency, "pay-week", "lock")
    assert (code, refused["error_code"], refused["reason_code"]) == (1, "conflict", "week_not_ready")
    assert refused["left"]["exceptions_open"] == 1


def test_a_line_of_late_clocks_only_has_no_minimum_wage_verdict(
    api: TestClient, agency: Agency, clock: FakeClock
) -> None:
    late = _late_clock_owed(agency)
    line = _line(api, agency)
    assert ([a["entry_id"] for a in line["adjustments"]], line["gross_pay"]) == ([late], 48.0)
    assert line["minimum_wage"] is None  # no time of its own worked in the week: nothing to check
    assert "below_minimum_wage" not in line["flags"]
    assert _exceptions(api, agency) == []
    assert _exceptions_open(api, agency) == 0
    clock.set(clock.now().replace(day=24))
    code, locked = _cli(agency, "pay-week", "lock")
    assert code == 0, locked


def test_the_payroll_file_s_flags_carry_below_minimum_wage_as_the_line_does(
    api: TestClient, agency: Agency, tmp_path: Path
) -> None:
    agency.shift("2026-11-10 09:00", "2026-11-10 17:00")  # 8 hours at 12.00: 5.68 short
    why = ("--worker", str(agency.worker.id), "--reason", "back pay in the next week")
    code, accepted = _cli(agency, "pay-week", "accept-minimum-wage", *why, week=LOCKED)
    assert code == 0, accepted
    code, locked = _cli(agency, "pay-week", "lock", week=LOCKED)
    assert code == 0, locked
    line = _line(api, agency, LOCKED)
    assert (line["minimum_wage"]["status"], line["flags"]) == ("accepted", ["below_minimum_wage"])
    out = tmp_path / "payroll.csv"
    code, batch = _cli(agency, "export", "create", "--kind", "payroll", "--out", str(out), week=LOCKED)
    assert code == 0, batch
    (row,) = csv.DictReader(io.StringIO(out.read_bytes().decode("utf-8"), newline=""))
    assert row["flags"].split() == line["flags"]


def _stored_figures(services: Services) -> int:
    with services.engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(tables.shift_figures)).scalar_one())


def test_the_close_pay_week_page_counts_the_shortfall_the_lock_refuses_while_the_figures_are_stale(
    api: TestClient, services: Services, agency: Agency
) -> None:
    agency.shift("2026-11-10 09:00", "2026-11-10 17:00")  # 8 hours at 12.00: below 12.71
    assert _stored_figures(services) == 0  # stale: the background pass has not stored them yet
    client = agency.account.id
    with console(services) as person:
        sign_in_as(services, "owner", client, person)
        page = person.get(f"/console/{client}/pay-week?week={LOCKED}")
        assert page.status_code == 200
        assert '<dd id="exceptions-open">1</dd>' in page.text
        assert re.search(r'<dd id="week-status">[Cc]hecking</dd>', page.text)
        refused = _close_on_the_page(person, client)
        assert refused.status_code == 409
        assert "cannot settle: 1 exceptions open." in refused.text
    assert _exceptions_open(api, agency, LOCKED) == 1
    assert _stored_figures(services) == 0  # reads never write
    code, shown = _cli(agency, "pay-week", "show", week=LOCKED)
    assert (code, shown["exceptions_open"], shown["status"]) == (0, 1, "checking")


def _close_on_the_page(person: Person, client: int) -> Any:
    token = person.csrf(f"/console/{client}/pay-week?week={LOCKED}")
    return person.post(f"/console/{client}/pay-week/close", {"week": LOCKED}, token=token)


def test_a_line_read_for_one_site_carries_the_worker_s_whole_week_s_check(api: TestClient, agency: Agency) -> None:
    yard = agency.world.site(agency.account.id, "Yard")
    reply = api.put(f"/api/v1/workers.php?id={agency.worker.id}", headers=agency.headers, json={"hourly_rate": None})
    assert reply.status_code == 200, reply.text
    depot = {"location_id": agency.site.id, "pay": {"pay_rate": 10.00}}
    assert agency.rule({**RULE_R, "name": "Depot", **depot})[0] == 0
    assert agency.rule({**RULE_R, "name": "Yard", "location_id": yard.id, "pay": {"pay_rate": 20.00}})[0] == 0
    agency.shift("2026-11-10 09:00", "2026-11-10 13:00")  # 4 hours at the depot: 40.00
    code, entry = agency.console(
        *("timesheet", "backfill", "--worker", str(agency.worker.id), "--location", str(yard.id)),
        *("--clock-in", "2026-11-11 09:00", "--clock-out", "2026-11-11 13:00"),
    )  # 4 hours at the yard: 80.00, so 15.00 an hour over the week
    assert code == 0, entry
    assert agency.console("timesheet", "approve", str(entry["id"]))[0] == 0
    at_depot = api.get(f"/api/v1/payroll.php?week={LOCKED}&location_id={agency.site.id}", headers=agency.headers)
    assert at_depot.status_code == 200, at_depot.text
    (line,) = at_depot.json()["data"]
    assert line["gross_pay"] == 40.0  # the depot's pay only
    assert (line["minimum_wage"]["status"], line["minimum_wage"]["hourly_pay"]) == ("met", 15.0)
    assert "below_minimum_wage" not in line["flags"]
    query = f"date_from={LOCKED}&date_to={LOCKED}&type=below_minimum_wage&location_id={agency.site.id}"
    assert api.get(f"/api/v1/exceptions.php?{query}", headers=agency.headers).json()["data"] == []


def test_closing_a_week_whose_approval_brings_a_shortfall_is_refused_in_words_and_approves_nothing(
    api: TestClient, services: Services, agency: Agency
) -> None:
    pending = agency.shift("2026-11-10 09:00", "2026-11-10 17:00", approve=False)  # 8 hours at 12.00, pending
    client = agency.account.id
    with console(services) as person:
        sign_in_as(services, "owner", client, person)
        page = person.get(f"/console/{client}/pay-week?week={LOCKED}").text
        assert '<dd id="exceptions-open">0</dd>' in page  # the check is of payable shifts: none yet
        assert 'id="wage-on-approval"' in page  # and the page says so
        refused = _close_on_the_page(person, client)
    assert refused.status_code == 409
    assert "approving the pending shifts leaves 1 worker&#39;s week paid below the minimum wage" in refused.text
    assert agency.entry(api, pending)["approval_status"] == "pending"
    assert _exceptions_open(api, agency, LOCKED) == 0


def test_a_week_the_background_pass_stores_while_a_read_prices_it_is_counted_once(
    services: Services, agency: Agency
) -> None:
    agency.shift("2026-11-10 09:00", "2026-11-10 17:00")  # 8 hours at 12.00, stale
    with services.uow(read_only=True) as tx:
        client = tx.clients.get(agency.account.id)
    assert client is not None
    first, end = week_bounds(date.fromisoformat(LOCKED))
    wanted = PayrollFilter(client.id, (date.fromisoformat(LOCKED),), Paging(10))
    current = figures_current(client, first, end, queries=services.queries, uow=services.uow)
    background = threading.Thread(target=refresh_figures, kwargs={"uow": services.uow})
    background.start()  # the background pass stores the week while the read holds it priced in memory
    background.join()
    (row,) = current.payroll_rows(wanted).items
    (week,) = current.wage_weeks(client.id, [date.fromisoformat(LOCKED)])
    assert _stored_figures(services) == 1
    assert (row.shifts, row.paid_minutes) == (1, 480)  # not its stored and its priced figures both
    assert sum(part.minutes for part in week.minutes if part.element == "regular") == 480
