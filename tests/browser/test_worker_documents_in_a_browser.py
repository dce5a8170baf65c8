"""A worker's documents in Chromium (issue 33): a coordinator adds the account's right to work type and
a right to work check with a share code and an expiry date on the worker's page; the day after the expiry
(the clock moved) booking the worker is refused with the reason on the page, and the site's kiosk refuses
the worker's clock-in saying why; the owner's audit trail shows the type and the check added, each with
the coordinator's name."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import TIMEOUT_MS, Live, Problems, sign_in
from tests.browser.test_kiosk_in_a_browser import badge_and_pin, kiosk_for
from tests.contract.kiosk_support import give_pin

DAY_AFTER_EXPIRY = datetime(2026, 4, 1, 9, 0, tzinfo=UTC)  # the check's permission ended on 31 March


def test_a_lapsed_share_code_check_stops_booking_and_the_kiosk_saying_why(
    live: Live, page: Page, browser: Browser, problems: Problems
) -> None:
    problems.allow(r"Failed to load resource: the server responded with a status of 409")
    client, site = kiosk_for(live, page)  # an owner enrols ``page`` as the site's kiosk
    ann = live.world.worker(client, "Ann Able", employee_id="B-1", location_id=site).worker
    give_pin(live.services, ann, "4711")
    coordinator, password = live.owner(client, role="coordinator")
    context = browser.new_context(base_url=live.url)
    context.set_default_timeout(TIMEOUT_MS)
    console = context.new_page()
    console.set_viewport_size({"width": 390, "height": 844})  # a coordinator on a phone

    sign_in(console, coordinator.email, password)
    console.goto(f"/console/{client}/workers/{ann.id}")
    console.get_by_role("link", name="Documents of Ann Able: right to work checks, licences and cards").click()
    expect(console.get_by_role("heading", level=1)).to_have_text("Documents of Ann Able")
    console.get_by_role("link", name="add one").first.click()
    console.get_by_label("Name").fill("Right to work")
    console.get_by_label("What it is").select_option(label="Right to work check")
    console.get_by_label("It expires: each one needs an expiry date").uncheck()
    console.get_by_role("button", name="Add the document type").click()
    expect(console.get_by_role("status")).to_have_text("Done: document type added.")
    console.goto(f"/console/{client}/workers/{ann.id}/documents")
    console.get_by_label("Check", exact=True).select_option(label="Online check with the worker's share code")
    console.get_by_label("Share code (online check) or document number").fill("W12345678")
    console.get_by_label("Expiry of the permission (time-limited permission only)").fill("2026-03-31")
    console.get_by_role("button", name="Add the right to work check").click()
    expect(console.get_by_role("status")).to_have_text("Done: document added.")
    row = console.get_by_role("row", name=re.compile("Right to work"))
    expect(row).to_contain_text("expiring in 13 days")
    expect(row).to_contain_text("W12345678")

    live.clock.set(DAY_AFTER_EXPIRY)
    sign_in(console, coordinator.email, password)  # a fortnight on: a new session
    console.goto(f"/console/{client}/workers/{ann.id}")  # the worker's page loads their documents' table
    expect(console.get_by_role("row", name=re.compile("Right to work"))).to_contain_text("expired")
    console.goto(f"/console/{client}/shifts")
    console.get_by_text("Book a shift", exact=True).click()
    console.locator("#k-worker").select_option(label="Ann Able")
    console.locator("#k-site").select_option(label="North Depot")
    console.locator("#k-date").fill("2026-04-01")
    console.locator("#k-start").fill("10:00")
    console.locator("#k-end").fill("16:00")
    console.get_by_role("button", name="Book the shift").click()
    expect(console.locator("main")).to_contain_text(
        "Ann Able cannot take this shift: no valid right to work check for that day (expired or not recorded)."
    )
    context.close()

    page.reload()
    badge_and_pin(page, "B-1", "4711")
    page.get_by_role("button", name="Clock in").click()
    expect(page.locator("#done")).to_have_text(
        "You cannot clock in: your right to work check is not valid. Please ask your agency."
    )
    assert live.world.outbox("clock_in") == []

    owner, owner_password = live.owner(client)
    audit = browser.new_context(base_url=live.url)
    audit.set_default_timeout(TIMEOUT_MS)
    setup = audit.new_page()
    sign_in(setup, owner.email, owner_password)
    setup.goto(f"/console/{client}/setup")
    setup.get_by_role("link", name=re.compile("^Audit trail")).click()
    added_type = setup.get_by_role("row", name=re.compile("create: document type"))
    expect(added_type).to_contain_text(coordinator.email)
    expect(added_type).to_contain_text("Right to work")
    added = setup.get_by_role("row", name=re.compile("create: worker document"))
    expect(added).to_contain_text(coordinator.email)
    expect(added).to_contain_text("W12345678")
    audit.close()
