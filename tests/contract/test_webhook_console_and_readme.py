"""The receiver the README shows accepts a real delivery and refuses a forged one; ``workforce webhooks
verify`` checks a captured delivery; ``workforce serve`` delivers in the background."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from http.server import HTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest
import trustme
from standardwebhooks import Webhook
from typer.testing import CliRunner

from tests.contract.server_process import serving
from tests.databases import SqliteTemplate
from tests.webhook_receiver import Receiver, receiving, write_ca
from workforce_adapters.webhooks.signing import delivery_headers
from workforce_core.rules.webhooks import new_secret
from workforce_core.services import accounts
from workforce_entrypoints.bootstrap import Settings, bootstrap
from workforce_entrypoints.cli.main import app as cli_app

README = Path(__file__).resolve().parents[2] / "README.md"
SECRET = new_secret()
BODY = b'{"event":"ping","timestamp":"2026-03-02T09:00:00Z","delivery_id":7,"data":{"message":"hi"}}'


def _readme_receiver() -> dict[str, Any]:
    text = README.read_text(encoding="utf-8")
    section = text[text.index("## Webhooks") :]
    [block] = re.findall(r"```python\n(.*?)```", section[: section.index("\n## ", 3)], flags=re.S)
    assert len(block.strip().splitlines()) <= 10
    namespace: dict[str, Any] = {"__name__": "readme_receiver"}
    exec(compile(block, "README.md receiver", "exec"), namespace)
    namespace["SECRET"] = SECRET.encode()
    return namespace


@pytest.fixture
def readme_receiver() -> Iterator[str]:
    server = HTTPServer(("127.0.0.1", 0), _readme_receiver()["Receiver"])
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_the_readme_receiver_accepts_a_signed_delivery_and_refuses_a_forged_one(readme_receiver: str) -> None:
    headers = delivery_headers(secret=SECRET, event="ping", delivery_id=7, body=BODY, at=datetime.now(UTC))
    assert httpx.post(readme_receiver, content=BODY, headers=headers).status_code == 204
    forged = BODY.replace(b"hi", b"ho")
    assert httpx.post(readme_receiver, content=forged, headers=headers).status_code == 401
    other = delivery_headers(secret=new_secret(), event="ping", delivery_id=7, body=BODY, at=datetime.now(UTC))
    assert httpx.post(readme_receiver, content=BODY, headers=other).status_code == 401


def _verify(secret: str, headers: dict[str, str], body: bytes) -> tuple[int, str]:
    options = [part for name, value in headers.items() for part in ("--header", f"{name}: {value}")]
    result = CliRunner().invoke(cli_app, ["webhooks", "verify", "--secret", secret, *options], input=body)
    return result.exit_code, result.stdout if result.exit_code == 0 else result.stderr


def test_the_console_verifies_a_captured_delivery_with_both_signatures() -> None:
    headers = delivery_headers(secret=SECRET, event="ping", delivery_id=7, body=BODY, at=datetime.now(UTC))
    code, printed = _verify(SECRET, headers, BODY)
    assert code == 0
    assert '"verified": true' in printed
    assert '"timestamp_recent": true' in printed
    code, printed = _verify(new_secret(), headers, BODY)
    assert code == 1
    assert '"error_code": "not_verified"' in printed
    only_one = {k: v for k, v in headers.items() if k != "webhook-signature"}
    code, printed = _verify(SECRET, only_one, BODY)
    assert (code, '"x_service_signature": true' in printed, '"webhook_signature": false' in printed) == (1, True, True)
    result = CliRunner().invoke(cli_app, ["webhooks", "verify", "--secret", SECRET, "--header", "nocolon"], input=BODY)
    assert result.exit_code == 1
    assert '"field": "header"' in result.stderr


def test_serve_delivers_webhooks_in_the_background(
    sqlite_template: SqliteTemplate, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ca = trustme.CA()
    url = sqlite_template.fresh_url()
    built = bootstrap(Settings(database_url=url))
    try:
        client = accounts.create_client(accounts.CreateClient(name="Served Ltd"), uow=built.uow, clock=built.clock)
        issued = accounts.create_key(
            accounts.CreateKey(client_id=client.id, name="k", scopes=("webhooks:write", "workers:write")),
            uow=built.uow,
            clock=built.clock,
        )
    finally:
        built.close()
    key = {"Authorization": f"Bearer {issued.secret}"}
    env = {"SSL_CERT_FILE": str(write_ca(ca, tmp_path)), "WORKFORCE_WEBHOOK_TRUSTED_NETWORKS": "127.0.0.0/8"}
    with receiving(ca) as receiver, serving(url, tmp_path, env=env) as base:
        made = httpx.post(
            f"{base}/api/v1/webhooks.php",
            headers=key,
            json={"url": receiver.url("/ok", host="127.0.0.1"), "events": ["worker.created"]},
        )
        assert made.status_code == 201, made.text
        secret = made.json()["data"]["secret"]
        assert httpx.post(f"{base}/api/v1/workers.php", headers=key, json={"name": "Bo"}).status_code == 201
        got = _first_delivery(receiver)
    assert Webhook(secret).verify(got.body, got.headers)["data"]["name"] == "Bo"


def _first_delivery(receiver: Receiver) -> Any:
    for _ in range(300):  # the dispatcher passes every 2 seconds; wait at most a minute
        if receiver.received:
            return receiver.received[0]
        time.sleep(0.2)
    raise AssertionError("no delivery arrived")
