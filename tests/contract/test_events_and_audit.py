"""Worker events in the outbox (written in the change's transaction) and the audit log of key-made writes."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.helpers import assert_error, data, path, post_worker, put_worker
from workforce_core.services import workers as worker_use_cases

EVERYTHING = ("workers:write", "rates:write", "pay:read", "charges:read")


@pytest.fixture
def client_id(world: World) -> int:
    return world.account().id


@pytest.fixture
def full(world: World, client_id: int) -> dict[str, str]:
    return world.key(client_id, EVERYTHING)


def _shown(api: TestClient, headers: dict[str, str], worker_id: int) -> dict[str, Any]:
    """The worker as GET /workers.php?id= shows it, less ``awr``: the AWR clock is worked out at read time
    (it moves with the weeks, with no write), so events carry the stored record without it."""
    shown = dict(data(api.get(path("workers"), headers=headers, params={"id": worker_id})))
    assert "awr" in shown
    del shown["awr"]
    return shown


# ---- events ----------------------------------------------------------------------------------------------


def test_an_api_creation_records_worker_created_and_the_legacy_worker_created(
    api: TestClient, world: World, client_id: int, full: dict[str, str]
) -> None:
    site = world.site(client_id, "North")
    created = data(post_worker(api, full, name="Eve", location_id=site.id, hourly_rate=12.6, charge_rate=17.95), 201)
    events = world.outbox()
    assert [e["event"] for e in events] == ["worker.created", "worker_created"]
    for event in events:
        assert event["client_id"] == client_id
        assert event["data"] == {**_shown(api, full, created["id"]), "client_id": client_id}
        assert (event["data"]["hourly_rate"], event["data"]["charge_rate"]) == (12.6, 17.95)
        assert event["data"]["location_name"] == "North"


def test_event_data_carries_both_rates_whatever_the_keys_read_scopes(
    api: TestClient, world: World, client_id: int
) -> None:
    headers = world.key(client_id, ("workers:write", "rates:write"))
    reply = data(post_worker(api, headers, hourly_rate=11, charge_rate=16), 201)
    assert "hourly_rate" not in reply
    event = world.outbox("worker.created")[0]["data"]
    assert (event["hourly_rate"], event["charge_rate"]) == (11, 16)


def test_an_api_change_records_worker_updated_with_the_changed_fields(
    api: TestClient, world: World, client_id: int, full: dict[str, str]
) -> None:
    department = world.department(client_id, "Packing")
    worker_id = data(post_worker(api, full, name="Eve", job_role="Picker", phone="111"), 201)["id"]
    data(put_worker(api, full, worker_id, phone="111", job_role="Packer", department_id=department.id, name="Eve B"))
    updated = world.outbox("worker.updated")
    legacy = world.outbox("worker_updated")
    assert len(updated) == len(legacy) == 1
    for event in (updated[0], legacy[0]):
        assert event["client_id"] == client_id
        assert event["data"]["changes"] == ["name", "job_role", "department_id"]
        assert event["data"]["name"] == "Eve B"
        assert event["data"]["department_name"] == "Packing"
        record = {k: v for k, v in event["data"].items() if k not in ("changes", "client_id")}
        assert record == _shown(api, full, worker_id)


def test_clearing_a_field_is_listed_in_changes(
    api: TestClient, world: World, client_id: int, full: dict[str, str]
) -> None:
    worker_id = data(post_worker(api, full, email="a@b.co", hourly_rate=10), 201)["id"]
    data(put_worker(api, full, worker_id, email="", hourly_rate=None))
    event = world.outbox("worker.updated")[0]["data"]
    assert event["changes"] == ["email", "hourly_rate"]
    assert (event["email"], event["hourly_rate"]) == (None, None)


def test_a_change_with_no_real_difference_records_no_event_and_no_audit(
    api: TestClient, world: World, client_id: int, full: dict[str, str]
) -> None:
    worker_id = data(post_worker(api, full, job_role="Picker", hourly_rate=12.5), 201)["id"]
    events, audit = world.outbox(), world.audit(client_id)
    data(put_worker(api, full, worker_id, job_role="Picker", hourly_rate=12.50, email=None))
    assert world.outbox() == events
    assert world.audit(client_id) == audit


def test_a_console_creation_records_only_the_new_event(world: World, client_id: int) -> None:
    worker = world.worker(client_id, "Console Made")
    events = world.outbox()
    assert [e["event"] for e in events] == ["worker.created"]
    assert events[0]["data"]["id"] == worker.worker.id
    assert world.audit(client_id) == []


def test_a_self_registered_worker_is_announced_when_approved(
    api: TestClient, world: World, client_id: int, full: dict[str, str]
) -> None:
    pending = world.worker(client_id, "Pat Pending", pending=True).worker.id
    assert world.outbox() == []
    data(put_worker(api, full, pending, job_role="Picker"))
    assert world.outbox() == []
    worker_use_cases.approve_worker(pending, uow=world.uow, clock=world.clock)
    events = world.outbox()
    assert [e["event"] for e in events] == ["worker.created"]
    assert (events[0]["data"]["status"], events[0]["data"]["job_role"]) == ("active", "Picker")


def test_console_changes_record_worker_updated_without_the_legacy_event(world: World, client_id: int) -> None:
    worker_id = world.worker(client_id, "To Erase", email="erase@example.com").worker.id
    worker_use_cases.anonymise_worker(worker_id, uow=world.uow, clock=world.clock, file_store=world.services.file_store)
    assert world.outbox("worker_updated") == []
    updated = world.outbox("worker.updated")
    assert len(updated) == 1
    assert {"name", "email", "active"} <= set(updated[0]["data"]["changes"])
    assert (updated[0]["data"]["name"], updated[0]["data"]["email"]) == ("Anonymised worker", None)


def test_a_refused_write_records_no_event_and_changes_nothing(
    api: TestClient, world: World, client_id: int, full: dict[str, str]
) -> None:
    theirs = world.department(world.account("Other Ltd").id, "Theirs")
    worker_id = data(post_worker(api, full, name="Kept"), 201)["id"]
    events, audit = world.outbox(), world.audit(client_id)
    reply = put_worker(api, full, worker_id, name="Lost", department_id=theirs.id)
    assert_error(reply, 404, "department_not_found", field="department_id")
    assert world.outbox() == events
    assert world.audit(client_id) == audit
    assert _shown(api, full, worker_id)["name"] == "Kept"


def test_an_anonymised_worker_change_records_nothing(
    api: TestClient, world: World, client_id: int, full: dict[str, str]
) -> None:
    worker_id = data(post_worker(api, full), 201)["id"]
    worker_use_cases.anonymise_worker(worker_id, uow=world.uow, clock=world.clock, file_store=world.services.file_store)
    events, audit = world.outbox(), world.audit(client_id)
    assert_error(put_worker(api, full, worker_id, name="Back"), 409, "conflict")
    assert world.outbox() == events
    assert world.audit(client_id) == audit


# ---- audit log -------------------------------------------------------------------------------------------


def test_an_api_creation_is_audited_under_the_key(
    api: TestClient, world: World, client_id: int, full: dict[str, str], clock: FakeClock
) -> None:
    clock.set(datetime(2030, 4, 1, 8, 0, tzinfo=UTC))
    worker_id = data(post_worker(api, full, name="Audited", employee_id="AU-1", hourly_rate=12.5), 201)["id"]
    rows = world.audit(client_id)
    assert len(rows) == 1
    row = rows[0]
    assert row["api_key_id"] == world.key_id(full)
    assert (row["action"], row["entity"], row["entity_id"]) == ("worker.created", "worker", worker_id)
    assert row["changes"]["name"] == {"before": None, "after": "Audited"}
    assert row["changes"]["employee_id"] == {"before": None, "after": "AU-1"}
    assert row["changes"]["hourly_rate"] == {"before": None, "after": "12.50"}
    assert row["created_at"] == datetime(2030, 4, 1, 8, 0, tzinfo=UTC)


def test_a_generated_employee_id_is_audited(
    api: TestClient, world: World, client_id: int, full: dict[str, str]
) -> None:
    worker_id = data(post_worker(api, full), 201)["id"]
    generated = [row for row in world.audit(client_id) if row["changes"].get("employee_id")]
    assert len(generated) == 1
    assert generated[0]["entity_id"] == worker_id
    assert generated[0]["changes"]["employee_id"] == {"before": None, "after": "W00001"}


def test_a_rate_change_is_audited_with_before_and_after_values(
    api: TestClient, world: World, client_id: int, full: dict[str, str]
) -> None:
    worker_id = data(post_worker(api, full, hourly_rate=12.5, charge_rate=18), 201)["id"]
    data(put_worker(api, full, worker_id, hourly_rate=13.75, charge_rate=19.2))
    row = world.audit(client_id)[-1]
    assert (row["action"], row["entity_id"], row["api_key_id"]) == ("worker.updated", worker_id, world.key_id(full))
    assert row["changes"] == {
        "hourly_rate": {"before": "12.50", "after": "13.75"},
        "charge_rate": {"before": "18.00", "after": "19.20"},
    }


def test_clearing_a_rate_is_audited_with_its_old_value(
    api: TestClient, world: World, client_id: int, full: dict[str, str]
) -> None:
    worker_id = data(post_worker(api, full, charge_rate=21), 201)["id"]
    data(put_worker(api, full, worker_id, charge_rate=None))
    assert world.audit(client_id)[-1]["changes"] == {"charge_rate": {"before": "21.00", "after": None}}


def test_every_field_change_is_audited_with_before_and_after(
    api: TestClient, world: World, client_id: int, full: dict[str, str]
) -> None:
    worker_id = data(post_worker(api, full, name="Old Name", start_date="2030-01-01"), 201)["id"]
    data(put_worker(api, full, worker_id, name="New Name", start_date="2030-02-01", active=False))
    assert world.audit(client_id)[-1]["changes"] == {
        "name": {"before": "Old Name", "after": "New Name"},
        "start_date": {"before": "2030-01-01", "after": "2030-02-01"},
        "active": {"before": True, "after": False},
    }


def test_each_key_is_named_on_its_own_audit_rows(api: TestClient, world: World, client_id: int) -> None:
    first = world.key(client_id, ("workers:write",), name="first")
    second = world.key(client_id, ("workers:write",), name="second")
    worker_id = data(post_worker(api, first), 201)["id"]
    data(put_worker(api, second, worker_id, job_role="Loader"))
    rows = world.audit(client_id)
    assert {row["api_key_id"] for row in rows if row["action"] == "worker.created"} == {world.key_id(first)}
    assert rows[-1]["api_key_id"] == world.key_id(second)
    assert rows[-1]["changes"] == {"job_role": {"before": None, "after": "Loader"}}


def test_audit_rows_belong_to_the_keys_client(api: TestClient, world: World, client_id: int) -> None:
    other = world.account("Other Ltd").id
    data(post_worker(api, world.key(other, ("workers:write",))), 201)
    assert world.audit(client_id) == []
    assert len(world.audit(other)) >= 1
