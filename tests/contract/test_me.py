"""GET /me.php: the calling key, its account, sites and effective scopes."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import update
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.helpers import LOCAL_TIME, UTC_TIME, assert_error, data, path
from workforce_adapters.sql import tables

LEGACY_SET = [
    "workers:read",
    "workers:write",
    "timesheets:read",
    "shifts:read",
    "shifts:write",
    "locations:read",
    "departments:read",
    "cost_codes:read",
    "clock:write",
]


def test_me_describes_the_calling_key(api: TestClient, world: World, clock: FakeClock) -> None:
    clock.set(datetime(2030, 1, 15, 9, 30, 5, tzinfo=UTC))
    client = world.account("Northern Staffing")
    north = world.site(client.id, "North")
    south = world.site(client.id, "South")
    headers = world.key(
        client.id,
        ("workers:read", "pay:read"),
        name="payroll bridge",
        rate_limit_per_minute=120,
        allowed_origins=("https://app.example.com",),
    )
    reply = api.get(path("me"), headers=headers)
    me = data(reply)
    secret = headers["Authorization"].removeprefix("Bearer ")
    assert me["api_key_id"] == world.key_id(headers)
    assert me["key_name"] == "payroll bridge"
    assert me["key_prefix"] == secret[:16]
    assert me["key_prefix"].startswith("wfk_")
    assert me["kind"] == "client"
    assert me["client_id"] == client.id
    assert me["client_ids"] == [client.id]
    assert me["client_name"] == "Northern Staffing"
    assert me["site_limited"] is False
    assert me["location_ids"] is None
    assert me["locations"] == [
        {"id": north.id, "name": "North", "active": True},
        {"id": south.id, "name": "South", "active": True},
    ]
    assert me["scopes"] == ["workers:read", "pay:read"]
    assert me["effective_scopes"] == ["workers:read", "pay:read"]
    assert me["legacy"] is False
    assert me["rate_limit_per_minute"] == 120
    assert me["allowed_origins"] == ["https://app.example.com"]
    assert me["expires_at"] is None
    assert me["expires_at_utc"] is None
    assert me["created_at"] == "2030-01-15 09:30:05"
    assert me["created_at_utc"] == "2030-01-15T09:30:05Z"
    assert me["api_version"] == "1.3.0"
    assert reply.headers["x-api-version"] == "1.3.0"
    assert set(reply.json()) == {"data"}


def test_me_shows_expiry_as_local_time_and_utc(api: TestClient, world: World, clock: FakeClock) -> None:
    clock.set(datetime(2030, 6, 1, 8, 0, tzinfo=UTC))
    headers = world.key(world.account().id, expires_at=datetime(2030, 6, 30, 23, 0, tzinfo=UTC))
    me = data(api.get(path("me"), headers=headers))
    assert me["expires_at"] == "2030-07-01 00:00:00"
    assert me["expires_at_utc"] == "2030-06-30T23:00:00Z"
    assert LOCAL_TIME.match(me["created_at"])
    assert UTC_TIME.match(me["created_at_utc"])


def test_me_of_a_site_limited_key_lists_only_its_sites(api: TestClient, world: World) -> None:
    client = world.account()
    world.site(client.id, "Alpha")
    beta = world.site(client.id, "Beta")
    gamma = world.site(client.id, "Gamma")
    headers = world.key(client.id, ("workers:read",), location_ids=(gamma.id, beta.id))
    me = data(api.get(path("me"), headers=headers))
    assert me["site_limited"] is True
    assert me["location_ids"] == sorted([beta.id, gamma.id])
    assert me["locations"] == [
        {"id": beta.id, "name": "Beta", "active": True},
        {"id": gamma.id, "name": "Gamma", "active": True},
    ]


def test_me_lists_an_inactive_site_with_active_false(api: TestClient, world: World) -> None:
    client = world.account()
    site = world.site(client.id, "Closed Depot")
    with world.services.engine.begin() as connection:
        connection.execute(update(tables.locations).where(tables.locations.c.id == site.id).values(active=False))
    me = data(api.get(path("me"), headers=world.key(client.id)))
    assert me["locations"] == [{"id": site.id, "name": "Closed Depot", "active": False}]


def test_me_does_not_list_another_clients_sites(api: TestClient, world: World) -> None:
    mine = world.account("Mine")
    theirs = world.account("Theirs")
    world.site(theirs.id, "Their Site")
    me = data(api.get(path("me"), headers=world.key(mine.id)))
    assert me["locations"] == []
    assert me["client_name"] == "Mine"


@pytest.mark.parametrize(
    ("stored", "effective"),
    [
        (("workers:write",), ["workers:read", "workers:write"]),
        (("payroll:read",), ["payroll:read", "pay:read"]),
        (
            ("shifts:write", "availability:write"),
            ["shifts:read", "shifts:write", "availability:read", "availability:write"],
        ),
        (("webhooks:write",), ["webhooks:read", "webhooks:write"]),
        (("clock:write",), ["clock:write"]),
        (("rates:write",), ["rates:write"]),
        (("onsite:read",), ["onsite:read"]),
        (("charges:read", "workers:read"), ["workers:read", "charges:read"]),
    ],
)
def test_effective_scopes_add_the_implied_scopes_in_the_spec_order(
    api: TestClient, world: World, stored: tuple[str, ...], effective: list[str]
) -> None:
    me = data(api.get(path("me"), headers=world.key(world.account().id, stored)))
    assert me["scopes"] == list(stored)
    assert me["effective_scopes"] == effective


def test_a_legacy_key_has_no_stored_scopes_and_the_legacy_set_in_effect(api: TestClient, world: World) -> None:
    me = data(api.get(path("me"), headers=world.key(world.account().id, (), legacy=True)))
    assert me["legacy"] is True
    assert me["scopes"] == []
    assert me["effective_scopes"] == LEGACY_SET


def test_a_legacy_key_with_extra_scopes_has_both(api: TestClient, world: World) -> None:
    me = data(api.get(path("me"), headers=world.key(world.account().id, ("payroll:read",), legacy=True)))
    assert me["scopes"] == ["payroll:read"]
    assert me["effective_scopes"] == [
        "workers:read",
        "workers:write",
        "timesheets:read",
        "payroll:read",
        "pay:read",
        "shifts:read",
        "shifts:write",
        "locations:read",
        "departments:read",
        "cost_codes:read",
        "clock:write",
    ]


def test_me_answers_without_the_php_suffix_too(api: TestClient, world: World) -> None:
    headers = world.key(world.account().id)
    assert data(api.get(path("me", php=False), headers=headers)) == data(api.get(path("me"), headers=headers))


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH"])
def test_me_only_answers_get(api: TestClient, world: World, method: str) -> None:
    reply = api.request(method, path("me"), headers=world.key(world.account().id), json={})
    assert_error(reply, 405, "method_not_allowed")
    assert reply.headers["allow"] == "GET"
