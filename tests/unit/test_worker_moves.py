"""Moving a worker to another client account (services/worker_moves.py) on the memory adapter: the old
copy closed as moved out, a new worker in the new account with the person's own details only, both
accounts told, and who may do it."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal

import attrs
import pytest

from tests.clocks import FakeClock
from tests.fakes import FakeDatabase, FakeUnitOfWorkFactory, data
from workforce_core.commands.worker_moves import MoveWorker
from workforce_core.errors import Conflict, NotFound, RoleNotAllowed, ValidationFailed
from workforce_core.model.people import Actor, Role
from workforce_core.model.time_entries import TimeEntry
from workforce_core.services.worker_moves import MOVED_REASON, MovedWorker, move_worker

NOW = datetime(2026, 3, 2, 10, 0, tzinfo=UTC)


class World:
    def __init__(self) -> None:
        self.db = FakeDatabase()
        self.uow = FakeUnitOfWorkFactory(self.db)
        self.clock = FakeClock(NOW)
        self.old = self.db.add_client("Acme Staffing")
        self.new = self.db.add_client("Rival Staffing")
        self.site = self.db.add_location(self.old.id, "North")
        self.worker = self.db.add_worker(
            self.old.id,
            "Ann Able",
            "B-7",
            email="ann@example.com",
            phone="07700 900123",
            job_role="Picker",
            location_id=self.site.id,
            hourly_rate=Decimal("13.50"),
            charge_rate=Decimal("18.00"),
            date_of_birth=date(1990, 5, 1),
            preferred_language="pl",
            has_pin=True,
            pin_hash="argon2-hash",
        )

    def move(
        self, worker_id: int | None = None, client_id: int | None = None, actor: Actor | None = None
    ) -> MovedWorker:
        command = MoveWorker(worker_id=worker_id or self.worker.id, client_id=client_id or self.new.id)
        return move_worker(command, uow=self.uow, clock=self.clock, actor=actor)


@pytest.fixture
def w() -> World:
    return World()


def test_the_old_copy_is_closed_as_moved_out_and_keeps_its_account(w: World) -> None:
    moved = w.move()
    old = w.db.workers[w.worker.id]
    assert (old.client_id, old.active, old.moved_out, old.end_date) == (w.old.id, False, True, date(2026, 3, 2))
    assert old.leave_reason == MOVED_REASON
    assert moved.old.worker == old


def test_the_new_copy_takes_the_person_and_none_of_the_old_account(w: World) -> None:
    new = w.db.workers[w.move().new.worker.id]
    assert new.id != w.worker.id
    assert new.client_id == w.new.id
    assert (new.name, new.email, new.phone, new.job_role, new.preferred_language) == (
        "Ann Able",
        "ann@example.com",
        "07700 900123",
        "Picker",
        "pl",
    )
    assert (new.date_of_birth, new.has_pin, new.pin_hash) == (date(1990, 5, 1), True, "argon2-hash")
    assert (new.location_id, new.hourly_rate, new.charge_rate) == (None, None, None)
    assert (new.active, new.moved_out, new.employee_id, new.start_date) == (True, False, "B-7", date(2026, 3, 2))


def test_a_badge_taken_in_the_new_account_is_generated_there(w: World) -> None:
    w.db.add_worker(w.new.id, "Someone Else", "b-7")
    new = w.move().new.worker
    assert new.employee_id != "B-7"
    assert new.employee_id.startswith("W")


def test_both_accounts_are_told_worker_updated(w: World) -> None:
    moved = w.move()
    told = w.db.events("worker.updated")
    assert [(e.client_id, data(e)["id"]) for e in told] == [(w.old.id, w.worker.id), (w.new.id, moved.new.worker.id)]
    old, new = data(told[0]), data(told[1])
    assert (old["moved_out"], old["active"], old["changes"]) == (True, False, ["active", "end_date", "leave_reason"])
    assert (new["moved_out"], new["active"], new["changes"]) == (False, True, ["client_id"])
    assert w.db.events("worker.created") == []
    assert [(a.client_id, a.action) for a in w.db.audit] == [(w.old.id, "moved_out"), (w.new.id, "moved_in")]


def test_only_an_operator_admin_moves_a_worker(w: World) -> None:
    owner = Actor(1, Role.OWNER, w.old.id)
    with pytest.raises(RoleNotAllowed):
        w.move(actor=owner)
    assert w.db.workers[w.worker.id].active
    w.move(actor=Actor(2, Role.OPERATOR, None))
    assert [a.user_id for a in w.db.audit] == [2, 2]


def test_refusals_change_nothing(w: World) -> None:
    before = w.db.state()
    with pytest.raises(NotFound):
        w.move(worker_id=999)
    with pytest.raises(NotFound):
        w.move(client_id=999)
    with pytest.raises(ValidationFailed):
        w.move(client_id=w.old.id)
    assert w.db.state() == before
    w.move()
    with pytest.raises(Conflict):
        w.move()  # the old copy has moved already


def test_a_worker_clocked_in_cannot_move_until_clocked_out(w: World) -> None:
    shift = TimeEntry(
        worker_id=w.worker.id, client_id=w.old.id, location_id=w.site.id, clock_in=NOW, created_at=NOW, id=1
    )
    w.db.entries[shift.id] = shift  # clocked in an hour ago, as a clock would have stored it
    before = w.db.state()
    with pytest.raises(Conflict):
        w.move()
    assert w.db.state() == before
    w.db.entries[shift.id] = attrs.evolve(shift, clock_out=NOW)
    assert w.move().old.worker.moved_out
