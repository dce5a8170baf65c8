"""Worker PINs set by the agency on SQLite and PostgreSQL: ``workforce worker set-pin`` reads the PIN
from standard input (never an option, never printed), the console's worker page sets and clears it
with its CSRF token, and the stored value is an argon2 hash that no page or reply shows."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select
from typer.testing import CliRunner

from tests.contract.conftest import World
from tests.contract.console_pages import FAST, console, sign_in_as
from workforce_adapters.sql import tables
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.cli.main import app as cli_app


def run(services: Services, database_url: str, *args: str, stdin: str = "") -> tuple[int, Any]:
    services.hasher = FAST
    result = CliRunner().invoke(
        cli_app, ["--db", database_url, *args], input=stdin, obj={"db": database_url, "services": services}
    )
    text = result.stdout if result.exit_code == 0 else result.stderr
    return result.exit_code, json.loads(text)


def stored_hash(services: Services, worker_id: int) -> tuple[bool, str | None]:
    w = tables.workers.c
    with services.engine.connect() as connection:
        row = connection.execute(select(w.has_pin, w.pin_hash).where(w.id == worker_id)).one()
    return bool(row.has_pin), row.pin_hash


def test_the_cli_sets_a_pin_from_standard_input_and_clears_it(
    services: Services, world: World, database_url: str
) -> None:
    client = world.account()
    worker = world.worker(client.id, employee_id="B-7").worker
    code, done = run(services, database_url, "worker", "set-pin", "--worker", str(worker.id), stdin="13579\n")
    assert code == 0, done
    assert done == {"worker_id": worker.id, "employee_id": "B-7", "has_pin": True}
    has_pin, pin_hash = stored_hash(services, worker.id)
    assert has_pin
    assert pin_hash is not None
    assert pin_hash.startswith("$argon2id$")
    assert "13579" not in pin_hash
    code, refused = run(services, database_url, "worker", "set-pin", "--worker", str(worker.id), stdin="12ab\n")
    assert code != 0
    assert (refused["error_code"], refused["field"]) == ("validation_failed", "pin")
    assert stored_hash(services, worker.id)[1] == pin_hash
    code, cleared = run(services, database_url, "worker", "set-pin", "--worker", str(worker.id), "--clear")
    assert cleared["has_pin"] is False
    assert stored_hash(services, worker.id) == (False, None)
    code, missing = run(services, database_url, "worker", "set-pin", "--worker", "999999", stdin="1234\n")
    assert code != 0
    assert missing["error_code"] == "not_found"


def test_the_console_sets_and_clears_a_pin_with_its_csrf_token(services: Services, world: World) -> None:
    client = world.account()
    rival = world.account("Rival")
    worker = world.worker(client.id, employee_id="B-8").worker
    theirs = world.worker(rival.id, employee_id="R-1").worker
    with console(services) as person:
        sign_in_as(services, "owner", client.id, person)
        page = f"/console/{client.id}/workers/{worker.id}"
        token = person.csrf(page)
        assert "Kiosk PIN" in person.get(page).text
        assert person.post(page + "/pin", {"pin": "2468"}).status_code == 403  # no CSRF token
        assert not stored_hash(services, worker.id)[0]
        assert person.post(page + "/pin", {"pin": "24"}, token=token).status_code == 400
        done = person.post(page + "/pin", {"pin": "2468"}, token=token)
        assert done.status_code == 303
        has_pin, pin_hash = stored_hash(services, worker.id)
        assert has_pin
        assert pin_hash is not None
        shown = person.get(page).text
        assert pin_hash not in shown
        assert "2468" not in shown
        other = f"/console/{rival.id}/workers/{theirs.id}/pin"
        assert person.post(other, {"pin": "1111"}, token=token).status_code == 404
        across = f"/console/{client.id}/workers/{theirs.id}/pin"
        assert person.post(across, {"pin": "1111"}, token=token).status_code == 404
        assert not stored_hash(services, theirs.id)[0]
        assert person.post(page + "/pin", {"clear": "1"}, token=token).status_code == 303
        assert stored_hash(services, worker.id) == (False, None)
    assert [e["data"]["changes"] for e in world.outbox("worker.updated")] == [["has_pin"], ["has_pin"]]
