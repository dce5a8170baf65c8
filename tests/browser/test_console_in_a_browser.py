"""The console's pages in Chromium: readable at 390 px and 1280 px with every control named, usable
from the keyboard alone, a worker's name shown as text whatever it holds, another account's pages and
files not there (404), a signed-out browser kept out of console pages even by its back button, and the
on-site table refreshed by htmx in place."""

from __future__ import annotations

import re
from typing import Any

import pytest
from attrs import frozen
from playwright.sync_api import Page, expect

from tests.browser.conftest import LAST_WEEK, Live, Problems, sign_in
from tests.browser.test_week_in_a_browser import paper_shift
from workforce_adapters.export_files import CsvExportFiles
from workforce_adapters.json.commands import structure
from workforce_core.commands.exports import CreateExport
from workforce_core.commands.pay_weeks import ClosePayWeek
from workforce_core.services import pay_weeks
from workforce_core.services.exports import create_export

SCRIPT_NAME = "<script>alert(1)</script>"
IMAGE_NAME = "<img src=x onerror=alert(2)>"
LONG_NAME = "Bartholomew Fitzwilliam-Montgomery-Smythe-Ravenscroft"
INTERACTIVE = "a[href], button, input:not([type=hidden]), select, textarea, summary"
THIS_MONDAY = 16  # March 2026: the clock's week


@frozen
class Acme:
    """A client account with a site, three workers (one named like a script, one like an image that
    runs one), a shift of each this week and last week, and an owner who may sign in."""

    client: int
    site: int
    workers: dict[str, int]
    this_week: dict[str, int]  # worker name -> the shift of this Monday
    email: str
    password: str


def acme(live: Live, name: str = "Acme Staffing") -> Acme:
    world = live.world
    client = world.account(name, walk_in_policy="pay").id
    site = world.site(client, "North Warehouse").id
    names = ("Ann Able", SCRIPT_NAME, LONG_NAME)
    workers = {n: world.worker(client, n, location_id=site, hourly_rate=12.5).worker.id for n in names}
    this_week = {n: paper_shift(live, w, site, THIS_MONDAY, "06:00", "11:00") for n, w in workers.items()}
    for worker in workers.values():
        paper_shift(live, worker, site, 10, "08:00", "16:30")
    owner, password = live.owner(client)
    return Acme(client, site, workers, this_week, owner.email, password)


def closed_with_a_file(live: Live, client: int) -> int:
    """Last week approved, locked and exported (payroll) through the core; the file's batch id."""
    s = live.services
    pay_weeks.close_week(structure(ClosePayWeek, {"client_id": client, "week": LAST_WEEK}), uow=s.uow, clock=s.clock)
    command = structure(CreateExport, {"client_id": client, "week": LAST_WEEK, "kind": "payroll"})
    return create_export(command, uow=s.uow, queries=s.queries, files=CsvExportFiles(), clock=s.clock).id


def unnamed_controls(page: Page) -> tuple[int, list[str]]:
    """How many buttons, links, inputs, selects and summaries the page has (its <details> opened), and
    the ones Chromium's accessibility tree gives no name."""
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    cdp = page.context.new_cdp_session(page)
    try:
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        found = cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": INTERACTIVE})["nodeIds"]
        unnamed = []
        for node in found:
            tree = cdp.send("Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False})
            name = str(tree["nodes"][0].get("name", {}).get("value", ""))
            if not name.strip():
                unnamed.append(cdp.send("DOM.getOuterHTML", {"nodeId": node})["outerHTML"][:200])
        return len(found), unnamed
    finally:
        cdp.detach()


def overflow(page: Page) -> dict[str, Any]:
    return dict(
        page.evaluate(
            """() => ({
                document: document.documentElement.scrollWidth,
                window: window.innerWidth,
                boxes: [...document.querySelectorAll('.scroll')].map((box) => [box.scrollWidth, box.clientWidth]),
            })"""
        )
    )


@pytest.mark.parametrize("width", [390, 1280])
def test_pages_fit_the_screen_and_every_control_has_a_name(live: Live, page: Page, width: int) -> None:
    firm = acme(live)
    closed_with_a_file(live, firm.client)
    entry = firm.this_week["Ann Able"]
    page.set_viewport_size({"width": width, "height": 900})
    sign_in(page, firm.email, firm.password)
    c = firm.client
    pages = [
        f"/console/{c}/timesheets",
        f"/console/{c}/timesheets?week={LAST_WEEK}",
        f"/console/{c}/timesheets/{entry}",
        f"/console/{c}/pay-week?week={LAST_WEEK}",
        f"/console/{c}/payroll?week={LAST_WEEK}",
        f"/console/{c}/charges?week={LAST_WEEK}",
        f"/console/{c}/exceptions",
        f"/console/{c}/on-site",
    ]
    faults: list[str] = []
    for path in pages:
        reply = page.goto(path)
        assert reply is not None
        if reply.status != 200:
            faults.append(f"{path}: status {reply.status}")
            continue
        checked, unnamed = unnamed_controls(page)
        assert checked >= 5, path  # the header alone has a few: the check did look
        faults += [f"{path}: no accessible name: {html}" for html in unnamed]
        sizes = overflow(page)
        if sizes["document"] > sizes["window"]:
            faults.append(f"{path}: the page scrolls sideways at {width} px: {sizes['document']} px wide")
    assert not faults, "\n".join(faults)

    page.goto(f"/console/{c}/timesheets")
    expect(page.get_by_role("table")).to_contain_text(LONG_NAME)
    (box,) = overflow(page)["boxes"]
    if width == 390:
        assert box[0] > box[1], "at 390 px the table is wider than the screen and scrolls inside its box"


def test_sign_in_and_approve_with_the_keyboard_alone(live: Live, page: Page) -> None:
    firm = acme(live)
    entry = firm.this_week["Ann Able"]
    page.goto("/console/sign-in")
    page.keyboard.press("Tab")
    expect(page.locator(":focus")).to_have_text("Skip to content")
    page.get_by_label("Email").focus()
    page.keyboard.type(firm.email)
    page.keyboard.press("Tab")
    expect(page.get_by_label("Password")).to_be_focused()
    page.keyboard.type(firm.password)
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(rf"/console/{firm.client}/dashboard$"))  # the console's first page
    page.goto(f"/console/{firm.client}/timesheets")

    tick = page.get_by_label(f"Select shift {entry} of Ann Able")
    approve = page.get_by_role("button", name="Approve selected shifts")
    for target in (tick, approve):
        wanted = target.element_handle()
        for _ in range(80):
            page.keyboard.press("Tab")
            if page.evaluate("(wanted) => document.activeElement === wanted", wanted):
                break
        expect(target).to_be_focused()
        if target is tick:
            page.keyboard.press("Space")
            expect(tick).to_be_checked()
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_have_text("Done: approved 1 shift.")
    row = page.get_by_role("row").filter(has=page.get_by_role("link", name=f"Open shift {entry} of Ann Able"))
    expect(row.get_by_role("cell").nth(7)).to_have_text("approved")
    expect(page.get_by_label(f"Select shift {entry} of Ann Able")).to_have_count(0)


def test_a_long_shift_with_no_break_shows_its_flags_in_words_on_the_timesheets_page(live: Live, page: Page) -> None:
    firm = acme(live)
    long_one = paper_shift(live, firm.workers["Ann Able"], firm.site, THIS_MONDAY + 1, "06:00", "21:30")
    sign_in(page, firm.email, firm.password)
    page.goto(f"/console/{firm.client}/timesheets")
    row = page.get_by_role("row").filter(has=page.get_by_role("link", name=f"Open shift {long_one} of Ann Able"))
    flags = row.get_by_role("cell").nth(10)
    expect(flags).to_contain_text("shift over 14 hours")
    expect(flags).to_contain_text("no break in over 6 hours")
    page.get_by_label("Flagged only").check()
    page.get_by_role("button", name="Filter").click()
    expect(page.get_by_role("link", name=f"Open shift {long_one} of Ann Able")).to_be_visible()


def test_a_worker_named_like_markup_is_shown_as_text(live: Live, page: Page) -> None:
    firm = acme(live)
    live.world.worker(firm.client, IMAGE_NAME, location_id=firm.site)
    sign_in(page, firm.email, firm.password)
    page.goto(f"/console/{firm.client}/timesheets")  # the first page is the dashboard
    cell = page.get_by_role("cell", name=SCRIPT_NAME, exact=True)
    expect(cell).to_have_count(1)
    expect(cell).to_have_text(SCRIPT_NAME)
    expect(page.locator("#f-worker option", has_text=IMAGE_NAME)).to_have_count(1)
    expect(page.locator("main script, main img")).to_have_count(0)
    page.get_by_role("link", name=f"Open shift {firm.this_week[SCRIPT_NAME]} of {SCRIPT_NAME}").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Shift {firm.this_week[SCRIPT_NAME]}: {SCRIPT_NAME}")
    expect(page.locator("main script, main img")).to_have_count(0)
    # a dialog (alert) or a script blocked by the page's policy fails the test (the page fixture)


def test_another_accounts_pages_shifts_and_files_are_not_found(live: Live, page: Page, problems: Problems) -> None:
    mine, theirs = acme(live, "Mine Ltd"), acme(live, "Theirs Ltd")
    file = closed_with_a_file(live, theirs.client)
    shift = theirs.this_week["Ann Able"]
    problems.allow(r"Failed to load resource: the server responded with a status of 404")
    sign_in(page, mine.email, mine.password)
    edited = [
        f"/console/{theirs.client}/timesheets",
        f"/console/{theirs.client}/timesheets/{shift}",
        f"/console/{theirs.client}/pay-week?week={LAST_WEEK}",
        f"/console/{theirs.client}/exports/{file}/file",
        f"/console/{mine.client}/timesheets/{shift}",
        f"/console/{mine.client}/exports/{file}/file",
    ]
    for path in edited:
        reply = page.goto(path)
        assert reply is not None
        assert reply.status == 404, path
        expect(page.get_by_role("heading", level=1)).to_have_text("Not found")
        expect(page.locator("body")).not_to_contain_text("Theirs Ltd")
    reply = page.goto(f"/console/{mine.client}/timesheets")  # their own pages still open
    assert reply is not None
    assert reply.status == 200


def test_after_sign_out_back_and_reload_land_on_the_sign_in_page(live: Live, page: Page) -> None:
    firm = acme(live)
    sign_in(page, firm.email, firm.password)
    page.goto(f"/console/{firm.client}/timesheets")  # the first page is the dashboard
    page.get_by_role("link", name=f"Open shift {firm.this_week['Ann Able']} of Ann Able").click()
    page.wait_for_url(re.compile(rf"/timesheets/{firm.this_week['Ann Able']}$"))
    shift_page = page.url
    page.get_by_role("button", name="Sign out").click()
    page.wait_for_url(re.compile(r"/console/sign-in$"))
    assert not [cookie for cookie in page.context.cookies() if cookie["name"] == "workforce_session"]

    page.go_back()
    expect(page).to_have_url(re.compile(r"/console/sign-in\?next="))
    expect(page.get_by_role("heading", level=1)).to_have_text("Sign in")
    expect(page.locator("body")).not_to_contain_text("Ann Able")
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_have_text("Sign in")
    page.goto(shift_page)
    expect(page).to_have_url(re.compile(r"/console/sign-in\?next="))
    expect(page.locator("body")).not_to_contain_text("Ann Able")


def test_the_on_site_table_refreshes_itself_in_place(live: Live, page: Page) -> None:
    firm = acme(live)
    key = live.world.key(firm.client)
    live.api("clock.php", key, body={"worker_id": firm.workers["Ann Able"], "action": "in"}, status=201)
    sign_in(page, firm.email, firm.password)
    page.goto(f"/console/{firm.client}/timesheets")  # the first page is the dashboard
    page.get_by_role("link", name="On site now").click()
    table = page.locator("#on-site")
    expect(table).to_have_attribute("hx-get", "?fragment=1")
    expect(table).to_have_attribute("hx-trigger", "every 30s")
    expect(table.get_by_role("table")).to_have_accessible_name("North Warehouse: 1 on shift")
    expect(table).to_contain_text("As of 2026-03-18 12:00")
    page.wait_for_load_state("load")  # the page's deferred scripts have run
    assert page.evaluate("typeof window.htmx") == "object"

    live.clock.advance(minutes=5)
    live.api("clock.php", key, body={"worker_id": firm.workers[LONG_NAME], "action": "in"}, status=201)
    with page.expect_response(lambda reply: "fragment=1" in reply.url) as refreshed:
        page.evaluate("htmx.ajax('GET', '?fragment=1', '#on-site')")
    assert refreshed.value.status == 200
    expect(table.get_by_role("table")).to_have_accessible_name("North Warehouse: 2 on shift")
    expect(table).to_contain_text(LONG_NAME)
    expect(table).to_contain_text("As of 2026-03-18 12:05")
    expect(page.get_by_role("heading", level=1)).to_have_count(1)  # the fragment went in, not a page
    expect(page.get_by_role("navigation", name="Console")).to_have_count(1)


def test_a_form_without_its_token_or_after_the_session_ended_changes_nothing(
    live: Live, page: Page, problems: Problems
) -> None:
    firm = acme(live)
    entry = firm.this_week["Ann Able"]
    sign_in(page, firm.email, firm.password)
    page.goto(f"/console/{firm.client}/timesheets")  # the first page is the dashboard
    page.get_by_label(f"Select shift {entry} of Ann Able").check()
    page.evaluate("document.querySelector('#batch input[name=csrf_token]').value = 'forged'")
    problems.allow(r"403")
    page.get_by_role("button", name="Approve selected shifts").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Not allowed")
    expect(page.get_by_role("alert")).to_contain_text("out of date")
    assert live.world.outbox("timesheet.approved") == []

    page.goto(f"/console/{firm.client}/timesheets")
    page.get_by_label(f"Select shift {entry} of Ann Able").check()
    live.clock.advance(minutes=31)  # the session has been idle past its limit
    page.get_by_role("button", name="Approve selected shifts").click()
    page.wait_for_url(re.compile(r"/console/sign-in$"))
    assert live.world.outbox("timesheet.approved") == []
