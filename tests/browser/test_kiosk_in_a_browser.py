"""The site kiosk in Chromium: an owner enrols the browser for a site from the console; a worker clocks in
and out with their badge number and the PIN keypad, named only after the right PIN; with the network
cut the kiosk keeps three clocks and sends them when it is back, and the timesheets show them as
``kiosk_offline`` at the times they happened; five wrong PINs are throttled; a Polish site's kiosk
speaks Polish."""

from __future__ import annotations

import re
from datetime import UTC, datetime

from playwright.sync_api import Page, expect

from tests.browser.conftest import Live, Problems, sign_in
from tests.contract.kiosk_support import give_pin
from workforce_core.rules.london import local_text

REFUSED_CALLS = r"Failed to load resource: the server responded with a status of (401|429)"


def kiosk_for(live: Live, page: Page, site_name: str = "North Depot", **site: object) -> tuple[int, int]:
    """An account with a site, its owner signed in on ``page`` who enrols the browser as its kiosk."""
    client = live.world.account("Acme Staffing").id
    site_id = live.world.site(client, site_name, **site).id
    owner, password = live.owner(client)
    sign_in(page, owner.email, password)
    page.goto(f"/console/{client}/setup")
    page.get_by_role("link", name=re.compile("^Kiosks")).click()
    page.get_by_label("Site", exact=True).select_option(label=site_name)
    page.get_by_role("button", name="Enrol this browser").click()
    page.wait_for_url("**/kiosk/")
    return client, site_id


def badge_and_pin(page: Page, badge: str, pin: str) -> None:
    """The badge typed at the keyboard, the PIN on the keypad (each key a button), then Continue."""
    page.get_by_label("Badge number", exact=True).fill(badge)
    page.get_by_label("PIN", exact=True).focus()
    keypad = page.get_by_role("group", name="Keypad")
    for digit in pin:
        keypad.get_by_role("button", name=digit, exact=True).click()
    page.get_by_role("button", name="Continue").click()


def test_a_kiosk_clocks_a_worker_in_and_out_by_pin(live: Live, page: Page, problems: Problems) -> None:
    problems.allow(REFUSED_CALLS)
    page.set_viewport_size({"width": 390, "height": 844})  # a phone-sized tablet
    client, site = kiosk_for(live, page)
    ann = live.world.worker(client, "Ann Able", employee_id="B-1", location_id=site).worker
    give_pin(live.services, ann, "4711")
    expect(page.get_by_role("heading", level=1)).to_have_text("North Depot")

    badge_and_pin(page, "B-1", "1234")
    expect(page.get_by_role("alert")).to_have_text("That badge number and PIN do not match.")
    expect(page.locator("body")).not_to_contain_text("Ann")

    badge_and_pin(page, "b-1", "4711")
    expect(page.get_by_role("heading", name="Hello, Ann.")).to_be_visible()
    expect(page.locator("#state")).to_have_text("You are clocked out.")
    expect(page.get_by_role("button", name="Clock out")).to_be_hidden()
    page.get_by_role("button", name="Clock in").click()
    expect(page.locator("#done")).to_have_text("Ann, you are clocked in at 12:00.")
    page.get_by_role("button", name="Next worker").click()

    live.clock.advance(hours=4)
    page.get_by_label("Badge number", exact=True).fill("B-1")
    page.get_by_label("PIN", exact=True).fill("4711")
    page.get_by_label("PIN", exact=True).press("Enter")  # the whole step by keyboard
    expect(page.locator("#state")).to_have_text("You are clocked in since 12:00.")
    page.get_by_role("button", name="Clock out").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#done")).to_have_text("Ann, you are clocked out at 16:00.")

    headers = live.world.key(client)
    [shift] = live.api("timesheets.php", headers, worker_id=ann.id)["data"]
    assert (shift["clock_method"], shift["clock_source"], shift["kiosk_id"]) == ("pin", "kiosk", f"kiosk-{site}-1")
    assert (shift["clock_in"], shift["clock_out"]) == ("2026-03-18 12:00:00", "2026-03-18 16:00:00")


def test_an_offline_kiosk_keeps_three_clocks_and_sends_them_when_back(
    live: Live, page: Page, problems: Problems
) -> None:
    problems.allow(r"net::ERR_INTERNET_DISCONNECTED|Failed to fetch")
    client, site = kiosk_for(live, page)
    ann = live.world.worker(client, "Ann Able", employee_id="B-1", location_id=site).worker
    bob = live.world.worker(client, "Bob Brown", employee_id="B-2", location_id=site).worker
    give_pin(live.services, ann, "4711")
    give_pin(live.services, bob, "2468")
    expect(page.get_by_role("heading", level=1)).to_have_text("North Depot")
    page.wait_for_function("navigator.serviceWorker.controller !== null")  # the shell is kept

    page.context.set_offline(True)
    page.reload()  # the service worker answers with the kept page
    expect(page.get_by_role("heading", level=1)).to_have_text("North Depot")
    clocks = [
        ("B-1", "4711", "Clock in", datetime(2026, 3, 18, 7, 0, tzinfo=UTC)),
        ("B-2", "2468", "Clock in", datetime(2026, 3, 18, 7, 5, tzinfo=UTC)),
        ("B-1", "4711", "Clock out", datetime(2026, 3, 18, 10, 30, tzinfo=UTC)),
    ]
    for badge, pin, action, when in clocks:
        page.clock.set_fixed_time(when)  # the device's own time when the worker clocked
        page.get_by_label("Badge number", exact=True).fill(badge)
        page.get_by_label("PIN", exact=True).fill(pin)
        page.get_by_role("button", name="Continue").click()
        expect(
            page.get_by_role("heading", name="No connection. Choose whether you are clocking in or out.")
        ).to_be_visible()
        expect(page.locator("body")).not_to_contain_text("Ann")
        page.get_by_role("button", name=action).click()
        expect(page.locator("#done")).to_have_text("Saved on this device. It will be sent when the connection is back.")
        page.get_by_role("button", name="Next worker").click()
    expect(page.locator("#queued")).to_have_text("Clocks waiting to be sent: 3")
    assert live.world.outbox("clock_in") == []

    page.context.set_offline(False)
    expect(page.locator("#queued")).to_be_hidden()
    headers = live.world.key(client)
    shifts = live.api("timesheets.php", headers, entry_filter="all")["data"]
    seen = sorted((s["worker_id"], s["clock_in"], s["clock_out"], s["clock_source"]) for s in shifts)
    assert seen == [
        (ann.id, local_text(clocks[0][3]), local_text(clocks[2][3]), "kiosk_offline"),
        (bob.id, local_text(clocks[1][3]), None, "kiosk_offline"),
    ]


def test_five_wrong_pins_are_throttled(live: Live, page: Page, problems: Problems) -> None:
    problems.allow(REFUSED_CALLS)
    client, site = kiosk_for(live, page)
    ann = live.world.worker(client, "Ann Able", employee_id="B-1", location_id=site).worker
    give_pin(live.services, ann, "4711")
    for _ in range(4):
        badge_and_pin(page, "B-1", "0000")
        expect(page.get_by_role("alert")).to_have_text("That badge number and PIN do not match.")
    badge_and_pin(page, "B-1", "0000")
    expect(page.get_by_role("alert")).to_have_text("Too many wrong PINs. Wait a few minutes and try again.")
    badge_and_pin(page, "B-1", "4711")
    expect(page.get_by_role("alert")).to_have_text("Too many wrong PINs. Wait a few minutes and try again.")
    expect(page.locator("body")).not_to_contain_text("Ann")


def test_a_polish_sites_kiosk_speaks_polish(live: Live, page: Page, problems: Problems) -> None:
    problems.allow(REFUSED_CALLS)
    client, site = kiosk_for(live, page, "Magazyn Północ", kiosk_language="pl")
    ann = live.world.worker(client, "Anna Nowak", employee_id="P-1", location_id=site).worker
    give_pin(live.services, ann, "1357")
    expect(page.locator("html")).to_have_attribute("lang", "pl")
    expect(page.get_by_role("heading", level=2)).to_have_text("Wpisz numer identyfikatora i PIN")
    page.get_by_label("Numer identyfikatora", exact=True).fill("P-1")
    page.get_by_label("PIN", exact=True).fill("1357")
    page.get_by_role("button", name="Dalej").click()
    expect(page.get_by_role("heading", name="Dzień dobry, Anna.")).to_be_visible()
    page.get_by_role("button", name="Wejście").click()
    expect(page.locator("#done")).to_have_text("Anna, wejście zarejestrowano o 12:00.")
