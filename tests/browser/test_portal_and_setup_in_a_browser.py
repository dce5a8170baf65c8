"""The client portal and the account's setup in Chromium: a hirer contact signs off, rejects, queries and
asks for other times on the shifts of their site (and sees no other site), the agency sees the results
and the events; an owner makes an API key, sees its secret once and uses it; a coordinator cannot open
setup."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import httpx
from playwright.sync_api import Page, expect

from tests.browser.conftest import LAST_WEEK, Live, Problems, sign_in
from tests.contract.console_pages import make_user
from workforce_core.commands.time_records import Backfill
from workforce_core.services import time_records


def shift(live: Live, worker_id: int, site_id: int, day: int) -> int:
    begin, end = (datetime(2026, 3, day, hour, tzinfo=UTC) for hour in (8, 16))
    command = Backfill(worker_id=worker_id, location_id=site_id, clock_in=begin, clock_out=end)
    return time_records.backfill(command, uow=live.services.uow, clock=live.services.clock).entry.id


def hirer_signs_in(page: Page, email: str, password: str, client: int) -> None:
    """A hirer contact signs in (landing on the portal) and opens last week."""
    page.goto("/console/sign-in")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(re.compile(rf"/portal/{client}/week"))
    page.goto(f"/portal/{client}/week?week={LAST_WEEK}")


def test_a_hirer_contact_signs_off_rejects_and_queries_and_the_agency_sees_it(live: Live, page: Page) -> None:
    world = live.world
    client = world.account("Acme Staffing", require_client_approval=True).id
    north, south = world.site(client, "North Warehouse").id, world.site(client, "South Depot").id
    ann = world.worker(client, "Ann Able", hourly_rate=12.5, charge_rate=18.75).worker.id
    ids = [shift(live, ann, north, day) for day in (9, 10, 11, 12, 13)]
    elsewhere = shift(live, ann, south, 14)
    person, password = make_user(live.services, "approver", client, location_ids=(north,))
    hirer_signs_in(page, person.email, password, client)
    expect(page.get_by_role("table")).to_contain_text("North Warehouse")
    expect(page.get_by_role("table")).not_to_contain_text("South Depot")
    assert page.get_by_label(f"Select shift {elsewhere} of Ann Able").count() == 0
    expect(page.locator("main")).not_to_contain_text("£")

    for entry in ids[:2]:
        page.get_by_label(f"Select shift {entry} of Ann Able").check()
    page.get_by_role("button", name="Sign off the ticked shifts").click()
    expect(page.get_by_role("status")).to_contain_text("signed off 2")
    page.get_by_label(f"Select shift {ids[2]} of Ann Able").check()
    page.get_by_label("Reason to reject").fill("Not on site that day")
    page.get_by_role("button", name="Reject the ticked shifts").click()
    expect(page.get_by_role("status")).to_contain_text("rejected 1")
    page.get_by_label(f"Select shift {ids[3]} of Ann Able").check()
    page.get_by_label("Question for the agency").fill("Was Ann on site all day?")
    page.get_by_role("button", name="Query the ticked shifts (holds them)").click()
    expect(page.get_by_role("status")).to_contain_text("queried 1")
    page.get_by_label(f"Ask for other times for shift {ids[4]}").click()
    amend = page.locator(f"form[action$='/shifts/{ids[4]}/amend']")
    amend.get_by_label("Clock out (UK time)").fill("2026-03-13T15:00")
    amend.get_by_label("Why").fill("Left at three")
    amend.get_by_role("button", name="Ask for these times").click()
    expect(page.get_by_role("status")).to_contain_text("amendment asked for")

    def data(name: str) -> list[dict[str, object]]:
        return [row["data"] for row in world.outbox(name)]

    (signed,) = data("timesheet.client_approved")
    assert (signed["via"], sorted(signed["entry_ids"]), signed["user_id"]) == ("portal", ids[:2], person.id)
    (rejected,) = data("timesheet.client_rejected")
    assert (rejected["via"], rejected["reason"], rejected["entry_ids"]) == ("portal", "Not on site that day", [ids[2]])
    (queried,) = data("timesheet.queried")
    assert (queried["via"], queried["entry_ids"]) == ("client", [ids[3]])
    (asked,) = data("timesheet.amended")
    assert (asked["entry_id"], asked["raised_by"], asked["status"]) == (ids[4], "client", "raised")

    key = world.key(client)
    listed = live.api("timesheets.php", key, date_from=LAST_WEEK, date_to="2026-03-15", limit=20)["data"]
    gate = {row["id"]: row["payroll_status"] for row in listed}
    assert gate[ids[2]] != "payable"
    assert gate[ids[3]] != "payable"

    page.get_by_role("button", name="Sign out").click()
    owner, owner_password = live.owner(client)
    sign_in(page, owner.email, owner_password)
    page.goto(f"/console/{client}/timesheets?week={LAST_WEEK}")
    expect(page.get_by_role("table")).to_contain_text("rejected: Not on site that day")
    expect(page.get_by_role("table")).to_contain_text("(queried)")


def test_a_hirer_asks_a_question_the_coordinator_reads_and_answers_it_and_the_hirer_sees_the_answer(
    live: Live, page: Page
) -> None:
    world = live.world
    client = world.account("Acme Staffing", require_client_approval=True).id
    north = world.site(client, "North Warehouse").id
    ann = world.worker(client, "Ann Able", hourly_rate=12.5).worker.id
    entry = shift(live, ann, north, 10)
    hirer, hirer_password = make_user(live.services, "approver", client, location_ids=(north,))
    question = "The gate log has Ann leaving at 15:20. Which time is right?"
    answer = "The gate log is right: we have corrected the clock-out to 15:20."

    hirer_signs_in(page, hirer.email, hirer_password, client)
    page.get_by_label(f"Select shift {entry} of Ann Able").check()
    page.get_by_label("Question for the agency").fill(question)
    page.get_by_role("button", name="Query the ticked shifts (holds them)").click()
    expect(page.get_by_role("status")).to_contain_text("queried 1")
    expect(page.get_by_role("table")).to_contain_text(f"Question: {question}")
    page.get_by_role("button", name="Sign out").click()

    coordinator, password = live.owner(client, "coordinator")
    sign_in(page, coordinator.email, password)
    page.goto(f"/console/{client}/timesheets?week={LAST_WEEK}")
    page.get_by_role("link", name=f"Open shift {entry} of Ann Able").click()
    expect(page.locator("dl.facts")).to_contain_text(question)
    page.get_by_label("Answer for the hirer").fill(answer)
    page.get_by_role("button", name="Send the answer (resolves the query)").click()
    expect(page.get_by_role("status")).to_contain_text("query answered")
    expect(page.locator("dl.facts")).to_contain_text(answer)
    expect(page.get_by_label("Answer for the hirer")).to_have_count(0)
    page.get_by_role("button", name="Sign out").click()

    hirer_signs_in(page, hirer.email, hirer_password, client)
    row = page.get_by_role("row").filter(has_text=question)
    expect(row).to_contain_text("answered")
    expect(row).to_contain_text(f"Answer from the agency: {answer}")


def test_an_owner_makes_a_key_seen_once_and_a_coordinator_cannot_open_setup(
    live: Live, page: Page, problems: Problems
) -> None:
    world = live.world
    client = world.account("Acme Staffing").id
    world.site(client, "North Warehouse")
    owner, password = live.owner(client)
    sign_in(page, owner.email, password)
    page.get_by_role("link", name="Setup").click()
    page.get_by_text("Create an API key").click()
    page.get_by_label("Name", exact=True).fill("Payroll bridge")
    page.get_by_label("workers:read").check()
    page.get_by_label("Requests a minute (at most 120)").fill("100")
    page.get_by_role("button", name="Create the key").click()
    expect(page.get_by_role("alert")).to_contain_text("shown this once")
    secret = page.get_by_label("Key", exact=True).input_value()
    assert secret.startswith("wfk_")
    me = httpx.get(f"{live.url}/api/v1/me.php", headers={"Authorization": f"Bearer {secret}"}, timeout=10)
    assert me.status_code == 200
    assert me.json()["data"]["client_id"] == client
    page.reload()
    assert secret not in page.content()
    expect(page.get_by_role("table").first).to_contain_text("Payroll bridge")
    page.get_by_role("button", name="Sign out").click()

    coordinator, coordinator_password = live.owner(client, "coordinator")
    sign_in(page, coordinator.email, coordinator_password)
    expect(page.get_by_role("navigation", name="Console")).not_to_contain_text("Setup")
    problems.allow(r"403")
    reply = page.goto(f"/console/{client}/setup")
    assert reply is not None
    assert reply.status == 403
    expect(page.get_by_role("heading", level=1)).to_have_text("Not allowed")
