"""The audit trail on the memory adapter: every write made for someone ends with rows that say who, what,
about which record, when and from where; a write that changed nothing leaves none; the strict mode refuses
a write made for no one; the reads filter by person, key, kind and dates."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import attrs
import pytest

from tests.clocks import FakeClock
from tests.fakes import FakeDatabase, FakeUnitOfWorkFactory
from workforce_core import events
from workforce_core.commands.reference import CreateLocation
from workforce_core.commands.workers import CreateWorker, UpdateWorker
from workforce_core.errors import RoleNotAllowed
from workforce_core.model.audit import AuditEntry, Origin, Via
from workforce_core.model.people import Actor
from workforce_core.model.workers import Worker
from workforce_core.ports import Paging
from workforce_core.services.audit_trail import audit_trail, record_history
from workforce_core.services.reference import create_location
from workforce_core.services.workers import create_worker, update_worker
from workforce_core.steps.audit_rows import Who, command_row
from workforce_core.steps.audited_writes import (
    Acting,
    AuditedUnitOfWorkFactory,
    RefusingUnauditedFactory,
    UnauditedWrite,
)
from workforce_core.views import WorkerView
from workforce_core.views.audit import AuditFilter, AuditRow

NOW = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)
ORIGIN = Origin(Via.API, "203.0.113.9", "abc123")


class World:
    def __init__(self) -> None:
        self.db = FakeDatabase()
        self.uow = FakeUnitOfWorkFactory(self.db)
        self.clock = FakeClock(NOW)
        self.client = self.db.add_client("Acme Staffing")
        self.key = self.db.add_key(self.client.id, ("workers:write",), name="payroll sync").key
        self.principal = self.db.principal(self.key.id)

    def audited(self, use_case: str, command: object = None, who: Who | None = None) -> AuditedUnitOfWorkFactory:
        acting = Acting(who or Who.of(self.principal, None), ORIGIN, use_case, command)
        return AuditedUnitOfWorkFactory(self.uow, acting, self.clock.now)

    def create(self, name: str = "Ada Lovelace") -> int:
        command = CreateWorker(name=name)
        made = create_worker(
            command, client_id=self.client.id, uow=self.audited("create_worker", command), clock=self.clock,
            principal=self.principal,
        )  # fmt: skip
        return made.worker.id

    def rows(self) -> list[AuditEntry]:
        return list(self.db.audit)


@pytest.fixture
def world() -> World:
    return World()


def _announce(world: World, uow: AuditedUnitOfWorkFactory, name: str, changes: list[str] | None) -> int:
    """A write that records the worker events (as the worker use cases do) and no row of its own."""
    with uow() as tx:
        worker = tx.workers.add(
            Worker(client_id=world.client.id, name=name, employee_id="E-9", created_at=NOW, updated_at=NOW)
        )
        view = WorkerView.of(worker, None, None, None)
        if changes is None:
            tx.record(events.worker_created(view, client_id=world.client.id, at=NOW, via_api=True))
        else:
            tx.record(events.worker_updated(view, client_id=world.client.id, at=NOW, changes=changes, via_api=True))
        tx.commit()
    return worker.id


def test_a_write_with_events_leaves_one_row_per_record_with_who_and_where(world: World) -> None:
    worker_id = _announce(world, world.audited("make"), "Ada Lovelace", None)
    [row] = world.rows()  # worker.created and the legacy worker_created: one change of one record
    assert (row.action, row.entity, row.entity_id) == ("worker.created", "worker", worker_id)
    assert (row.api_key_id, row.user_id, row.client_id) == (world.key.id, None, world.client.id)
    assert (row.ip, row.request_id, row.via, row.created_at) == ("203.0.113.9", "abc123", "api", NOW)


def test_a_change_names_the_fields_changed_with_their_values_after(world: World) -> None:
    _announce(world, world.audited("change"), "Ada King", ["name"])
    [row] = world.rows()
    assert row.action == "worker.updated"
    assert row.changes == {"name": {"before": None, "after": "Ada King"}}


def test_a_use_case_that_writes_its_own_rows_keeps_them_with_before_and_after(world: World) -> None:
    worker_id = world.create()
    command = UpdateWorker(name="Ada King")
    uow = world.audited("update_worker", command)
    update_worker(worker_id, command, client_id=world.client.id, uow=uow, clock=world.clock, principal=world.principal)
    changed = [row for row in world.rows() if row.action == "worker.updated"]
    assert [row.changes["name"] for row in changed] == [{"before": "Ada Lovelace", "after": "Ada King"}]
    assert {row.request_id for row in world.rows()} == {"abc123"}


def test_a_write_that_changes_nothing_leaves_no_row(world: World) -> None:
    worker_id = world.create()
    before = world.rows()
    command = UpdateWorker(name="Ada Lovelace")
    uow = world.audited("update_worker", command)
    update_worker(worker_id, command, client_id=world.client.id, uow=uow, clock=world.clock, principal=world.principal)
    assert world.rows() == before


def test_a_write_without_events_names_its_use_case_and_the_values_asked_for(world: World) -> None:
    command = CreateLocation(name="North Depot")
    user = Actor(user_id=7, role="owner", client_id=world.client.id)
    uow = world.audited("create_location", command, Who.of(None, user))
    site = create_location(command, client_id=world.client.id, uow=uow, clock=world.clock)
    [row] = world.rows()
    assert (row.action, row.user_id, row.api_key_id, row.client_id) == ("create_location", 7, None, world.client.id)
    assert row.changes["name"] == {"before": None, "after": "North Depot"}
    assert site.id > 0


@attrs.frozen
class SetPin:
    worker_id: int
    pin: str
    new_password: str
    token: str
    reason: str


def test_secrets_never_reach_the_log() -> None:
    command = SetPin(worker_id=3, pin="1234", new_password="hunter2!", token="abc", reason="lost badge")
    row = command_row("set_pin", command, Who(None, None, 1), 1, NOW)
    assert (row.entity, row.entity_id) == ("worker", 3)
    assert row.changes == {"worker_id": {"before": None, "after": 3}, "reason": {"before": None, "after": "lost badge"}}


def test_a_call_without_a_command_names_the_record_its_first_argument_names() -> None:
    row = command_row("revoke_key", None, Who(None, 9, 1), 1, NOW, ("key", 7))
    assert (row.action, row.entity, row.entity_id, row.user_id, row.changes) == ("revoke_key", "key", 7, 9, {})


def test_a_use_cases_own_row_is_kept_alone_and_stamped_with_where_from(world: World) -> None:
    uow = world.audited("anything")
    with uow() as tx:
        tx.audit.add(AuditEntry(world.client.id, None, "custom", "worker", 5, NOW, {"a": {"before": 1, "after": 2}}))
        tx.commit()
    [row] = world.rows()
    assert (row.action, row.ip, row.request_id, row.via) == ("custom", "203.0.113.9", "abc123", "api")


def test_strict_mode_refuses_a_write_made_for_no_one_unless_it_wrote_its_own_row(world: World) -> None:
    refusing = RefusingUnauditedFactory(world.uow, "create_location")
    with pytest.raises(UnauditedWrite, match="create_location"):
        create_location(CreateLocation(name="Nowhere"), client_id=world.client.id, uow=refusing, clock=world.clock)
    assert world.db.locations == {}
    assert world.rows() == []
    with refusing() as tx:  # a use case that writes its own row passes
        tx.audit.add(AuditEntry(world.client.id, None, "custom", "user", 1, NOW))
        tx.commit()
    assert [row.action for row in world.rows()] == ["custom"]


def _seed(world: World) -> None:
    other = world.db.add_client("Rival")
    entries = [
        AuditEntry(world.client.id, world.key.id, "worker.created", "worker", 1, NOW - timedelta(days=2)),
        AuditEntry(world.client.id, None, "shift.created", "booking", 4, NOW - timedelta(days=1), user_id=9),
        AuditEntry(world.client.id, None, "shift.updated", "booking", 4, NOW, user_id=9),
        AuditEntry(other.id, None, "shift.created", "booking", 5, NOW, user_id=9),
    ]
    world.db.audit.extend(attrs.evolve(entry, id=n) for n, entry in enumerate(entries, start=1))


def _actions(page: tuple[AuditRow, ...]) -> list[str]:
    return [row.entry.action for row in page]


def test_the_trail_reads_the_accounts_rows_newest_first_with_its_filters(world: World) -> None:
    _seed(world)
    owner = Actor(user_id=9, role="owner", client_id=world.client.id)

    def read(**filters: Any) -> tuple[AuditRow, ...]:
        query = AuditFilter(world.client.id, **filters)
        return audit_trail(query, Paging(), uow=world.uow, actor=owner).items

    assert _actions(read()) == ["shift.updated", "shift.created", "worker.created"]
    assert _actions(read(user_id=9)) == ["shift.updated", "shift.created"]
    assert _actions(read(api_key_id=world.key.id)) == ["worker.created"]
    assert [row.who for row in read(api_key_id=world.key.id)] == ["key payroll sync"]
    assert _actions(read(entity="booking", since=NOW - timedelta(hours=30), until=NOW)) == ["shift.created"]
    paged = audit_trail(AuditFilter(world.client.id), Paging(limit=1, offset=1), uow=world.uow, actor=owner)
    assert (_actions(paged.items), paged.total) == (["shift.created"], 3)
    assert _actions(record_history(world.client.id, "booking", 4, uow=world.uow)) == ["shift.updated", "shift.created"]


def test_only_a_role_with_setup_reads_the_trail(world: World) -> None:
    coordinator = Actor(user_id=3, role="coordinator", client_id=world.client.id)
    with pytest.raises(RoleNotAllowed):
        audit_trail(AuditFilter(world.client.id), Paging(), uow=world.uow, actor=coordinator)


def test_a_rows_changes_read_as_before_and_after() -> None:
    entry = AuditEntry(1, None, "x", "worker", 1, NOW, {"rate": {"before": "12.00", "after": "12.50"}, "n": 3})
    assert AuditRow(entry, "ann@example.com").changes_text == "rate: 12.00 -> 12.50; n: 3"
    assert AuditRow(entry, "ann@example.com").who == "ann@example.com"
