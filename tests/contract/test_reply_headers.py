"""Trailing slashes are unknown paths (no redirect built from the Host header), and every reply of the
API says ``Cache-Control: no-store`` and ``X-Content-Type-Options: nosniff``."""

from __future__ import annotations

import httpx
from starlette.testclient import TestClient

from tests.contract import console_pages
from tests.contract.conftest import World
from workforce_entrypoints.bootstrap import Services


def _assert_not_cached_nor_sniffed(reply: httpx.Response) -> None:
    assert reply.headers["cache-control"] == "no-store", reply.request.url
    assert reply.headers["x-content-type-options"] == "nosniff", reply.request.url


def test_a_trailing_slash_is_404_not_a_redirect_to_the_host_sent(api: TestClient, world: World) -> None:
    headers = {**world.key(world.account().id), "Host": "evil.example"}
    for method, path in [
        ("GET", "/api/v1/workers.php/"),
        ("GET", "/api/v1/workers/"),
        ("POST", "/api/v1/workers.php/"),
        ("GET", "/api/v1/openapi.json/"),
    ]:
        reply = api.request(method, path, headers=headers, json={"name": "Ann"}, follow_redirects=False)
        assert reply.status_code == 404, (method, path)
        assert "location" not in reply.headers
        assert reply.json()["error_code"] == "not_found"
        _assert_not_cached_nor_sniffed(reply)
    assert world.outbox("worker.created") == []


def test_every_kind_of_reply_carries_no_store_and_nosniff(api: TestClient, world: World) -> None:
    account = world.account()
    key = world.key(account.id)
    replies = [
        api.get("/api/v1/me.php", headers=key),
        api.post("/api/v1/workers.php", headers=key, json={"name": "Ann"}),
        api.post("/api/v1/workers.php", headers=key, json={}),
        api.get("/api/v1/me.php"),
        api.get("/api/v1/no-such-thing.php"),
        api.get("/elsewhere"),
        api.delete("/api/v1/me.php", headers=key),
        api.options(
            "/api/v1/workers.php", headers={"Origin": "https://a.example", "Access-Control-Request-Method": "GET"}
        ),
        api.get("/api/v1/openapi.json"),
        api.post("/api/v1/openapi.json"),
    ]
    assert [r.status_code for r in replies] == [200, 201, 400, 401, 404, 404, 405, 204, 200, 405]
    for reply in replies:
        _assert_not_cached_nor_sniffed(reply)


def test_every_html_page_carries_the_consoles_security_headers(services: Services) -> None:
    """The front page and the API's docs as the console's pages: no inline script, no framing."""
    pages = ["/", "/api/v1/docs", "/console/sign-in", "/app/", "/app/1/sign-in", "/kiosk/", "/portal/link/abc"]
    with console_pages.console(services) as person:
        api = person.client
        console = api.get("/console/sign-in")
        _assert_page_headers(api, pages, console)


def _assert_page_headers(api: TestClient, pages: list[str], console: httpx.Response) -> None:
    for path in pages:
        reply = api.get(path, follow_redirects=False)
        assert reply.status_code in (200, 401), path  # a kiosk not enrolled: its page says so
        assert reply.headers["content-type"].startswith("text/html"), path
        policy = reply.headers.get("content-security-policy", "")
        assert "frame-ancestors 'none'" in policy, path
        assert "unsafe-inline" not in policy, path
        assert reply.headers.get("x-frame-options") == "DENY", path
        for name in ("content-security-policy", "x-frame-options", "referrer-policy"):
            assert reply.headers.get(name) == console.headers[name], (path, name)
        assert "<script>" not in reply.text, path  # the policy would block an inline script ...
        assert "<style>" not in reply.text, path  # ... and an inline style
    assert api.get("/front.css").headers["content-type"].startswith("text/css")
    assert "SwaggerUIBundle" in api.get("/api/v1/docs/start.js").text
    assert "content-security-policy" not in api.get("/health").headers  # JSON replies need none
