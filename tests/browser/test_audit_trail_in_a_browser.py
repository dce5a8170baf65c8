"""The audit trail in Chromium: an owner adds a worker in the console, opens Setup's audit trail, finds
the change by their name, filters by kind of record, and downloads the rows shown as CSV."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.browser.conftest import Live, sign_in


def test_an_owner_finds_their_change_in_the_audit_trail_and_downloads_it(live: Live, page: Page) -> None:
    client = live.world.account("Acme Staffing").id
    owner, password = live.owner(client)
    sign_in(page, owner.email, password)
    page.goto(f"/console/{client}/workers")
    page.get_by_text("Add a worker").click()
    page.get_by_label("Name", exact=True).fill("Ada Audited")
    page.get_by_role("button", name="Add the worker").click()

    page.get_by_role("navigation", name="Console").get_by_role("link", name="Setup").click()
    page.get_by_role("link", name=re.compile("^Audit trail")).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Audit trail")
    table = page.get_by_role("table")
    expect(table).to_contain_text(owner.email)
    expect(table).to_contain_text("worker.created")

    page.get_by_label("Kind of record").select_option("booking")
    page.get_by_role("button", name="Filter").click()
    expect(table).to_contain_text("No changes match.")
    page.get_by_label("Kind of record").select_option("worker")
    page.get_by_role("button", name="Filter").click()
    expect(table).to_contain_text("Ada Audited")

    with page.expect_download() as download:
        page.get_by_role("button", name="Download CSV").click()
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8-sig"))))
    assert {row["What"] for row in rows} >= {"worker.created"}
    assert {row["Who"] for row in rows} == {owner.email}
    assert all(row["Record"] == "worker" for row in rows)
