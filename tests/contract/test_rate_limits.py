"""Rate limits: per key on a rolling minute, exact under concurrency; the unknown-key throttle."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from starlette.testclient import TestClient

from tests.contract.conftest import World

ME = "/api/v1/me.php"


def test_the_61st_request_in_a_minute_is_refused_with_retry_after(api: TestClient, world: World) -> None:
    account = world.account()
    headers = world.key(account.id, ("workers:read",))
    replies = [api.get(ME, headers=headers) for _ in range(61)]
    assert [r.status_code for r in replies[:60]] == [200] * 60
    assert replies[0].headers["x-ratelimit-limit"] == "60"
    assert replies[0].headers["x-ratelimit-remaining"] == "59"
    assert replies[59].headers["x-ratelimit-remaining"] == "0"
    refused = replies[60]
    assert refused.status_code == 429
    assert refused.json()["error_code"] == "rate_limited"
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    assert refused.headers["x-ratelimit-remaining"] == "0"


def test_refused_requests_are_not_counted_and_do_nothing(api: TestClient, world: World) -> None:
    account = world.account()
    headers = world.key(account.id, rate_limit_per_minute=2)
    assert api.post("/api/v1/workers.php", headers=headers, json={"name": "One"}).status_code == 201
    assert api.post("/api/v1/workers.php", headers=headers, json={"name": "Two"}).status_code == 201
    refused = api.post("/api/v1/workers.php", headers=headers, json={"name": "Three"})
    assert refused.status_code == 429
    names = [e["data"]["name"] for e in world.outbox("worker.created")]
    assert names == ["One", "Two"]


def test_a_burst_of_80_gets_exactly_the_quota_of_60_through(api: TestClient, world: World) -> None:
    account = world.account()
    headers = world.key(account.id, ("workers:read",))
    with ThreadPoolExecutor(max_workers=80) as pool:
        statuses = list(pool.map(lambda _: api.get(ME, headers=headers).status_code, range(80)))
    assert statuses.count(200) == 60
    assert statuses.count(429) == 20


def test_a_raised_limit_is_applied(api: TestClient, world: World) -> None:
    account = world.account()
    headers = world.key(account.id, rate_limit_per_minute=120)
    reply = api.get(ME, headers=headers)
    assert reply.headers["x-ratelimit-limit"] == "120"
    assert reply.headers["x-ratelimit-remaining"] == "119"


def test_each_key_has_its_own_quota(api: TestClient, world: World) -> None:
    account = world.account()
    first = world.key(account.id, rate_limit_per_minute=1)
    second = world.key(account.id, rate_limit_per_minute=1)
    assert api.get(ME, headers=first).status_code == 200
    assert api.get(ME, headers=first).status_code == 429
    assert api.get(ME, headers=second).status_code == 200


def test_errors_to_a_recognised_key_carry_rate_limit_headers(api: TestClient, world: World) -> None:
    account = world.account()
    headers = world.key(account.id, ("locations:read",))
    reply = api.get("/api/v1/workers.php", headers=headers)
    assert reply.status_code == 403
    assert reply.headers["x-ratelimit-limit"] == "60"


def test_missing_or_unknown_keys_get_no_rate_limit_headers(api: TestClient) -> None:
    missing = api.get(ME)
    unknown = api.get(ME, headers={"Authorization": "Bearer wfk_not-a-key-at-all"})
    assert (missing.status_code, unknown.status_code) == (401, 401)
    assert not any(h.startswith("x-ratelimit") for h in missing.headers)
    assert not any(h.startswith("x-ratelimit") for h in unknown.headers)


def test_an_address_sending_20_unknown_keys_is_throttled_but_working_keys_are_not(
    api: TestClient, world: World
) -> None:
    account = world.account()
    good = world.key(account.id)
    codes = [api.get(ME, headers={"Authorization": f"Bearer wfk_unknown-{n}"}).json()["error_code"] for n in range(21)]
    assert codes[:20] == ["invalid_api_key"] * 20
    assert codes[20] == "rate_limited"
    throttled = api.get(ME, headers={"Authorization": "Bearer wfk_another-unknown"})
    assert throttled.status_code == 429
    assert int(throttled.headers["retry-after"]) >= 1
    assert api.get(ME, headers=good).status_code == 200


def test_missing_keys_do_not_count_toward_the_unknown_key_throttle(api: TestClient) -> None:
    for _ in range(25):
        assert api.get(ME).json()["error_code"] == "missing_api_key"
    assert api.get(ME, headers={"Authorization": "Bearer wfk_unknown"}).json()["error_code"] == "invalid_api_key"


def test_malformed_authorization_headers_are_401(api: TestClient) -> None:
    cases = {
        "Token abc": "missing_api_key",
        "Bearer": "missing_api_key",
        "Bearer ": "missing_api_key",
        "bearer wfk_x": "missing_api_key",
        "Bearer  wfk_two_spaces": "invalid_api_key",
        "Bearer wfk_ünïcode": "invalid_api_key",
        "Bearer wfk_a b": "invalid_api_key",
    }
    for header, code in cases.items():
        reply = api.get(ME, headers={"Authorization": header.encode("utf-8")})  # type: ignore[dict-item]
        assert (reply.status_code, reply.json()["error_code"]) == (401, code), header
