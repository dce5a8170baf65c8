"""Menus and forms in Chromium: every page of each role's menu opens for that role (operator admin,
owner, coordinator, payroll, and a hirer contact in the portal); a coordinator who types the address of
Close pay week is told in words why not; and each form that makes something leads to a page that a
reload (a GET) shows again without making a second record, its one-time secret gone."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect
from sqlalchemy import Table, func, select

from tests.browser.conftest import LAST_WEEK, Live, Problems, sign_in
from tests.browser.test_portal_and_setup_in_a_browser import shift
from tests.contract.console_pages import make_user
from tests.contract.test_console_menus_and_done import CONSOLE_ROLES
from workforce_adapters.sql import tables
from workforce_core.rules.scopes import SCOPES

MENUS = {**CONSOLE_ROLES, "approver": ["Shifts to sign off", "Charges"]}
ANY_LANDING = r"/(console|portal)/\d+/"  # staff land in the console, a hirer contact in the portal
SETUP_LINKS = ("Webhooks: subscriptions", "Kiosks: enrol", "Pay codes: each")


def walk_the_menu(page: Page) -> list[str]:
    """Open each link of the menu on the page reached after signing in; the words of each; a page that
    does not open (not 200, or a refusal's heading) fails."""
    menu = page.get_by_role("navigation", name="Console").get_by_role("link")
    entries = [(menu.nth(i).inner_text(), menu.nth(i).get_attribute("href") or "") for i in range(menu.count())]
    for words, address in entries:
        reply = page.goto(address)
        assert reply is not None
        assert reply.status == 200, f"{words} ({address}): {reply.status}"
        expect(page.get_by_role("heading", level=1)).not_to_have_text(re.compile("Not allowed|Not found|wrong"))
    return [words for words, _ in entries]


@pytest.mark.parametrize("role", sorted(MENUS))
def test_every_page_of_each_roles_menu_opens_for_it(live: Live, page: Page, role: str) -> None:
    world = live.world
    client = world.account("Acme Staffing").id
    north = world.site(client, "North Warehouse").id
    world.worker(client, "Ann Able", location_id=north)
    more = {"location_ids": (north,)} if role == "approver" else {}
    person, password = make_user(live.services, role, None if role == "operator" else client, **more)
    sign_in(page, person.email, password, lands=ANY_LANDING)
    assert walk_the_menu(page) == MENUS[role]
    if "Setup" in MENUS[role]:
        for words in SETUP_LINKS:
            page.goto(f"/console/{client}/setup")
            page.get_by_role("link", name=re.compile(f"^{words}")).click()
            expect(page.get_by_role("heading", level=1)).not_to_have_text("Not allowed")


def test_a_coordinator_typing_close_pay_weeks_address_is_told_why_in_words(
    live: Live, page: Page, problems: Problems
) -> None:
    client = live.world.account("Acme Staffing").id
    coordinator, password = live.owner(client, "coordinator")
    sign_in(page, coordinator.email, password)
    expect(page.get_by_role("navigation", name="Console")).not_to_contain_text("Close pay week")
    problems.allow(r"403")
    reply = page.goto(f"/console/{client}/pay-week")
    assert reply is not None
    assert reply.status == 403
    expect(page.get_by_role("heading", level=1)).to_have_text("Not allowed")
    said = page.get_by_role("alert")
    expect(said).to_have_text("Your role (coordinator) cannot close pay weeks. Ask an owner or a payroll user.")
    text = page.locator("main").inner_text()
    assert "scope" not in text
    assert not any(scope in text for scope in SCOPES)


def count(live: Live, table: Table) -> int:
    with live.services.engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(table)).scalar_one())


def reloads_without_a_second(live: Live, page: Page, table: Table, made: int) -> None:
    """The page a form led to, reloaded: a GET of the same page, and still ``made`` rows."""
    assert count(live, table) == made, table.name
    before = page.url
    reply = page.reload()
    assert reply is not None
    assert reply.request.method == "GET"
    assert reply.status == 200
    assert page.url == before
    assert count(live, table) == made, table.name


def test_reloading_the_page_a_form_led_to_makes_nothing_twice(live: Live, page: Page) -> None:
    world = live.world
    client = world.account("Acme Staffing").id
    north = world.site(client, "North Warehouse").id
    ann = world.worker(client, "Ann Able", location_id=north).worker.id
    owner, password = live.owner(client)
    sign_in(page, owner.email, password)
    c = f"/console/{client}"

    def submit(path: str, button: str, fill: Callable[[], None] = lambda: None) -> None:
        page.goto(path)
        fill()
        page.get_by_role("button", name=button).click()
        expect(page.get_by_role("status").first).to_contain_text("Done: ")

    # Setup: an API key (its secret shown once), its rotation, a user (the first password shown once)
    def key() -> None:
        page.get_by_text("Create an API key").click()
        page.get_by_label("Name", exact=True).fill("Payroll bridge")
        page.get_by_label("workers:read").check()

    keys = count(live, tables.api_keys)
    submit(f"{c}/setup", "Create the key", key)
    secret = page.get_by_label("Key", exact=True).input_value()
    reloads_without_a_second(live, page, tables.api_keys, keys + 1)
    assert secret not in page.content()
    page.get_by_role("button", name="Rotate key Payroll bridge").click()
    expect(page.get_by_role("status")).to_have_text("Done: key rotated.")
    reloads_without_a_second(live, page, tables.api_keys, keys + 2)

    def user() -> None:
        page.get_by_text("Add a user").click()
        page.get_by_label("Email").fill("co@example.com")
        page.get_by_label("Role").select_option("coordinator")

    users = count(live, tables.users)
    submit(f"{c}/setup", "Add the user", user)
    first_password = page.get_by_label("Password", exact=True).input_value()
    reloads_without_a_second(live, page, tables.users, users + 1)
    assert first_password not in page.content()

    # Workers: a worker, their availability rule, an absence, an app link (shown once)
    def worker() -> None:
        page.get_by_text("Add a worker").click()
        page.get_by_label("Name", exact=True).fill("Bob Brown")

    workers = count(live, tables.workers)
    submit(f"{c}/workers", "Add the worker", worker)
    reloads_without_a_second(live, page, tables.workers, workers + 1)

    def rule() -> None:
        page.get_by_text("Add an availability rule").click()
        page.get_by_label("Or on the date").fill("2026-03-20")
        page.get_by_label("From (UK time)").fill("08:00")
        page.get_by_label("To (UK time)").fill("16:00")

    submit(f"{c}/workers/{ann}", "Add the rule", rule)
    reloads_without_a_second(live, page, tables.availability_rules, 1)

    def absence() -> None:
        page.get_by_text("Record an absence").click()
        page.get_by_label("First day").fill("2026-03-23")
        page.get_by_label("Last day", exact=True).last.fill("2026-03-23")

    submit(f"{c}/workers/{ann}", "Record the absence", absence)
    reloads_without_a_second(live, page, tables.absences, 1)

    submit(f"{c}/workers/{ann}", "Make a sign-in link for the worker app")
    link = page.get_by_label("Sign-in link").input_value()
    reloads_without_a_second(live, page, tables.worker_app_links, 1)
    assert link not in page.content()
    expect(page.locator("main")).to_contain_text("shown once")

    # Timesheets: a paper shift
    def paper() -> None:
        page.get_by_text("Backfill a paper shift").click()
        page.get_by_label("Worker", exact=True).last.select_option(label="Ann Able")
        page.get_by_label("Site", exact=True).last.select_option(label="North Warehouse")
        page.get_by_label("Clock in (UK time)").fill("2026-03-10T09:00")
        page.get_by_label("Clock out (UK time)").fill("2026-03-10T17:00")

    entries = count(live, tables.time_entries)
    submit(f"{c}/timesheets?week={LAST_WEEK}", "Add the paper shift", paper)
    reloads_without_a_second(live, page, tables.time_entries, entries + 1)

    # Shifts: a requirement, and a booking onto it
    def requirement() -> None:
        page.get_by_text("Add a requirement").click()
        form = page.locator("details", has_text="Add a requirement")
        form.get_by_label("Site", exact=True).select_option(label="North Warehouse")
        form.get_by_label("Date", exact=True).fill("2026-03-20")
        form.get_by_label("Start (UK time)").fill("08:00")
        form.get_by_label("End (UK time)").fill("16:00")
        form.get_by_label("People needed").fill("2")

    submit(f"{c}/shifts", "Add the requirement", requirement)
    reloads_without_a_second(live, page, tables.demands, 1)
    page.get_by_role("button", name="Book Ann Able").click()
    expect(page.get_by_role("status")).to_have_text("Done: booked Ann Able.")
    reloads_without_a_second(live, page, tables.shifts, 1)

    # Close pay week: last week locked and its payroll file made
    page.goto(f"{c}/pay-week?week={LAST_WEEK}")
    page.get_by_role("button", name="Approve the pending shifts and lock the week").click()
    expect(page.get_by_role("status")).to_have_text("Done: approved 1 and locked.")
    reloads_without_a_second(live, page, tables.pay_week_locks, 1)
    page.get_by_label("File", exact=True).select_option("payroll")
    page.get_by_role("button", name="Make the file").click()
    expect(page.get_by_role("status")).to_have_text("Done: export made.")
    reloads_without_a_second(live, page, tables.export_batches, 1)

    # Kiosks: this browser enrolled as the site's kiosk, the form leading to the kiosk's page
    page.goto(f"{c}/kiosks")
    page.get_by_label("Site", exact=True).select_option(label="North Warehouse")
    page.get_by_role("button", name="Enrol this browser").click()
    page.wait_for_url("**/kiosk/")
    reloads_without_a_second(live, page, tables.kiosk_devices, 1)


def test_reloading_the_portal_after_asking_for_other_times_asks_once(live: Live, page: Page) -> None:
    world = live.world
    client = world.account("Acme Staffing", require_client_approval=True).id
    north = world.site(client, "North Warehouse").id
    ann = world.worker(client, "Ann Able", location_id=north).worker.id
    entry = shift(live, ann, north, 10)
    contact, password = make_user(live.services, "approver", client, location_ids=(north,))
    sign_in(page, contact.email, password, lands=ANY_LANDING)
    page.goto(f"/portal/{client}/week?week={LAST_WEEK}")
    page.get_by_label(f"Ask for other times for shift {entry}").click()
    amend = page.locator(f"form[action$='/shifts/{entry}/amend']")
    amend.get_by_label("Clock out (UK time)").fill("2026-03-10T15:00")
    amend.get_by_label("Why").fill("Left at three")
    amend.get_by_role("button", name="Ask for these times").click()
    expect(page.get_by_role("status")).to_have_text("Done: amendment asked for.")
    reloads_without_a_second(live, page, tables.amendments, 1)
