"""Holiday pay over HTTP and the console, on SQLite and PostgreSQL: the client's `holiday_pay` and
`leave_year_start` (console flags, `meta.settings`), the worker's override (pay:read to see, rates:write
to set), the `holiday` element of payroll lines and pay files, GET /holiday.php and the
`holiday_records` export. The worked examples are those of docs/decisions.md, "Holiday pay"."""

from __future__ import annotations

import csv
import io
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.test_pricing import Agency

WORKERS = "/api/v1/workers.php"
PAYROLL = "/api/v1/payroll.php"
HOLIDAY = "/api/v1/holiday.php"
FIRST = date(2026, 4, 13)  # a Monday: 2026's minimum wage bands apply (12.75 meets the 21-and-over 12.71)


@pytest.fixture
def agency(world: World, console: Console, tmp_path: Path, clock: FakeClock) -> Agency:
    return Agency(world, console, tmp_path, clock)


def _set(api: TestClient, agency: Agency, **body: Any) -> dict[str, Any]:
    reply = api.put(f"{WORKERS}?id={agency.worker.id}", headers=agency.headers, json=body)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]  # type: ignore[no-any-return]


def _client(agency: Agency, *flags: str) -> dict[str, Any]:
    code, shown = agency.console("client", "update", str(agency.account.id), *flags)
    assert code == 0, shown
    return shown  # type: ignore[no-any-return]


def _work(agency: Agency, monday: date, days: int = 5) -> list[int]:
    made = []
    for n in range(days):
        day = monday + timedelta(days=n)
        made.append(agency.shift(f"{day} 09:00", f"{day} 17:00"))  # 8 h, no rule: no lunch
    return made


def _line(api: TestClient, agency: Agency, week: date) -> dict[str, Any] | None:
    reply = api.get(f"{PAYROLL}?week={week}", headers=agency.headers)
    assert reply.status_code == 200, reply.text
    found = [item for item in reply.json()["data"] if item["worker_id"] == agency.worker.id]
    return found[0] if found else None


def _holiday(agency: Agency, first: date, last: date, hours: float | None = None) -> None:
    extra = ("--hours", str(hours)) if hours is not None else ()
    code, made = agency.console(
        *("absence", "create", "--worker", str(agency.worker.id), "--type", "holiday"),
        *("--from", first.isoformat(), "--to", last.isoformat(), "--approve", *extra),
    )
    assert code == 0, made


def test_the_settings_are_console_flags_shown_in_meta_settings_and_checked(api: TestClient, agency: Agency) -> None:
    shown = _client(agency, "--holiday-pay", "accrued", "--leave-year-start", "04-06")
    assert (shown["holiday_pay"], shown["leave_year_start"]) == ("accrued", "04-06")
    settings = api.get("/api/v1/rate-rules.php", headers=agency.headers).json()["meta"]["settings"]
    assert (settings["holiday_pay"], settings["leave_year_start"]) == ("accrued", "04-06")
    code, refused = agency.console("client", "update", str(agency.account.id), "--leave-year-start", "02-29")
    assert (code, refused["error_code"], refused["field"]) == (1, "validation_failed", "leave_year_start")
    code, refused = agency.console("client", "update", str(agency.account.id), "--holiday-pay", "weekly")
    assert code != 0


def test_the_worker_override_needs_rates_write_and_shows_only_with_pay_read(
    api: TestClient, agency: Agency, world: World
) -> None:
    assert _set(api, agency, holiday_pay="rolled_up")["holiday_pay"] == "rolled_up"
    no_rates = world.key(agency.account.id, ("workers:read", "workers:write", "pay:read"))
    refused = api.put(f"{WORKERS}?id={agency.worker.id}", headers=no_rates, json={"holiday_pay": None})
    assert (refused.status_code, refused.json()["error_code"]) == (403, "insufficient_scope")
    hidden = api.get(f"{WORKERS}?id={agency.worker.id}", headers=world.key(agency.account.id, ("workers:read",)))
    assert "holiday_pay" not in hidden.json()["data"]
    bad = api.put(f"{WORKERS}?id={agency.worker.id}", headers=agency.headers, json={"holiday_pay": "weekly"})
    assert (bad.status_code, bad.json()["field"]) == (400, "holiday_pay")
    assert _set(api, agency, holiday_pay=None)["holiday_pay"] is None


def test_none_pays_no_holiday_and_adds_no_element(api: TestClient, agency: Agency) -> None:
    _set(api, agency, hourly_rate=12.75, date_of_birth="1990-01-01")
    _work(agency, FIRST)
    line = _line(api, agency, FIRST)
    assert line is not None
    assert line["gross_pay"] == 510.0
    assert "holiday" not in line["elements"]
    assert [row["element"] for row in line["pay_elements"]] == ["regular"]


def test_worked_example_rolled_up_is_12_07_percent_of_the_week_s_pay_for_work(api: TestClient, agency: Agency) -> None:
    """40 h at 12.75 = 510.00 for work; holiday 12.07% of it = 61.557, half up 61.56; gross 571.56."""
    _set(api, agency, hourly_rate=12.75, date_of_birth="1990-01-01")
    _client(agency, "--holiday-pay", "rolled_up")
    _work(agency, FIRST)
    line = _line(api, agency, FIRST)
    assert line is not None
    assert line["gross_pay"] == 571.56
    assert line["elements"]["holiday"]["pay"] == 61.56
    assert (line["elements"]["holiday"]["minutes"], line["elements"]["holiday"]["pay_rate"]) == (0, None)
    assert line["pay_elements"][-1] == {
        "element": "holiday", "label": "Holiday pay", "pkg_a_ref": "holiday", "minutes": 0, "hours": 0.0,
        "pay_rate": None, "pay": 61.56, "department": None, "cost_centre": None,
    }  # fmt: skip
    assert line["minimum_wage"]["hourly_pay"] == 12.75  # holiday is not pay for time worked
    records = api.get(f"{HOLIDAY}?worker_id={agency.worker.id}&date={FIRST}", headers=agency.headers).json()
    (record,) = records["data"]
    assert (record["holiday_pay"], record["paid"], record["accrued_hours"], record["balance_hours"]) == (
        "rolled_up", 61.56, None, None
    )  # fmt: skip
    assert record["weeks"][-1]["working"].endswith("510.00 x 12.07% = 61.56")

    _set(api, agency, holiday_pay="none")  # the worker's own setting wins over the client's
    line = _line(api, agency, FIRST)
    assert line is not None
    assert (line["gross_pay"], "holiday" in line["elements"]) == (510.0, False)


def test_worked_example_accrued_leave_is_taken_from_the_balance_and_paid_at_the_average(
    api: TestClient, agency: Agency, clock: FakeClock
) -> None:
    """Two weeks of 40 h at 12.75 accrue 2 x 289.68 min (12.07% of 2,400 min) = 579.36 min. Week 3:
    8 h of holiday on Monday, taken from the balance and paid at the 52-week average 12.75 = 102.00,
    with 32 h worked (408.00): gross 510.00; balance 579.36 - 480 + 231.744 = 331.104 min (5.52 h).
    Week 4: a whole week of holiday without hours asks 5 x 448 min (a fifth of the 37.33 h average
    week a weekday) but only 331 min are left: 331 min at 12.75 = 70.34, on a line with no shift."""
    _set(api, agency, hourly_rate=12.75, date_of_birth="1990-01-01")
    _client(agency, "--holiday-pay", "accrued")
    week = [FIRST + timedelta(days=7 * n) for n in range(4)]
    _work(agency, week[0])
    _work(agency, week[1])
    _holiday(agency, week[2], week[2], hours=8)
    shift_of_week_3 = _work(agency, week[2] + timedelta(days=1), days=4)[0]
    _holiday(agency, week[3], week[3] + timedelta(days=4))

    assert "holiday" not in (_line(api, agency, week[0]) or {})["elements"]
    third = _line(api, agency, week[2])
    assert third is not None
    holiday = third["elements"]["holiday"]
    assert {k: holiday[k] for k in ("minutes", "hours", "pay", "pay_rate")} == {
        "minutes": 480, "hours": 8.0, "pay": 102.0, "pay_rate": 12.75
    }  # fmt: skip
    assert third["gross_pay"] == 510.0
    fourth = _line(api, agency, week[3])
    assert fourth is not None
    assert (fourth["shifts"], fourth["gross_pay"]) == (0, 70.34)
    assert fourth["elements"]["holiday"]["minutes"] == 331

    reply = api.get(f"{HOLIDAY}?worker_id={agency.worker.id}&date={week[3]}", headers=agency.headers)
    assert reply.status_code == 200, reply.text
    (record,) = reply.json()["data"]
    assert reply.json()["meta"]["leave_year_start"] == "2026-01-01"
    assert (record["holiday_pay"], record["taken_hours"], record["paid"]) == ("accrued", 13.52, 172.34)
    assert record["accrued_hours"] == 13.52  # 12.07% of the 112 h worked (40 + 40 + 32) = 13.5184 h
    assert record["balance_hours"] == 0.0
    third_week = next(w for w in record["weeks"] if w["pay_week_start"] == week[2].isoformat())
    assert (third_week["taken_hours"], third_week["balance_hours"], third_week["holiday_pay"]) == (8.0, 5.52, 102.0)
    assert "average hourly pay 12.7500" in third_week["working"]

    code, explained = agency.console("price", "explain", str(shift_of_week_3))
    assert code == 0, explained
    assert explained["holiday"].startswith("holiday_pay accrued (the client's setting): pay week of 2026-04-27")
    assert "leave taken 8.00 h of 8.00 h asked" in explained["holiday"]


def test_holiday_records_need_pay_read_and_stop_at_today(api: TestClient, agency: Agency, world: World) -> None:
    refused = api.get(HOLIDAY, headers=world.key(agency.account.id, ("timesheets:read",)))
    assert (refused.status_code, refused.json()["error_code"]) == (403, "insufficient_scope")
    future = api.get(f"{HOLIDAY}?date=2028-03-01", headers=agency.headers)
    assert future.status_code == 200
    assert future.json()["meta"]["up_to_pay_week"] == "2026-11-16"  # the clock's today: 20 November 2026
    missing = api.get(f"{HOLIDAY}?worker_id=999999", headers=agency.headers)
    assert missing.status_code == 404
    listed = api.get(HOLIDAY, headers=agency.headers)
    assert listed.status_code == 200
    assert [r["worker_id"] for r in listed.json()["data"]] == [agency.worker.id]


def test_the_holiday_records_export_is_the_csv_of_the_same_records(api: TestClient, agency: Agency) -> None:
    _set(api, agency, hourly_rate=12.75, date_of_birth="1990-01-01")
    _client(agency, "--holiday-pay", "rolled_up")
    _work(agency, FIRST)
    code, locked = agency.console("pay-week", "lock", "--client", str(agency.account.id), "--week", FIRST.isoformat())
    assert code == 0, locked
    out = agency.tmp / "holiday.csv"
    code, made = agency.console(
        *("export", "create", "--client", str(agency.account.id), "--week", FIRST.isoformat()),
        *("--kind", "holiday_records", "--out", str(out)),
    )
    assert code == 0, made
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    (row,) = [r for r in rows if r["pay_week_start"] == FIRST.isoformat()]
    assert (row["worker_id"], row["holiday_pay"], row["work_pay"], row["holiday_paid"]) == (
        str(agency.worker.id), "rolled_up", "510.00", "61.56"
    )  # fmt: skip


HOLIDAY_CHARGED = {
    "name": "Holiday charged",
    "pay": {"pay_rate": 12.75},
    "charge": {"charge_rate": 19.00},
    "holiday_charge_multiplier": 1.25,
}


def test_worked_example_a_rule_s_holiday_charge_multiplier_charges_the_hirer_for_holiday(
    api: TestClient, agency: Agency
) -> None:
    """Rule: pay 12.75, charge 19.00, holiday_charge_multiplier 1.25; a rolled-up worker's 40 hours are
    charged 760.00 for work and, as `holiday`, 40 h at 12.75 x 12.07% x 1.25 = 1.92365625 an hour:
    76.94625, half up 76.95. The payroll line pays 571.56 and charges 836.95. A worker paid no holiday is
    charged no holiday."""
    code, rule = agency.rule(HOLIDAY_CHARGED)
    assert code == 0, rule
    assert rule["holiday_charge_multiplier"] == 1.25
    _set(api, agency, date_of_birth="1990-01-01")
    _work(agency, FIRST)
    charges = api.get(f"/api/v1/charges.php?week_start={FIRST}", headers=agency.headers).json()["data"]
    assert [line["element"] for line in charges["lines"]] == ["regular"]

    _client(agency, "--holiday-pay", "rolled_up")  # the figures are priced again: the charge lines follow
    charges = api.get(f"/api/v1/charges.php?week_start={FIRST}", headers=agency.headers).json()["data"]
    holiday = next(line for line in charges["lines"] if line["element"] == "holiday")
    assert (holiday["minutes"], holiday["rate"], holiday["amount"]) == (2400, 1.92365625, 76.95)
    assert holiday["element_label"] == "Holiday pay"
    assert charges["sites"][0]["net"] == 836.95
    line = _line(api, agency, FIRST)
    assert line is not None
    assert (line["gross_pay"], line["charge_total"]) == (571.56, 836.95)
    assert (line["elements"]["holiday"]["pay"], line["elements"]["holiday"]["charge"]) == (61.56, 76.95)
    shift = api.get(f"/api/v1/timesheets.php?worker_id={agency.worker.id}&include_pricing=1", headers=agency.headers)
    priced = shift.json()["data"][0]["pricing"]
    assert priced["elements"]["holiday"] == {"minutes": 480, "pay": 0.0, "charge": 15.39}
