"""Moving a worker to another client account, an operator admin's act (or the server's
console). The old account's copy is closed: a leaver from today (``end_date``, unless they had left
already) marked ``moved_out``, so it cannot be booked or clock; its shifts, pay history and documents
stay where they were made. The new account gets a new worker with the person's own details (name,
contact, language, date of birth, job role, working-time opt-out, kiosk PIN) but none of the old
account's: its sites, departments, cost codes, rates and holiday pay choice are per account. The badge
number goes along when the new account has no such badge, else it is generated there. Both accounts
are told ``worker.updated``: the old copy with ``moved_out`` true, the new one naming ``client_id``."""

from __future__ import annotations

from datetime import datetime, timedelta

import attrs
from attrs import frozen

from workforce_core import events
from workforce_core.commands.worker_moves import MoveWorker
from workforce_core.errors import Conflict, NotFound, ValidationFailed
from workforce_core.model.audit import AuditEntry
from workforce_core.model.people import Actor
from workforce_core.model.time_entries import OPEN_SHIFT_HOURS
from workforce_core.model.workers import Worker
from workforce_core.ports import Clock, UnitOfWork, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.employee_ids import generated_employee_id
from workforce_core.rules.london import local_date
from workforce_core.views import WorkerView

MOVED_REASON = "Moved to another client account"
# what the new copy takes along: the person's own details, none of the old account's
PERSONAL = (
    "name",
    "email",
    "phone",
    "job_role",
    "preferred_language",
    "date_of_birth",
    "apprentice_since",
    "wtr_opt_out",
    "has_pin",
    "pin_hash",
)


@frozen
class MovedWorker:
    """The closed copy, as its old account sees it, and the new worker of the new account."""

    old: WorkerView
    new: WorkerView


def move_worker(
    command: MoveWorker, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None
) -> MovedWorker:
    """403 ``role_not_allowed`` for anyone but an operator admin; 404 an unknown worker or account;
    400 ``client_id`` the worker's own account; 409 ``conflict`` a pending, anonymised or moved worker, or
    one clocked in (the open shift would be left where no clock-out can reach it)."""
    if actor is not None and not actor.operator:
        raise people.refusal(actor, "move a worker to another client account", ())
    now = clock.now()
    today = local_date(now)
    with uow() as tx:
        worker = tx.workers.lock(command.worker_id)
        if worker is None or command.from_client_id not in (None, worker.client_id):
            raise NotFound(f"worker {command.worker_id} not found", field="worker_id")
        if tx.clients.get(command.client_id) is None:
            raise NotFound(f"client {command.client_id} not found", field="client_id")
        if worker.client_id == command.client_id:
            raise ValidationFailed("client_id", "the worker is already in that client account.")
        if worker.anonymised_at is not None or worker.moved_out or worker.pending:
            raise Conflict("only an approved worker still in the account can be moved (not anonymised or moved).")
        if tx.entries.open_shift(worker.id, now - timedelta(hours=OPEN_SHIFT_HOURS)) is not None:
            raise Conflict("the worker is clocked in: clock them out before the move.")
        closed = attrs.evolve(
            worker,
            active=False,
            end_date=worker.end_date if not worker.active and worker.end_date else today,
            leave_reason=worker.leave_reason if not worker.active and worker.leave_reason else MOVED_REASON,
            moved_out_at=now,
            updated_at=now,
        )
        tx.workers.update(closed)
        made = tx.workers.add(_new_copy(tx, worker, command.client_id, now))
        old_view = _view(tx, closed)
        new_view = WorkerView.of(made, None, None, None)
        shown = [
            name for name in ("active", "end_date", "leave_reason") if getattr(worker, name) != getattr(closed, name)
        ]
        tx.record(events.worker_updated(old_view, client_id=worker.client_id, at=now, changes=shown, via_api=False))
        tx.record(
            events.worker_updated(new_view, client_id=made.client_id, at=now, changes=["client_id"], via_api=False)
        )
        user_id = actor.user_id if actor is not None else None
        for client_id, entity_id, action in (
            (worker.client_id, worker.id, "moved_out"),
            (made.client_id, made.id, "moved_in"),
        ):
            tx.audit.add(AuditEntry(client_id, None, action, "worker", entity_id, now, user_id=user_id))
        tx.commit()
    return MovedWorker(old_view, new_view)


def _new_copy(tx: UnitOfWork, worker: Worker, client_id: int, now: datetime) -> Worker:
    """The new account's worker: the same badge where it is free there, else the account's next one."""
    last = tx.workers.lock_employee_numbers(client_id)  # creations of the account queue here
    employee_id = worker.employee_id
    if tx.workers.employee_id_taken(client_id, employee_id):
        number = last + 1
        while tx.workers.employee_id_taken(client_id, generated_employee_id(number)):
            number += 1
        tx.workers.save_employee_number(client_id, number)
        employee_id = generated_employee_id(number)
    return Worker(
        client_id=client_id,
        employee_id=employee_id,
        created_at=now,
        updated_at=now,
        start_date=local_date(now),
        **{name: getattr(worker, name) for name in PERSONAL},
    )


def _view(tx: UnitOfWork, worker: Worker) -> WorkerView:
    location = tx.locations.get(worker.location_id) if worker.location_id is not None else None
    department = tx.departments.get(worker.department_id) if worker.department_id is not None else None
    cost_code = tx.cost_codes.get(worker.cost_code_id) if worker.cost_code_id is not None else None
    return WorkerView.of(worker, location, department, cost_code)
