"""axe-core's WCAG 2.1 AA rules over every page of the console, the portal, the worker app and the kiosk
(issue 34), in Chromium, on the demo account (so every list and form has rows to show): a violation
fails the test, with the page and the elements it names."""

from __future__ import annotations

import re
from typing import Any

import pyotp
from playwright.sync_api import Page, expect

from tests.browser.accessibility import Audit
from tests.browser.conftest import Live, Problems, sign_in
from tests.browser.test_kiosk_in_a_browser import REFUSED_CALLS, badge_and_pin
from tests.browser.test_notifier_in_a_browser import offer_links
from workforce_core.errors import WorkforceError
from workforce_core.services import filling
from workforce_entrypoints.cli.demo import seed

PHONE = {"width": 390, "height": 844}


def _demo(live: Live) -> dict[str, Any]:
    return seed(live.services, link_base=live.url)


def _users(demo: dict[str, Any]) -> dict[str, dict[str, str]]:
    return {user["role"]: user for user in demo["sign_in"]["users"]}


def _full(demo: dict[str, Any]) -> dict[str, str]:
    key = next(key["key"] for key in demo["keys"] if key["name"] == "demo-full")
    return {"Authorization": f"Bearer {key}"}


def test_every_console_page_passes_wcag_21_aa(live: Live, page: Page) -> None:
    demo = _demo(live)
    audit = Audit(page)
    audit.visit("/console/sign-in")
    owner = _users(demo)["owner"]
    sign_in(page, owner["email"], owner["password"])
    client = demo["client_id"]
    [booking] = live.api("shifts.php", _full(demo), limit=1)["data"]
    console = f"/console/{client}"
    worker = demo["kiosk_badges"][0]["worker_id"]
    live.services.api_log_buffer.flush()  # the key's requests, listed on its API log
    key_log = f"setup/keys/{live.world.key_id(_full(demo))}/requests"
    pages = [
        "dashboard",
        f"dashboard?week={demo['locked_weeks'][1]}",
        "timesheets",
        f"timesheets?week={demo['pay_week']}",
        f"timesheets/{demo['flagged_entry_ids']['geofence_outside']}",
        f"timesheets/{demo['queried_entry_id']}",
        "exceptions",
        "on-site",
        "pay-week",
        f"pay-week?week={demo['locked_weeks'][1]}",
        "payroll",
        "charges",
        "margins",
        f"margins?week={demo['locked_weeks'][1]}",
        "shifts",
        f"shifts?week={demo['locked_weeks'][1]}",
        f"shifts/bookings/{booking['id']}",
        f"shifts/requirements/{demo['requirement_ids'][0]}",
        "workers",
        f"workers/{worker}",
        f"workers/{worker}/messages",
        "kiosks",
        "pay-codes",
        "setup",
        "setup/audit",
        "setup/webhooks",
        f"setup/webhooks/{demo['webhook']['id']}",
        "setup/notifications",
        key_log,
        f"{key_log}?status=4xx",
    ]
    menus: dict[str, tuple[list[str], list[str]]] = {}
    own = ("/console/account/password", "/console/account/sessions", "/console/account/channels")
    for path in [*(f"{console}/{path}" for path in pages), *own]:
        audit.visit(path)
        menu = page.get_by_role("navigation", name="Console")
        here = menu.locator("[aria-current=page]").all_inner_texts()
        menus[path] = (menu.get_by_role("link").all_inner_texts(), here)
    expected = [
        "Dashboard", "Timesheets", "Exceptions", "Close pay week", "Payroll", "Charges", "Margins", "On site now",
        "Shifts", "Workers",
    ]  # fmt: skip
    assert {path: links[: len(expected)] for path, (links, _) in menus.items()} == dict.fromkeys(menus, expected)
    assert menus[f"{console}/timesheets/{demo['queried_entry_id']}"][1] == ["Timesheets"]
    assert menus[f"{console}/setup/webhooks"][1] == ["Setup"]
    assert menus[f"{console}/dashboard"][1] == ["Dashboard"]
    assert menus[f"{console}/margins"][1] == ["Margins"]
    audit.visit(f"{console}/shifts")
    page.locator("a.place").first.click()  # an open place: who is free for it, loaded into the board
    expect(page.get_by_role("region", name="Who is free")).to_be_visible()
    audit.here()
    audit.visit("/console/two-factor")
    audit.visit(f"{console}/workers/{worker}")
    page.get_by_role("button", name="Make a sign-in link for the worker app").click()
    expect(page.get_by_label("Sign-in link")).to_have_value(re.compile("/app/link/"))
    audit.here()  # the worker app link, shown once
    page.set_viewport_size(PHONE)
    for path in ("timesheets", "dashboard", "shifts"):
        audit.visit(f"{console}/{path}")
    audit.passed()


def test_the_operators_console_and_the_error_page_pass_wcag_21_aa(live: Live, page: Page, problems: Problems) -> None:
    problems.allow(r"status of 404")
    demo = _demo(live)
    live.world.account("Second Staffing Ltd")  # the operator's console lists the accounts
    audit = Audit(page)
    operator = _users(demo)["operator"]
    sign_in(page, operator["email"], operator["password"])
    audit.visit("/console/")
    audit.visit(f"/console/{demo['client_id']}/no-such-page", status=404)
    audit.passed()


def test_the_two_factor_pages_pass_wcag_21_aa(live: Live, page: Page) -> None:
    demo = _demo(live)
    owner = _users(demo)["owner"]
    sign_in(page, owner["email"], owner["password"])
    audit = Audit(page)
    audit.visit("/console/two-factor")
    page.get_by_role("button", name="Set up two-factor sign-in").click()
    audit.here()  # the QR code and the key
    key = page.get_by_label("Two-factor sign-in key", exact=True).inner_text().replace(" ", "")
    page.get_by_label("Code from your app").fill(pyotp.TOTP(key).at(live.clock.now()))
    page.get_by_role("button", name="Turn on two-factor sign-in").click()
    page.wait_for_url(re.compile(r"/console/two-factor/recovery-codes"))
    audit.here()
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(re.compile(r"/console/sign-in$"))
    page.get_by_label("Email").fill(owner["email"])
    page.get_by_label("Password").fill(owner["password"])
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(r"/console/sign-in/code"))
    audit.here()
    audit.passed()


def test_every_portal_page_passes_wcag_21_aa(live: Live, page: Page) -> None:
    demo = _demo(live)
    Audit(page).visit("/portal/link/a-link-from-a-mail")  # the page before the week opens (GET reads nothing)
    hirer = demo["hirer_sign_in"]
    sign_in(page, hirer["email"], hirer["password"], lands=r"/portal/")
    audit = Audit(page)
    for path in (f"week?week={demo['pay_week']}", "charges"):
        audit.visit(f"/portal/{demo['client_id']}/{path}")
    audit.visit("/console/account/channels")  # a hirer contact's own channels
    page.set_viewport_size(PHONE)
    audit.visit(f"/portal/{demo['client_id']}/week?week={demo['pay_week']}")
    audit.passed()


def test_every_worker_app_page_passes_wcag_21_aa(live: Live, page: Page) -> None:
    demo = _demo(live)
    page.set_viewport_size(PHONE)
    audit = Audit(page)
    audit.visit(f"/app/{demo['client_id']}/sign-in")
    audit.visit(demo["worker_app_link"]["url"].removeprefix(live.url))
    page.get_by_role("button").first.click()
    page.wait_for_url(re.compile(r"/app/(?!link)"))
    for path in (
        "/app/shifts",
        "/app/clock",
        "/app/offers",
        "/app/inbox",
        "/app/channels",
        "/app/availability",
        "/app/absences",
    ):
        audit.visit(path)
    audit.visit(_offer_link(live, demo))  # an offer's one-tap link, shown before it is used
    audit.passed()


def _offer_link(live: Live, demo: dict[str, Any]) -> str:
    """The path of a one-tap offer link: the first of the demo's requirements with places open is filled."""
    for demand_id in demo["requirement_ids"]:
        try:
            live.services.run(filling.fill, demand_id)
        except WorkforceError:  # full, or nobody left to offer it to
            continue
        return max(offer_links(live).values())
    raise AssertionError("no requirement of the demo could be offered")


def test_the_kiosk_passes_wcag_21_aa(live: Live, page: Page, problems: Problems) -> None:
    problems.allow(REFUSED_CALLS)
    demo = _demo(live)
    audit = Audit(page)
    audit.visit("/kiosk/", status=401)  # not enrolled
    owner = _users(demo)["owner"]
    sign_in(page, owner["email"], owner["password"])
    page.goto(f"/console/{demo['client_id']}/setup")
    page.get_by_role("link", name=re.compile("^Kiosks")).click()
    page.get_by_label("Site", exact=True).select_option(label="City Depot")
    page.get_by_role("button", name="Enrol this browser").click()
    page.wait_for_url("**/kiosk/")
    page.set_viewport_size(PHONE)
    audit.here()
    grace = demo["kiosk_badges"][0]
    badge_and_pin(page, grace["employee_id"], "000000" if grace["pin"] != "000000" else "111111")
    expect(page.get_by_role("alert")).to_be_visible()
    audit.here()  # the refusal
    badge_and_pin(page, grace["employee_id"], grace["pin"])
    expect(page.get_by_role("button", name="Clock out")).to_be_visible()
    audit.here()  # the worker's step
    audit.passed()


def test_the_audit_finds_what_axe_finds(live: Live, page: Page) -> None:
    """The check itself: a sign-in page given an unlabelled field, an image with no text and grey on grey
    fails it with the three rules' names."""
    audit = Audit(page)
    page.goto("/console/sign-in")
    page.evaluate(
        """() => {
            const main = document.querySelector('main') || document.body;
            main.insertAdjacentHTML('beforeend', '<input type="text" id="bare"><img src="/favicon.ico">');
            const faint = document.createElement('p');
            faint.textContent = 'faint words';
            faint.style.color = '#999';  // set through the DOM: the pages' CSP allows no inline style
            faint.style.background = '#aaa';
            main.append(faint);
        }"""
    )
    audit.here()
    assert {line.split(": ")[1].split(" ")[0] for line in audit.found} >= {"label", "image-alt", "color-contrast"}
