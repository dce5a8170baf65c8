"""The ``workforce`` console commands of issue 2: each prints one JSON object; a failure exits 1 with
``{error_code, message}`` on stderr and never a traceback; ``--help`` works everywhere.
"""

from __future__ import annotations

import json
import stat
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner, Result

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.console_pages import FAST
from tests.contract.console_pages import console as console_pages
from tests.contract.helpers import assert_error, data, path
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.cli.main import app as cli_app


def _run(console: Console, *args: str) -> Result:
    """``workforce --db URL ...`` on the test's services (its database and fake clock)."""
    obj = {"db": console.database_url, "services": console.services}
    return console.runner.invoke(cli_app, ["--db", console.database_url, *args], obj=obj, catch_exceptions=False)


def _on_new_database(url: str, *args: str) -> Result:
    """``workforce --db URL ...`` on a database no fixture made."""
    return CliRunner().invoke(cli_app, ["--db", url, *args], catch_exceptions=False)


def _ok(console: Console, *args: str) -> dict[str, Any]:
    """Run a command that must succeed: exit 0 and exactly one JSON object on stdout."""
    return _json_out(_run(console, *args))


def _json_out(result: Result) -> dict[str, Any]:
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stdout.splitlines() if line.strip()]
    assert len(lines) == 1, result.stdout
    parsed = json.loads(lines[0])
    assert isinstance(parsed, dict)
    return parsed


def _fails(console: Console, *args: str, error_code: str, **extra: Any) -> dict[str, Any]:
    """Run a command that must fail: exit 1, nothing on stdout, one JSON error on stderr."""
    return _json_error(_run(console, *args), error_code, **extra)


def _json_error(result: Result, error_code: str, **extra: Any) -> dict[str, Any]:
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    error = json.loads(result.stderr)
    assert error["error_code"] == error_code, error
    assert isinstance(error["message"], str)
    assert error["message"]
    for key, value in extra.items():
        assert error[key] == value, error
    return dict(error)


def _bearer(key: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {key['key']}"}


@pytest.fixture
def client(console: Console) -> dict[str, Any]:
    return _ok(console, "client", "create", "--name", "Console Staffing")


# ---- --help ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        (),
        ("db",),
        ("db", "upgrade"),
        ("serve",),
        ("demo",),
        ("client",),
        ("client", "create"),
        ("client", "update"),
        ("key",),
        ("key", "create"),
        ("key", "revoke"),
        ("key", "rotate"),
        ("key", "forget-requests"),
        ("location", "create"),
        ("department", "create"),
        ("cost-code", "create"),
        ("worker",),
        ("worker", "register"),
        ("worker", "approve"),
        ("worker", "suspend"),
        ("worker", "anonymise"),
    ],
    ids=lambda c: " ".join(c) or "workforce",
)
def test_help_works_for_every_command(console: Console, command: tuple[str, ...]) -> None:
    result = console.runner.invoke(cli_app, [*command, "--help"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    usage = next(line for line in result.stdout.splitlines() if "Usage:" in line)
    assert " ".join(command) in usage
    assert "[OPTIONS]" in usage


# ---- db upgrade, serve, demo -----------------------------------------------------------------------------


def test_db_upgrade_migrates_a_new_database_and_is_idempotent(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'fresh.db'}"
    first = _json_out(_on_new_database(url, "db", "upgrade"))
    assert first["from"] is None
    assert first["revision"]
    again = _json_out(_on_new_database(url, "db", "upgrade"))
    assert again["from"] == again["revision"] == first["revision"]


def test_db_upgrade_on_a_migrated_database_changes_nothing(console: Console) -> None:
    result = _ok(console, "db", "upgrade")
    assert result["from"] == result["revision"]
    assert "password" not in json.dumps(result)


def test_serve_refuses_a_database_that_is_not_migrated(tmp_path: Path) -> None:
    result = _on_new_database(f"sqlite:///{tmp_path / 'empty.db'}", "serve", "--port", "1")
    error = _json_error(result, "database_not_migrated")
    assert "workforce db upgrade" in error["message"]


def test_demo_seeds_an_account_whose_keys_answer_over_http(console: Console, api: TestClient, tmp_path: Path) -> None:
    keys_file = tmp_path / "keys" / "demo.json"
    demo = _ok(console, "demo", "--keys-file", str(keys_file))
    assert demo["seeded"] is True
    assert len(demo["location_ids"]) == 3
    keys = {key["name"]: key for key in demo["keys"]}
    assert set(keys) == {"demo-full", "demo-read-only", "demo-north-warehouse", "demo-legacy"}
    me = data(api.get(path("me"), headers=_bearer(keys["demo-full"])))
    assert (me["client_id"], me["client_name"]) == (demo["client_id"], "Demo Staffing Ltd")
    workers = api.get(path("workers"), headers=_bearer(keys["demo-full"])).json()
    assert workers["pagination"]["total"] == 11
    assert data(api.get(path("me"), headers=_bearer(keys["demo-legacy"])))["legacy"] is True
    limited = data(api.get(path("me"), headers=_bearer(keys["demo-north-warehouse"])))
    assert limited["location_ids"] == [demo["location_ids"][0]]
    assert json.loads(keys_file.read_text()) == demo
    assert stat.S_IMODE(keys_file.stat().st_mode) == 0o600


def test_demo_prints_sign_ins_that_open_the_console(console: Console, services: Services) -> None:
    services.hasher = FAST
    demo = _ok(console, "demo")
    users = {user["role"]: user for user in demo["sign_in"]["users"]}
    assert demo["sign_in"]["path"] == "/console/"
    assert set(users) == {"owner", "operator"}
    with console_pages(services) as person:
        assert person.sign_in(users["owner"]["email"], users["owner"]["password"]).status_code == 303
        opened = person.get("/console/")
        assert opened.headers["location"] == f"/console/{demo['client_id']}/dashboard"  # the console's first page
        assert person.get(opened.headers["location"]).status_code == 200


def test_demo_if_empty_does_not_seed_twice(console: Console) -> None:
    assert _ok(console, "demo", "--if-empty")["seeded"] is True
    again = _ok(console, "demo", "--if-empty")
    assert again["seeded"] is False
    assert again["message"]
    assert again["keys"] == []
    assert "workforce key create" in again["message"]  # the keys were not kept: how to make one


def test_a_second_demo_run_shows_the_kept_keys_and_where_they_are(console: Console, tmp_path: Path) -> None:
    keys_file = tmp_path / ".workforce" / "demo-keys.json"
    first = _ok(console, "demo", "--if-empty", "--keys-file", str(keys_file))
    again = _ok(console, "demo", "--if-empty", "--keys-file", str(keys_file))
    assert (first["seeded"], again["seeded"]) == (True, False)
    assert again["keys"] == first["keys"]
    assert {key["name"] for key in again["keys"]} >= {"demo-full", "demo-read-only"}
    assert again["client_id"] == first["client_id"]
    assert again["keys_file"] == first["keys_file"] == str(keys_file)
    assert str(keys_file) in again["message"]


# ---- client create / update ------------------------------------------------------------------------------


def test_client_create_prints_the_account_with_api_access_on(console: Console) -> None:
    made = _ok(
        console,
        "client",
        "create",
        "--name",
        "Acme Staffing",
        "--pay-week-start-day",
        "7",
        "--require-client-approval",
        "--walk-in-policy",
        "pay",
    )
    assert isinstance(made["id"], int)
    assert made["name"] == "Acme Staffing"
    assert (made["status"], made["api_access"]) == ("active", True)
    assert (made["pay_week_start_day"], made["require_client_approval"]) == (7, True)
    assert (made["walk_in_policy"], made["cancelled_policy"]) == ("pay", "no_pay")


def test_client_create_refuses_a_blank_name(console: Console) -> None:
    _fails(console, "client", "create", "--name", "   ", error_code="validation_failed", field="name")


def test_client_update_changes_the_status_and_the_api_answers_account_suspended(
    console: Console, client: dict[str, Any], api: TestClient
) -> None:
    key = _ok(console, "key", "create", "--client", str(client["id"]), "--name", "k")
    updated = _ok(console, "client", "update", str(client["id"]), "--status", "trial_ended", "--name", "Renamed")
    assert (updated["status"], updated["name"]) == ("trial_ended", "Renamed")
    assert_error(api.get(path("me"), headers=_bearer(key)), 403, "account_suspended")


def test_client_update_no_api_access_revokes_every_key(
    console: Console, client: dict[str, Any], api: TestClient
) -> None:
    key = _ok(console, "key", "create", "--client", str(client["id"]), "--name", "k")
    assert _ok(console, "client", "update", str(client["id"]), "--no-api-access")["api_access"] is False
    assert_error(api.get(path("me"), headers=_bearer(key)), 401, "key_revoked")
    assert _ok(console, "client", "update", str(client["id"]), "--api-access")["api_access"] is True
    assert_error(api.get(path("me"), headers=_bearer(key)), 401, "key_revoked")


def test_client_update_of_an_unknown_account_fails_with_not_found(console: Console) -> None:
    _fails(console, "client", "update", "4242", "--status", "active", error_code="not_found")


# ---- key create / revoke / rotate ------------------------------------------------------------------------


def test_key_create_prints_the_secret_once_and_it_answers_over_http(
    console: Console, client: dict[str, Any], api: TestClient, world: World
) -> None:
    site = world.site(client["id"], "North")
    key = _ok(
        console,
        "key",
        "create",
        "--client",
        str(client["id"]),
        "--name",
        "bridge",
        "--scope",
        "workers:read",
        "--scope",
        "pay:read",
        "--location",
        str(site.id),
        "--rate-limit",
        "120",
        "--origin",
        "https://app.example.com",
    )
    assert key["key"].startswith("wfk_")
    assert key["key_prefix"] == key["key"][:16]
    assert (key["client_id"], key["name"]) == (client["id"], "bridge")
    assert key["scopes"] == ["workers:read", "pay:read"]
    assert key["location_ids"] == [site.id]
    assert key["rate_limit_per_minute"] == 120
    assert key["allowed_origins"] == ["https://app.example.com"]
    assert (key["revoked_at"], key["expires_at"]) == (None, None)
    me = data(api.get(path("me"), headers=_bearer(key)))
    assert me["api_key_id"] == key["id"]
    assert me["effective_scopes"] == ["workers:read", "pay:read"]
    assert me["site_limited"] is True


def test_key_create_legacy_makes_a_legacy_key(console: Console, client: dict[str, Any], api: TestClient) -> None:
    key = _ok(console, "key", "create", "--client", str(client["id"]), "--name", "old", "--legacy")
    assert key["legacy"] is True
    assert "workers:write" in data(api.get(path("me"), headers=_bearer(key)))["effective_scopes"]


def test_key_create_with_a_past_expiry_makes_a_key_that_answers_key_expired(
    console: Console, client: dict[str, Any], api: TestClient
) -> None:
    key = _ok(console, "key", "create", "--client", str(client["id"]), "--name", "old", "--expires-at", "2020-01-01")
    assert key["expires_at"] == "2020-01-02 00:00:00"
    assert_error(api.get(path("me"), headers=_bearer(key)), 401, "key_expired")


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        (("--scope", "workers:admin"), "scope"),
        (("--rate-limit", "0"), "rate_limit"),
        (("--rate-limit", "601"), "rate_limit"),
        (("--expires-at", "next tuesday"), "expires_at"),
        (("--expires-at", "2030-02-30"), "expires_at"),
    ],
    ids=repr,
)
def test_key_create_refuses_bad_settings(
    console: Console, client: dict[str, Any], world: World, extra: tuple[str, ...], field: str
) -> None:
    _fails(
        console,
        "key",
        "create",
        "--client",
        str(client["id"]),
        "--name",
        "k",
        *extra,
        error_code="validation_failed",
        field=field,
    )


def test_key_create_refuses_another_clients_site(console: Console, client: dict[str, Any], world: World) -> None:
    their_site = world.site(world.account("Other Ltd").id, "Theirs")
    args = ("key", "create", "--client", str(client["id"]), "--name", "k", "--location", str(their_site.id))
    _fails(console, *args, error_code="validation_failed", field="location")


def test_key_create_for_an_unknown_client_fails_with_not_found(console: Console) -> None:
    _fails(console, "key", "create", "--client", "999", "--name", "k", error_code="not_found")


def test_key_revoke_makes_the_key_answer_key_revoked(console: Console, client: dict[str, Any], api: TestClient) -> None:
    key = _ok(console, "key", "create", "--client", str(client["id"]), "--name", "k")
    assert api.get(path("me"), headers=_bearer(key)).status_code == 200
    revoked = _ok(console, "key", "revoke", str(key["id"]))
    assert revoked["id"] == key["id"]
    assert revoked["revoked_at_utc"] is not None
    assert "key" not in revoked
    assert_error(api.get(path("me"), headers=_bearer(key)), 401, "key_revoked")


def test_key_revoke_of_an_unknown_key_fails_with_not_found(console: Console) -> None:
    _fails(console, "key", "revoke", "31337", error_code="not_found")


def test_key_rotate_prints_the_replacing_key_with_the_same_settings(
    console: Console, client: dict[str, Any], api: TestClient
) -> None:
    old = _ok(console, "key", "create", "--client", str(client["id"]), "--name", "sync", "--scope", "workers:read")
    new = _ok(console, "key", "rotate", str(old["id"]))
    assert new["id"] != old["id"]
    assert new["replaces_id"] == old["id"]
    assert new["key"] != old["key"]
    assert (new["name"], new["scopes"]) == ("sync", ["workers:read"])
    assert api.get(path("workers"), headers=_bearer(new)).status_code == 200
    assert api.get(path("workers"), headers=_bearer(old)).status_code == 200  # inside the 24-hour overlap


def test_key_rotate_without_overlap_revokes_the_old_key_at_once(
    console: Console, client: dict[str, Any], api: TestClient
) -> None:
    old = _ok(console, "key", "create", "--client", str(client["id"]), "--name", "sync")
    new = _ok(console, "key", "rotate", str(old["id"]), "--overlap-hours", "0")
    assert_error(api.get(path("me"), headers=_bearer(old)), 401, "key_revoked")
    assert api.get(path("me"), headers=_bearer(new)).status_code == 200


def test_key_rotate_refuses_a_revoked_key_and_a_bad_overlap(console: Console, client: dict[str, Any]) -> None:
    key = _ok(console, "key", "create", "--client", str(client["id"]), "--name", "k")
    _fails(console, "key", "rotate", str(key["id"]), "--overlap-hours", "-1", error_code="validation_failed")
    _ok(console, "key", "revoke", str(key["id"]))
    _fails(console, "key", "rotate", str(key["id"]), error_code="validation_failed")
    _fails(console, "key", "rotate", "9999", error_code="not_found")


# ---- location / department / cost-code create ----------------------------------------------------------------


def test_location_create_prints_the_site(console: Console, client: dict[str, Any], api: TestClient) -> None:
    site = _ok(
        console,
        "location",
        "create",
        "--client",
        str(client["id"]),
        "--name",
        "North Warehouse",
        "--latitude",
        "53.78",
        "--longitude",
        "-1.55",
        "--geofence-radius",
        "250",
        "--geofence-mode",
        "strict",
        "--kiosk-language",
        "pl",
        "--capacity",
        "120",
        "--billing-name",
        "Northern Goods Ltd",
    )
    assert site["name"] == "North Warehouse"
    assert (site["latitude"], site["longitude"]) == (53.78, -1.55)
    assert (site["geofence_radius"], site["geofence_mode"], site["kiosk_language"]) == (250, "strict", "pl")
    assert (site["capacity"], site["billing_name"]) == (120, "Northern Goods Ltd")
    key = _ok(console, "key", "create", "--client", str(client["id"]), "--name", "k", "--scope", "locations:read")
    shown = data(api.get(path("locations"), headers=_bearer(key), params={"id": site["id"]}))
    assert shown["name"] == "North Warehouse"
    assert "billing_name" not in shown


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        (("--latitude", "53.1"), "longitude"),
        (("--latitude", "91", "--longitude", "0"), "latitude"),
        (("--kiosk-language", "de"), "kiosk_language"),
        (("--geofence-radius", "5"), "geofence_radius"),
        (("--capacity", "0"), "capacity"),
    ],
    ids=repr,
)
def test_location_create_refuses_bad_values(
    console: Console, client: dict[str, Any], extra: tuple[str, ...], field: str
) -> None:
    args = ("location", "create", "--client", str(client["id"]), "--name", "S", *extra)
    _fails(console, *args, error_code="validation_failed", field=field)


def test_location_create_for_an_unknown_client_fails_with_not_found(console: Console) -> None:
    _fails(console, "location", "create", "--client", "77", "--name", "S", error_code="not_found")


def test_department_create_for_a_client_and_a_global_one(
    console: Console, client: dict[str, Any], world: World
) -> None:
    site = world.site(client["id"], "North")
    own = _ok(
        console, "department", "create", "--name", "Picking", "--client", str(client["id"]), "--location", str(site.id)
    )
    assert (own["name"], own["global"], own["location_id"]) == ("Picking", False, site.id)
    shared = _ok(console, "department", "create", "--name", "Agency Pool", "--global", "--description", "Everyone")
    assert (shared["global"], shared["location_id"], shared["description"]) == (True, None, "Everyone")


@pytest.mark.parametrize("owner", [(), ("--client", "1", "--global")], ids=["neither", "both"])
def test_department_create_needs_exactly_one_owner(
    console: Console, client: dict[str, Any], owner: tuple[str, ...]
) -> None:
    _fails(console, "department", "create", "--name", "D", *owner, error_code="validation_failed", field="client")


def test_department_create_refuses_another_clients_site(console: Console, client: dict[str, Any], world: World) -> None:
    their_site = world.site(world.account("Other Ltd").id, "Theirs")
    args = ("department", "create", "--name", "D", "--client", str(client["id"]), "--location", str(their_site.id))
    _fails(console, *args, error_code="validation_failed", field="location")


def test_cost_code_create_for_a_client_and_a_global_one(console: Console, client: dict[str, Any]) -> None:
    own = _ok(
        console, "cost-code", "create", "--code", "CC-100", "--client", str(client["id"]), "--description", "Labour"
    )
    assert (own["code"], own["global"], own["description"]) == ("CC-100", False, "Labour")
    shared = _ok(console, "cost-code", "create", "--code", "GEN", "--global")
    assert (shared["code"], shared["global"]) == ("GEN", True)


@pytest.mark.parametrize(
    ("args", "error_code", "field"),
    [
        (("--code", "X"), "validation_failed", "client"),
        (("--code", "   ", "--global"), "validation_failed", "code"),
        (("--code", "C" * 51, "--global"), "validation_failed", "code"),
        (("--code", "X", "--client", "555"), "not_found", None),
    ],
    ids=repr,
)
def test_cost_code_create_refuses_bad_input(
    console: Console, args: tuple[str, ...], error_code: str, field: str | None
) -> None:
    error = _fails(console, "cost-code", "create", *args, error_code=error_code)
    if field is not None:
        assert error["field"] == field


# ---- worker register / approve / suspend / anonymise ------------------------------------------------------


def test_worker_register_makes_a_pending_worker_without_an_event(
    console: Console, client: dict[str, Any], world: World
) -> None:
    worker = _ok(console, "worker", "register", "--client", str(client["id"]), "--name", "Karol Zieliński")
    assert (worker["name"], worker["status"], worker["employee_id"]) == ("Karol Zieliński", "pending", "W00001")
    assert world.outbox() == []


def test_worker_register_refuses_a_taken_or_malformed_employee_id(console: Console, client: dict[str, Any]) -> None:
    base = ("worker", "register", "--client", str(client["id"]), "--name", "A")
    _ok(console, *base, "--employee-id", "KZ-1")
    _fails(console, *base, "--employee-id", "kz-1", error_code="duplicate_employee_id")
    _fails(console, *base, "--employee-id", "has space", error_code="validation_failed", field="employee_id")


def test_worker_approve_makes_the_worker_active_and_announces_it(
    console: Console, client: dict[str, Any], world: World
) -> None:
    pending = _ok(console, "worker", "register", "--client", str(client["id"]), "--name", "Pat")
    approved = _ok(console, "worker", "approve", str(pending["id"]))
    assert (approved["id"], approved["status"]) == (pending["id"], "active")
    assert [e["event"] for e in world.outbox()] == ["worker.created"]
    _fails(console, "worker", "approve", str(pending["id"]), error_code="conflict")


def test_worker_suspend_prints_the_worker(console: Console, client: dict[str, Any], world: World) -> None:
    worker = world.worker(client["id"], "Sam Suspended").worker
    suspended = _ok(console, "worker", "suspend", str(worker.id))
    assert (suspended["id"], suspended["name"]) == (worker.id, "Sam Suspended")


def test_worker_anonymise_erases_personal_data_and_blocks_changes(
    console: Console, client: dict[str, Any], world: World, api: TestClient
) -> None:
    worker = world.worker(client["id"], "Erin Erased", email="erin@example.com", phone="0123").worker
    erased = _ok(console, "worker", "anonymise", str(worker.id))
    assert (erased["name"], erased["email"], erased["phone"], erased["active"]) == (
        "Anonymised worker",
        None,
        None,
        False,
    )
    _fails(console, "worker", "anonymise", str(worker.id), error_code="conflict")
    _fails(console, "worker", "suspend", str(worker.id), error_code="conflict")
    headers = world.key(client["id"], ("workers:write",))
    reply = api.put(path("workers"), headers=headers, params={"id": worker.id}, json={"name": "Erin"})
    assert_error(reply, 409, "conflict")


@pytest.mark.parametrize("action", ["approve", "suspend", "anonymise"])
def test_worker_commands_on_an_unknown_worker_fail_with_not_found(console: Console, action: str) -> None:
    _fails(console, "worker", action, "8080", error_code="not_found")


# ---- usage errors ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("client", "create"),
        ("client", "create", "--name", "X", "--pay-week-start-day", "8"),
        ("client", "update", "1", "--status", "bogus"),
        ("worker", "approve", "abc"),
    ],
    ids=["missing-option", "out-of-range", "bad-choice", "not-an-id"],
)
def test_a_usage_error_exits_1_with_a_json_error(
    console: Console, client: dict[str, Any], args: tuple[str, ...]
) -> None:
    _fails(console, *args, error_code="invalid_parameter")


def test_mark_dormant_makes_idle_workers_dormant_and_a_clock_wakes_them(
    console: Console, world: World, api: TestClient, clock: FakeClock
) -> None:
    clock.set(datetime(2026, 6, 1, 9, 0, tzinfo=UTC))
    account = world.account("Idle Ltd")
    idle = world.worker(account.id, "Idle Ian").worker
    busy = world.worker(account.id, "Busy Bea").worker
    headers = world.key(account.id)
    clock.set(datetime(2026, 9, 15, 9, 0, tzinfo=UTC))
    assert (
        api.post("/api/v1/clock.php", headers=headers, json={"action": "in", "worker_id": busy.id}).status_code == 201
    )
    code, done = console("worker", "mark-dormant", "--client", str(account.id))
    assert code == 0
    assert (done["count"], done["worker_ids"]) == (1, [idle.id])
    shown = api.get(f"/api/v1/workers.php?id={idle.id}", headers=headers).json()["data"]
    assert (shown["dormant"], shown["dormant_since_utc"]) == (True, "2026-09-15T09:00:00Z")
    assert world.outbox("worker.updated")[-1]["data"]["changes"] == ["dormant"]
    assert console("worker", "mark-dormant", "--client", str(account.id))[1]["count"] == 0
    clock.advance(minutes=1)
    woken = api.post("/api/v1/clock.php", headers=headers, json={"action": "in", "worker_id": idle.id})
    assert "dormant_worker" in woken.json()["data"]["risk_flags"]
    assert api.get(f"/api/v1/workers.php?id={idle.id}", headers=headers).json()["data"]["dormant"] is False
