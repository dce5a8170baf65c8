"""GET /charges.php: the charge schedule from the stored pay figures, with VAT for two sites."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.test_pricing import Agency

CHARGES = "/api/v1/charges.php"
BILLING = {
    "billing_name": "North Ltd", "po_reference": "PO-1", "pkg_a_account_ref": "ACC-N",
    "pkg_a_department": "DEP-N", "nominal_code": "4000",
}  # fmt: skip


@pytest.fixture
def agency(world: World, console: Console, tmp_path: Path, clock: FakeClock) -> Agency:
    made = Agency(world, console, tmp_path, clock)
    made.rule()
    return made


def schedule(api: TestClient, agency: Agency, query: str = "", headers: dict[str, str] | None = None) -> Any:
    reply = api.get(f"{CHARGES}?{query}", headers=headers or agency.headers)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


def backfill(agency: Agency, site_id: int, clock_in: str, clock_out: str, *, approve: bool = True) -> int:
    code, entry = agency.console(
        *("timesheet", "backfill", "--worker", str(agency.worker.id), "--location", str(site_id)),
        *("--clock-in", clock_in, "--clock-out", clock_out),
    )
    assert code == 0, entry
    if approve:
        assert agency.console("timesheet", "approve", str(entry["id"]))[0] == 0
    return int(entry["id"])


def test_charges_with_vat_for_two_sites(api: TestClient, agency: Agency) -> None:
    north = agency.world.site(agency.account.id, "North", **BILLING)
    backfill(agency, north.id, "2026-11-10 08:00", "2026-11-10 16:30")  # 480 min at 18.00 = 144.00
    backfill(agency, north.id, "2026-11-11 08:00", "2026-11-11 16:30")
    backfill(agency, agency.site.id, "2026-11-12 08:00", "2026-11-12 12:00")  # 240 min = 72.00
    backfill(agency, agency.site.id, "2026-11-13 08:00", "2026-11-13 12:00", approve=False)  # held: pending
    found = schedule(api, agency, "week_start=2026-11-12&vat=true&vat_rate=17.5")
    assert (found["from"], found["to"], found["currency"], found["frozen"]) == (
        "2026-11-09",
        "2026-11-15",
        "GBP",
        False,
    )
    by_site = {site["site_id"]: site for site in found["sites"]}
    assert (by_site[north.id]["net"], by_site[north.id]["vat"], by_site[north.id]["gross"]) == (288.0, 50.4, 338.4)
    assert {k: by_site[north.id][k] for k in BILLING} == BILLING
    depot = by_site[agency.site.id]
    assert (depot["net"], depot["vat"], depot["gross"]) == (72.0, 12.6, 84.6)
    assert depot["held_back"] == [{"reason": "pending", "shifts": 1, "hours": 4.0}]
    north_line = next(line for line in found["lines"] if line["site_id"] == north.id)
    assert (north_line["element"], north_line["hours"], north_line["rate"], north_line["amount"]) == (
        "regular", 16.0, 18.0, 288.0
    )  # fmt: skip
    assert (north_line["shifts"], north_line["first_date"], north_line["last_date"]) == (2, "2026-11-10", "2026-11-11")
    assert north_line["po"] == "PO-1"
    again = schedule(api, agency, "week_start=2026-11-09")
    assert again["reference"] == found["reference"]  # stable for the same client and period
    assert [site["vat"] for site in again["sites"]] == [None, None]  # no VAT asked


def test_a_period_and_a_site_and_the_entries_of_each_line(api: TestClient, agency: Agency) -> None:
    north = agency.world.site(agency.account.id, "North")
    first = backfill(agency, north.id, "2026-10-06 08:00", "2026-10-06 16:30")
    backfill(agency, agency.site.id, "2026-10-07 08:00", "2026-10-07 16:30")
    found = schedule(api, agency, f"from=2026-10-01&to=2026-10-31&location_id={north.id}&include_entries=1")
    assert [(line["site_id"], line["entry_ids"]) for line in found["lines"]] == [(north.id, [first])]
    assert (found["from"], found["to"]) == ("2026-10-01", "2026-10-31")


def test_client_sign_off_holds_charges_until_the_client_approves(
    api: TestClient, agency: Agency, console: Console
) -> None:
    code, _ = console("client", "update", str(agency.account.id), "--require-client-approval")
    assert code == 0
    entry = backfill(agency, agency.site.id, "2026-11-10 08:00", "2026-11-10 16:30")
    found = schedule(api, agency, "week_start=2026-11-10")
    assert found["require_client_approval"] is True
    assert found["lines"] == []
    assert found["sites"][0]["held_back"] == [{"reason": "client_pending", "shifts": 1, "hours": 8.0}]
    assert console("timesheet", "client-approve", str(entry))[0] == 0
    assert [line["amount"] for line in schedule(api, agency, "week_start=2026-11-10")["lines"]] == [144.0]


@pytest.mark.parametrize(
    ("query", "parameter"),
    [
        ("vat_rate=101", "vat_rate"),
        ("vat_rate=abc", "vat_rate"),
        ("vat_rate=-1", "vat_rate"),
        ("from=2026-03-10&to=2026-03-01", "to"),
        ("from=2026-01-01&to=2026-04-04", "to"),  # 94 days: 93 is the most
        ("week_start=2026-02-30", "week_start"),
        ("week_start=2026-03-02&from=2026-03-01", "week_start"),
    ],
)
def test_bad_input_is_400_invalid_parameter(api: TestClient, agency: Agency, query: str, parameter: str) -> None:
    reply = api.get(f"{CHARGES}?{query}", headers=agency.headers)
    assert reply.status_code == 400, reply.text
    assert (reply.json()["error_code"], reply.json()["parameter"]) == ("invalid_parameter", parameter)


def test_ninety_three_days_are_allowed_and_charges_read_is_needed(api: TestClient, agency: Agency) -> None:
    assert schedule(api, agency, "from=2026-01-01&to=2026-04-03")["to"] == "2026-04-03"  # 93 days
    refused = api.get(CHARGES, headers=agency.world.key(agency.account.id, ("payroll:read",)))
    assert (refused.status_code, refused.json()["error_code"]) == (403, "insufficient_scope")
