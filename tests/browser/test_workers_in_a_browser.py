"""The workers pages in Chromium: a coordinator finds a worker by search, approves one holiday request
and refuses another, marks them do-not-return at a site and records a leaver; the rate fields are not
offered to them; every control is reached by its accessible name and no page logs an error."""

from __future__ import annotations

from datetime import date

from playwright.sync_api import Page, expect

from tests.browser.conftest import Live, sign_in
from workforce_core.commands.absences import CreateAbsence
from workforce_core.services import absences


def test_a_coordinator_looks_after_a_worker(live: Live, page: Page) -> None:
    world, s = live.world, live.services
    client = world.account("Acme Staffing").id
    site = world.site(client, "North Warehouse").id
    ann = world.worker(client, "Ann Able", location_id=site, hourly_rate=12.5).worker.id
    world.worker(client, "Bob Brown", location_id=site)
    for kind, day in (("holiday", date(2026, 3, 23)), ("sickness", date(2026, 3, 25))):
        command = CreateAbsence(worker_id=ann, type=kind, start_date=day, end_date=day)
        absences.create_absence(command, approve=False, uow=s.uow, clock=s.clock)
    coordinator, password = live.owner(client, role="coordinator")

    sign_in(page, coordinator.email, password)
    page.get_by_role("navigation", name="Console").get_by_role("link", name="Workers").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Workers")
    page.get_by_label("Search").fill("able")
    page.get_by_role("button", name="Filter").click()
    expect(page.get_by_role("link", name="Open worker Bob Brown")).to_have_count(0)
    page.get_by_role("link", name="Open worker Ann Able").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Ann Able")
    expect(page.locator(".facts")).not_to_contain_text("£12.50")
    page.get_by_text("Change the worker").click()
    expect(page.get_by_label("Pay rate (£ an hour)")).to_have_count(0)

    page.get_by_role("button", name="Approve holiday from Mon 23 Mar 2026").click()
    expect(page.get_by_role("status")).to_have_text("Done: absence approved.")
    page.get_by_role("button", name="Refuse sickness from Wed 25 Mar 2026").click()
    expect(page.get_by_role("status")).to_have_text("Done: absence refused.")
    expect(page.get_by_role("row", name="holiday")).to_contain_text("approved")
    expect(page.get_by_role("row", name="sickness")).to_contain_text("declined")

    page.get_by_text("Do not return", exact=True).click()
    page.locator("#d-site").select_option(label="North Warehouse")
    page.get_by_role("button", name="Mark do not return").click()
    expect(page.get_by_role("status")).to_have_text("Done: marked do not return.")
    expect(page.locator(".facts")).to_contain_text("North Warehouse")

    page.get_by_text("Record a leaver").click()
    page.get_by_label("Why they are leaving").fill("moved away")
    page.get_by_role("button", name="Record the leaver").click()
    expect(page.get_by_role("status")).to_have_text("Done: recorded as a leaver.")
    expect(page.locator(".facts")).to_contain_text("leaver: moved away")
    (left,) = world.outbox("worker.updated")
    assert left["data"]["changes"] == ["leave_reason", "active"]
