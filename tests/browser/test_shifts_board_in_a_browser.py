"""The shifts board in Chromium: a coordinator adds a requirement for three people, fills it from the
who-is-free list with one click each, and the fourth booking is refused with the reason on the page;
the board then shows it full, and the three bookings were recorded as the coordinator's."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.browser.conftest import Live, Problems, sign_in

DAY = "2026-03-20"  # the Friday after the harness's Wednesday: within the week ahead
NAMES = ("Ann Able", "Bob Brown", "Cat Clay", "Dan Dale")


def test_a_coordinator_fills_a_requirement_of_three_and_the_fourth_booking_is_refused(
    live: Live, page: Page, problems: Problems
) -> None:
    world = live.world
    client = world.account("Acme Staffing").id
    site = world.site(client, "North Warehouse").id
    for name in NAMES:
        world.worker(client, name, location_id=site)
    coordinator, password = live.owner(client, role="coordinator")

    sign_in(page, coordinator.email, password)
    page.get_by_role("navigation", name="Console").get_by_role("link", name="Shifts").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Shifts: week of Mon 16 Mar 2026")

    page.get_by_text("Add a requirement").click()
    form = page.locator("details", has_text="Add a requirement")
    form.get_by_label("Site", exact=True).select_option(label="North Warehouse")
    form.get_by_label("Date", exact=True).fill(DAY)
    form.get_by_label("Start (UK time)").fill("08:00")
    form.get_by_label("End (UK time)").fill("16:00")
    form.get_by_label("People needed").fill("3")
    form.get_by_role("button", name="Add the requirement").click()
    expect(page.get_by_role("status")).to_have_text("Done: requirement added.")
    demand = int(re.findall(r"/requirements/(\d+)", page.url)[0])
    expect(page.get_by_role("heading", level=1)).to_have_text(
        f"Requirement {demand}: North Warehouse, Fri 20 Mar 2026 08:00 to 16:00"
    )
    expect(page.locator(".facts")).to_contain_text("starts soon, not full")
    expect(page.get_by_role("button", name=re.compile(r"^Book "))).to_have_count(4)

    for name in NAMES[:3]:
        page.get_by_role("button", name=f"Book {name}").click()
        expect(page.get_by_role("status")).to_have_text(f"Done: booked {name}.")
    expect(page.locator(".facts")).to_contain_text("3 of 3")
    booked = page.get_by_role("link", name=re.compile(r"^Open booking"))
    expect(booked).to_have_count(3)

    problems.allow(r"status of 409")  # the refusal is a 409 page
    page.get_by_role("button", name="Book Dan Dale").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Not possible now")
    expect(page.get_by_role("alert")).to_have_text(f"requirement {demand} is full.")

    page.goto(f"/console/{client}/shifts?week={DAY}")
    card = page.locator(f"#req-{demand}")
    expect(
        card.get_by_role("link", name=re.compile(f"^Requirement {demand}: North Warehouse, Fri 20 Mar 2026"))
    ).to_have_text("3/3")
    expect(card).to_contain_text("filled")
    expect(card.get_by_role("link", name=re.compile(r"^Fill requirement"))).to_have_count(0)
    created = [event["data"] for event in world.outbox("shift.created")]
    assert sorted(data["worker_name"] for data in created) == list(NAMES[:3])
    assert {data["demand_id"] for data in created} == {demand}
