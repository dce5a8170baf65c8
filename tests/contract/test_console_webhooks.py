"""Webhooks in the console's setup, on SQLite and PostgreSQL, against a local HTTPS receiver: an owner
adds a subscription (its secret shown once), sends a test ping that arrives signed with it, reads the
delivery log with the payload, sends it again, rotates the secret, pauses, deletes; a coordinator and
another account are kept out."""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import trustme

from tests.contract.conftest import World
from tests.contract.console_pages import console, sign_in_as
from tests.resolvers import DNS, TableResolver
from tests.webhook_receiver import HOST_NAME, Receiver, receiving, write_ca
from workforce_core.rules.receiver_urls import parse_networks
from workforce_entrypoints.bootstrap import Services

SECRET = re.compile(r'id="(?:new|rotated)-secret" readonly value="([^"]+)"')


@pytest.fixture(scope="module")
def ca() -> trustme.CA:
    return trustme.CA()


@pytest.fixture
def receiver(ca: trustme.CA, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, services: Services) -> Iterator[Receiver]:
    monkeypatch.setenv("SSL_CERT_FILE", str(write_ca(ca, tmp_path)))
    services.webhooks.resolver = TableResolver({**DNS.table, HOST_NAME: ["127.0.0.1"]})
    services.webhooks.trusted_networks = parse_networks("127.0.0.0/8")
    services.webhooks.timeout = 5.0
    with receiving(ca) as running:
        yield running


def test_an_owner_runs_a_subscription_from_setup(services: Services, world: World, receiver: Receiver) -> None:
    client = world.account("Acme").id
    with console(services) as owner:
        sign_in_as(services, "owner", client, owner)
        base = f"/console/{client}/setup/webhooks"
        token = owner.csrf(base)
        made = owner.post(base, {"url": receiver.url(), "events": ["*"], "description": "payroll bridge"}, token=token)
        assert made.headers["location"] == f"{base}?done=subscription_added"
        secret = SECRET.search(owner.followed(made).text)
        assert secret is not None
        listing = owner.get(base).text
        assert secret.group(1) not in listing
        hook = int(listing.split(f"{base}/")[1].split('"')[0])
        assert owner.post(f"{base}/{hook}/test", token=token).headers["location"].endswith("done=test_delivered")
        (ping,) = receiver.received
        signed = hmac.new(secret.group(1).encode(), ping.body, hashlib.sha256).hexdigest()
        assert ping.headers["X-Service-Signature"] == f"sha256={signed}"
        page = owner.get(f"{base}/{hook}").text
        assert "ping" in page
        assert "This is a test delivery." in page  # the payload
        delivery = int(page.split("/deliveries/")[1].split("/")[0])
        assert owner.post(f"{base}/{hook}/deliveries/{delivery}/redeliver", token=token).status_code == 303
        assert len(receiver.received) == 2
        rotation = owner.post(f"{base}/{hook}/rotate", token=token)
        assert rotation.headers["location"] == f"{base}/{hook}?done=secret_rotated"
        rotated = SECRET.search(owner.followed(rotation).text)
        assert rotated is not None
        assert rotated.group(1) != secret.group(1)
        assert rotated.group(1) not in owner.get(f"{base}/{hook}").text  # a reload: shown no more
        paused = owner.post(f"{base}/{hook}/active", {"active": "0"}, token=token)
        assert paused.headers["location"].endswith("done=paused")
        assert "paused" in owner.get(base).text
        assert owner.post(f"{base}/{hook}/delete", token=token).status_code == 303
        assert "No subscriptions yet." in owner.get(base).text


def test_webhook_setup_is_for_owners_of_the_account(services: Services, world: World) -> None:
    client, rival = world.account("Acme").id, world.account("Rival").id
    with console(services) as coordinator:
        sign_in_as(services, "coordinator", client, coordinator)
        assert coordinator.get(f"/console/{client}/setup/webhooks").status_code == 403
    with console(services) as other:
        sign_in_as(services, "owner", rival, other)
        assert other.get(f"/console/{client}/setup/webhooks").status_code == 404
        token = other.csrf(f"/console/{rival}/setup/webhooks")
        refused = other.post(
            f"/console/{rival}/setup/webhooks", {"url": "http://10.0.0.5/hook", "events": ["*"]}, token=token
        )
        assert refused.status_code == 400
        assert "url" in refused.text
