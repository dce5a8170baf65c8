"""The API log's retention and its page, on SQLite and PostgreSQL: each request of a key is kept with the
reply's X-Request-Id, its status and duration, and its path with secrets cut (a known key that is
refused too, an unknown one not); a GET's own transaction
writes nothing (the log is written in batches by its own writer); the retention job deletes what is older
than the setting and keeps what is younger; the Setup page per key finds a request by its id, and
another account's key is out of reach."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.console_pages import console, sign_in_as
from workforce_adapters.sql import tables
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.cli.schedule import jobs

NOW = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)


def logged(services: Services) -> list[dict[str, object]]:
    services.api_log_buffer.flush()
    log = tables.api_requests
    with services.engine.connect() as connection:
        return [dict(row) for row in connection.execute(select(log).order_by(log.c.id)).mappings()]


def test_a_request_of_a_key_is_logged_with_its_request_id_status_duration_and_secrets_cut(
    api: TestClient, world: World, services: Services
) -> None:
    client = world.account()
    headers = world.key(client.id)
    reply = api.get("/api/v1/workers.php?limit=5&token=s3cr3t-value&password=hunter2&search=Ann", headers=headers)
    assert reply.status_code == 200
    refused = api.get("/api/v1/workers.php?id=999999", headers=headers)
    assert refused.status_code == 404
    api.get("/api/v1/me.php")  # no key: nothing to log it under
    api.get("/api/v1/me.php", headers={"Authorization": "Bearer wfk_" + "x" * 43})  # an unknown key
    rows = logged(services)
    assert [(r["method"], r["status"]) for r in rows] == [("GET", 200), ("GET", 404)]
    first = rows[0]
    assert first["request_id"] == reply.headers["x-request-id"]
    assert rows[1]["request_id"] == refused.headers["x-request-id"]
    assert first["path"] == "/api/v1/workers.php?limit=5&token=...&password=...&search=Ann"
    assert "s3cr3t" not in str(rows)
    assert "hunter2" not in str(rows)
    assert first["client_id"] == client.id
    assert first["api_key_id"] == world.key_id(headers)
    assert isinstance(first["duration_ms"], int)
    assert 0 <= first["duration_ms"] < 60_000


def test_a_write_and_a_refused_scope_are_logged_too(api: TestClient, world: World, services: Services) -> None:
    client = world.account()
    reader = world.key(client.id, ("workers:read",))
    made = api.post("/api/v1/workers.php", json={"name": "Ann"}, headers=reader)
    assert made.status_code == 403
    rows = logged(services)
    assert [(r["method"], r["path"], r["status"], r["request_id"]) for r in rows] == [
        ("POST", "/api/v1/workers.php", 403, made.headers["x-request-id"])
    ]


def test_a_known_key_that_is_refused_is_logged_under_it_and_an_unknown_one_is_not(
    api: TestClient, world: World, services: Services, console: Console
) -> None:
    client = world.account()
    headers = world.key(client.id)
    assert console("key", "revoke", str(world.key_id(headers)))[0] == 0
    revoked = api.get("/api/v1/me.php", headers=headers)
    assert revoked.json()["error_code"] == "key_revoked"
    sent = headers["Authorization"]
    unknown = sent[:-1] + ("A" if sent[-1] != "A" else "B")  # the same prefix, another key
    assert api.get("/api/v1/me.php", headers={"Authorization": unknown}).json()["error_code"] == "invalid_api_key"
    rows = logged(services)
    assert [(r["api_key_id"], r["status"], r["request_id"]) for r in rows] == [
        (world.key_id(headers), 401, revoked.headers["x-request-id"])
    ]


def test_the_retention_job_deletes_requests_older_than_the_setting_and_keeps_younger_ones(
    api: TestClient, world: World, services: Services, clock: FakeClock
) -> None:
    assert services.settings.api_log_days == 30
    client = world.account()
    headers = world.key(client.id)
    clock.set(NOW - timedelta(days=30, minutes=1))
    old = api.get("/api/v1/me.php", headers=headers).headers["x-request-id"]
    clock.set(NOW - timedelta(days=29, hours=23))
    young = api.get("/api/v1/me.php", headers=headers).headers["x-request-id"]
    clock.set(NOW)
    logged(services)
    assert jobs(services)["API log retention"]() == 1
    assert [r["request_id"] for r in logged(services)] == [young]
    assert old != young


def test_the_setup_page_finds_a_request_by_its_id_and_another_accounts_key_is_out_of_reach(
    services: Services, world: World
) -> None:
    acme, other = world.account("Acme").id, world.account("Other").id
    acme_key, other_key = world.key(acme, name="Payroll bridge"), world.key(other)
    with console(services) as person:
        sign_in_as(services, "owner", acme, person)
        wanted = person.client.get("/api/v1/me.php", headers=acme_key).headers["x-request-id"]
        person.client.get("/api/v1/workers.php?id=999999", headers=acme_key)
        person.client.get("/api/v1/me.php", headers=other_key)
        services.api_log_buffer.flush()
        key_id = world.key_id(acme_key)
        page = person.get(f"/console/{acme}/setup/keys/{key_id}/requests")
        assert page.status_code == 200
        assert wanted in page.text
        assert "/api/v1/workers.php?id=999999" in page.text
        assert "2 requests" in page.text
        found = person.get(f"/console/{acme}/setup/keys/{key_id}/requests?request_id={wanted.upper()}")
        assert wanted in found.text
        assert "1 request<" in found.text
        assert "workers.php" not in found.text
        failed = person.get(f"/console/{acme}/setup/keys/{key_id}/requests?status=4xx")
        assert "workers.php" in failed.text
        assert wanted not in failed.text
        setup = person.get(f"/console/{acme}/setup").text
        assert f"/console/{acme}/setup/keys/{key_id}/requests" in setup
        other_id = world.key_id(other_key)
        assert person.get(f"/console/{acme}/setup/keys/{other_id}/requests").status_code == 404
        assert person.get(f"/console/{other}/setup/keys/{other_id}/requests").status_code in (403, 404)
        refused = person.get(f"/console/{acme}/setup/keys/{key_id}/requests?request_id=not-an-id")
        assert refused.status_code == 400


@pytest.mark.parametrize("role", ["coordinator", "payroll"])
def test_only_owners_and_admins_read_a_keys_log(services: Services, world: World, role: str) -> None:
    acme = world.account("Acme").id
    key = world.key(acme)
    with console(services) as person:
        sign_in_as(services, role, acme, person)
        assert person.get(f"/console/{acme}/setup/keys/{world.key_id(key)}/requests").status_code == 403


def test_the_console_forgets_old_requests_for_cron_when_serve_runs_no_schedule(
    api: TestClient, world: World, services: Services, clock: FakeClock, console: Console
) -> None:
    headers = world.key(world.account().id)
    clock.set(NOW - timedelta(days=31))
    api.get("/api/v1/me.php", headers=headers)
    clock.set(NOW)
    kept = api.get("/api/v1/me.php", headers=headers).headers["x-request-id"]
    logged(services)
    assert console("key", "forget-requests") == (0, {"deleted": 1, "days": 30})
    assert [r["request_id"] for r in logged(services)] == [kept]
