"""Pricing over HTTP and the console: rate rules, the pay gate on /timesheets.php, include_pricing,
shifts across both 2026 clock changes and across a bank holiday midnight, and `price explain`."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World

TIMESHEETS = "/api/v1/timesheets.php"
RULE_R: dict[str, Any] = {
    "name": "Rule R",
    "overtime_threshold": 40,
    "overtime_multiplier": 1.5,
    "weekend_multiplier": 1.25,
    "sunday_multiplier": 1.5,
    "bank_holiday_multiplier": 2.0,
    "auto_lunch_minutes": 30,
    "auto_lunch_after_hours": 6,
    "paid_break_minutes": 0,
    "night_bands": [{"start": "22:00", "end": "06:00", "premium": 1.00, "charge_premium": 1.50}],
    "pay": {"pay_rate": 12.00},
    "charge": {"charge_rate": 18.00},
}


class Agency:
    def __init__(self, world: World, console: Console, tmp_path: Path, clock: FakeClock) -> None:
        clock.set(datetime(2026, 11, 20, 12, 0, tzinfo=UTC))
        self.world, self.console, self.tmp = world, console, tmp_path
        self.account = world.account("Priced Ltd", walk_in_policy="pay")
        self.site = world.site(self.account.id, "Depot")
        self.worker = world.worker(self.account.id, "Ann Pay", location_id=self.site.id).worker
        self.headers = world.key(self.account.id)

    def rule(self, body: dict[str, Any] | None = None, *, client: int | None = None) -> tuple[int, Any]:
        path = self.tmp / "rule.json"
        path.write_text(json.dumps(body if body is not None else RULE_R))
        return self.console("rate-rule", "create", "--client", str(client or self.account.id), "--file", str(path))

    def shift(self, clock_in: str, clock_out: str, *, approve: bool = True) -> int:
        code, entry = self.console(
            *("timesheet", "backfill", "--worker", str(self.worker.id), "--location", str(self.site.id)),
            *("--clock-in", clock_in, "--clock-out", clock_out),
        )
        assert code == 0, entry
        if approve:
            assert self.console("timesheet", "approve", str(entry["id"]))[0] == 0
        return int(entry["id"])

    def entry(self, api: TestClient, entry_id: int, **params: str) -> dict[str, Any]:
        query = "&".join(f"{k}={v}" for k, v in {"id": str(entry_id), **params}.items())
        reply = api.get(f"{TIMESHEETS}?{query}", headers=self.headers)
        assert reply.status_code == 200, reply.text
        return reply.json()["data"]  # type: ignore[no-any-return]


@pytest.fixture
def agency(world: World, console: Console, tmp_path: Path, clock: FakeClock) -> Agency:
    return Agency(world, console, tmp_path, clock)


def test_a_rate_rule_made_in_the_console_is_listed_with_both_halves_of_the_money(
    api: TestClient, agency: Agency
) -> None:
    code, rule = agency.rule()
    assert code == 0
    assert rule["pay"]["pay_rate"] == 12.0
    assert rule["charge"]["charge_rate"] == 18.0
    listed = api.get("/api/v1/rate-rules.php", headers=agency.headers).json()
    assert [r["id"] for r in listed["data"]] == [rule["id"]]
    assert listed["data"][0]["night_bands"] == [
        {"start": "22:00:00", "end": "06:00:00", "multiplier": None, "pay_rate": None, "premium": 1.0,
         "charge_multiplier": None, "charge_rate": None, "charge_premium": 1.5}
    ]  # fmt: skip
    assert listed["meta"]["settings"] == {
        "premium_stacking": "stack", "premium_day_basis": "shift_start", "site_overtime_mode": "off",
        "walk_in_policy": "pay", "cancelled_policy": "no_pay", "multi_shift_priority": "closest",
        "pay_week_start_day": 1, "holiday_pay": "none", "leave_year_start": "01-01",
    }  # fmt: skip


def test_each_half_of_the_money_needs_its_own_scope(api: TestClient, agency: Agency) -> None:
    agency.rule()
    pay_only = agency.world.key(agency.account.id, ("pay:read",))
    charge_only = agency.world.key(agency.account.id, ("charges:read",))
    neither = agency.world.key(agency.account.id, ("timesheets:read",))
    seen_by_pay = api.get("/api/v1/rate-rules.php", headers=pay_only).json()["data"][0]
    seen_by_charge = api.get("/api/v1/rate-rules.php", headers=charge_only).json()["data"][0]
    assert "charge" not in seen_by_pay
    assert "pay" not in seen_by_charge
    # the money inside the night bands follows the same rule
    assert seen_by_pay["night_bands"][0]["premium"] == 1.0
    assert "charge_premium" not in seen_by_pay["night_bands"][0]
    assert seen_by_charge["night_bands"][0]["charge_premium"] == 1.5
    assert "premium" not in seen_by_charge["night_bands"][0]
    refused = api.get("/api/v1/rate-rules.php", headers=neither)
    assert (refused.status_code, refused.json()["error_code"]) == (403, "insufficient_scope")


def test_rate_rule_filters_site_validity_and_retired(api: TestClient, agency: Agency, console: Console) -> None:
    other_site = agency.world.site(agency.account.id, "Other")
    _, wide = agency.rule()
    _, here = agency.rule({**RULE_R, "name": "Depot only", "location_id": agency.site.id})
    _, there = agency.rule({**RULE_R, "name": "Other only", "location_id": other_site.id})
    _, old = agency.rule({**RULE_R, "name": "Old", "valid_to": "2025-12-31"})
    assert console("rate-rule", "retire", str(there["id"]))[0] == 0

    def ids(query: str) -> list[int]:
        return [r["id"] for r in api.get(f"/api/v1/rate-rules.php?{query}", headers=agency.headers).json()["data"]]

    assert ids("") == [wide["id"], here["id"], old["id"]]
    assert ids(f"location_id={agency.site.id}") == [wide["id"], here["id"], old["id"]]
    assert ids("on=2026-06-01") == [wide["id"], here["id"]]
    assert ids("active=false") == [there["id"]]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"pay": {"pay_rate": -1}}, "pay.pay_rate"),
        ({"weekend_multiplier": 0.9}, "weekend_multiplier"),
        ({"valid_from": "2026-05-01", "valid_to": "2026-04-30"}, "valid_to"),
        ({"night_bands": [{"start": "25:00", "end": "06:00", "premium": 1}]}, "night_bands[0].start"),
        (
            {"overtime_tiers": [{"after_hours": 48, "multiplier": 2}, {"after_hours": 45, "multiplier": 2.5}]},
            "overtime_tiers[1].after_hours",
        ),
        ({"overtime_tiers": [{"after_hours": 38, "multiplier": 2}]}, "overtime_tiers[0].after_hours"),
    ],
)
def test_a_bad_rule_file_is_refused_with_the_field_at_fault(agency: Agency, change: dict[str, Any], field: str) -> None:
    code, error = agency.rule({**RULE_R, **change})
    assert code == 1
    assert (error["error_code"], error["field"]) == ("validation_failed", field)


def test_a_completed_shift_carries_paid_minutes_and_its_payroll_status(api: TestClient, agency: Agency) -> None:
    agency.rule()
    entry_id = agency.shift("2026-11-17 08:00", "2026-11-17 16:30", approve=False)
    pending = agency.entry(api, entry_id)
    assert (pending["paid_minutes"], pending["paid_hours"], pending["unpaid_break_minutes"]) == (480, 8.0, 30)
    assert (pending["payroll_status"], pending["payroll_excluded_reason"]) == ("on_hold", "pending")
    assert agency.console("timesheet", "approve", str(entry_id))[0] == 0
    payable = agency.entry(api, entry_id)
    assert (payable["payroll_status"], payable["payroll_excluded_reason"]) == ("payable", None)
    assert "pricing" not in payable


def test_a_shift_with_no_rule_and_no_rate_is_excluded_not_priced_at_zero(api: TestClient, agency: Agency) -> None:
    entry_id = agency.shift("2026-11-17 08:00", "2026-11-17 12:00")
    data = agency.entry(api, entry_id, include_pricing="true")
    assert (data["payroll_status"], data["payroll_excluded_reason"]) == ("excluded", "no_pay_rate")
    assert data["pricing"]["flags"] == ["no_pay_rate"]
    assert data["pricing"]["pay_amount"] is None


def test_walk_ins_are_excluded_under_a_no_pay_policy(api: TestClient, agency: Agency, console: Console) -> None:
    agency.rule()
    assert console("client", "update", str(agency.account.id), "--walk-in-policy", "no_pay")[0] == 0
    entry_id = agency.shift("2026-11-17 08:00", "2026-11-17 12:00")
    data = agency.entry(api, entry_id, include_pricing="1")
    assert (data["payroll_status"], data["payroll_excluded_reason"]) == ("excluded", "walk_in")
    assert "walk_in_no_pay" in data["pricing"]["flags"]


def test_include_pricing_needs_pay_or_charges_scope_and_shows_each_half_by_scope(
    api: TestClient, agency: Agency
) -> None:
    agency.rule()
    entry_id = agency.shift("2026-11-17 08:00", "2026-11-17 16:30")
    reader = agency.world.key(agency.account.id, ("timesheets:read",))
    refused = api.get(f"{TIMESHEETS}?id={entry_id}&include_pricing=true", headers=reader)
    assert (refused.status_code, refused.json()["error_code"]) == (403, "insufficient_scope")
    pay_only = agency.world.key(agency.account.id, ("timesheets:read", "pay:read"))
    pricing = api.get(f"{TIMESHEETS}?id={entry_id}&include_pricing=true", headers=pay_only).json()["data"]["pricing"]
    assert pricing["pay_amount"] == 96.0
    assert "charge_amount" not in pricing
    assert pricing["elements"]["regular"] == {"minutes": 480, "pay": 96.0}
    assert (pricing["source"], pricing["pay_week_start"]) == ("live", "2026-11-16")


def _priced(api: TestClient, agency: Agency, clock_in: str, clock_out: str) -> dict[str, Any]:
    entry_id = agency.shift(clock_in, clock_out)
    return agency.entry(api, entry_id, include_pricing="true")


def test_a_night_across_the_spring_clock_change_is_priced_on_real_minutes(api: TestClient, agency: Agency) -> None:
    agency.rule()
    data = _priced(api, agency, "2026-03-28 22:00", "2026-03-29 06:00")
    assert (data["total_minutes"], data["paid_minutes"]) == (420, 390)
    pricing = data["pricing"]
    assert {k: v["minutes"] for k, v in pricing["elements"].items() if v["minutes"]} == {
        "regular": 390, "weekend": 390, "night": 390,
    }  # fmt: skip
    assert (pricing["pay_amount"], pricing["charge_amount"]) == (104.0, 156.0)


def test_a_night_across_the_autumn_clock_change_is_priced_on_real_minutes(api: TestClient, agency: Agency) -> None:
    agency.rule()
    data = _priced(api, agency, "2026-10-24 22:00", "2026-10-25 06:00")
    assert (data["total_minutes"], data["paid_minutes"]) == (540, 510)
    assert (data["pricing"]["pay_amount"], data["pricing"]["charge_amount"]) == (136.0, 204.0)


def test_a_night_across_a_bank_holiday_midnight_takes_each_days_rate_on_calendar_basis(
    api: TestClient, agency: Agency, console: Console
) -> None:
    agency.rule()
    assert console("client", "update", str(agency.account.id), "--premium-day-basis", "calendar")[0] == 0
    data = _priced(api, agency, "2026-08-30 22:00", "2026-08-31 06:00")  # Sunday into the Summer bank holiday
    elements = data["pricing"]["elements"]
    # 480 minutes, the lunch from 01:45 to 02:15: Sunday 22:00-00:00, the bank holiday after midnight
    assert (elements["sunday"]["minutes"], elements["bank_holiday"]["minutes"]) == (120, 330)
    assert (elements["sunday"]["pay"], elements["bank_holiday"]["pay"], elements["night"]["pay"]) == (12.0, 66.0, 7.5)
    assert (data["pricing"]["pay_amount"], data["pricing"]["charge_amount"]) == (175.5, 263.25)


def test_the_week_counts_overtime_over_payable_shifts_in_clock_in_order(api: TestClient, agency: Agency) -> None:
    agency.rule()
    days = ["2026-11-09", "2026-11-10", "2026-11-11", "2026-11-12", "2026-11-13"]
    for day in days:
        agency.shift(f"{day} 08:00", f"{day} 16:30")
    saturday = _priced(api, agency, "2026-11-14 08:00", "2026-11-14 16:30")["pricing"]["elements"]
    assert (saturday["overtime"]["minutes"], saturday["overtime"]["pay"]) == (480, 144.0)
    assert (saturday["weekend"]["minutes"], saturday["weekend"]["pay"]) == (480, 24.0)


def test_payroll_status_filters_completed_shifts(api: TestClient, agency: Agency) -> None:
    agency.rule()
    payable = agency.shift("2026-11-17 08:00", "2026-11-17 12:00")
    held = agency.shift("2026-11-18 08:00", "2026-11-18 12:00", approve=False)

    def ids(status: str) -> list[int]:
        reply = api.get(f"{TIMESHEETS}?payroll_status={status}", headers=agency.headers).json()
        return [e["id"] for e in reply["data"]]

    assert ids("payable") == [payable]
    assert ids("on_hold") == [held]
    assert ids("excluded") == []
    bad = api.get(f"{TIMESHEETS}?payroll_status=paid", headers=agency.headers)
    assert (bad.status_code, bad.json()["parameter"]) == (400, "payroll_status")


def test_explain_shows_the_rule_the_break_and_each_interval(api: TestClient, agency: Agency, console: Console) -> None:
    _, rule = agency.rule()
    entry_id = agency.shift("2026-11-18 20:00", "2026-11-19 04:00")
    code, shown = console("price", "explain", str(entry_id))
    assert code == 0
    explanation = shown["pricing"]["explanation"]
    assert explanation["rule"]["id"] == rule["id"]
    assert "priority" in explanation["rule"]["why"]
    assert explanation["break"] == {
        "minutes": 30, "source": "auto_lunch", "unpaid_minutes": 30,
        "unpaid_taken": [{"from": "2026-11-18 23:45:00", "to": "2026-11-19 00:15:00", "minutes": 30}],
    }  # fmt: skip
    assert [(i["from"], i["day_type"], i["night"]) for i in explanation["intervals"]] == [
        ("2026-11-18 20:00:00", "weekday", False),
        ("2026-11-18 22:00:00", "weekday", True),
        ("2026-11-19 00:15:00", "weekday", True),
    ]
    assert shown["pricing"]["pay_amount"] == 95.5
    over_http = agency.entry(api, entry_id, include_pricing="true", explain="true")["pricing"]["explanation"]
    assert over_http["intervals"] == explanation["intervals"]


def test_explain_refuses_an_open_shift_or_an_unknown_entry(agency: Agency, console: Console) -> None:
    assert console("price", "explain", "999999") == (
        1,
        {"error_code": "not_found", "message": "time entry 999999 not found"},
    )


def test_payroll_status_asks_to_narrow_the_dates_past_the_match_limit(
    api: TestClient, agency: Agency, monkeypatch: pytest.MonkeyPatch
) -> None:
    from workforce_core.services.time_reads import timesheets

    monkeypatch.setattr(timesheets, "MAX_PAYROLL_MATCHES", 2)
    agency.rule()
    for day in ("2026-11-16", "2026-11-17", "2026-11-18"):
        agency.shift(f"{day} 08:00", f"{day} 12:00")
    refused = api.get(f"{TIMESHEETS}?payroll_status=payable", headers=agency.headers)
    assert (refused.status_code, refused.json()["error_code"]) == (400, "invalid_parameter")
    assert refused.json()["parameter"] == "payroll_status"
    narrowed = api.get(f"{TIMESHEETS}?payroll_status=payable&date_from=2026-11-17", headers=agency.headers)
    assert narrowed.status_code == 200
    assert narrowed.json()["pagination"]["total"] == 2


def test_a_workers_own_rate_prices_a_shift_without_a_rule(api: TestClient, agency: Agency) -> None:
    headers = agency.headers
    reply = api.put(
        f"/api/v1/workers.php?id={agency.worker.id}", headers=headers, json={"hourly_rate": 12.5, "charge_rate": 18}
    )
    assert reply.status_code == 200
    data = _priced(api, agency, "2026-11-17 08:00", "2026-11-17 16:00")
    assert (data["payroll_status"], data["paid_minutes"]) == ("payable", 480)
    pricing = data["pricing"]
    assert (pricing["pay_amount"], pricing["charge_amount"]) == (100.0, 144.0)
    assert pricing["elements"]["regular"]["minutes"] == 480


def test_parity_is_the_same_whichever_page_the_shift_is_read_on(api: TestClient, agency: Agency) -> None:
    agency.rule({**RULE_R, "pay": {"pay_rate": 12, "pre_parity_pay_rate": 11, "post_parity_pay_rate": 13}})
    first = date(2026, 8, 18)
    tuesdays = [(first + timedelta(weeks=n)).isoformat() for n in range(13)]
    ids = [agency.shift(f"{day} 09:00", f"{day} 13:00") for day in tuesdays]
    alone = agency.entry(api, ids[-1], include_pricing="true")["pricing"]["pay_amount"]
    page = api.get(f"{TIMESHEETS}?include_pricing=true&date_from=2026-08-17&limit=100", headers=agency.headers).json()
    on_page = {e["id"]: e["pricing"]["pay_amount"] for e in page["data"]}
    assert alone == on_page[ids[-1]] == 52.0  # the 13th week: 12 qualifying weeks before it, post-parity 13.00 x 4
    assert on_page[ids[0]] == 44.0  # the first week: pre-parity 11.00 x 4


def test_rates_with_more_than_four_decimals_are_refused(agency: Agency) -> None:
    code, error = agency.rule({**RULE_R, "pay": {"pay_rate": 12.12345}})
    assert code == 1
    assert (error["error_code"], error["field"]) == ("validation_failed", "pay.pay_rate")


def test_a_shift_its_booked_break_covers_pays_nothing_and_is_flagged_break_exceeds_shift(
    api: TestClient, agency: Agency, clock: FakeClock
) -> None:
    agency.rule()
    clock.set(datetime(2026, 11, 16, 7, 0, tzinfo=UTC))  # book ahead, then work it
    where = {"worker_id": agency.worker.id, "location_id": agency.site.id, "shift_date": "2026-11-16"}
    booked = api.post("/api/v1/shifts.php", headers=agency.headers, json={
        **where, "start_time": "08:00", "end_time": "09:00", "break_minutes": 30})  # fmt: skip
    assert booked.status_code == 201, booked.text
    clock.set(datetime(2026, 11, 20, 12, 0, tzinfo=UTC))
    entry_id = agency.shift("2026-11-16 08:00", "2026-11-16 08:10")  # 10 minutes under a 30-minute break
    shown = agency.entry(api, entry_id, include_pricing="true")
    assert (shown["paid_minutes"], shown["pricing"]["pay_amount"]) == (0, 0.0)
    assert shown["pricing"]["flags"] == ["break_exceeds_shift"]
