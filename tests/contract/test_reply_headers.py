"""Trailing slashes are unknown paths (no redirect built from the Host header), and every reply of the
API says ``Cache-Control: no-store`` and ``X-Content-Type-Options: nosniff``."""

from __future__ import annotations

import httpx
from starlette.testclient import TestClient

from tests.contract.conftest import World


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
