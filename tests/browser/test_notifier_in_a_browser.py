"""What people are told, in Chromium: a Polish worker finds their booking's message in the app's inbox in
Polish (the unread count in the menu, gone once it is opened); a coordinator presses Fill on a
requirement of 3, four workers open their one-tap links on their phones, the first three are booked and
the fourth is told the shift is filled; and the worker's console page lists the messages sent to them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from sqlalchemy import select

from tests.browser.conftest import TIMEOUT_MS, Live, Problems, _watch, sign_in
from tests.worker_app_world import booked, link_path
from workforce_adapters.json.commands import structure
from workforce_adapters.sql import tables
from workforce_core.commands.demands import CreateDemand
from workforce_core.services import console_reads, demands, notifier

PHONE = {"width": 390, "height": 844}
FRIDAY = date(2026, 3, 20)  # the Friday of the live server's week


@pytest.fixture(autouse=True)
def vapid(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The VAPID key pair the inbox page shows, made in the test's folder."""
    monkeypatch.setenv("WORKFORCE_VAPID_KEY_FILE", str(tmp_path / "vapid.pem"))


@pytest.fixture
def phones(browser: Browser, live: Live, problems: Problems) -> Iterator[list[BrowserContext]]:
    """Phones (390 x 844, touch), each its own browser: the test opens as many as it needs."""
    opened: list[BrowserContext] = []

    def another() -> BrowserContext:
        context = browser.new_context(base_url=live.url, viewport=PHONE, has_touch=True, is_mobile=True)
        context.set_default_timeout(TIMEOUT_MS)
        context.on("page", lambda page: _watch(page, problems))
        opened.append(context)
        return context

    yield [another() for _ in range(4)]
    for context in opened:
        context.close()
    assert not problems.unexpected(), "\n".join(problems.unexpected())


def a_polish_worker(live: Live, **fields: Any) -> tuple[int, int, int]:
    """Piotr, who reads Polish, at an account's site: the account's, the site's and his ids."""
    world = live.world
    client = world.account("Acme Staffing").id
    site = world.site(client, "North Warehouse", geofence_mode="disabled").id
    worker = world.worker(client, "Piotr Nowak", location_id=site, preferred_language="pl", **fields).worker.id
    return client, site, worker


def test_a_polish_worker_reads_the_booking_in_the_apps_inbox_in_polish(
    live: Live, phones: list[BrowserContext]
) -> None:
    client, site, worker = a_polish_worker(live)
    booked(live.services, client, site, worker, FRIDAY)
    notifier.make_messages(uow=live.services.uow, clock=live.clock)  # the notifier's pass: the inbox message

    app = phones[0].new_page()
    app.goto(link_path(live.services, worker))
    app.get_by_role("button", name="Sign in to the app").tap()
    expect(app).to_have_url(re.compile(r"/app/shifts$"))
    nav = app.get_by_role("navigation", name="Aplikacja")
    inbox_tab = nav.get_by_role("link", name=re.compile(r"^Wiadomości"))
    expect(inbox_tab).to_have_text(re.compile(r"Wiadomości\s+1\s+nieprzeczytane"))  # the menu's unread count
    inbox_tab.tap()
    expect(app.get_by_role("heading", level=1)).to_have_text("Wiadomości")
    expect(app.get_by_role("main")).to_contain_text("Nieprzeczytane wiadomości: 1")
    expect(app.get_by_role("heading", name="Powiadomienia na tym telefonie")).to_be_visible()
    expect(app.get_by_role("button", name="Włącz powiadomienia")).to_be_visible()  # the browser takes pushes
    app.get_by_role("button", name=re.compile(r"Nowa zmiana zarezerwowana")).tap()
    expect(app.get_by_role("heading", level=1)).to_have_text("Nowa zmiana zarezerwowana")
    expect(app.get_by_role("main")).to_contain_text("Masz zmianę w North Warehouse od 20/03 09:00")
    assert app.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    app.get_by_role("link", name="Powrót do wiadomości").tap()
    expect(app.get_by_role("main")).to_contain_text("Brak nieprzeczytanych wiadomości.")
    expect(nav.get_by_role("link", name=re.compile(r"^Wiadomości"))).to_have_text("Wiadomości")


def offer_links(live: Live) -> dict[int, str]:
    """Each offered worker's one-tap link (a path: the live server has no public address set)."""
    with live.services.engine.connect() as connection:
        rows = connection.execute(
            select(tables.messages.c.recipient_id, tables.messages.c.params).where(
                tables.messages.c.kind == "offer_sent", tables.messages.c.channel == "app"
            )
        ).all()
    return {worker_id: urlsplit(params["link"]).path for worker_id, params in rows}


def test_fill_sends_four_links_three_book_the_places_and_the_fourth_is_told_it_is_filled(
    live: Live, page: Page, phones: list[BrowserContext]
) -> None:
    world = live.world
    client = world.account("Acme Staffing").id
    site = world.site(client, "North Warehouse", geofence_mode="disabled").id
    names = ["Ann Able", "Bob Brown", "Cy Clark", "Di Dunn"]
    workers = [world.worker(client, name, location_id=site).worker.id for name in names]
    principal = console_reads.operator(client, uow=live.services.uow, now=live.clock.now())
    raw = {"location_id": site, "shift_date": FRIDAY.isoformat(), "start_time": "09:00", "end_time": "17:00"}
    made = demands.create(
        structure(CreateDemand, {**raw, "headcount": 3}), principal=principal, uow=live.services.uow, clock=live.clock
    )
    requirement = f"/console/{client}/shifts/requirements/{made.demand.id}"

    coordinator, password = live.owner(client, "coordinator")
    sign_in(page, coordinator.email, password)
    page.goto(requirement)
    page.get_by_role("button", name="Fill", exact=True).click()
    expect(page.get_by_role("status")).to_have_text("Done: offered to 4.")
    links = offer_links(live)
    assert sorted(links) == sorted(workers)

    answers = []
    for phone, worker in zip(phones, workers, strict=True):  # each worker opens their link on their phone
        offer = phone.new_page()
        offer.goto(links[worker])
        expect(offer.get_by_role("heading", level=1)).to_have_text("Shift offered to you")
        expect(offer.get_by_role("main")).to_contain_text("North Warehouse")
        answers.append(offer)
    for offer in answers:  # then each taps Accept, one after another
        offer.get_by_role("button", name="Accept the offer of Fri 20 Mar 09:00").tap()
    for offer in answers[:3]:
        expect(offer.get_by_role("status")).to_have_text("You are booked: the shift is yours.")
    expect(answers[3].get_by_role("status")).to_contain_text("this shift is filled")
    expect(answers[3].get_by_role("button", name=re.compile("Accept"))).to_have_count(0)

    page.goto(requirement)
    expect(page.get_by_role("main")).to_contain_text("3 of 3")
    page.goto(f"/console/{client}/workers/{workers[3]}")
    told = page.locator("#worker-messages")  # the worker's page loads the messages sent to them
    expect(told).to_contain_text("1 message sent to Di Dunn")
    row = told.get_by_role("row").nth(1)
    for cell, text in enumerate(("app", "the app's inbox", "Shift offered to you", "sent"), start=1):
        expect(row.get_by_role("cell").nth(cell)).to_contain_text(text)
    expect(row).to_contain_text("Accept or decline: /offers/link/...")  # the link's secret is the worker's


def test_a_polish_worker_chooses_texts_on_how_we_reach_you_at_phone_width(
    live: Live, phones: list[BrowserContext]
) -> None:
    *_, worker = a_polish_worker(live, phone="+447700900321")
    app = phones[0].new_page()
    app.goto(link_path(live.services, worker))
    app.get_by_role("button", name="Sign in to the app").tap()
    expect(app).to_have_url(re.compile(r"/app/shifts$"))
    app.get_by_role("navigation", name="Aplikacja").get_by_role("link", name=re.compile(r"^Wiadomości")).tap()
    app.get_by_role("link", name="Jak się z Tobą kontaktujemy").tap()
    expect(app.get_by_role("heading", level=1)).to_have_text("Jak się z Tobą kontaktujemy")
    expect(app.get_by_role("main")).to_contain_text("Na Twój zapisany numer telefonu: +447700900321")
    expect(app.get_by_role("main")).to_contain_text("Nie mamy Twojego adresu e-mail")
    texts = app.get_by_role("checkbox", name="SMS-em")
    expect(texts).not_to_be_checked()
    texts.tap()
    app.get_by_role("button", name="Zapisz").tap()
    expect(app.get_by_role("status")).to_have_text("Zapisano.")
    expect(app.get_by_role("checkbox", name="SMS-em")).to_be_checked()
    expect(app.get_by_role("checkbox", name="E-mailem")).not_to_be_checked()
    expect(app.get_by_role("heading", name="Powiadomienia na tym telefonie")).to_be_visible()  # this phone's switch
    assert app.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
