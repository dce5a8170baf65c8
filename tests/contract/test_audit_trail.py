"""The audit trail over HTTP, on SQLite and PostgreSQL: a key's write and a person's write each leave a row
with who, what, when, the caller's address and the reply's X-Request-Id; Setup's audit page lists them by
the person's name with its filters and as CSV (owners only); a shift's and a worker's page show their own
history; in the tests' strict mode a write made in a request for no one fails."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime

import pytest
from sqlalchemy import select
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.console_pages import console, sign_in_as
from tests.contract.helpers import data, path, post_worker
from workforce_adapters.sql import tables
from workforce_core.commands.reference import CreateLocation
from workforce_core.model.audit import Origin, Via
from workforce_core.services.reference import create_location
from workforce_core.steps.audited_writes import UnauditedWrite
from workforce_entrypoints import origins
from workforce_entrypoints.bootstrap import Services

NOW = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)


@pytest.fixture
def client_id(world: World, clock: FakeClock) -> int:
    clock.set(NOW)
    return world.account("Acme").id


def test_a_keys_write_leaves_a_row_with_the_replys_request_id_and_the_callers_address(
    api: TestClient, world: World, client_id: int
) -> None:
    key = world.key(client_id, ("workers:write",))
    reply = post_worker(api, key, name="Eve Keyed")
    worker_id = data(reply, 201)["id"]
    rows = [row for row in world.audit(client_id) if row["entity"] == "worker" and row["entity_id"] == worker_id]
    assert rows
    for row in rows:
        assert row["request_id"] == reply.headers["x-request-id"]
        assert (row["ip"], row["via"], row["api_key_id"]) == ("testclient", "api", world.key_id(key))


def test_a_booking_made_and_refused_shows_on_setups_page_by_name_and_in_its_csv(
    services: Services, world: World, client_id: int
) -> None:
    site = world.site(client_id, "Depot", geofence_mode="disabled")
    worker = world.worker(client_id, "Ann Booked", location_id=site.id).worker
    key = world.key(client_id)
    with console(services) as person:
        owner_id = sign_in_as(services, "owner", client_id, person)
        booked = {"worker_id": worker.id, "location_id": site.id, "shift_date": "2026-11-20"}
        made = person.client.post(
            path("shifts"), headers=key, json={**booked, "start_time": "09:00", "end_time": "17:00"}
        )
        shift_id = data(made, 201)["id"]
        token = person.csrf(f"/console/{client_id}/workers/{worker.id}")
        changed = person.post(f"/console/{client_id}/workers", {"name": "Bea Console"}, token=token)
        assert changed.status_code == 303
        page = person.get(f"/console/{client_id}/setup/audit")
        assert page.status_code == 200
        owner_email = next(row["email"] for row in _users(services) if row["id"] == owner_id)
        assert owner_email in page.text  # the person's name, and the key's for the booking
        assert "shift.created" in page.text
        mine = person.get(f"/console/{client_id}/setup/audit", params={"user_id": owner_id}).text
        assert "shift.created" not in mine
        assert "worker.created" in mine
        by_kind = person.get(f"/console/{client_id}/setup/audit", params={"entity": "booking"}).text
        assert "worker.created" not in by_kind
        assert "shift.created" in by_kind
        later = person.get(f"/console/{client_id}/setup/audit", params={"since": "2026-11-19"}).text
        assert "No changes match." in later
        download = person.get(f"/console/{client_id}/setup/audit", params={"format": "csv", "entity": "booking"})
        assert download.status_code == 200
        rows = list(csv.reader(io.StringIO(download.content.decode("utf-8-sig"))))
        assert rows[0][:3] == ["When", "Who", "From"]
        assert [row[5] for row in rows[1:]] == ["shift.created"]
        assert rows[1][7] == str(shift_id)
        assert rows[1][3] == made.headers["x-request-id"]
        history = person.get(f"/console/{client_id}/shifts/bookings/{shift_id}").text
        assert "shift.created" in history
        worker_page = person.get(f"/console/{client_id}/workers/{worker.id}").text
        assert "History" in worker_page


def test_a_requirement_made_over_the_api_shows_its_making_in_its_own_history(
    services: Services, world: World, client_id: int
) -> None:
    site = world.site(client_id, "Depot", geofence_mode="disabled")
    key = world.key(client_id)
    asked = {"location_id": site.id, "shift_date": "2026-11-20", "start_time": "09:00", "end_time": "17:00"}
    with console(services) as person:
        sign_in_as(services, "owner", client_id, person)
        made = person.client.post(path("demands"), headers=key, json={**asked, "headcount": 2})
        demand_id = data(made, 201)["id"]
        history = person.get(f"/console/{client_id}/shifts/requirements/{demand_id}").text
    assert "No changes recorded." not in history
    assert "created" in history
    assert "headcount" in history
    (row,) = [row for row in world.audit(client_id) if row["entity"] == "demand"]
    assert (row["entity_id"], row["request_id"]) == (demand_id, made.headers["x-request-id"])


def _users(services: Services) -> list[dict[str, object]]:
    with services.engine.connect() as connection:
        return [dict(row) for row in connection.execute(select(tables.users)).mappings()]


def test_a_coordinator_cannot_open_the_audit_trail(services: Services, client_id: int) -> None:
    with console(services) as person:
        sign_in_as(services, "coordinator", client_id, person)
        reply = person.get(f"/console/{client_id}/setup/audit")
        assert reply.status_code == 403


def test_strict_mode_fails_a_write_made_in_a_request_for_no_one(services: Services, client_id: int) -> None:
    assert services.strict_audit
    token = origins.ORIGIN.set(Origin(Via.CONSOLE, "127.0.0.1", "r1"))
    try:
        with pytest.raises(UnauditedWrite):
            services.run(create_location, CreateLocation(name="Nowhere"), client_id=client_id)
    finally:
        origins.ORIGIN.reset(token)
    made = services.run(create_location, CreateLocation(name="Somewhere"), client_id=client_id)  # a job: no request
    assert made.id > 0


def test_a_command_line_write_is_kept_as_the_command_lines(world: World, client_id: int, console: Console) -> None:
    worker = world.worker(client_id, "Sam Suspended").worker
    assert console("worker", "suspend", str(worker.id))[0] == 0
    rows = [row for row in world.audit(client_id) if row["entity_id"] == worker.id]
    assert rows
    assert {(row["via"], row["ip"], row["request_id"], row["user_id"]) for row in rows} == {("cli", None, None, None)}
    assert origins.current() is None  # the command's origin ends with it
