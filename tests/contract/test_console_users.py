"""``workforce user create|list|disable|set-password`` on SQLite and PostgreSQL: the password from
standard input (never an option, never printed), JSON out, the console's errors."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

import attrs
import pytest
from typer.testing import CliRunner

from tests.contract.conftest import World
from tests.contract.console_pages import FAST, console, make_user
from tests.databases import PostgresSchema
from workforce_core.errors import LastOwner
from workforce_core.rules import people as rules
from workforce_core.services import people
from workforce_entrypoints.bootstrap import Services, Settings, bootstrap
from workforce_entrypoints.cli.main import app as cli_app

PASSWORD = "a long enough password"


def run(services: Services, database_url: str, *args: str, stdin: str = "") -> tuple[int, Any]:
    services.hasher = FAST
    result = CliRunner().invoke(
        cli_app, ["--db", database_url, *args], input=stdin, obj={"db": database_url, "services": services}
    )
    text = result.stdout if result.exit_code == 0 else result.stderr
    return result.exit_code, json.loads(text)


def test_users_are_made_listed_disabled_and_given_new_passwords(
    services: Services, world: World, database_url: str
) -> None:
    client = world.account("Acme")
    site = world.site(client.id, "Depot")
    code, owner = run(
        services, database_url, "user", "create", "--client", str(client.id), "--role", "owner",
        "--email", "Owner@Example.com", stdin=PASSWORD + "\n",
    )  # fmt: skip
    assert code == 0, owner
    assert (owner["email"], owner["role"], owner["client_id"], owner["disabled"]) == (
        "owner@example.com", "owner", client.id, False,
    )  # fmt: skip
    assert "password" not in json.dumps(owner)
    code, admin = run(
        services, database_url, "user", "create", "--operator", "--email", "ops@example.com", stdin=PASSWORD
    )
    assert code == 0
    assert admin["client_id"] is None
    code, contact = run(
        services, database_url, "user", "create", "--client", str(client.id), "--role", "approver",
        "--location", str(site.id), "--email", "hirer@example.com", stdin=PASSWORD,
    )  # fmt: skip
    assert code == 0
    assert contact["location_ids"] == [site.id]
    code, listed = run(services, database_url, "user", "list")
    assert [u["email"] for u in listed] == ["owner@example.com", "ops@example.com", "hirer@example.com"]
    code, mine = run(services, database_url, "user", "list", "--client", str(client.id))
    assert [u["id"] for u in mine] == [owner["id"], contact["id"]]

    with console(services) as person:
        assert person.sign_in("owner@example.com", PASSWORD).status_code == 303
        assert run(services, database_url, "user", "set-password", str(owner["id"]), stdin="another password!")[0] == 0
        assert person.get(f"/console/{client.id}/timesheets").status_code == 303  # the session ended
        assert person.sign_in("owner@example.com", PASSWORD).status_code == 401
        assert person.sign_in("owner@example.com", "another password!").status_code == 303
        code, refused = run(services, database_url, "user", "disable", str(owner["id"]))
        assert (code, refused["error_code"]) == (1, "conflict")  # the account's last owner
        assert refused["message"] == "An account needs an active owner: add another owner before disabling this one."
        assert person.get(f"/console/{client.id}/timesheets").status_code == 200  # still signed in
        code, _ = run(
            services, database_url, "user", "create", "--client", str(client.id), "--role", "owner",
            "--email", "second@example.com", stdin=PASSWORD,
        )  # fmt: skip
        assert code == 0
        code, disabled = run(services, database_url, "user", "disable", str(owner["id"]))
        assert disabled["disabled"] is True
        assert person.get(f"/console/{client.id}/timesheets").status_code == 303
        assert person.sign_in("owner@example.com", "another password!").status_code == 401


def test_user_mistakes_are_json_errors(services: Services, world: World, database_url: str) -> None:
    client = world.account("Acme")
    args = ("user", "create", "--client", str(client.id), "--role", "owner", "--email", "a@example.com")
    code, short = run(services, database_url, *args, stdin="short")
    assert (code, short["error_code"], short["field"]) == (1, "validation_failed", "password")
    assert run(services, database_url, *args, stdin=PASSWORD)[0] == 0
    code, taken = run(services, database_url, *args, stdin=PASSWORD)
    assert (code, taken["error_code"]) == (1, "email_taken")
    code, missing = run(services, database_url, "user", "disable", "9999")
    assert (code, missing["error_code"]) == (1, "not_found")
    code, no_client = run(
        services, database_url, "user", "create", "--role", "owner", "--email", "b@example.com", stdin=PASSWORD
    )
    assert (code, no_client["field"]) == (1, "client_id")


def test_the_sign_off_deadline_is_set_and_run_from_the_console(
    services: Services, world: World, database_url: str
) -> None:
    code, client = run(
        services, database_url, "client", "create", "--name", "Acme", "--require-client-approval",
        "--signoff-deadline-hours", "24",
    )  # fmt: skip
    assert code == 0, client
    assert client["signoff_deadline_hours"] == 24
    site = world.site(client["id"], "Depot")
    worker = world.worker(client["id"], "Ann", location_id=site.id).worker
    services.clock.set(datetime(2026, 11, 18, 12, tzinfo=UTC))  # type: ignore[attr-defined]
    args = ("--worker", str(worker.id), "--location", str(site.id))
    code, shift = run(
        services, database_url, "timesheet", "backfill", *args,
        "--clock-in", "2026-11-10 08:00", "--clock-out", "2026-11-10 16:00",
    )  # fmt: skip
    assert code == 0, shift
    code, signed = run(services, database_url, "timesheet", "auto-sign-off")
    assert (code, signed["entry_ids"]) == (0, [shift["id"]])
    assert run(services, database_url, "timesheet", "auto-sign-off")[1]["entry_ids"] == []
    (event,) = world.outbox("timesheet.client_approved")
    assert event["data"]["via"] == "auto"
    code, off = run(services, database_url, "client", "update", str(client["id"]), "--signoff-deadline-hours", "none")
    assert off["signoff_deadline_hours"] is None
    code, bad = run(services, database_url, "client", "update", str(client["id"]), "--signoff-deadline-hours", "soon")
    assert (code, bad["field"]) == (1, "signoff_deadline_hours")


@pytest.fixture
def on_postgres(postgres_schema: PostgresSchema) -> Iterator[Services]:
    services = bootstrap(Settings(database_url=postgres_schema.fresh_url()))
    try:
        yield services
    finally:
        services.close()


@pytest.mark.postgres
def test_two_owners_disabling_each_other_at_once_leave_one(on_postgres: Services) -> None:
    """The second disable waits for the first one's owners lock, then sees one owner left and is refused.
    (On SQLite a writer holds the whole database, so two disables never overlap.)"""
    services = on_postgres
    world = World(services)
    client = world.account("Acme")
    first, _ = make_user(services, "owner", client.id)
    second, _ = make_user(services, "owner", client.id)
    with ThreadPoolExecutor(max_workers=1) as pool, services.uow() as held:
        owners = held.users.lock_owners(client.id)  # as a first disable holds them, before it commits
        racing = pool.submit(people.disable_user, second.id, uow=services.uow, clock=services.clock)
        time.sleep(0.5)
        assert not racing.done()  # waits for the lock
        rules.keeps_an_owner(first, owners)
        disabled = attrs.evolve(first, disabled_at=services.clock.now())
        held.users.update(disabled)
        held.sessions.end_all(first.id, services.clock.now())
        held.commit()
    with pytest.raises(LastOwner):
        racing.result(timeout=30)
    active = [user for user in people.users(client.id, uow=services.uow) if user.active]
    assert [user.id for user in active] == [second.id]
