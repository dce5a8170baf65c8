"""A person's own account in Chromium: a weak new password is refused with zxcvbn's reason on the page,
a good one is taken; "Sign out everywhere else" signs another browser out (its next page is the sign-in
page) while this one stays in; a hirer contact of the portal reaches the pages too, and they fit a phone
and name every control."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, expect

from tests.browser.conftest import TIMEOUT_MS, Live, Problems, sign_in
from tests.browser.test_console_in_a_browser import overflow, unnamed_controls
from tests.contract.console_pages import make_user


def test_a_weak_new_password_is_refused_with_the_reason_on_the_page(live: Live, page: Page, problems: Problems) -> None:
    problems.allow(r"status of 400")  # the refused form comes back as 400
    client = live.world.account("Acme Staffing").id
    user, password = live.owner(client)
    sign_in(page, user.email, password)
    page.get_by_role("link", name="Your account").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Change your password")
    page.get_by_label("Current password").fill(password)
    page.get_by_label("New password", exact=True).fill("password1234")
    page.get_by_label("New password again").fill("password1234")
    page.get_by_role("button", name="Change password").click()
    expect(page.get_by_role("alert")).to_contain_text("That password is too easy to guess.")
    expect(page.get_by_role("alert")).to_contain_text("This is a very common password.")
    expect(page.get_by_label("New password", exact=True)).to_have_attribute("aria-invalid", "true")

    page.get_by_label("Current password").fill(password)
    page.get_by_label("New password", exact=True).fill("marmalade quietly sideways")
    page.get_by_label("New password again").fill("marmalade quietly sideways")
    page.get_by_role("button", name="Change password").click()
    expect(page.get_by_role("status")).to_contain_text("password changed")
    page.goto(f"/console/{client}/timesheets")
    expect(page.get_by_role("heading", level=1)).not_to_have_text("Sign in")


def test_sign_out_everywhere_else_ends_another_browsers_session_and_keeps_this_one(
    live: Live, page: Page, browser: Browser
) -> None:
    client = live.world.account("Acme Staffing").id
    user, password = live.owner(client)
    elsewhere = browser.new_context(base_url=live.url, user_agent="Elsewhere Browser/1.0")
    elsewhere.set_default_timeout(TIMEOUT_MS)
    try:
        other = elsewhere.new_page()
        sign_in(other, user.email, password)
        sign_in(page, user.email, password)
        page.goto("/console/account/sessions")
        rows = page.get_by_role("table", name="Your sessions").locator("tbody tr")
        expect(rows).to_have_count(2)
        expect(rows.filter(has_text="(this browser)")).to_have_count(1)
        expect(rows.filter(has_text="Elsewhere Browser/1.0")).to_have_count(1)
        expect(rows.filter(has_text="127.0.0.1")).to_have_count(2)
        page.get_by_role("button", name="Sign out everywhere else").click()
        expect(page.get_by_role("status")).to_contain_text("signed out everywhere else")
        expect(rows).to_have_count(1)

        other.reload()
        expect(other).to_have_url(re.compile(r"/console/sign-in\?next="))
        expect(other.get_by_role("heading", level=1)).to_have_text("Sign in")
        page.goto(f"/console/{client}/timesheets")
        expect(page).to_have_url(re.compile(rf"/console/{client}/timesheets$"))
    finally:
        elsewhere.close()


def test_a_hirer_contacts_account_pages_fit_a_phone_and_every_control_has_a_name(live: Live, page: Page) -> None:
    client = live.world.account("Acme Staffing").id
    site = live.world.site(client, "North Warehouse").id
    user, password = make_user(live.services, "approver", client, location_ids=(site,))
    page.set_viewport_size({"width": 390, "height": 900})
    page.goto("/console/sign-in")
    page.get_by_label("Email").fill(user.email)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(rf"/portal/{client}/week"))
    page.get_by_role("link", name="Your account").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Change your password")
    for path in ("/console/account/password", "/console/account/sessions"):
        page.goto(path)
        checked, unnamed = unnamed_controls(page)
        assert checked >= 5, path
        assert unnamed == [], path
        sizes = overflow(page)
        assert sizes["document"] <= sizes["window"], path
