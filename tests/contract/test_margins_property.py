"""The margin report over random weeks, on SQLite and PostgreSQL: the console's CSV of a pay week has the
account's, each site's and each worker's pay, holiday pay and charge equal to the penny to what
/payroll.php (of the account, and of each site) and /charges.php answer for the same week, its margin
is the charge less pay and holiday pay, and the workers' rows add up to the account's."""

from __future__ import annotations

import csv
import io
import json
from datetime import date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.console_pages import console as console_pages
from tests.contract.console_pages import sign_in_as
from tests.contract.test_pricing import RULE_R, Agency
from workforce_entrypoints.bootstrap import Services

WEEKS = (date(2026, 10, 26), date(2026, 11, 2), date(2026, 11, 9))  # ended pay weeks (today is 20 November)
ZERO = Decimal(0)

# (worker, site, day of the week, start hour, minutes): at most one shift a worker a day
shifts = st.lists(
    st.tuples(st.integers(0, 1), st.integers(0, 1), st.integers(0, 6), st.integers(0, 20), st.integers(30, 660)),
    max_size=6,
    unique_by=lambda s: (s[0], s[2]),
)
cases = st.fixed_dictionaries(
    {
        "week": st.sampled_from(WEEKS),
        "holiday": st.sampled_from(["none", "rolled_up"]),
        "shifts": shifts,
        "unapproved": st.sets(st.integers(0, 5), max_size=2),
    }
)


def _money(value: Any) -> Decimal:
    return ZERO if value is None else Decimal(str(value)).quantize(Decimal("0.01"))


def _api(api: TestClient, headers: dict[str, str], path: str) -> Any:
    reply = api.get(f"/api/v1/{path}", headers=headers)
    assert reply.status_code == 200, reply.text
    return reply.json()["data"]


def _paid(lines: list[dict[str, Any]]) -> tuple[Decimal, Decimal]:
    """Gross pay and holiday pay of /payroll.php's lines."""
    holiday = sum((_money(line["elements"].get("holiday", {}).get("pay")) for line in lines), ZERO)
    return sum((_money(line["gross_pay"]) for line in lines), ZERO), holiday


@example(
    case={
        "week": WEEKS[1],
        "holiday": "rolled_up",
        "shifts": [(0, 0, 1, 8, 510), (1, 1, 1, 21, 600), (1, 0, 2, 8, 247)],
        "unapproved": {2},
    }
)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(case=cases)
def test_the_margin_report_equals_payroll_and_charges_to_the_penny(
    api: TestClient,
    world: World,
    console: Console,
    tmp_path: Path,
    clock: FakeClock,
    services: Services,
    case: dict[str, Any],
) -> None:
    agency = Agency(world, console, tmp_path, clock)  # a new account each example, today Friday 20 November
    account = agency.account.id
    assert console("client", "update", str(account), "--holiday-pay", case["holiday"])[0] == 0
    rule = tmp_path / "rule.json"
    rule.write_text(json.dumps(RULE_R))
    assert console("rate-rule", "create", "--client", str(account), "--file", str(rule))[0] == 0
    sites = [agency.site.id, world.site(account, "North").id]
    workers = [agency.worker.id, world.worker(account, "Bob Pay", location_id=sites[1]).worker.id]
    for n, (worker, site, day, hour, minutes) in enumerate(case["shifts"]):
        start = datetime.combine(case["week"] + timedelta(days=day), datetime.min.time()) + timedelta(hours=hour)
        end = start + timedelta(minutes=minutes)
        code, entry = console(
            *("timesheet", "backfill", "--worker", str(workers[worker]), "--location", str(sites[site])),
            *("--clock-in", f"{start:%Y-%m-%d %H:%M}", "--clock-out", f"{end:%Y-%m-%d %H:%M}"),
        )
        assert code == 0, entry
        if n not in case["unapproved"]:
            assert console("timesheet", "approve", str(entry["id"]))[0] == 0

    week = case["week"]
    with console_pages(services) as person:
        sign_in_as(services, "owner", account, person)
        reply = person.get(f"/console/{account}/margins?week={week}&format=csv")
    assert reply.status_code == 200, reply.text[:400]
    rows = list(csv.DictReader(io.StringIO(reply.content.decode("utf-8-sig"))))
    columns = ("pay", "holiday_pay", "charge", "margin")
    figures = {(r["scope"], r["location_id"] or r["worker_id"]): [_money(r[k]) for k in columns] for r in rows}
    assert {r["week"] for r in rows} == {str(week)}

    lines = _api(api, agency.headers, f"payroll.php?week={week}&limit=100")
    schedule = _api(api, agency.headers, f"charges.php?week_start={week}")
    gross, holiday = _paid(lines)
    charge = sum((_money(s["net"]) for s in schedule["sites"]), ZERO)
    assert figures[("account", "")] == [gross - holiday, holiday, charge, charge - gross]
    approved = len(case["shifts"]) > len(case["unapproved"] & set(range(len(case["shifts"]))))
    assert (charge > 0) == approved
    assert (holiday > 0) == (approved and case["holiday"] == "rolled_up")
    nets = {str(s["site_id"]): _money(s["net"]) for s in schedule["sites"]}
    for site in sites:
        site_gross, site_holiday = _paid(
            _api(api, agency.headers, f"payroll.php?week={week}&location_id={site}&limit=100")
        )
        expected = [site_gross - site_holiday, site_holiday, nets.get(str(site), ZERO)]
        if any(expected):
            assert figures[("site", str(site))][:3] == expected
            assert figures[("site", str(site))][3] == expected[2] - site_gross
        else:
            assert ("site", str(site)) not in figures
    by_worker = [v for (scope, _), v in figures.items() if scope == "worker"]
    assert [sum((v[n] for v in by_worker), ZERO) for n in range(4)] == figures[("account", "")]
    for line in lines:
        pay, hol, _, _ = figures[("worker", str(line["worker_id"]))]
        assert pay + hol == _money(line["gross_pay"])
