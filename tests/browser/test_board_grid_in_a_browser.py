"""The shifts board as a week grid in Chromium: a coordinator finds an open place, books the
best-ranked worker and offers the place to the rest, and the requirement's fill ratio changes without
a reload; the week moves by keyboard; filters narrow the grid; last week's requirements are copied in
one action; at phone width the grid shows one day. Screenshots at 1280 and 390 pixels are kept under
build/screenshots (git-ignored)."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.conftest import Live, Problems, sign_in

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"
DAY = "2026-03-20"  # the Friday of the harness's week (Wednesday 18 March)
NAMES = ("Ann Able", "Bob Brown", "Cat Clay", "Dan Dale")


def _setup(live: Live, page: Page) -> tuple[int, int, int, dict[str, str]]:
    """Two sites with a Picker requirement each on Friday (3 places, 1), four pickers, and a coordinator
    signed in on the page."""
    world = live.world
    client = world.account("Acme Staffing").id
    north = world.site(client, "North Warehouse", geofence_mode="disabled").id
    south = world.site(client, "South Depot", geofence_mode="disabled").id
    for name in NAMES:
        world.worker(client, name, location_id=north, job_role="Picker")
    headers = world.key(client)
    slot = {"shift_date": DAY, "start_time": "08:00", "end_time": "16:00", "job_role": "Picker"}
    made = live.api("demands.php", headers, body={"location_id": north, "headcount": 3, **slot}, status=201)
    live.api("demands.php", headers, body={"location_id": south, "headcount": 1, **slot}, status=201)
    coordinator, password = live.owner(client, role="coordinator")
    sign_in(page, coordinator.email, password)
    return client, north, made["data"]["id"], headers


def test_a_coordinator_fills_an_open_place_from_the_grid_and_offers_the_rest(
    live: Live, page: Page, problems: Problems
) -> None:
    _, _, demand, headers = _setup(live, page)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.get_by_role("navigation", name="Console").get_by_role("link", name="Shifts").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Shifts: week of Mon 16 Mar 2026 to Sun 22 Mar 2026")
    expect(page.locator("#board-fill")).to_contain_text("0 of 4 places filled this week; 4 open")
    grid = page.get_by_role("table")
    expect(grid.get_by_role("rowheader", name="08:00 to 16:00 Picker")).to_have_count(2)
    card = page.locator(f"#req-{demand}")
    expect(card.get_by_role("link", name=re.compile(f"^Requirement {demand}: North Warehouse"))).to_have_text("0/3")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "board-1280.png"), full_page=True)

    page.evaluate("window.notReloaded = true")
    card.get_by_role("link", name=f"Fill requirement {demand}: 3 open places, North Warehouse, Fri 20 Mar 2026").click()
    panel = page.get_by_role("region", name="Who is free")
    expect(panel.get_by_role("heading", level=2)).to_have_text(
        "Who is free: North Warehouse, Fri 20 Mar 2026 08:00 to 16:00 (Picker)"
    )
    books = panel.get_by_role("button", name=re.compile(r"^Book "))
    expect(books).to_have_count(4)
    best = panel.get_by_role("row").nth(1).get_by_role("cell").first.inner_text().split(" (")[0].strip()
    assert best in NAMES
    panel.get_by_role("button", name=f"Book {best}").click()
    expect(panel.get_by_role("status")).to_have_text(f"Booked {best}.")
    expect(card.get_by_role("link", name=re.compile(f"^Requirement {demand}"))).to_have_text("1/3")
    expect(card).to_contain_text(best)
    expect(card.get_by_role("link", name=re.compile(r"^Fill requirement"))).to_have_accessible_name(
        f"Fill requirement {demand}: 2 open places, North Warehouse, Fri 20 Mar 2026"
    )

    panel.get_by_role("button", name="Send offers to the rest (3)").click()
    expect(panel.get_by_role("status")).to_have_text("Offered to 3 workers.")
    expect(panel.get_by_text("offered", exact=True)).to_have_count(3)
    assert page.evaluate("window.notReloaded") is True  # booked and offered without a reload
    sent = live.api("offers.php", headers, demand_id=demand)["data"]
    assert sorted(o["worker_id"] for o in sent) == sorted(
        w["id"] for w in live.api("workers.php", headers)["data"] if w["name"] != best
    )
    booked = live.api("demands.php", headers, id=demand)["data"]
    assert (booked["filled"], booked["open"]) == (1, 2)


def test_the_week_moves_by_keyboard_filters_narrow_it_and_last_week_is_copied(
    live: Live, page: Page, problems: Problems
) -> None:
    client, north, demand, headers = _setup(live, page)
    page.goto(f"/console/{client}/shifts")
    page.get_by_role("region", name=re.compile("^Week grid")).focus()
    page.keyboard.press("ArrowRight")
    expect(page.get_by_role("heading", level=1)).to_have_text("Shifts: week of Mon 23 Mar 2026 to Sun 29 Mar 2026")
    expect(page.locator("#board-fill")).to_contain_text("0 of 0 places filled")

    page.get_by_role("button", name="Copy last week's requirements to this week").click()
    expect(page.get_by_role("status")).to_have_text("Done: copied 2 of last week's requirements.")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Mon 23 Mar 2026")
    expect(page.locator("#board-fill")).to_contain_text("0 of 4 places filled this week; 4 open")
    copies = live.api("demands.php", headers, date_from="2026-03-23", date_to="2026-03-29")["data"]
    assert sorted((c["shift_date"], c["headcount"]) for c in copies) == [("2026-03-27", 1), ("2026-03-27", 3)]
    page.get_by_role("button", name="Copy last week's requirements to this week").click()  # twice: no new copies
    expect(page.get_by_role("status")).to_have_text("Done: copied 0 of last week's requirements.")

    page.get_by_role("region", name=re.compile("^Week grid")).focus()
    page.keyboard.press("ArrowLeft")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Mon 16 Mar 2026")
    filters = page.get_by_role("form", name="Filters")
    filters.get_by_label("Site").select_option(label="North Warehouse")
    filters.get_by_label("Status").select_option("open")
    filters.get_by_role("button", name="Show").click()
    expect(page.get_by_role("rowgroup").filter(has_text="South Depot")).to_have_count(0)
    expect(page.locator(f"#req-{demand}")).to_be_visible()
    assert f"location_id={north}" in page.url

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/console/{client}/shifts?week=2026-03-16&day={DAY}")
    days = page.get_by_role("navigation", name="Day shown")
    expect(days).to_be_visible()
    expect(days.get_by_role("link", name="Fri 20 Mar 2026")).to_have_attribute("aria-current", "date")
    expect(page.locator("thead th.day:visible")).to_have_count(1)
    expect(page.locator("thead th.day:visible")).to_have_text("Fri 20 Mar 2026")
    expect(page.locator(f"#req-{demand}")).to_be_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "board-390.png"), full_page=True)
    days.get_by_role("link", name="Thu 19 Mar 2026").click()
    expect(page.locator("thead th.day:visible")).to_have_text("Thu 19 Mar 2026")
    expect(page.locator(f"#req-{demand}")).to_be_hidden()
