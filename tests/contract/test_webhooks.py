"""/webhooks.php: subscriptions, ownership through key rotation, the secret shown once, the event list
and the delivery log, on SQLite and PostgreSQL; every reply checked against the OpenAPI document."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.contract.conftest import World
from tests.contract.helpers import assert_error, data, path
from tests.resolvers import DNS
from workforce_core.event_types import CATALOGUE
from workforce_core.services import accounts
from workforce_entrypoints.bootstrap import Services

URL = "https://93.184.216.34/hooks"
WEBHOOKS = path("webhooks")


@pytest.fixture(autouse=True)
def _table_dns(services: Services) -> None:
    services.webhooks.resolver = DNS  # no test asks the system's DNS


def _create(api: TestClient, headers: dict[str, str], **body: Any) -> Any:
    return api.post(WEBHOOKS, headers=headers, json={"url": URL, "events": ["clock_in"], **body})


def _rotated(world: World, headers: dict[str, str]) -> dict[str, str]:
    issued = accounts.rotate_key(world.key_id(headers), uow=world.uow, clock=world.clock)
    return {"Authorization": f"Bearer {issued.secret}"}


def test_a_subscription_is_created_active_with_its_secret_shown_once(api: TestClient, world: World) -> None:
    key = world.key(world.account().id)
    made = data(_create(api, key, description="payroll bridge"), 201)
    assert made["secret"].startswith("whsec_")
    assert (made["url"], made["events"], made["active"], made["description"]) == (
        URL,
        ["clock_in"],
        True,
        "payroll bridge",
    )
    assert made["api_key_id"] == world.key_id(key)
    read = data(api.get(WEBHOOKS, headers=key, params={"id": made["id"]}))
    assert read["secret"] == made["secret"][:8] + "..."
    assert read["recent_deliveries"] == []
    listed = api.get(WEBHOOKS, headers=key).json()
    assert [s["id"] for s in listed["data"]] == [made["id"]]
    assert listed["data"][0]["secret"].endswith("...")


@pytest.mark.parametrize(
    "body",
    [
        {"url": "http://93.184.216.34/"},
        {"url": "https://93.184.216.34:8443/"},
        {"url": "https://user:pass@hooks.example.com/"},
        {"url": "https://loopback.example.com/"},
        {"url": "https://0x7f.1/"},
        {"url": "https://[::ffff:127.0.0.1]/"},
        {"events": ["clock_in"] * 39 + ["nope"]},
        {"events": []},
        {"description": "d" * 256},
    ],
)
def test_bad_input_is_refused_naming_its_field(api: TestClient, world: World, body: dict[str, Any]) -> None:
    key = world.key(world.account().id)
    field = next(iter(body))
    assert_error(_create(api, key, **body), 400, "validation_failed", field=field)
    assert api.get(WEBHOOKS, headers=key).json()["data"] == []


def test_subscribing_needs_the_read_scope_of_the_events(api: TestClient, world: World) -> None:
    key = world.key(world.account().id, ("webhooks:write", "timesheets:read", "shifts:read", "workers:read"))
    assert data(_create(api, key, events=["clock_in", "shift.created"]), 201)
    reply = _create(api, key, events=["*"])
    assert_error(reply, 403, "insufficient_scope", required_scope="payroll:read", field="events")
    assert_error(_create(api, key, events=["pay_week.locked"]), 403, "insufficient_scope", field="events")


def test_a_client_has_at_most_25_subscriptions(api: TestClient, world: World) -> None:
    key = world.key(world.account().id)
    for _ in range(25):
        data(_create(api, key), 201)
    assert_error(_create(api, key), 409, "conflict")


def test_a_site_limited_key_lists_but_cannot_create_change_or_read_the_log(api: TestClient, world: World) -> None:
    account = world.account()
    site = world.site(account.id)
    made = data(_create(api, world.key(account.id)), 201)
    limited = world.key(account.id, location_ids=(site.id,))
    assert [s["id"] for s in api.get(WEBHOOKS, headers=limited).json()["data"]] == [made["id"]]
    assert_error(_create(api, limited), 403, "forbidden")
    params = {"id": made["id"], "action": "deliveries"}
    assert_error(api.get(WEBHOOKS, headers=limited, params=params), 403, "forbidden")


def test_only_the_making_key_or_its_replacements_may_change_delete_or_rotate(api: TestClient, world: World) -> None:
    account = world.account()
    maker = world.key(account.id)
    made = data(_create(api, maker), 201)
    other = world.key(account.id)
    sid = {"id": made["id"]}
    assert_error(api.put(WEBHOOKS, headers=other, params=sid, json={"active": False}), 403, "forbidden")
    assert_error(api.delete(WEBHOOKS, headers=other, params=sid), 403, "forbidden")
    rotate = {**sid, "action": "rotate_secret"}
    assert_error(api.post(WEBHOOKS, headers=other, params=rotate), 403, "forbidden")
    assert data(api.get(WEBHOOKS, headers=other, params=sid))["active"] is True  # nothing changed
    second = _rotated(world, maker)
    third = _rotated(world, second)
    paused = data(api.put(WEBHOOKS, headers=third, params=sid, json={"active": False, "description": None}))
    assert (paused["active"], paused["description"]) == (False, None)
    assert paused["updated_at_utc"] is not None
    new = data(api.post(WEBHOOKS, headers=third, params=rotate))
    assert new["id"] == made["id"]
    assert new["secret"].startswith("whsec_")
    assert new["secret"] != made["secret"]
    assert data(api.get(WEBHOOKS, headers=third, params=sid))["secret"] == new["secret"][:8] + "..."
    gone = api.delete(WEBHOOKS, headers=third, params=sid)
    assert gone.status_code == 200
    assert set(gone.json()) == {"message"}
    assert_error(api.get(WEBHOOKS, headers=third, params=sid), 404, "not_found")


def test_another_clients_subscription_is_not_found(api: TestClient, world: World) -> None:
    made = data(_create(api, world.key(world.account().id)), 201)
    stranger = world.key(world.account("Other").id)
    assert_error(api.get(WEBHOOKS, headers=stranger, params={"id": made["id"]}), 404, "not_found")
    assert_error(
        api.put(WEBHOOKS, headers=stranger, params={"id": made["id"]}, json={"active": False}), 404, "not_found"
    )


def test_put_checks_as_create_does(api: TestClient, world: World) -> None:
    key = world.key(world.account().id)
    sid = {"id": data(_create(api, key), 201)["id"]}
    reply = api.put(WEBHOOKS, headers=key, params=sid, json={"url": "https://127.1/"})
    assert_error(reply, 400, "validation_failed", field="url")
    changed = data(
        api.put(WEBHOOKS, headers=key, params=sid, json={"events": ["*"], "url": "https://hooks.example.com/x"})
    )
    assert (changed["events"], changed["url"]) == (["*"], "https://hooks.example.com/x")


def test_the_event_catalogue_and_an_empty_delivery_log(api: TestClient, world: World) -> None:
    key = world.key(world.account().id)
    events = api.get(WEBHOOKS, headers=key, params={"action": "events"}).json()["data"]
    assert [item["event"] for item in events] == [kind.event for kind in CATALOGUE]
    legacy = next(item for item in events if item["event"] == "worker_created")
    assert (legacy["group"], legacy["legacy"]) == ("Legacy", True)
    made = data(_create(api, key), 201)
    log = api.get(WEBHOOKS, headers=key, params={"id": made["id"], "action": "deliveries", "status": "pending"})
    assert log.status_code == 200
    assert log.json()["data"] == []
    assert_error(
        api.get(WEBHOOKS, headers=key, params={"action": "deliveries"}), 400, "invalid_parameter", parameter="id"
    )


def test_reading_needs_webhooks_read_and_writing_webhooks_write(api: TestClient, world: World) -> None:
    reader = world.key(world.account().id, ("webhooks:read", "timesheets:read"))
    assert api.get(WEBHOOKS, headers=reader).status_code == 200
    assert_error(_create(api, reader), 403, "insufficient_scope", required_scope="webhooks:write")
