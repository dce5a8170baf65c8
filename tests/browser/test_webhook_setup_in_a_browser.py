"""Webhooks in Setup, in Chromium, against a local HTTPS receiver: an owner adds a subscription and
copies its signing secret (shown once: a reload shows it no more and adds nothing), sends a test ping
that arrives signed with that secret, reads the delivery's payload, sends it again, rotates the secret,
pauses and resumes the subscription, and deletes it."""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import trustme
from playwright.sync_api import Page, expect

from tests.browser.conftest import Live, sign_in
from tests.browser.test_menus_and_reloads_in_a_browser import reloads_without_a_second
from tests.resolvers import DNS, TableResolver
from tests.webhook_receiver import HOST_NAME, Receiver, receiving, write_ca
from workforce_adapters.sql import tables
from workforce_core.rules.receiver_urls import parse_networks


@pytest.fixture
def receiver(live: Live, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Receiver]:
    """A receiver the live server reaches at ``https://hooks.test:<port>`` and trusts."""
    ca = trustme.CA()
    monkeypatch.setenv("SSL_CERT_FILE", str(write_ca(ca, tmp_path)))
    hooks = live.services.webhooks
    hooks.resolver = TableResolver({**DNS.table, HOST_NAME: ["127.0.0.1"]})
    hooks.trusted_networks = parse_networks("127.0.0.0/8")
    hooks.timeout = 5.0
    with receiving(ca) as running:
        yield running


def signed_with(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def test_an_owner_sets_up_a_webhook_from_setup(live: Live, page: Page, receiver: Receiver) -> None:
    client = live.world.account("Acme Staffing").id
    owner, password = live.owner(client)
    sign_in(page, owner.email, password)
    page.get_by_role("navigation", name="Console").get_by_role("link", name="Setup").click()
    page.get_by_role("link", name=re.compile("^Webhooks")).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Webhooks")
    expect(page.get_by_role("table")).to_contain_text("No subscriptions yet.")

    url = receiver.url()
    page.get_by_text("Add a subscription").click()
    page.get_by_label("Receiver URL (https)").fill(url)
    page.get_by_label("Description").fill("Payroll bridge")
    page.get_by_label("every event").check()
    page.get_by_role("button", name="Add the subscription").click()
    expect(page.get_by_role("status")).to_have_text("Done: subscription added.")
    expect(page.get_by_role("alert")).to_contain_text("shown this once")
    secret = page.get_by_label("Signing secret").input_value()
    assert secret.startswith("whsec_")
    row = page.get_by_role("row").filter(has_text="Payroll bridge")
    expect(row).to_contain_text(url)
    expect(row).to_contain_text("active")
    reloads_without_a_second(live, page, tables.webhook_subscriptions, 1)
    assert secret not in page.content()
    expect(page.get_by_label("Signing secret")).to_have_count(0)

    page.get_by_role("link", name=f"Open the subscription to {url}").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Subscription to {url}")
    expect(page.get_by_role("table")).to_contain_text("Nothing delivered yet.")
    page.get_by_role("button", name="Send a test ping").click()
    expect(page.get_by_role("status")).to_have_text("Done: test delivered.")
    (ping,) = receiver.received
    assert ping.headers["X-Service-Signature"] == signed_with(secret, ping.body)
    expect(page.get_by_role("table")).to_contain_text("ping")
    delivery = page.locator("summary[aria-label^='Payload of delivery']")
    delivery_id = int((delivery.get_attribute("aria-label") or "").rsplit(" ", 1)[1])
    delivery.click()
    expect(page.locator("pre")).to_contain_text("This is a test delivery.")

    page.get_by_role("button", name=f"Send delivery {delivery_id} again").click()
    expect(page.get_by_role("status")).to_have_text("Done: sent again.")
    assert len(receiver.received) == 2

    page.get_by_role("button", name="Rotate the secret").click()
    expect(page.get_by_role("status")).to_have_text("Done: secret rotated.")
    rotated = page.get_by_role("textbox", name="Signing secret").input_value()
    assert rotated != secret
    reloads_without_a_second(live, page, tables.webhook_subscriptions, 1)
    assert rotated not in page.content()
    page.get_by_role("button", name="Send a test ping").click()
    expect(page.get_by_role("status")).to_have_text("Done: test delivered.")
    assert receiver.received[-1].headers["X-Service-Signature"] == signed_with(rotated, receiver.received[-1].body)

    page.get_by_role("button", name="Pause").click()
    expect(page.get_by_role("status")).to_have_text("Done: paused.")
    expect(page.locator(".facts")).to_contain_text("paused")
    page.get_by_role("button", name="Resume").click()
    expect(page.get_by_role("status")).to_have_text("Done: resumed.")
    expect(page.locator(".facts")).to_contain_text("active")

    page.get_by_role("button", name="Delete the subscription").click()
    expect(page.get_by_role("status")).to_have_text("Done: subscription deleted.")
    expect(page.get_by_role("table")).to_contain_text("No subscriptions yet.")
