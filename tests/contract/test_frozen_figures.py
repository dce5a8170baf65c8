"""A pay-week lock freezes the week's figures (issue 12, items 2 and 3): reads of a locked week serve them
(`source` `locked`) whatever changes later; a late clock into the locked week is recorded, flagged
`locked_week`, held by the gate (`adjustment_pending`) and never changes the frozen figures; an unlock
makes the week live again and the next lock freezes it again. On SQLite and PostgreSQL."""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.test_pricing import RULE_R, Agency

WEEK = "2026-11-10"  # the pay week of Monday 9 November; today is Friday 20 November


@pytest.fixture
def agency(api: TestClient, world: World, console: Console, tmp_path: Path, clock: FakeClock) -> Agency:
    made = Agency(world, console, tmp_path, clock)
    made.rule()
    # Rule R's 12.00 is below the 21-and-over minimum wage of November 2026 (12.71), which would hold the
    # lock: the worker is 19, whose band (10.85) it meets, so these weeks lock as they always did.
    reply = api.put(
        f"/api/v1/workers.php?id={made.worker.id}", headers=made.headers, json={"date_of_birth": "2007-01-01"}
    )
    assert reply.status_code == 200, reply.text
    return made


def line(api: TestClient, agency: Agency) -> dict[str, Any]:
    reply = api.get(f"/api/v1/payroll.php?week={WEEK}&include_entries=1", headers=agency.headers)
    assert reply.status_code == 200, reply.text
    (found,) = reply.json()["data"]
    return found  # type: ignore[no-any-return]


def pay_week(console: Console, agency: Agency, move: str, *extra: str) -> dict[str, Any]:
    code, body = console("pay-week", move, "--client", str(agency.account.id), "--week", WEEK, *extra)
    assert code == 0, body
    return body  # type: ignore[no-any-return]


def test_a_locked_week_keeps_its_figures_through_a_rate_change_and_a_late_clock(
    api: TestClient, agency: Agency, console: Console
) -> None:
    first = agency.shift("2026-11-10 08:00", "2026-11-10 16:30")
    assert line(api, agency)["gross_pay"] == 96.0
    pay_week(console, agency, "lock")
    locked = line(api, agency)
    assert (locked["source"], locked["gross_pay"], locked["entry_ids"]) == ("locked", 96.0, [first])
    entry = agency.entry(api, first, include_pricing="true")
    assert (entry["locked"], entry["pricing"]["source"]) == (True, "locked")

    agency.rule({**RULE_R, "name": "Dearer", "priority": 9, "pay": {"pay_rate": 20.00}})  # a later rule change
    late = agency.shift("2026-11-11 08:00", "2026-11-11 16:30")  # a late clock into the locked week
    still = line(api, agency)
    assert (still["source"], still["gross_pay"], still["shifts"], still["entry_ids"]) == ("locked", 96.0, 1, [first])
    recorded = agency.entry(api, late, include_pricing="true")
    assert "locked_week" in recorded["risk_flags"]
    assert (recorded["locked"], recorded["payroll_status"], recorded["payroll_excluded_reason"]) == (
        False, "on_hold", "adjustment_pending"
    )  # fmt: skip

    pay_week(console, agency, "unlock")
    live = line(api, agency)  # live again: the dearer rule, and the late clock is a shift of its week
    assert (live["source"], live["shifts"], live["gross_pay"]) == ("live", 2, 320.0)
    pay_week(console, agency, "lock")
    relocked = line(api, agency)
    assert (relocked["source"], relocked["gross_pay"], relocked["entry_ids"]) == ("locked", 320.0, [first, late])


def test_a_site_lock_freezes_only_that_sites_shifts(api: TestClient, agency: Agency, console: Console) -> None:
    north = agency.world.site(agency.account.id, "North")
    here = agency.shift("2026-11-10 08:00", "2026-11-10 16:30")
    code, there = console(
        *("timesheet", "backfill", "--worker", str(agency.worker.id), "--location", str(north.id)),
        *("--clock-in", "2026-11-12 08:00", "--clock-out", "2026-11-12 16:30"),
    )
    assert code == 0
    assert console("timesheet", "approve", str(there["id"]))[0] == 0
    pay_week(console, agency, "lock", "--location", str(agency.site.id))
    assert agency.entry(api, here)["locked"] is True
    assert agency.entry(api, there["id"])["locked"] is False
    charges = api.get(f"/api/v1/charges.php?week_start={WEEK}", headers=agency.headers).json()["data"]
    assert {(c["site_id"], c["frozen"]) for c in charges["lines"]} == {(agency.site.id, True), (north.id, False)}
    assert (charges["frozen"], charges["partly_frozen"]) == (False, True)
    agency.rule({**RULE_R, "name": "Dearer", "priority": 9, "pay": {"pay_rate": 20.00}})
    mixed = line(api, agency)
    assert (mixed["source"], mixed["gross_pay"]) == ("live", 96.0 + 160.0)  # the frozen site at 12, the other at 20


def test_a_late_clock_is_due_in_the_next_open_week_then_paid_there_once_and_never_again(
    api: TestClient, agency: Agency, console: Console, clock: FakeClock
) -> None:
    first = agency.shift("2026-11-10 08:00", "2026-11-10 16:30")
    pay_week(console, agency, "lock")
    late = agency.shift("2026-11-11 08:00", "2026-11-11 16:30")  # recorded and approved on Friday 20th

    def week_line(week: str) -> dict[str, Any]:
        reply = api.get(f"/api/v1/payroll.php?week={week}&adjustments=1&include_entries=1", headers=agency.headers)
        assert reply.status_code == 200, reply.text
        (found,) = reply.json()["data"]
        return found  # type: ignore[no-any-return]

    assert (week_line(WEEK)["entry_ids"], week_line(WEEK)["gross_pay"]) == ([first], 96.0)  # frozen: unchanged
    due = week_line("2026-11-16")  # the earliest open week ending on or after the day it became payable
    assert (due["shifts"], due["gross_pay"], due["entry_ids"]) == (1, 96.0, [late])
    assert due["adjustments"] == [
        {"entry_id": late, "state": "due", "adjust_week": "2026-11-16", "pay_week_start": "2026-11-09",
         "paid_minutes": 480}
    ]  # fmt: skip

    def charged(week: str) -> list[Any]:
        found = api.get(f"/api/v1/charges.php?week_start={week}&include_entries=1", headers=agency.headers)
        assert found.status_code == 200, found.text
        return [entry for line in found.json()["data"]["lines"] for entry in line["entry_ids"]]

    assert (charged(WEEK), charged("2026-11-16")) == ([first], [late])  # charged once, with its adjust week

    clock.set(clock.now().replace(day=24))  # the adjust week has ended: lock it, which pays the late clock
    code, body = console("pay-week", "lock", "--client", str(agency.account.id), "--week", "2026-11-16")
    assert code == 0, body
    paid = week_line("2026-11-16")
    assert (paid["gross_pay"], paid["source"], [a["state"] for a in paid["adjustments"]]) == (96.0, "locked", ["paid"])
    shown = agency.entry(api, late)
    assert (shown["payroll_status"], shown["payroll_excluded_reason"]) == ("excluded", "paid_adjustment")

    pay_week(console, agency, "unlock")  # its own week unlocked and locked again: the late clock stays paid once
    pay_week(console, agency, "lock")
    again = week_line(WEEK)
    assert (again["entry_ids"], again["gross_pay"]) == ([first], 96.0)
    assert agency.entry(api, late)["payroll_excluded_reason"] == "paid_adjustment"
    assert (charged(WEEK), charged("2026-11-16")) == ([first], [late])


def test_a_charge_file_holds_exactly_its_schedules_lines_and_a_late_clock_is_charged_once(
    api: TestClient, agency: Agency, console: Console, clock: FakeClock
) -> None:
    first = agency.shift("2026-11-10 08:00", "2026-11-10 16:30")
    pay_week(console, agency, "lock")
    late = agency.shift("2026-11-11 08:00", "2026-11-11 11:00")  # charged with its adjust week, 16 November
    clock.set(clock.now().replace(day=24))
    code, body = console("pay-week", "lock", "--client", str(agency.account.id), "--week", "2026-11-16")
    assert code == 0, body

    def filed(week: str) -> tuple[list[int], Decimal, list[Decimal]]:
        out = agency.tmp / f"charges-{week}.csv"
        made, batch = console(
            *("export", "create", "--client", str(agency.account.id), "--week", week, "--kind", "pkg_b"),
            *("--out", str(out)),
        )
        assert made == 0, batch
        detail = api.get(f"/api/v1/export-batches.php?id={batch['id']}", headers=agency.headers).json()["data"]
        amounts = [Decimal(row["amount"]) for row in csv.DictReader(io.StringIO(out.read_text()))]
        return detail["entry_ids"], Decimal(str(batch["total_charge"])), amounts

    def scheduled(week: str) -> tuple[list[int], Decimal, list[Decimal]]:
        reply = api.get(f"/api/v1/charges.php?week_start={week}&include_entries=1", headers=agency.headers)
        assert reply.status_code == 200, reply.text
        lines = reply.json()["data"]["lines"]
        amounts = [Decimal(str(line["amount"])) for line in lines]
        return [e for line in lines for e in line["entry_ids"]], sum(amounts, Decimal(0)), amounts

    assert filed(WEEK) == scheduled(WEEK)
    assert filed("2026-11-16") == scheduled("2026-11-16")
    assert (scheduled(WEEK)[0], scheduled("2026-11-16")[0]) == ([first], [late])


def test_price_explain_of_a_locked_shift_shows_its_frozen_figures_and_what_they_were_made_from(
    api: TestClient, agency: Agency, console: Console
) -> None:
    first = agency.shift("2026-11-10 08:00", "2026-11-10 16:30")
    pay_week(console, agency, "lock")
    code, before = console("price", "explain", str(first))
    assert code == 0, before
    assert (before["pricing"]["source"], before["pricing"]["explanation"]["made_from"]) == ("locked", "engine")
    (rule,) = api.get("/api/v1/rate-rules.php", headers=agency.headers).json()["data"]
    path = agency.tmp / "dearer.json"
    path.write_text(json.dumps({**RULE_R, "pay": {"pay_rate": 20.00}}))
    assert console("rate-rule", "update", str(rule["id"]), "--file", str(path))[0] == 0  # the rule changes in place
    api_view = agency.entry(api, first, include_pricing="true", explain="true")["pricing"]
    code, shown = console("price", "explain", str(first))
    assert code == 0, shown
    pricing = shown["pricing"]
    assert (
        (pricing["source"], pricing["pay_amount"]) == ("locked", 96.0) == (api_view["source"], api_view["pay_amount"])
    )
    explanation = pricing["explanation"]
    assert explanation == api_view["explanation"]
    assert (explanation["made_from"], explanation["rule"]["id"], explanation["base_pay_rate"]) == (
        "stored_figures", rule["id"], 12.0
    )  # fmt: skip
    assert [(line["element"], line["pay_rate"], line["pay"]) for line in explanation["lines"]] == [
        ("regular", 12.0, 96.0)
    ]
