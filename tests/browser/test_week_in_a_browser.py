"""A pay week closed in Chromium by a client account's owner: sign in, type in a paper shift, correct a
shift's times with a reason, approve the rest in one batch, approve what is left and lock the week, make
the payroll file and download it. The file is the one the page describes (its SHA-256), its total is
what ``/payroll.php`` pays for the week, and every step is recorded with the person who took it."""

from __future__ import annotations

import csv
import hashlib
import io
import re
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

from playwright.sync_api import Page, expect

from tests.browser.conftest import LAST_WEEK, Live, sign_in
from workforce_core.commands.time_records import Backfill
from workforce_core.services import time_records

SITE = "North Warehouse"


def paper_shift(live: Live, worker_id: int, site_id: int, day: int, start: str, end: str) -> int:
    """A shift of last week typed in through the core (the agency's own console: no person)."""
    begin, finish = (datetime.fromisoformat(f"2026-03-{day:02d}T{at}").replace(tzinfo=UTC) for at in (start, end))
    command = Backfill(worker_id=worker_id, location_id=site_id, clock_in=begin, clock_out=finish)
    s = live.services
    return time_records.backfill(command, uow=s.uow, clock=s.clock).entry.id


def payroll_lines(live: Live, headers: dict[str, str], week: str) -> list[dict[str, Any]]:
    """Every line of ``/payroll.php`` for the week, page after page."""
    found: list[dict[str, Any]] = []
    while True:
        reply = live.api("payroll.php", headers, week=week, limit=200, offset=len(found))
        found += reply["data"]
        if not reply["pagination"]["has_more"]:
            return found


def events(live: Live, name: str, **matching: Any) -> list[dict[str, Any]]:
    """The data of the events of this name whose fields have these values."""
    rows = [row["data"] for row in live.world.outbox(name)]
    return [data for data in rows if all(data.get(key) == value for key, value in matching.items())]


def test_an_owner_closes_last_week_and_downloads_the_payroll_file(live: Live, page: Page) -> None:
    world = live.world
    client = world.account("Acme Staffing", walk_in_policy="pay").id
    site = world.site(client, SITE).id
    # each at or above March 2026's minimum wage for 21 and over (12.21), so the week can be locked
    rates = {"Ann Able": (12.5, 18.75), "Bob Brown": (13, 19.5), "Cat Clay": (12.44, 18.66)}
    workers = {
        name: world.worker(client, name, location_id=site, hourly_rate=pay, charge_rate=charge).worker.id
        for name, (pay, charge) in rates.items()
    }
    ann_monday = paper_shift(live, workers["Ann Able"], site, 9, "08:00", "16:00")
    bob_tuesday = paper_shift(live, workers["Bob Brown"], site, 10, "08:00", "16:30")
    cat_wednesday = paper_shift(live, workers["Cat Clay"], site, 11, "07:00", "15:00")
    ann_thursday = paper_shift(live, workers["Ann Able"], site, 12, "08:00", "12:00")
    owner, password = live.owner(client)

    sign_in(page, owner.email, password)
    expect(page).to_have_url(re.compile(rf"/console/{client}/dashboard$"))  # the console's first page
    page.goto(f"/console/{client}/timesheets?week={LAST_WEEK}")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Mon 09 Mar 2026")

    # a paper shift for Bob on Friday, typed in through the form
    page.get_by_text("Backfill a paper shift").click()
    page.get_by_label("Worker", exact=True).last.select_option(label="Bob Brown")
    page.get_by_label("Site", exact=True).last.select_option(label=SITE)
    page.get_by_label("Clock in (UK time)").fill("2026-03-13T09:00")
    page.get_by_label("Clock out (UK time)").fill("2026-03-13T17:00")
    page.get_by_label("Unpaid break (minutes)").fill("30")
    page.get_by_role("button", name="Add the paper shift").click()
    expect(page.get_by_role("status")).to_have_text("Done: backfilled.")
    paper = int(re.findall(r"/timesheets/(\d+)", page.url)[0])
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Shift {paper}: Bob Brown")

    # Cat's Wednesday ended an hour early: corrected on her shift's page, with a reason
    page.goto(f"/console/{client}/timesheets?week={LAST_WEEK}")
    page.get_by_role("link", name=f"Open shift {cat_wednesday} of Cat Clay").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Shift {cat_wednesday}: Cat Clay")
    page.get_by_label("Clock out (UK time)").fill("2026-03-11T14:00")
    page.get_by_label("Reason").fill("Left at two, agreed with the site")
    page.get_by_role("button", name="Save the correction").click()
    expect(page.get_by_role("status")).to_have_text("Done: corrected.")
    expect(page.locator(".facts")).to_contain_text("2026-03-11 14:00 (was 2026-03-11 15:00)")

    # four shifts approved in one batch; Ann's Thursday is left for closing the week
    page.goto(f"/console/{client}/timesheets?week={LAST_WEEK}")
    batch = {ann_monday: "Ann Able", bob_tuesday: "Bob Brown", cat_wednesday: "Cat Clay", paper: "Bob Brown"}
    for entry_id, name in batch.items():
        page.get_by_label(f"Select shift {entry_id} of {name}").check()
    page.get_by_role("button", name="Approve selected shifts").click()
    expect(page.get_by_role("status")).to_have_text("Done: approved 4 shifts.")
    expect(page.get_by_label(re.compile(r"^Select shift"))).to_have_count(1)
    expect(page.get_by_label(f"Select shift {ann_thursday} of Ann Able")).to_be_visible()

    # Close pay week: approve what is pending and lock, then make the payroll file
    page.get_by_role("navigation", name="Console").get_by_role("link", name="Close pay week").click()
    page.get_by_role("navigation", name="Pay week").get_by_role("link", name="← Week of Mon 09 Mar 2026").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Mon 09 Mar 2026")
    expect(page.locator("#not-approved")).to_have_text("1")
    page.get_by_role("button", name="Approve the pending shifts and lock the week").click()
    expect(page.get_by_role("status")).to_have_text("Done: approved 1 and locked.")
    expect(page.locator("#week-status")).to_have_text("locked")
    page.get_by_label("File", exact=True).select_option("payroll")
    page.get_by_role("button", name="Make the file").click()
    expect(page.get_by_role("status")).to_have_text("Done: export made.")
    row = page.get_by_role("row").filter(has=page.get_by_role("cell", name="payroll", exact=True))
    expect(row).to_have_count(1)
    digest = row.locator("code.digest").inner_text().strip()
    shown_total = Decimal(row.locator("[data-total-pay]").get_attribute("data-total-pay") or "")
    with page.expect_download() as downloading:
        row.get_by_role("link", name=re.compile("^Download ")).click()
    content = downloading.value.path().read_bytes()
    assert hashlib.sha256(content).hexdigest() == digest
    assert downloading.value.suggested_filename.endswith(".csv")

    # the file's total is what the API pays for the week, line by line
    headers = world.key(client, ("payroll:read", "timesheets:read"), name="checks")
    lines = payroll_lines(live, headers, LAST_WEEK)
    assert sorted(line["worker_name"] for line in lines) == sorted(rates)
    paid = sum((Decimal(str(line["gross_pay"])) for line in lines), Decimal(0))
    assert paid > 0
    assert shown_total == paid
    filed = list(csv.DictReader(io.StringIO(content.decode("utf-8-sig"))))
    assert sorted(row["worker_name"] for row in filed) == sorted(rates)
    assert sum((Decimal(row["gross_pay"]) for row in filed), Decimal(0)) == paid

    # every step is recorded with the person who took it
    (created,) = events(live, "time_entry.created", entry_id=paper)
    assert (created["via"], created["user_id"]) == ("tenant", owner.id)
    (corrected,) = events(live, "time_entry.updated", entry_id=cat_wednesday)
    assert (corrected["change"], corrected["user_id"], corrected["reason"]) == (
        "corrected",
        owner.id,
        "Left at two, agreed with the site",
    )
    (batched,) = events(live, "timesheet.approved", via="tenant_batch_edit")
    assert (sorted(batched["entry_ids"]), batched["user_id"]) == (sorted(batch), owner.id)
    (closing,) = events(live, "timesheet.approved", via="close_week")
    assert (closing["entry_ids"], closing["user_id"]) == ([ann_thursday], owner.id)
    (locked,) = events(live, "pay_week.locked")
    assert (locked["locked_by"], str(locked["week_start"])) == (owner.id, LAST_WEEK)
    (exported,) = events(live, "export.created")
    assert (exported["kind"], exported["file_sha256"]) == ("payroll", digest)
    assert Decimal(str(exported["total_pay"])) == paid

    shifts = live.api("timesheets.php", headers, date_from=LAST_WEEK, date_to="2026-03-15", limit=100)["data"]
    approvers = {row["id"]: row["approved_by"] for row in shifts if row["entry_type"] == "shift"}
    assert approvers == dict.fromkeys([*batch, ann_thursday], owner.id)
