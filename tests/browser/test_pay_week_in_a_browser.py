"""The Close pay week page in Chromium on an account paying under the minimum wage: the page counts the
blocking exception before the background pass has stored the week's figures, and the lock from the page is
refused in words, locking nothing."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.browser.conftest import LAST_WEEK, Live, Problems, sign_in
from tests.browser.test_week_in_a_browser import paper_shift
from workforce_core.services import approvals


def test_the_close_pay_week_page_shows_the_shortfall_and_the_lock_is_refused_in_words(
    live: Live, page: Page, problems: Problems
) -> None:
    world = live.world
    client = world.account("Lowpay Staffing", walk_in_policy="pay").id
    site = world.site(client, "Depot").id
    worker = world.worker(client, "Ann Able", location_id=site, hourly_rate=12.00).worker.id  # under 12.21
    shift = paper_shift(live, worker, site, 10, "08:00", "16:00")
    approvals.approve([shift], uow=live.services.uow, clock=live.clock)  # not priced yet: no background pass here
    owner, password = live.owner(client)
    sign_in(page, owner.email, password)

    page.goto(f"/console/{client}/pay-week?week={LAST_WEEK}")
    counts = page.get_by_label("The week's counts")
    expect(counts.locator("#exceptions-open")).to_have_text("1")
    expect(counts.locator("#week-status")).to_have_text("checking")
    expect(counts.locator("#not-approved")).to_have_text("0")

    problems.allow(r"status of 409")  # the refusal is a 409 page
    page.get_by_role("button", name="Approve the pending shifts and lock the week").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Not possible now")
    expect(page.get_by_role("alert")).to_contain_text("cannot settle: 1 exceptions open")
    assert world.outbox("pay_week.locked") == []
