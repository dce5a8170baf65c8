"""CORS: the key's allowed_origins decide; an empty list means server to server only."""

from __future__ import annotations

from starlette.testclient import TestClient

from tests.contract.conftest import World

APP = "https://app.example.com"
OTHER = "https://evil.example.net"


def _preflight(api: TestClient, origin: str):  # type: ignore[no-untyped-def]
    return api.options(
        "/api/v1/workers.php",
        headers={
            "Origin": origin,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type",
        },
    )


def test_a_preflight_from_an_allowed_origin_is_answered(api: TestClient, world: World) -> None:
    account = world.account()
    world.key(account.id, allowed_origins=(APP,))
    reply = _preflight(api, APP)
    assert reply.status_code == 204
    assert reply.headers["access-control-allow-origin"] == APP
    assert reply.headers["access-control-allow-methods"] == "GET, POST, PUT"
    assert "Idempotency-Key" in reply.headers["access-control-allow-headers"]
    assert reply.headers["x-request-id"]


def test_a_preflight_from_an_unlisted_origin_gets_no_allow_origin(api: TestClient, world: World) -> None:
    account = world.account()
    world.key(account.id, allowed_origins=(APP,))
    reply = _preflight(api, OTHER)
    assert reply.status_code == 204
    assert "access-control-allow-origin" not in reply.headers


def test_a_revoked_keys_origins_no_longer_pass_preflight(api: TestClient, world: World, console) -> None:  # type: ignore[no-untyped-def]
    account = world.account()
    headers = world.key(account.id, allowed_origins=(APP,))
    code, _ = console("key", "revoke", str(world.key_id(headers)))
    assert code == 0
    assert "access-control-allow-origin" not in _preflight(api, APP).headers


def test_a_request_from_an_allowed_origin_carries_the_cors_headers(api: TestClient, world: World) -> None:
    account = world.account()
    headers = world.key(account.id, allowed_origins=(APP,))
    reply = api.get("/api/v1/me.php", headers={**headers, "Origin": APP})
    assert reply.status_code == 200
    assert reply.headers["access-control-allow-origin"] == APP
    assert "X-RateLimit-Remaining" in reply.headers["access-control-expose-headers"]
    assert reply.headers["vary"] == "Origin"


def test_a_request_from_an_origin_the_key_does_not_list_is_refused(api: TestClient, world: World) -> None:
    account = world.account()
    listed = world.key(account.id, allowed_origins=(APP,))
    server_only = world.key(account.id)
    for headers, origin in ((listed, OTHER), (server_only, APP)):
        reply = api.post("/api/v1/workers.php", headers={**headers, "Origin": origin}, json={"name": "Ann"})
        assert reply.status_code == 403
        assert reply.json()["error_code"] == "forbidden"
        assert "access-control-allow-origin" not in reply.headers
    assert world.outbox("worker.created") == []


def test_server_to_server_requests_need_no_origin(api: TestClient, world: World) -> None:
    account = world.account()
    headers = world.key(account.id)
    reply = api.get("/api/v1/me.php", headers=headers)
    assert reply.status_code == 200
    assert "access-control-allow-origin" not in reply.headers


def test_an_expired_keys_origins_no_longer_pass_preflight(api: TestClient, world: World) -> None:
    from datetime import timedelta

    account = world.account()
    world.key(account.id, allowed_origins=(APP,), expires_at=world.clock.now() + timedelta(hours=1))
    assert _preflight(api, APP).headers["access-control-allow-origin"] == APP
    world.clock.advance(hours=2)
    assert "access-control-allow-origin" not in _preflight(api, APP).headers
