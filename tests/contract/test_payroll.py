"""GET /payroll.php: one line per worker per pay week, summed from the stored pay figures.

pricing.md's seven worked examples appear as payroll lines, to the penny (each in a pay week of its own,
so no example's hours count toward another's overtime); then the weeks a request covers, the bad
input the issue lists, charge figures by scope, the approval count and the entries of each line.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.test_pricing import RULE_R, Agency

PAYROLL = "/api/v1/payroll.php"


@pytest.fixture
def agency(world: World, console: Console, tmp_path: Path, clock: FakeClock) -> Agency:
    return Agency(world, console, tmp_path, clock)


def lines(api: TestClient, agency: Agency, query: str = "", headers: dict[str, str] | None = None) -> Any:
    reply = api.get(f"{PAYROLL}?{query}", headers=headers or agency.headers)
    assert reply.status_code == 200, reply.text
    return reply.json()


def one_line(api: TestClient, agency: Agency, week: str) -> dict[str, Any]:
    found = lines(api, agency, f"week={week}")["data"]
    assert len(found) == 1, found
    return found[0]  # type: ignore[no-any-return]


def test_the_seven_worked_examples_are_payroll_lines_to_the_penny(api: TestClient, agency: Agency) -> None:
    agency.rule()
    agency.rule({**RULE_R, "name": "R with a guarantee", "guarantee_hours": 10, "priority": 5,
                 "valid_from": "2026-08-04", "valid_to": "2026-08-04"})  # fmt: skip
    agency.shift("2026-11-10 08:00", "2026-11-10 16:30")  # 1: Tuesday, auto lunch
    agency.shift("2026-11-07 08:00", "2026-11-07 12:00")  # 2: Saturday
    agency.shift("2026-10-28 20:00", "2026-10-29 04:00")  # 3: Wednesday night
    autumn = agency.shift("2025-10-25 22:00", "2025-10-26 06:00")  # 4: the night the clocks go back
    for day in range(14, 20):  # 5: Monday to Saturday, eight paid hours each
        agency.shift(f"2026-09-{day} 08:00", f"2026-09-{day} 16:30")
    agency.shift("2026-08-04 08:00", "2026-08-04 16:30")  # 6: example 1 under a 10-hour guarantee
    agency.shift("2025-08-25 09:00", "2025-08-25 13:00")  # 7: Summer bank holiday

    first = one_line(api, agency, "2026-11-10")
    assert (first["paid_minutes"], first["gross_pay"], first["charge_total"]) == (480, 96.0, 144.0)
    assert first["elements"]["regular"] == {
        "minutes": 480, "hours": 8.0, "pay": 96.0, "pay_rate": 12.0, "charge": 144.0, "charge_rate": 18.0
    }  # fmt: skip
    second = one_line(api, agency, "2026-11-07")
    assert (second["gross_pay"], second["elements"]["weekend"]["pay"], second["elements"]["weekend"]["pay_rate"]) == (
        60.0, 12.0, 3.0
    )  # fmt: skip
    third = one_line(api, agency, "2026-10-28")
    assert (third["paid_minutes"], third["elements"]["night"]["minutes"], third["gross_pay"]) == (450, 330, 95.5)
    fourth = one_line(api, agency, "2025-10-25")
    priced = agency.entry(api, autumn, include_pricing="true")
    assert priced["total_minutes"] == 540  # not 480: the clocks went back
    assert (fourth["paid_minutes"], fourth["gross_pay"]) == (510, priced["pricing"]["pay_amount"])
    fifth = one_line(api, agency, "2026-09-14")
    assert (fifth["shifts"], fifth["elements"]["regular"]["minutes"], fifth["elements"]["overtime"]["minutes"]) == (
        6, 2400, 480
    )  # fmt: skip
    assert (fifth["elements"]["overtime"]["pay"], fifth["elements"]["weekend"]["pay"], fifth["gross_pay"]) == (
        144.0, 24.0, 648.0
    )  # fmt: skip
    sixth = one_line(api, agency, "2026-08-04")
    assert (sixth["elements"]["guarantee"]["minutes"], sixth["paid_minutes"], sixth["gross_pay"]) == (120, 600, 120.0)
    seventh = one_line(api, agency, "2025-08-25")
    assert (seventh["elements"]["bank_holiday"]["pay"], seventh["gross_pay"]) == (48.0, 96.0)
    assert [row["element"] for row in seventh["pay_elements"]] == ["regular", "bank_holiday"]


def test_a_line_rounds_once_per_element_and_rate_and_its_rows_add_up_to_the_gross(
    api: TestClient, agency: Agency
) -> None:
    agency.rule({**RULE_R, "pay": {"pay_rate": 12.3457}})
    for day in (16, 17, 18):  # three shifts of 7 h 7 min: each alone would round differently
        agency.shift(f"2026-11-{day} 08:00", f"2026-11-{day} 15:07", approve=True)
    line = lines(api, agency, "week=2026-11-16")["data"][0]
    rows = line["pay_elements"]
    assert [(row["element"], row["minutes"], row["pay_rate"]) for row in rows] == [("regular", 3 * 397, 12.3457)]
    exact = Decimal("12.3457") * 3 * 397 / 60
    assert Decimal(str(rows[0]["pay"])) == exact.quantize(Decimal("0.01"))
    assert Decimal(str(line["gross_pay"])) == sum(Decimal(str(row["pay"])) for row in rows)
    assert rows[0]["label"] == "Regular"
    assert rows[0]["pkg_a_ref"] == "regular"


def test_with_no_week_the_last_complete_pay_week_is_read(api: TestClient, agency: Agency) -> None:
    agency.rule()
    agency.shift("2026-11-10 08:00", "2026-11-10 16:30")  # last week (today is Friday 20 November)
    agency.shift("2026-11-17 08:00", "2026-11-17 16:30")  # this week: not ended
    found = lines(api, agency)["data"]
    assert [(line["pay_week_start"], line["pay_week_end"]) for line in found] == [("2026-11-09", "2026-11-15")]


def test_a_range_is_widened_to_whole_pay_weeks_oldest_first(api: TestClient, agency: Agency) -> None:
    agency.rule()
    for day in ("2026-10-20", "2026-11-03", "2026-11-10"):
        agency.shift(f"{day} 08:00", f"{day} 16:30")
    widened = lines(api, agency, "date_from=2026-10-25&date_to=2026-11-09")["data"]  # a Sunday: 19 Oct's week
    assert [line["pay_week_start"] for line in widened] == ["2026-10-19", "2026-11-02", "2026-11-09"]
    found = lines(api, agency, "date_from=2026-10-26&date_to=2026-11-09")["data"]
    assert [line["pay_week_start"] for line in found] == ["2026-11-02", "2026-11-09"]
    wide = lines(api, agency, "date_from=2026-10-19&date_to=2026-11-15&limit=2")
    assert [line["pay_week_start"] for line in wide["data"]] == ["2026-10-19", "2026-11-02"]
    assert wide["pagination"]["total"] == 3


@pytest.mark.parametrize(
    ("query", "parameter"),
    [
        ("week=2026-02-30", "week"),
        ("date_from=2026-03-10&date_to=2026-03-01", "date_to"),
        ("date_from=2026-01-01&date_to=2026-07-06", "date_to"),  # 27 pay weeks
        ("week=2026-03-02&date_from=2026-03-01", "week"),
        ("limit=201", "limit"),
        ("limit=0", "limit"),
        ("offset=-1", "offset"),
        ("worker_id=abc", "worker_id"),
    ],
)
def test_bad_input_is_400_invalid_parameter_naming_the_parameter(
    api: TestClient, agency: Agency, query: str, parameter: str
) -> None:
    reply = api.get(f"{PAYROLL}?{query}", headers=agency.headers)
    assert reply.status_code == 400, reply.text
    assert (reply.json()["error_code"], reply.json()["parameter"]) == ("invalid_parameter", parameter)


def test_twenty_six_weeks_are_allowed_and_limit_goes_to_two_hundred(api: TestClient, agency: Agency) -> None:
    assert lines(api, agency, "date_from=2026-01-05&date_to=2026-07-05&limit=200")["pagination"]["limit"] == 200


def test_charge_figures_need_charges_read_and_payroll_read_is_needed_at_all(api: TestClient, agency: Agency) -> None:
    agency.rule()
    agency.shift("2026-11-10 08:00", "2026-11-10 16:30")
    payroll_only = agency.world.key(agency.account.id, ("payroll:read",))
    line = lines(api, agency, "week=2026-11-10", headers=payroll_only)["data"][0]
    assert "charge_total" not in line
    assert "margin" not in line
    assert "charge" not in line["elements"]["regular"]
    assert line["gross_pay"] == 96.0
    both = agency.world.key(agency.account.id, ("payroll:read", "charges:read"))
    line = lines(api, agency, "week=2026-11-10", headers=both)["data"][0]
    assert (line["charge_total"], line["margin"]) == (144.0, 48.0)
    refused = api.get(PAYROLL, headers=agency.world.key(agency.account.id, ("timesheets:read", "pay:read")))
    assert (refused.status_code, refused.json()["error_code"]) == (403, "insufficient_scope")


def test_only_payable_shifts_are_paid_and_the_approval_gate_is_counted(api: TestClient, agency: Agency) -> None:
    agency.rule()
    paid = agency.shift("2026-11-10 08:00", "2026-11-10 16:30")
    agency.shift("2026-11-11 08:00", "2026-11-11 16:30", approve=False)  # pending
    found = lines(api, agency, "week=2026-11-10&include_entries=1")
    assert found["meta"] == {"shifts_not_approved": 1}
    line = found["data"][0]
    assert (line["shifts"], line["gross_pay"], line["entry_ids"]) == (1, 96.0, [paid])
    assert line["pay_elements"][0]["entry_ids"] == [paid]
    assert line["source"] == "live"
    assert lines(api, agency, "week=2026-11-10&adjustments=1")["data"][0]["adjustments"] == []


def test_an_approved_shift_with_no_pay_rate_is_a_flag_not_pay(api: TestClient, agency: Agency) -> None:
    agency.shift("2026-11-10 08:00", "2026-11-10 16:30")  # no rule, no worker rate
    line = lines(api, agency, "week=2026-11-10")["data"][0]
    assert (line["shifts"], line["gross_pay"], line["flags"]) == (0, 0.0, ["no_pay_rate"])


def test_a_change_after_a_read_is_in_the_next_read(api: TestClient, agency: Agency, console: Any) -> None:
    agency.rule()
    agency.shift("2026-11-10 08:00", "2026-11-10 16:30")
    assert lines(api, agency, "week=2026-11-10")["data"][0]["gross_pay"] == 96.0
    worker = str(agency.worker.id)
    reply = api.put(f"/api/v1/workers.php?id={worker}", headers=agency.headers, json={"hourly_rate": 15})
    assert reply.status_code == 200, reply.text
    assert lines(api, agency, "week=2026-11-10")["data"][0]["gross_pay"] == 120.0


def test_filters_narrow_the_lines_and_another_clients_site_is_404(api: TestClient, agency: Agency) -> None:
    agency.rule()
    agency.shift("2026-11-10 08:00", "2026-11-10 16:30")
    assert lines(api, agency, f"week=2026-11-10&worker_id={agency.worker.id}")["pagination"]["total"] == 1
    assert lines(api, agency, "week=2026-11-10&worker_id=999999")["pagination"]["total"] == 0
    assert lines(api, agency, f"week=2026-11-10&location_id={agency.site.id}")["pagination"]["total"] == 1
    other = agency.world.account("Other Ltd")
    theirs = agency.world.site(other.id, "Theirs")
    reply = api.get(f"{PAYROLL}?location_id={theirs.id}", headers=agency.headers)
    assert reply.status_code == 404
