"""Worker use cases (services/workers.py, services/reads.py) through the in-memory fakes."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from tests.clocks import FakeClock
from tests.conftest import Mirror
from tests.databases import SqliteTemplate
from tests.fakes import FakeDatabase, FakeUnitOfWorkFactory, data
from tests.sqlite_mirror import mirrored_queries
from workforce_adapters.file_store import FolderFileStore
from workforce_adapters.json.commands import structure
from workforce_core import events
from workforce_core.commands.workers import CreateWorker, UpdateWorker
from workforce_core.errors import (
    Conflict,
    CostCodeNotFound,
    DepartmentNotFound,
    DuplicateEmployeeId,
    InsufficientScope,
    LocationNotAllowed,
    LocationNotFound,
    NotFound,
    ValidationFailed,
    WorkforceError,
)
from workforce_core.model.principal import Principal
from workforce_core.model.workers import EDITABLE_FIELDS, Worker
from workforce_core.ports import Paging, WorkerFilter
from workforce_core.rules.employee_ids import employee_id_key
from workforce_core.rules.london import local_text, parse_instant
from workforce_core.rules.scopes import require_rates_write
from workforce_core.services import reads
from workforce_core.services.workers import (
    anonymise_worker,
    approve_worker,
    create_worker,
    suspend_worker,
    update_worker,
)
from workforce_core.testing.strategies import case_variants, valid_employee_ids
from workforce_core.views import WorkerView

NOW = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)
WRITER = ("workers:write",)
RATES = ("workers:write", "rates:write")


class World:
    """One account with two sites, another account with one, and the fakes."""

    def __init__(self, now: datetime = NOW) -> None:
        self.db = FakeDatabase()
        self.uow = FakeUnitOfWorkFactory(self.db)
        self.clock = FakeClock(now)
        self.client = self.db.add_client("Acme Staffing")
        self.other = self.db.add_client("Rival Staffing")
        self.north = self.db.add_location(self.client.id, "North")
        self.south = self.db.add_location(self.client.id, "South")
        self.foreign_site = self.db.add_location(self.other.id, "Elsewhere")

    def principal(
        self, scopes: tuple[str, ...] = WRITER, *, sites: tuple[int, ...] | None = None, client_id: int | None = None
    ) -> Principal:
        issued = self.db.add_key(client_id or self.client.id, scopes, location_ids=sites)
        return self.db.principal(issued.key.id)

    def create(self, raw: dict[str, Any], principal: Principal | None = None, **options: Any) -> WorkerView:
        require_rates_write(raw, principal)  # as the HTTP resource does, before the body is read
        return create_worker(
            structure(CreateWorker, raw),
            client_id=self.client.id,
            uow=self.uow,
            clock=self.clock,
            principal=principal,
            **options,
        )

    def update(self, worker_id: int, raw: dict[str, Any], principal: Principal | None = None) -> WorkerView:
        require_rates_write(raw, principal)
        return update_worker(
            worker_id,
            structure(UpdateWorker, raw),
            client_id=self.client.id,
            uow=self.uow,
            clock=self.clock,
            principal=principal,
        )

    def stored(self, worker_id: int) -> Worker:
        return self.db.workers[worker_id]


@pytest.fixture
def world() -> World:
    return World()


def assert_nothing_committed(world: World, before: tuple[object, ...], error: type[WorkforceError], call: Any) -> None:
    with pytest.raises(error):
        call()
    assert world.db.state() == before
    assert world.uow.last.committed is False


# ---- create: events, audit, timestamps --------------------------------------------------------


def test_a_worker_created_with_a_key_records_worker_created_and_the_legacy_worker_created(world: World) -> None:
    principal = world.principal()
    view = world.create({"name": "Ada", "employee_id": "AB-1", "location_id": world.north.id}, principal)
    assert world.db.event_names() == ["worker.created", "worker_created"]
    for event in world.db.outbox:
        assert event.client_id == world.client.id
        assert event.occurred_at == NOW
        assert event.data == events.WorkerCreated(view)
    assert view.worker.id > 0
    assert view.location_name == "North"
    assert world.uow.last.committed is True


def test_a_worker_created_in_the_console_records_only_worker_created(world: World) -> None:
    world.create({"name": "Ada"})
    assert world.db.event_names() == ["worker.created"]
    assert world.db.audit == []  # console writes are not audited


def test_a_new_worker_is_updated_at_its_creation_instant(world: World) -> None:
    view = world.create({"name": "Ada"}, world.principal())
    stored = world.stored(view.worker.id)
    assert stored.created_at == stored.updated_at == NOW
    assert stored.status == "active"
    assert stored.active is True


def test_a_key_made_worker_is_audited_with_each_field_given(world: World) -> None:
    principal = world.principal(RATES)
    view = world.create(
        {"name": "Ada", "employee_id": "AB-1", "hourly_rate": 12.5, "start_date": "2026-03-01"}, principal
    )
    [entry] = world.db.audit
    assert entry.action == "worker.created"
    assert entry.api_key_id == principal.key.id
    assert entry.client_id == world.client.id
    assert entry.entity == "worker"
    assert entry.entity_id == view.worker.id
    assert entry.created_at == NOW
    assert entry.changes == {
        "name": {"before": None, "after": "Ada"},
        "employee_id": {"before": None, "after": "AB-1"},
        "hourly_rate": {"before": None, "after": "12.50"},
        "start_date": {"before": None, "after": "2026-03-01"},
    }


def test_a_pending_worker_is_not_announced_until_approved(world: World) -> None:
    view = world.create({"name": "Self Registered"}, pending=True)
    assert world.stored(view.worker.id).status == "pending"
    assert world.db.outbox == []

    world.clock.advance(hours=3)
    approved = approve_worker(view.worker.id, uow=world.uow, clock=world.clock)

    assert approved.worker.status == "active"
    assert world.stored(view.worker.id).updated_at == NOW + timedelta(hours=3)
    assert world.db.event_names() == ["worker.created"]
    assert world.db.outbox[0].occurred_at == NOW + timedelta(hours=3)


def test_approving_a_worker_that_is_not_pending_is_a_conflict(world: World) -> None:
    view = world.create({"name": "Ada"})
    before = world.db.state()
    assert_nothing_committed(
        world, before, Conflict, lambda: approve_worker(view.worker.id, uow=world.uow, clock=world.clock)
    )


def test_approving_an_unknown_worker_is_not_found(world: World) -> None:
    with pytest.raises(NotFound):
        approve_worker(999, uow=world.uow, clock=world.clock)


# ---- create: employee ids ----------------------------------------------------------------------


def test_the_first_generated_employee_id_is_w00001(world: World) -> None:
    view = world.create({"name": "Ada"})
    assert view.worker.employee_id == "W00001"


def test_a_generated_id_starts_after_the_clients_worker_count(world: World) -> None:
    for n in range(3):
        world.db.add_worker(world.client.id, f"Worker {n}", f"OWN-{n}")
    world.db.add_worker(world.other.id, "Elsewhere", "X-1")  # another client's workers do not count
    assert world.create({"name": "Ada"}).worker.employee_id == "W00004"


def test_a_generated_id_skips_ids_taken_in_any_letter_case(world: World) -> None:
    world.db.add_worker(world.client.id, "Ann", "w00002")
    world.db.add_worker(world.client.id, "Bob", "W00003")
    # two workers: the sequence starts at 3, and W00003 is taken
    assert world.create({"name": "Cy"}).worker.employee_id == "W00004"
    world.db.add_worker(world.client.id, "Dee", "W00006")
    assert world.create({"name": "Eve"}).worker.employee_id == "W00005"
    assert world.create({"name": "Fay"}).worker.employee_id == "W00007"


def test_a_generated_id_is_audited_for_a_key(world: World) -> None:
    view = world.create({"name": "Ada"}, world.principal())
    assert [entry.action for entry in world.db.audit] == ["worker.created", "worker.employee_id_generated"]
    assert world.db.audit[1].changes == {"employee_id": {"before": None, "after": view.worker.employee_id}}


@pytest.mark.parametrize("taken", ["AB-1", "ab-1", "Ab-1"])
def test_an_employee_id_taken_in_any_letter_case_is_a_duplicate(world: World, taken: str) -> None:
    world.db.add_worker(world.client.id, "First", taken)
    principal = world.principal()
    before = world.db.state()
    with pytest.raises(DuplicateEmployeeId) as caught:
        world.create({"name": "Second", "employee_id": "aB-1"}, principal)
    assert caught.value.extra == {"field": "employee_id"}
    assert caught.value.status == 409
    assert world.db.state() == before


def test_the_same_employee_id_is_free_in_another_client(world: World) -> None:
    world.db.add_worker(world.other.id, "Elsewhere", "AB-1")
    assert world.create({"name": "Ada", "employee_id": "ab-1"}).worker.employee_id == "ab-1"


def test_generated_ids_follow_the_clients_counter_not_its_worker_count(world: World) -> None:
    assert world.create({"name": "Ada"}).worker.employee_id == "W00001"
    world.create({"name": "Bea", "employee_id": "AB-1"})  # given by hand: the counter does not move
    assert world.create({"name": "Cy"}).worker.employee_id == "W00002"
    assert world.db.employee_numbers[world.client.id] == 2


def test_a_refused_creation_does_not_use_up_a_number(world: World) -> None:
    with pytest.raises(DepartmentNotFound):
        world.create({"name": "Ada", "department_id": 999})
    assert world.create({"name": "Bea"}).worker.employee_id == "W00001"


def test_a_worker_of_an_unknown_client_is_not_found_and_stores_nothing(world: World) -> None:
    before = world.db.state()
    with pytest.raises(NotFound):
        create_worker(CreateWorker(name="Ada"), client_id=999, uow=world.uow, clock=world.clock, pending=True)
    assert world.db.state() == before


def test_a_generated_id_taken_at_the_last_moment_is_a_duplicate_not_a_silent_retry(world: World) -> None:
    # Under the counter's lock nobody can; a row written around it (a raw import) hits the unique index.
    def rival(db: FakeDatabase) -> None:
        db.add_worker(world.client.id, "Rival", "W00001")

    world.uow.interleave(rival)
    with pytest.raises(DuplicateEmployeeId):
        world.create({"name": "Ada"}, world.principal())
    assert [uow.committed for uow in world.uow.opened] == [False]
    assert world.db.outbox == []


def test_a_given_id_lost_to_a_concurrent_creation_is_a_duplicate_not_retried(world: World) -> None:
    def rival(db: FakeDatabase) -> None:
        db.add_worker(world.client.id, "Rival", "ab-1")

    world.uow.interleave(rival)
    with pytest.raises(DuplicateEmployeeId):
        world.create({"name": "Ada", "employee_id": "AB-1"})
    assert len(world.uow.opened) == 1
    assert [w.name for w in world.db.workers.values()] == ["Rival"]
    assert world.db.outbox == []


# ---- create: scopes, sites and references -----------------------------------------------------


@pytest.mark.parametrize("body", [{"hourly_rate": 12}, {"charge_rate": 20}, {"hourly_rate": None}, {"charge_rate": ""}])
def test_setting_a_rate_needs_rates_write(world: World, body: dict[str, Any]) -> None:
    principal = world.principal(("workers:write", "pay:read", "charges:read"))
    before = world.db.state()
    with pytest.raises(InsufficientScope) as caught:
        world.create({"name": "Ada", **body}, principal)
    assert caught.value.extra == {"required_scope": "rates:write"}
    assert caught.value.status == 403
    assert world.db.state() == before


def test_the_rate_scope_is_checked_before_the_rate_value(world: World) -> None:
    with pytest.raises(InsufficientScope):
        world.create({"name": "Ada", "hourly_rate": "not a number"}, world.principal())


def test_a_key_with_rates_write_sets_rates(world: World) -> None:
    view = world.create({"name": "Ada", "hourly_rate": 12.5, "charge_rate": 18}, world.principal(RATES))
    assert (view.worker.hourly_rate, view.worker.charge_rate) == (Decimal("12.50"), Decimal("18.00"))


def test_the_console_sets_rates_without_a_scope(world: World) -> None:
    assert world.create({"name": "Ada", "hourly_rate": 11}).worker.hourly_rate == Decimal("11.00")


def test_a_site_limited_key_must_give_a_location(world: World) -> None:
    principal = world.principal(sites=(world.north.id,))
    before = world.db.state()
    with pytest.raises(ValidationFailed) as caught:
        world.create({"name": "Ada"}, principal)
    assert caught.value.extra == {"field": "location_id"}
    assert world.db.state() == before


def test_a_site_limited_key_cannot_create_a_worker_at_another_of_the_clients_sites(world: World) -> None:
    principal = world.principal(sites=(world.north.id,))
    with pytest.raises(LocationNotAllowed) as caught:
        world.create({"name": "Ada", "location_id": world.south.id}, principal)
    assert caught.value.extra == {"field": "location_id"}
    assert world.db.workers == {}


def test_a_site_limited_key_creates_a_worker_at_its_site(world: World) -> None:
    principal = world.principal(sites=(world.north.id, world.south.id))
    view = world.create({"name": "Ada", "location_id": world.south.id}, principal)
    assert view.worker.location_id == world.south.id
    assert view.location_name == "South"


@pytest.mark.parametrize("sites", [None, "own"])
def test_another_clients_site_is_not_found(world: World, sites: str | None) -> None:
    principal = world.principal(sites=(world.north.id,) if sites else None)
    with pytest.raises(LocationNotFound) as caught:
        world.create({"name": "Ada", "location_id": world.foreign_site.id}, principal)
    assert caught.value.extra == {"field": "location_id"}
    assert caught.value.status == 404


def test_an_unknown_site_is_not_found(world: World) -> None:
    with pytest.raises(LocationNotFound):
        world.create({"name": "Ada", "location_id": 9999}, world.principal())


def test_the_console_refuses_another_clients_site(world: World) -> None:
    with pytest.raises(ValidationFailed) as caught:
        world.create({"name": "Ada", "location_id": world.foreign_site.id})
    assert caught.value.extra == {"field": "location_id"}


def test_departments_and_cost_codes_may_be_the_clients_own_or_global(world: World) -> None:
    own_department = world.db.add_department(world.client.id, "Picking")
    global_code = world.db.add_cost_code(None, "GLOBAL-1")
    view = world.create(
        {"name": "Ada", "department_id": own_department.id, "cost_code_id": global_code.id}, world.principal()
    )
    assert (view.department_name, view.cost_code) == ("Picking", "GLOBAL-1")


def test_another_clients_department_is_not_found(world: World) -> None:
    foreign = world.db.add_department(world.other.id, "Theirs")
    with pytest.raises(DepartmentNotFound) as caught:
        world.create({"name": "Ada", "department_id": foreign.id}, world.principal())
    assert caught.value.extra == {"field": "department_id"}
    assert caught.value.code == "department_not_found"


def test_another_clients_cost_code_is_not_found(world: World) -> None:
    foreign = world.db.add_cost_code(world.other.id, "THEIRS")
    with pytest.raises(CostCodeNotFound) as caught:
        world.create({"name": "Ada", "cost_code_id": foreign.id}, world.principal())
    assert caught.value.extra == {"field": "cost_code_id"}
    assert world.db.workers == {}


def test_a_bad_body_commits_nothing(world: World) -> None:
    principal = world.principal()
    before = world.db.state()
    with pytest.raises(ValidationFailed):
        world.create({"name": "Ada", "email": "not-an-address"}, principal)
    assert world.db.state() == before


# ---- update -----------------------------------------------------------------------------------


def seeded_worker(world: World, **fields: Any) -> Worker:
    values: dict[str, Any] = {
        "location_id": world.north.id,
        "phone": "0777",
        "job_role": "Picker",
        "hourly_rate": Decimal("12.50"),
        "charge_rate": Decimal("18.00"),
        "start_date": date(2026, 1, 5),
    }
    values.update(fields)
    return world.db.add_worker(world.client.id, "Ada", "AB-1", **values)


def test_changes_list_only_the_fields_whose_value_really_changed(world: World) -> None:
    worker = seeded_worker(world)
    world.clock.advance(hours=1)
    view = world.update(
        worker.id,
        {
            "name": " Ada ",  # trimmed: unchanged
            "hourly_rate": 12.5,  # same amount
            "phone": "0888",
            "job_role": None,
            "employee_id": "AB-1",
            "active": False,
        },
        world.principal(RATES),
    )
    assert world.db.event_names() == ["worker.updated", "worker_updated"]
    for event in world.db.outbox:
        assert event.data == events.WorkerUpdated(view, ("phone", "job_role", "active"))
        assert event.occurred_at == NOW + timedelta(hours=1)
    stored = world.stored(worker.id)
    assert (stored.phone, stored.job_role, stored.active) == ("0888", None, False)
    assert stored.updated_at == NOW + timedelta(hours=1)


def test_a_console_change_records_only_worker_updated(world: World) -> None:
    worker = seeded_worker(world)
    world.update(worker.id, {"phone": "0999"})
    assert world.db.event_names() == ["worker.updated"]
    assert data(world.db.outbox[0])["changes"] == ["phone"]


def test_a_put_that_changes_nothing_records_nothing_and_keeps_updated_at(world: World) -> None:
    worker = seeded_worker(world)
    world.clock.advance(days=1)
    principal = world.principal(RATES)
    before = world.db.state()
    view = world.update(
        worker.id,
        {"name": "Ada", "phone": " 0777 ", "hourly_rate": 12.50, "charge_rate": 18, "start_date": "2026-01-05"},
        principal,
    )
    assert world.db.state() == before
    assert view.worker == world.stored(worker.id)
    assert view.worker.updated_at == worker.updated_at


def test_a_rate_change_is_audited_with_before_and_after(world: World) -> None:
    worker = seeded_worker(world)
    principal = world.principal(RATES)
    world.update(worker.id, {"hourly_rate": 13, "charge_rate": None, "phone": "0777"}, principal)
    [entry] = world.db.audit
    assert entry.action == "worker.updated"
    assert entry.api_key_id == principal.key.id
    assert entry.entity_id == worker.id
    assert entry.changes == {
        "hourly_rate": {"before": "12.50", "after": "13.00"},
        "charge_rate": {"before": "18.00", "after": None},
    }


@pytest.mark.parametrize("body", [{"hourly_rate": 13}, {"charge_rate": None}, {"hourly_rate": 12.5}])
def test_changing_rates_needs_rates_write_even_to_the_same_value(world: World, body: dict[str, Any]) -> None:
    worker = seeded_worker(world)
    principal = world.principal(("workers:write", "pay:read"))
    before = world.db.state()
    with pytest.raises(InsufficientScope) as caught:
        world.update(worker.id, body, principal)
    assert caught.value.extra == {"required_scope": "rates:write"}
    assert world.db.state() == before


def test_an_anonymised_worker_cannot_be_changed(world: World, tmp_path: Path) -> None:
    worker = seeded_worker(world)
    anonymise_worker(worker.id, uow=world.uow, clock=world.clock, file_store=FolderFileStore(tmp_path))
    principal = world.principal()
    before = world.db.state()
    with pytest.raises(Conflict) as caught:
        world.update(worker.id, {"phone": "0111"}, principal)
    assert caught.value.code == "conflict"
    assert caught.value.status == 409
    assert world.db.state() == before


def test_anonymising_blanks_personal_fields_and_announces_it(world: World, tmp_path: Path) -> None:
    worker = seeded_worker(world, email="ada@example.com", has_pin=True)
    view = anonymise_worker(worker.id, uow=world.uow, clock=world.clock, file_store=FolderFileStore(tmp_path))
    assert (view.worker.name, view.worker.email, view.worker.phone) == ("Anonymised worker", None, None)
    assert (view.worker.active, view.worker.has_pin, view.worker.anonymised_at) == (False, False, NOW)
    assert world.db.event_names() == ["worker.updated"]
    assert data(world.db.outbox[0])["changes"] == ["name", "email", "phone", "has_pin", "active", "end_date"]
    with pytest.raises(Conflict):
        anonymise_worker(worker.id, uow=world.uow, clock=world.clock, file_store=FolderFileStore(tmp_path))
    with pytest.raises(Conflict):
        suspend_worker(worker.id, uow=world.uow, clock=world.clock)


def test_suspending_a_worker_is_stored_but_announces_no_record_field(world: World) -> None:
    # `suspended` is not a field of the worker record, so worker.updated would have nothing to list
    worker = seeded_worker(world)
    view = suspend_worker(worker.id, uow=world.uow, clock=world.clock)
    assert view.worker.suspended is True
    assert world.stored(worker.id).suspended is True
    assert world.db.event_names() == []


def test_changing_the_letter_case_of_the_own_employee_id_is_allowed(world: World) -> None:
    worker = seeded_worker(world)
    view = world.update(worker.id, {"employee_id": "ab-1"}, world.principal())
    assert view.worker.employee_id == "ab-1"
    assert data(world.db.outbox[0])["changes"] == ["employee_id"]


@pytest.mark.parametrize("wanted", ["CD-2", "cd-2", "Cd-2"])
def test_taking_another_workers_employee_id_in_any_case_is_a_duplicate(world: World, wanted: str) -> None:
    worker = seeded_worker(world)
    world.db.add_worker(world.client.id, "Other", "cD-2")
    principal = world.principal()
    before = world.db.state()
    with pytest.raises(DuplicateEmployeeId) as caught:
        world.update(worker.id, {"employee_id": wanted}, principal)
    assert caught.value.extra == {"field": "employee_id"}
    assert world.db.state() == before


def test_another_clients_worker_is_not_found(world: World) -> None:
    theirs = world.db.add_worker(world.other.id, "Theirs", "T-1")
    with pytest.raises(NotFound):
        world.update(theirs.id, {"phone": "0111"}, world.principal())
    with pytest.raises(NotFound):
        world.update(12345, {"phone": "0111"}, world.principal())


def test_a_site_limited_key_does_not_see_a_worker_based_elsewhere(world: World) -> None:
    south_worker = seeded_worker(world, location_id=world.south.id)
    unplaced = world.db.add_worker(world.client.id, "Nowhere", "N-1")
    principal = world.principal(sites=(world.north.id,))
    with pytest.raises(NotFound):
        world.update(south_worker.id, {"phone": "0111"}, principal)
    with pytest.raises(NotFound):
        world.update(unplaced.id, {"phone": "0111"}, principal)


def test_a_site_limited_key_cannot_clear_the_location(world: World) -> None:
    worker = seeded_worker(world)
    principal = world.principal(sites=(world.north.id,))
    with pytest.raises(ValidationFailed) as caught:
        world.update(worker.id, {"location_id": None}, principal)
    assert caught.value.extra == {"field": "location_id"}
    assert world.stored(worker.id).location_id == world.north.id


def test_a_site_limited_key_cannot_move_a_worker_to_a_site_outside_it(world: World) -> None:
    worker = seeded_worker(world)
    with pytest.raises(LocationNotAllowed):
        world.update(worker.id, {"location_id": world.south.id}, world.principal(sites=(world.north.id,)))
    with pytest.raises(LocationNotFound):
        world.update(worker.id, {"location_id": world.foreign_site.id}, world.principal(sites=(world.north.id,)))
    assert world.stored(worker.id).location_id == world.north.id


def test_an_end_date_before_the_stored_start_date_fails(world: World) -> None:
    worker = seeded_worker(world)
    with pytest.raises(ValidationFailed) as caught:
        world.update(worker.id, {"end_date": "2026-01-04"}, world.principal())
    assert caught.value.extra == {"field": "end_date"}


def test_a_pending_worker_change_is_audited_but_not_announced(world: World) -> None:
    pending = world.create({"name": "Self Registered"}, pending=True)
    world.update(pending.worker.id, {"phone": "0123"}, world.principal())
    assert world.db.outbox == []
    assert [entry.action for entry in world.db.audit] == ["worker.updated"]


# ---- a property over PUT bodies -----------------------------------------------------------------

PUT_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "name": st.sampled_from(["Ada", " Ada ", "Grace"]),
    "phone": st.sampled_from([None, "", "0777", "0888"]),
    "job_role": st.sampled_from([None, "Picker", "Driver"]),
    "email": st.sampled_from([None, "ada@example.com"]),
    "preferred_language": st.sampled_from([None, "en", "pl"]),
    "hourly_rate": st.sampled_from([None, 12.5, 12.50, 13, "", 0]),
    "start_date": st.sampled_from([None, "2026-01-05", "2026-01-01"]),
    "active": st.booleans(),
    "location_id": st.sampled_from([1, 2]),
}
EXPECTED: dict[str, Callable[[Any], Any]] = {
    "name": lambda v: v.strip(),
    "phone": lambda v: v or None,
    "job_role": lambda v: v,
    "email": lambda v: v,
    "preferred_language": lambda v: v,
    "hourly_rate": lambda v: None if v in (None, "") else Decimal(str(v)).quantize(Decimal("0.01")),
    "start_date": lambda v: date.fromisoformat(v) if v else None,
    "active": lambda v: v,
    "location_id": lambda v: v,
}


@settings(max_examples=150, deadline=None)
@given(st.fixed_dictionaries({}, optional=PUT_VALUES))
def test_a_put_stores_the_body_and_announces_exactly_the_changed_fields(body: dict[str, Any]) -> None:
    world = World()
    worker = seeded_worker(world)
    world.clock.advance(minutes=5)
    view = world.update(worker.id, body, world.principal(RATES))

    after = world.stored(worker.id)
    expected = {name: EXPECTED[name](value) for name, value in body.items()}
    for name, value in expected.items():
        assert getattr(after, name) == value
    changed = [name for name in EDITABLE_FIELDS if name in expected and expected[name] != getattr(worker, name)]
    if changed:
        assert world.db.event_names() == ["worker.updated", "worker_updated"]
        assert data(world.db.outbox[0])["changes"] == changed
        assert after.updated_at == NOW + timedelta(minutes=5)
        assert [entry.changes.keys() for entry in world.db.audit] == [set(changed)]
    else:
        assert world.db.outbox == []
        assert world.db.audit == []
        assert after == worker
    assert view.worker == after


# ---- reads -------------------------------------------------------------------------------------


def test_reading_workers_needs_workers_read(world: World, mirror: Mirror) -> None:
    queries = mirror(world.db)
    with pytest.raises(InsufficientScope) as caught:
        reads.workers(world.principal(("onsite:read",)), WorkerFilter(client_id=0, paging=Paging()), queries=queries)
    assert caught.value.extra == {"required_scope": "workers:read"}


def test_a_write_key_reads_its_own_clients_workers_only(world: World, mirror: Mirror) -> None:
    seeded_worker(world)
    world.db.add_worker(world.other.id, "Theirs", "T-1")
    queries = mirror(world.db)
    page = reads.workers(world.principal(), WorkerFilter(client_id=world.other.id, paging=Paging()), queries=queries)
    assert [view.worker.name for view in page.items] == ["Ada"]


def test_a_site_limited_key_reads_only_workers_at_its_sites(world: World, mirror: Mirror) -> None:
    seeded_worker(world)
    world.db.add_worker(world.client.id, "Bob", "B-1", location_id=world.south.id)
    principal = world.principal(("workers:read",), sites=(world.south.id,))
    queries = mirror(world.db)
    page = reads.workers(principal, WorkerFilter(client_id=world.client.id, paging=Paging()), queries=queries)
    assert [view.worker.name for view in page.items] == ["Bob"]
    with pytest.raises(LocationNotAllowed) as caught:
        reads.workers(
            principal, WorkerFilter(client_id=1, paging=Paging()), queries=queries, location_id=world.north.id
        )
    assert caught.value.extra == {"parameter": "location_id"}
    with pytest.raises(LocationNotFound) as not_found:
        reads.workers(
            principal, WorkerFilter(client_id=1, paging=Paging()), queries=queries, location_id=world.foreign_site.id
        )
    assert not_found.value.extra == {"parameter": "location_id"}


def test_one_worker_by_id_or_not_found(world: World, mirror: Mirror) -> None:
    worker = seeded_worker(world)
    queries = mirror(world.db)
    principal = world.principal(("workers:read",))
    page = reads.workers(principal, WorkerFilter(client_id=0, paging=Paging(), id=worker.id), queries=queries)
    assert reads.one(page).worker.id == worker.id
    empty = reads.workers(principal, WorkerFilter(client_id=0, paging=Paging(), id=worker.id + 100), queries=queries)
    with pytest.raises(NotFound):
        reads.one(empty)


@settings(max_examples=60, deadline=None)
@given(minutes=st.integers(min_value=-180, max_value=180))
def test_updated_since_copied_from_a_shown_updated_at_finds_the_change_across_the_autumn_change(
    minutes: int, sqlite_template: SqliteTemplate
) -> None:
    changed_at = datetime(2026, 10, 25, 1, 0, tzinfo=UTC) + timedelta(minutes=minutes)
    world = World(now=changed_at)
    worker = seeded_worker(world)
    world.update(worker.id, {"phone": "0999"})
    shown = local_text(world.stored(worker.id).updated_at)
    since = parse_instant(shown or "")
    page = reads.workers(
        world.principal(("workers:read",)),
        WorkerFilter(client_id=0, paging=Paging(), updated_since=since),
        queries=mirrored_queries(world.db, sqlite_template),
    )
    assert [view.worker.id for view in page.items] == [worker.id]


# ---- a state machine: employee ids stay unique within each client --------------------------------

BADGES = ["AB-1", "ab-1", "Ab-1", "CD-2", "cd-2", "W00001", "w00002", "W00003", "X"]


class EmployeeIdsStayUnique(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.world = World()
        self.principals = {
            self.world.client.id: self.world.principal(RATES),
            self.world.other.id: self.world.principal(RATES, client_id=self.world.other.id),
        }
        self.model: dict[int, dict[int, str]] = {self.world.client.id: {}, self.world.other.id: {}}

    def _taken(self, client_id: int, employee_id: str, except_id: int = 0) -> bool:
        key = employee_id_key(employee_id)
        return any(employee_id_key(e) == key for i, e in self.model[client_id].items() if i != except_id)

    @rule(which=st.booleans(), employee_id=st.one_of(st.none(), st.sampled_from(BADGES), valid_employee_ids))
    def create(self, which: bool, employee_id: str | None) -> None:
        client_id = self.world.client.id if which else self.world.other.id
        body: dict[str, Any] = {"name": "Worker"}
        if employee_id is not None:
            body["employee_id"] = employee_id
        clash = employee_id is not None and self._taken(client_id, employee_id)
        try:
            view = create_worker(
                structure(CreateWorker, body),
                client_id=client_id,
                uow=self.world.uow,
                clock=self.world.clock,
                principal=self.principals[client_id],
            )
        except DuplicateEmployeeId:
            assert clash
            return
        assert not clash
        if employee_id is not None:
            assert view.worker.employee_id == employee_id
        self.model[client_id][view.worker.id] = view.worker.employee_id

    @precondition(lambda self: any(self.model.values()))
    @rule(data=st.data())
    def rename(self, data: st.DataObject) -> None:
        client_id = data.draw(st.sampled_from([c for c, workers in self.model.items() if workers]))
        worker_id = data.draw(st.sampled_from(sorted(self.model[client_id])))
        current = self.model[client_id][worker_id]
        wanted = data.draw(st.one_of(st.sampled_from(BADGES), valid_employee_ids, case_variants(current)))
        clash = self._taken(client_id, wanted, except_id=worker_id)
        try:
            view = update_worker(
                worker_id,
                UpdateWorker(employee_id=wanted),
                client_id=client_id,
                uow=self.world.uow,
                clock=self.world.clock,
                principal=self.principals[client_id],
            )
        except DuplicateEmployeeId:
            assert clash
            return
        assert not clash
        assert view.worker.employee_id == wanted
        self.model[client_id][worker_id] = wanted

    @invariant()
    def employee_ids_are_unique_per_client_ignoring_case(self) -> None:
        for client_id in self.model:
            keys = [employee_id_key(w.employee_id) for w in self.world.db.workers.values() if w.client_id == client_id]
            assert len(keys) == len(set(keys))

    @invariant()
    def the_database_agrees_with_the_model(self) -> None:
        stored = {w.id: w.employee_id for w in self.world.db.workers.values()}
        assert stored == {i: e for workers in self.model.values() for i, e in workers.items()}


EmployeeIdsStayUnique.TestCase.settings = settings(max_examples=30, stateful_step_count=25, deadline=None)
test_employee_ids_stay_unique_within_each_client = EmployeeIdsStayUnique.TestCase


# ---- the fake unit of work itself ----------------------------------------------------------------


def test_a_unit_of_work_left_without_commit_leaves_nothing_behind(world: World) -> None:
    before = world.db.state()
    with world.uow() as tx:
        added = tx.workers.add(Worker(client_id=world.client.id, name="Temp", employee_id="T-1", created_at=NOW))
        assert tx.workers.get(added.id) == added
        assert tx.workers.employee_id_taken(world.client.id, "t-1")
        tx.record(events.worker_created(WorkerView(added), client_id=world.client.id, at=NOW, via_api=False))
    assert world.db.state() == before
    assert world.uow.last.committed is False
    assert world.uow.last.rolled_back is True


def test_a_loaded_entity_changed_without_update_is_not_stored(world: World) -> None:
    worker = seeded_worker(world)
    with world.uow() as tx:
        loaded = tx.workers.get(worker.id)
        assert loaded is not None
        loaded.phone = "changed in memory only"
        tx.commit()
    assert world.stored(worker.id).phone == "0777"
