"""The API log in Chromium: an owner opens a key's requests from Setup and finds the one an integrator
quotes by its X-Request-Id, at phone width too."""

from __future__ import annotations

import httpx
from playwright.sync_api import Page, expect

from tests.browser.conftest import Live, sign_in


def test_an_owner_finds_a_request_by_the_id_an_integrator_quotes(live: Live, page: Page) -> None:
    world = live.world
    client = world.account("Acme Staffing").id
    key = world.key(client, name="Payroll bridge")
    quoted = httpx.get(f"{live.url}/api/v1/workers.php?id=999999", headers=key, timeout=10)
    assert quoted.status_code == 404
    for _ in range(3):
        assert httpx.get(f"{live.url}/api/v1/me.php", headers=key, timeout=10).status_code == 200
    live.services.api_log_buffer.flush()
    owner, password = live.owner(client)
    sign_in(page, owner.email, password)
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/console/{client}/setup")
    page.get_by_role("link", name="API log of key Payroll bridge").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Payroll bridge")
    table = page.get_by_role("table")
    expect(table).to_contain_text("4 requests")
    page.get_by_label("Request id (X-Request-Id)").fill(quoted.headers["x-request-id"])
    page.get_by_role("button", name="Find").click()
    expect(table).to_contain_text("1 request")
    expect(table).to_contain_text("/api/v1/workers.php?id=999999")
    expect(table.locator("tbody tr")).to_have_count(1)
    expect(table.locator("tbody tr td").nth(3)).to_have_text("404")
