"""The worker app in Chromium on a phone-sized, touch page: the agency makes a sign-in link on the
worker's page, the worker opens it on the phone (once only), accepts an offer by keyboard, clocks in
inside the site's fence with the phone's location and is refused outside it; the app is installable
(manifest, service worker); a Polish-preferring worker signs in with badge and PIN and reads Polish."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.browser.conftest import TIMEOUT_MS, Live, Problems, _watch, sign_in
from tests.contract.console_pages import FAST
from tests.worker_app_world import AT_NORTH, FAR_AWAY, NORTH, SOUTH, offered
from workforce_core.commands.worker_pins import SetWorkerPin
from workforce_core.services.worker_pins import set_worker_pin

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(browser: Browser, live: Live, problems: Problems) -> Iterator[BrowserContext]:
    """A phone: 390 x 844, touch, the location permission granted; the test sets its position."""
    context = browser.new_context(
        base_url=live.url,
        viewport=PHONE,
        has_touch=True,
        is_mobile=True,
        permissions=["geolocation"],
        geolocation={"latitude": AT_NORTH[0], "longitude": AT_NORTH[1], "accuracy": 10},
    )
    context.set_default_timeout(TIMEOUT_MS)
    context.on("page", lambda opened: _watch(opened, problems))
    yield context
    context.close()
    assert not problems.unexpected(), "\n".join(problems.unexpected())


def agency(live: Live) -> dict[str, int]:
    world = live.world
    client = world.account("Acme Staffing").id
    north = world.site(client, "North Warehouse", **NORTH).id
    world.site(client, "South Depot", **SOUTH)
    ann = world.worker(client, "Ann Able", location_id=north).worker.id
    return {"client": client, "north": north, "ann": ann}


def link_from_the_console(live: Live, page: Page, ids: dict[str, int]) -> str:
    owner, password = live.owner(ids["client"])
    sign_in(page, owner.email, password)
    page.goto(f"/console/{ids['client']}/workers/{ids['ann']}")
    page.get_by_role("button", name="Make a sign-in link for the worker app").click()
    url = page.get_by_label("Sign-in link").input_value()
    assert re.fullmatch(rf"{re.escape(live.url)}/app/link/[\w-]+", url), url
    return url


def test_a_worker_signs_in_by_link_accepts_an_offer_and_clocks_inside_the_fence_only(
    live: Live, page: Page, phone: BrowserContext, problems: Problems
) -> None:
    ids = agency(live)
    offered(live.services, ids["client"], ids["north"], ids["ann"], date(2026, 3, 20))
    url = link_from_the_console(live, page, ids)

    app = phone.new_page()
    app.goto(url)
    app.get_by_role("button", name="Sign in to the app").tap()
    expect(app).to_have_url(re.compile(r"/app/shifts$"))
    expect(app.get_by_role("banner")).to_contain_text("Ann Able")
    assert app.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]  # nothing wider than the phone

    app.get_by_role("navigation", name="App").get_by_role("link", name="Offers").tap()
    expect(app.get_by_role("heading", level=2)).to_contain_text("Fri 20 Mar 09:00")
    accept = app.get_by_role("button", name="Accept the offer of Fri 20 Mar 09:00")
    accept.focus()
    app.keyboard.press("Enter")
    expect(app.get_by_role("status")).to_have_text("Offer accepted: the shift is yours.")
    app.get_by_role("link", name="Shifts").tap()
    expect(app.get_by_role("main")).to_contain_text("North Warehouse")

    app.get_by_role("link", name="Clock").tap()
    expect(app.get_by_role("main")).to_contain_text("You are not clocked in.")
    app.get_by_role("button", name="Clock in").tap()
    expect(app.get_by_role("status")).to_have_text("Clocked in.")
    expect(app.get_by_role("main")).to_contain_text("North Warehouse")

    phone.set_geolocation({"latitude": FAR_AWAY[0], "longitude": FAR_AWAY[1], "accuracy": 10})
    problems.allow(r"/app/clock: Failed to load resource: .* 403")  # the refusal's page is a 403
    app.get_by_role("button", name="Clock out").tap()
    expect(app.get_by_role("alert")).to_contain_text("m from the nearest site")
    refused = live.world.outbox("clock.geofence_refused")
    assert [(e["data"]["action"], e["data"]["method"]) for e in refused] == [("out", "mobile")]
    clocks = live.world.outbox("clock_in")
    assert clocks[0]["data"]["kiosk_id"].startswith("mobile:")
    assert clocks[0]["data"]["location_id"] == ids["north"]


def test_the_app_is_installable_and_a_link_signs_in_once_only(
    live: Live, page: Page, phone: BrowserContext, problems: Problems
) -> None:
    ids = agency(live)
    url = link_from_the_console(live, page, ids)
    app = phone.new_page()
    app.goto(url)
    app.get_by_role("button", name="Sign in to the app").tap()
    expect(app).to_have_url(re.compile(r"/app/shifts$"))
    for tab in ("Offers", "Clock", "Availability", "Time off", "Shifts"):  # every page fits the phone's width
        app.get_by_role("navigation", name="App").get_by_role("link", name=tab).tap()
        expect(app.get_by_role("link", name=tab)).to_have_attribute("aria-current", "page")
        assert app.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], tab
    app.get_by_role("link", name="Availability").tap()
    app.get_by_label("I am").select_option(label="Not available")
    app.get_by_label("Every week on").select_option(label="Sunday")
    app.get_by_label("From").fill("00:00")
    app.get_by_label("To").fill("23:59")
    app.get_by_role("button", name="Save").tap()
    expect(app.get_by_role("status")).to_have_text("Saved.")
    expect(app.get_by_role("main")).to_contain_text(re.compile(r"Not available\s+Sunday\s+00:00\W23:59"))
    app.get_by_role("link", name="Time off").tap()
    app.get_by_label("What").select_option(label="Ask for holiday")
    app.get_by_label("First day").fill("2026-04-06")
    app.get_by_label("Last day").fill("2026-04-10")
    app.get_by_role("button", name="Send").tap()
    expect(app.get_by_role("status")).to_have_text("Sent to your agency.")
    expect(app.get_by_role("main")).to_contain_text("Waiting for your agency")
    page.goto(f"/console/{ids['client']}/workers/{ids['ann']}")  # the agency decides it on the worker's page
    page.get_by_role("button", name="Approve holiday from Mon 06 Apr 2026").click()
    app.reload()
    expect(app.get_by_role("main")).to_contain_text("Approved")
    manifest = app.evaluate("fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())")
    assert (manifest["start_url"], manifest["display"], manifest["scope"]) == ("/app/", "standalone", "/app/")
    scope = app.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == f"{live.url}/app/"

    problems.allow(r"/app/link/\S+: Failed to load resource: .* 404")
    again = phone.browser.new_context(base_url=live.url, viewport=PHONE, has_touch=True) if phone.browser else None
    assert again is not None
    second = again.new_page()
    second.goto(url)
    second.get_by_role("button", name="Sign in to the app").tap()
    expect(second.get_by_role("alert")).to_contain_text("This was not found, or it is no longer there.")
    second.goto("/app/shifts")
    expect(second).to_have_url(re.compile(r"/app/$"))
    again.close()


def test_a_polish_worker_signs_in_with_badge_and_pin_and_reads_polish(
    live: Live, browser: Browser, problems: Problems
) -> None:
    world = live.world
    client = world.account("Acme Staffing").id
    north = world.site(client, "North Warehouse", **NORTH).id
    made = world.worker(client, "Piotr Nowak", location_id=north, preferred_language="pl").worker
    set_worker_pin(SetWorkerPin(worker_id=made.id, pin="2468"), uow=live.services.uow, hasher=FAST, clock=live.clock)
    context = browser.new_context(base_url=live.url, viewport=PHONE, has_touch=True, is_mobile=True, locale="pl-PL")
    context.set_default_timeout(TIMEOUT_MS)
    context.on("page", lambda opened: _watch(opened, problems))
    app = context.new_page()
    app.goto("/app/")
    app.get_by_label("Numer konta agencji").fill(str(client))
    app.get_by_role("button", name="Dalej").tap()
    expect(app).to_have_url(re.compile(rf"/app/{client}/sign-in$"))
    app.get_by_label("Numer identyfikatora").fill(made.employee_id)
    app.get_by_label("PIN").fill("2468")
    app.get_by_role("button", name="Zaloguj się").tap()
    expect(app).to_have_url(re.compile(r"/app/shifts$"))
    expect(app.locator("html")).to_have_attribute("lang", "pl")
    expect(app.get_by_role("heading", level=1)).to_have_text("Twoje zmiany")
    nav = app.get_by_role("navigation", name="Aplikacja")
    expect(nav.get_by_role("link", name="Oferty")).to_be_visible()
    nav.get_by_role("link", name="Rejestracja").tap()
    expect(app.get_by_role("button", name="Wejście")).to_be_visible()
    context.close()
    assert not problems.unexpected(), "\n".join(problems.unexpected())
