"""The dashboard in Chromium, the console's first page: its figures equal the API's for the same week
(booked hours from /shifts.php, the fill rate from /demands.php, the margin from /payroll.php and
/charges.php, shifts not approved from /pay-weeks.php), each chart is drawn (Chart.js) beside a table of
its figures with a link to the page that lists them, the CSV holds the same figures; screenshots at 1280
and 390 pixels under build/screenshots."""

from __future__ import annotations

import csv
import io
import re
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import LAST_WEEK, Live, Problems, sign_in
from tests.browser.test_week_in_a_browser import paper_shift, payroll_lines
from workforce_core.services import approvals
from workforce_entrypoints.web.common.rendering import EXCEPTION_WORDS

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
THIS_WEEK = "2026-03-16"


def _minutes(shift: dict[str, Any]) -> int:
    start, end = (datetime.fromisoformat(shift[k]) for k in ("start_utc", "end_utc"))
    return int((end - start).total_seconds() // 60) - (shift.get("break_minutes") or 0)


def _hours(minutes: int) -> str:
    return f"{minutes // 60}:{minutes % 60:02d}"


def test_the_dashboard_shows_the_weeks_figures_as_the_api_gives_them(
    live: Live, page: Page, problems: Problems
) -> None:
    world = live.world
    client = world.account("Acme Staffing", walk_in_policy="pay").id
    north = world.site(client, "North Warehouse", geofence_mode="disabled").id
    south = world.site(client, "South Depot", geofence_mode="disabled").id
    ann, bob, cat = (
        world.worker(client, name, location_id=north, hourly_rate=12.5).worker.id
        for name in ("Ann Able", "Bob Brown", "Cat Clay")
    )
    headers = world.key(client)
    slot = {"shift_date": "2026-03-19", "start_time": "08:00", "end_time": "16:00", "break_minutes": 30}
    made = live.api("demands.php", headers, body={"location_id": north, "headcount": 4, **slot}, status=201)
    for worker in (ann, bob):
        live.api("shifts.php", headers, body={"worker_id": worker, "demand_id": made["data"]["id"]}, status=201)
    later = {"shift_date": "2026-03-20", "start_time": "12:00", "end_time": "18:00"}
    live.api("shifts.php", headers, body={"worker_id": cat, "location_id": south, **later}, status=201)
    worked = [paper_shift(live, ann, north, 10, "08:00", "16:00"), paper_shift(live, bob, south, 11, "09:00", "13:30")]
    approvals.approve(worked, uow=live.services.uow, clock=live.clock)
    owner, password = live.owner(client)

    sign_in(page, owner.email, password)
    expect(page).to_have_url(re.compile(rf"/console/{client}/dashboard$"))
    page.set_viewport_size({"width": 1280, "height": 1000})
    expect(page.get_by_role("heading", level=1)).to_have_text("Dashboard: week of Mon 16 Mar 2026 to Sun 22 Mar 2026")
    shifts = live.api("shifts.php", headers, date_from=THIS_WEEK, date_to="2026-03-22", limit=100)["data"]
    booked = sum(_minutes(s) for s in shifts if s["status"] != "cancelled")
    assert booked == 2 * 450 + 360
    expect(page.locator("#fig-hours")).to_have_text(_hours(booked))
    asked = live.api("demands.php", headers, date_from=THIS_WEEK, date_to="2026-03-22")["data"]
    headcount, filled = sum(d["headcount"] for d in asked), sum(d["filled"] for d in asked)
    expect(page.locator("#fig-fill")).to_have_text(f"{round(100 * filled / headcount, 1)}% ({filled} of {headcount})")
    expect(page.locator("#fig-open")).to_have_text(str(headcount - filled))
    for name in ("hours_by_day", "weeks", "fill", "waiting", "exceptions", "overtime", "late", "margin"):
        canvas = page.locator(f"#{name}-chart")
        expect(canvas).to_be_visible()
        page.wait_for_function(f"() => window.Chart && Chart.getChart(document.getElementById('{name}-chart'))")
    hours_table = page.get_by_role("table", name=re.compile("^Booked hours \\(bookings"))
    expect(hours_table.get_by_role("row", name=re.compile("^North Warehouse"))).to_contain_text("15:00")
    expect(hours_table.get_by_role("row", name=re.compile("^South Depot"))).to_contain_text("6:00")
    link = page.get_by_role("link", name="Open requirements on the board")
    expect(link).to_have_attribute("href", f"/console/{client}/shifts?week={THIS_WEEK}&status=open")
    (listed,) = live.api("pay-weeks.php", headers, week_start=THIS_WEEK)["data"]
    waiting_table = page.get_by_role("table", name=re.compile("^Completed shifts not approved"))
    expect(waiting_table.get_by_role("row").last).to_have_text(
        re.compile(rf"16 Mar 2026\s*{listed['shifts_not_approved']}\s*\d+$")
    )
    expect(page.get_by_role("link", name="The exceptions")).to_have_attribute(
        "href", f"/console/{client}/exceptions?week={THIS_WEEK}"
    )
    expect(page.get_by_role("link", name="The pay week", exact=True)).to_have_attribute(
        "href", f"/console/{client}/pay-week?week={THIS_WEEK}"
    )
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "dashboard-1280.png"), full_page=True)

    with page.expect_download() as download:
        page.get_by_role("link", name="Download every chart's figures as CSV").click()
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8-sig"))))
    weekly = [float(r["value"]) for r in rows if r["chart"] == "weeks"]
    assert weekly[-1] == round(booked / 60, 2)
    assert {"waiting", "overtime", "late"} <= {r["chart"] for r in rows}

    page.goto(f"/console/{client}/dashboard?week={LAST_WEEK}")
    lines = payroll_lines(live, headers, LAST_WEEK)
    schedule = live.api("charges.php", headers, week_start=LAST_WEEK)["data"]
    pay = sum((Decimal(str(line["gross_pay"])) for line in lines), Decimal(0))
    charge = sum((Decimal(str(site["net"])) for site in schedule["sites"]), Decimal(0))
    assert pay > 0
    expect(page.locator("#fig-margin")).to_have_text(re.compile(rf"^-?£-?{abs(charge - pay):,.2f}$"))
    margin_table = page.get_by_role("table", name="Charges net of VAT less pay and holiday pay")
    expect(margin_table.get_by_role("row")).to_have_count(3)  # the header and two sites
    kinds = {e["type"] for e in live.api("exceptions.php", headers, date_from=LAST_WEEK, date_to="2026-03-15")["data"]}
    assert kinds  # the shifts typed in had no booking
    exceptions_table = page.get_by_role("table", name="Exceptions a week, by type")
    for kind in kinds:  # each type in words, as the exceptions page shows it, never its code
        words = EXCEPTION_WORDS[kind]
        expect(
            exceptions_table.get_by_role("rowheader", name=words[:1].upper() + words[1:], exact=True)
        ).to_be_visible()
    expect(exceptions_table).not_to_contain_text("_")

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/console/{client}/dashboard")
    expect(page.locator("#hours_by_day-chart")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(SHOTS / "dashboard-390.png"), full_page=True)
