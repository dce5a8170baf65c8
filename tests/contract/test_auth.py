"""Authentication in the spec's order: the 401 codes, the 403 account codes, then the endpoint's scope."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.helpers import assert_error, data, path, post_worker, put_worker
from workforce_core.services import accounts

ENDPOINTS = ("me", "workers", "locations", "departments", "cost-codes")


def _update_client(world: World, client_id: int, **changes: object) -> None:
    accounts.update_client(accounts.UpdateClient(client_id=client_id, **changes), uow=world.uow, clock=world.clock)


def _revoke(world: World, headers: dict[str, str]) -> None:
    accounts.revoke_key(world.key_id(headers), uow=world.uow, clock=world.clock)


def _rotate(world: World, headers: dict[str, str], overlap_hours: float) -> dict[str, str]:
    issued = accounts.rotate_key(world.key_id(headers), uow=world.uow, clock=world.clock, overlap_hours=overlap_hours)
    return {"Authorization": f"Bearer {issued.secret}"}


# ---- 401 missing_api_key / invalid_api_key -------------------------------------------------------


def test_a_call_without_an_authorization_header_answers_missing_api_key(api: TestClient, world: World) -> None:
    for name in ENDPOINTS:
        for php in (True, False):
            assert_error(api.get(path(name, php=php)), 401, "missing_api_key")
    assert_error(api.post(path("workers"), json={"name": "Ann"}), 401, "missing_api_key")
    assert_error(api.put(path("workers"), params={"id": 1}, json={"name": "Ann"}), 401, "missing_api_key")


def test_an_authorization_header_without_a_bearer_key_answers_missing_api_key(api: TestClient, world: World) -> None:
    headers = (
        "",
        "Bearer",
        "Bearer ",
        "Bearer    ",
        "Basic dXNlcjpwYXNz",
        "Token wfk_abcdefghijkl",
        "wfk_abcdefghijkl",
    )
    for header in headers:
        reply = api.get(path("me"), headers={"Authorization": header})
        assert_error(reply, 401, "missing_api_key")


def test_an_unknown_key_answers_invalid_api_key(api: TestClient, world: World) -> None:
    world.key(world.account().id)
    reply = api.get(path("workers"), headers={"Authorization": "Bearer wfk_thisKeyWasNeverIssuedToAnyone0000000000000"})
    assert_error(reply, 401, "invalid_api_key")


def test_a_key_with_a_known_prefix_but_a_wrong_secret_answers_invalid_api_key(api: TestClient, world: World) -> None:
    headers = world.key(world.account().id)
    secret = headers["Authorization"].removeprefix("Bearer ")
    forged = secret[:-1] + ("A" if secret[-1] != "A" else "B")
    assert forged[:16] == secret[:16]
    assert_error(api.get(path("me"), headers={"Authorization": f"Bearer {forged}"}), 401, "invalid_api_key")


@pytest.mark.parametrize(
    "secret",
    ["wfk_has a space", "wfk_" + "x" * 197, "wfk_tab\tinside"],
    ids=["space", "201-characters", "tab"],
)
def test_a_malformed_key_answers_invalid_api_key(api: TestClient, world: World, secret: str) -> None:
    assert_error(api.get(path("me"), headers={"Authorization": f"Bearer {secret}"}), 401, "invalid_api_key")


def test_a_real_key_with_trailing_text_answers_invalid_api_key(api: TestClient, world: World) -> None:
    headers = world.key(world.account().id)
    reply = api.get(path("me"), headers={"Authorization": headers["Authorization"] + "x"})
    assert_error(reply, 401, "invalid_api_key")


def test_the_reply_never_contains_the_secret_key(api: TestClient, world: World) -> None:
    headers = world.key(world.account().id)
    secret = headers["Authorization"].removeprefix("Bearer ")
    reply = api.get(path("me"), headers=headers)
    assert reply.status_code == 200
    assert secret not in reply.text
    assert reply.json()["data"]["key_prefix"] == secret[:16]


# ---- 401 key_expired ---------------------------------------------------------------------------------


def test_a_key_past_its_expiry_answers_key_expired(api: TestClient, world: World, clock: FakeClock) -> None:
    headers = world.key(world.account().id, expires_at=clock.now() - timedelta(seconds=1))
    assert_error(api.get(path("workers"), headers=headers), 401, "key_expired")
    assert_error(api.get(path("me"), headers=headers), 401, "key_expired")


def test_a_key_works_until_its_expiry_and_then_answers_key_expired(
    api: TestClient, world: World, clock: FakeClock
) -> None:
    clock.set(datetime(2030, 3, 1, 12, 0, tzinfo=UTC))
    headers = world.key(world.account().id, expires_at=datetime(2030, 3, 1, 13, 0, tzinfo=UTC))
    assert api.get(path("me"), headers=headers).status_code == 200
    clock.set(datetime(2030, 3, 1, 12, 59, 59, tzinfo=UTC))
    assert api.get(path("me"), headers=headers).status_code == 200
    clock.set(datetime(2030, 3, 1, 13, 0, 0, tzinfo=UTC))
    assert_error(api.get(path("me"), headers=headers), 401, "key_expired")


def test_a_console_expiry_date_lets_the_key_work_through_that_london_day(
    api: TestClient, world: World, console: Console, clock: FakeClock
) -> None:
    client = world.account()
    code, key = console("key", "create", "--client", str(client.id), "--name", "summer", "--expires-at", "2031-07-10")
    assert code == 0, key
    headers = {"Authorization": f"Bearer {key['key']}"}
    assert key["expires_at"] == "2031-07-11 00:00:00"
    assert key["expires_at_utc"] == "2031-07-10T23:00:00Z"
    clock.set(datetime(2031, 7, 10, 22, 59, 59, tzinfo=UTC))  # 23:59:59 BST on the last day
    assert data(api.get(path("me"), headers=headers))["expires_at_utc"] == "2031-07-10T23:00:00Z"
    clock.set(datetime(2031, 7, 10, 23, 0, 0, tzinfo=UTC))  # local midnight
    assert_error(api.get(path("me"), headers=headers), 401, "key_expired")


# ---- 401 key_revoked ---------------------------------------------------------------------------------


def test_a_revoked_key_answers_key_revoked(api: TestClient, world: World) -> None:
    client = world.account()
    headers = world.key(client.id)
    other = world.key(client.id, name="other")
    assert api.get(path("workers"), headers=headers).status_code == 200
    _revoke(world, headers)
    for name in ENDPOINTS:
        assert_error(api.get(path(name), headers=headers), 401, "key_revoked")
    assert api.get(path("workers"), headers=other).status_code == 200


def test_a_revoked_key_that_also_expired_answers_key_revoked(api: TestClient, world: World, clock: FakeClock) -> None:
    headers = world.key(world.account().id, expires_at=clock.now() + timedelta(hours=1))
    _revoke(world, headers)
    clock.advance(hours=2)
    assert_error(api.get(path("me"), headers=headers), 401, "key_revoked")


def test_switching_api_access_off_makes_every_key_answer_key_revoked(api: TestClient, world: World) -> None:
    client = world.account()
    first, second = world.key(client.id, name="one"), world.key(client.id, name="two")
    other_client_key = world.key(world.account("Other Ltd").id)
    _update_client(world, client.id, api_access=False)
    assert_error(api.get(path("me"), headers=first), 401, "key_revoked")
    assert_error(api.get(path("workers"), headers=second), 401, "key_revoked")
    assert api.get(path("me"), headers=other_client_key).status_code == 200


def test_switching_api_access_on_again_does_not_revive_revoked_keys(api: TestClient, world: World) -> None:
    client = world.account()
    headers = world.key(client.id)
    _update_client(world, client.id, api_access=False)
    _update_client(world, client.id, api_access=True)
    assert_error(api.get(path("me"), headers=headers), 401, "key_revoked")


def test_a_rotated_key_answers_during_the_overlap_and_is_revoked_after_it(
    api: TestClient, world: World, clock: FakeClock
) -> None:
    old = world.key(world.account().id, ("workers:read",), name="payroll sync")
    new = _rotate(world, old, overlap_hours=24)
    assert api.get(path("workers"), headers=old).status_code == 200
    me = data(api.get(path("me"), headers=new))
    assert me["key_name"] == "payroll sync"
    assert me["scopes"] == ["workers:read"]
    clock.advance(hours=23, minutes=59)
    assert api.get(path("workers"), headers=old).status_code == 200
    clock.advance(minutes=1)
    assert_error(api.get(path("workers"), headers=old), 401, "key_revoked")
    assert api.get(path("workers"), headers=new).status_code == 200


def test_a_rotation_without_overlap_revokes_the_old_key_at_once(api: TestClient, world: World) -> None:
    old = world.key(world.account().id)
    new = _rotate(world, old, overlap_hours=0)
    assert_error(api.get(path("me"), headers=old), 401, "key_revoked")
    assert api.get(path("me"), headers=new).status_code == 200


# ---- 403 api_access_disabled / account_suspended -------------------------------------------------


def test_a_key_made_while_api_access_is_off_answers_api_access_disabled(api: TestClient, world: World) -> None:
    client = world.account()
    _update_client(world, client.id, api_access=False)
    headers = world.key(client.id)
    assert_error(api.get(path("me"), headers=headers), 403, "api_access_disabled")
    assert_error(api.get(path("workers"), headers=headers), 403, "api_access_disabled")
    _update_client(world, client.id, api_access=True)
    assert api.get(path("workers"), headers=headers).status_code == 200


@pytest.mark.parametrize("status", ["suspended", "cancelled", "trial_ended"])
def test_a_key_of_an_account_that_is_not_active_answers_account_suspended(
    api: TestClient, world: World, status: str
) -> None:
    client = world.account()
    headers = world.key(client.id)
    _update_client(world, client.id, status=status)
    for name in ENDPOINTS:
        assert_error(api.get(path(name), headers=headers), 403, "account_suspended")
    assert_error(post_worker(api, headers), 403, "account_suspended")


def test_a_reactivated_account_answers_again(api: TestClient, world: World) -> None:
    client = world.account()
    headers = world.key(client.id)
    _update_client(world, client.id, status="suspended")
    assert_error(api.get(path("me"), headers=headers), 403, "account_suspended")
    _update_client(world, client.id, status="active")
    assert api.get(path("me"), headers=headers).status_code == 200


def test_api_access_is_checked_before_the_account_status(api: TestClient, world: World) -> None:
    client = world.account()
    _update_client(world, client.id, api_access=False, status="suspended")
    headers = world.key(client.id)
    assert_error(api.get(path("me"), headers=headers), 403, "api_access_disabled")


def test_a_revoked_key_of_a_suspended_account_answers_key_revoked(api: TestClient, world: World) -> None:
    client = world.account()
    headers = world.key(client.id)
    _revoke(world, headers)
    _update_client(world, client.id, status="suspended")
    assert_error(api.get(path("me"), headers=headers), 401, "key_revoked")


def test_an_expired_key_of_a_suspended_account_answers_key_expired(
    api: TestClient, world: World, clock: FakeClock
) -> None:
    client = world.account()
    headers = world.key(client.id, expires_at=clock.now() - timedelta(minutes=1))
    _update_client(world, client.id, status="cancelled")
    assert_error(api.get(path("me"), headers=headers), 401, "key_expired")


# ---- 403 insufficient_scope -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "name", "scopes", "required"),
    [
        ("GET", "workers", ("locations:read", "pay:read"), "workers:read"),
        ("POST", "workers", ("workers:read",), "workers:write"),
        ("PUT", "workers", ("workers:read", "rates:write"), "workers:write"),
        ("GET", "locations", ("workers:write", "charges:read"), "locations:read"),
        ("GET", "departments", ("locations:read",), "departments:read"),
        ("GET", "cost-codes", ("departments:read",), "cost_codes:read"),
    ],
)
def test_a_key_without_the_endpoint_scope_answers_insufficient_scope(
    api: TestClient, world: World, method: str, name: str, scopes: tuple[str, ...], required: str
) -> None:
    headers = world.key(world.account().id, scopes)
    reply = api.request(method, path(name), headers=headers, params={"id": 1}, json={"name": "X"})
    assert_error(reply, 403, "insufficient_scope", required_scope=required)


def test_the_scope_is_checked_before_the_body(api: TestClient, world: World) -> None:
    headers = world.key(world.account().id, ("workers:read",))
    reply = api.post(path("workers"), headers=headers, content=b"not json")
    assert_error(reply, 403, "insufficient_scope", required_scope="workers:write")


def test_a_write_scope_opens_the_matching_read(api: TestClient, world: World) -> None:
    headers = world.key(world.account().id, ("workers:write",))
    reply = api.get(path("workers"), headers=headers)
    assert reply.status_code == 200
    assert reply.json()["data"] == []


def test_a_key_with_no_scopes_can_call_me_but_nothing_else(api: TestClient, world: World) -> None:
    headers = world.key(world.account().id, ())
    assert data(api.get(path("me"), headers=headers))["effective_scopes"] == []
    assert_error(api.get(path("workers"), headers=headers), 403, "insufficient_scope", required_scope="workers:read")


@pytest.mark.parametrize("name", ["workers", "locations", "departments", "cost-codes"])
def test_a_legacy_key_reads_the_1_0_resources(api: TestClient, world: World, name: str) -> None:
    headers = world.key(world.account().id, (), legacy=True)
    reply = api.get(path(name), headers=headers)
    assert reply.status_code == 200, reply.text


def test_a_legacy_key_cannot_set_rates(api: TestClient, world: World) -> None:
    headers = world.key(world.account().id, (), legacy=True)
    assert data(post_worker(api, headers, name="Legacy Made"), 201)["name"] == "Legacy Made"
    assert_error(post_worker(api, headers, hourly_rate=12), 403, "insufficient_scope", required_scope="rates:write")


def test_setting_a_rate_on_change_needs_rates_write(api: TestClient, world: World) -> None:
    client = world.account()
    worker = world.worker(client.id)
    headers = world.key(client.id, ("workers:write", "pay:read", "charges:read"))
    reply = put_worker(api, headers, worker.worker.id, charge_rate=20)
    assert_error(reply, 403, "insufficient_scope", required_scope="rates:write")
