"""Worker use cases: create and change (API and console), approve, suspend, anonymise."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from decimal import Decimal
from typing import Any

import attrs
from attrs import frozen

from workforce_core import events
from workforce_core.commands.workers import CreateWorker, UpdateWorker
from workforce_core.errors import (
    Conflict,
    CostCodeNotFound,
    DepartmentNotFound,
    DuplicateEmployeeId,
    NotFound,
    ValidationFailed,
)
from workforce_core.facts import WorkerPricingChanged
from workforce_core.model.audit import AuditEntry
from workforce_core.model.people import Actor
from workforce_core.model.principal import Principal
from workforce_core.model.reference import CostCode, Department, Location
from workforce_core.model.workers import EDITABLE_FIELDS, RATE_FIELDS, Worker
from workforce_core.ports import Clock, FileStore, UnitOfWork, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.access import owned_site
from workforce_core.rules.dormancy import dormancy_cutoff
from workforce_core.rules.employee_ids import employee_id_key, generated_employee_id
from workforce_core.rules.london import local_date
from workforce_core.rules.people import Power
from workforce_core.rules.scopes import require_rates_write
from workforce_core.rules.stale_weeks import PRICED_WORKER_FIELDS
from workforce_core.steps.erasure import erase_documents, erase_messages
from workforce_core.views import WorkerView

VISIBLE_FIELDS = (*EDITABLE_FIELDS, "has_face", "has_pin", "status", "dormant")


def create_worker(
    command: CreateWorker,
    *,
    client_id: int,
    uow: UnitOfWorkFactory,
    clock: Clock,
    principal: Principal | None = None,
    pending: bool = False,
    actor: Actor | None = None,
) -> WorkerView:
    """A new worker. ``principal`` is the API key (None from the console); ``pending`` = self-registered;
    ``actor``: the person at the console (a role that looks after workers; rates only with ``rates``)."""
    _allowed(command.sent(), principal, actor)
    values = command.sent()
    generate = values.get("employee_id") is None
    now = clock.now()
    with uow() as tx:
        if tx.clients.get(client_id) is None or not people.reaches_account(actor, client_id):  # the console names it
            raise NotFound(f"client {client_id} not found")
        if not people.reaches(actor, client_id, values.get("location_id")):
            raise ValidationFailed("location_id", "give one of your sites as the worker's location_id.")
        if principal is not None and principal.site_ids is not None and values.get("location_id") is None:
            raise ValidationFailed("location_id", "a site-limited key must give the worker's location_id.")
        refs = _references(tx, client_id, values, principal)
        last = tx.workers.lock_employee_numbers(client_id)  # creations of this client queue here
        employee_id: str = values.get("employee_id") or ""
        if generate:
            number = _free_number(tx, client_id, last + 1)
            tx.workers.save_employee_number(client_id, number)
            employee_id = generated_employee_id(number)
        elif tx.workers.employee_id_taken(client_id, employee_id):
            raise DuplicateEmployeeId(field="employee_id")
        data = {k: v for k, v in values.items() if k != "employee_id"}
        worker = tx.workers.add(
            Worker(
                client_id=client_id,
                employee_id=employee_id,
                created_at=now,
                updated_at=now,
                status="pending" if pending else "active",
                **data,
            )
        )
        view = WorkerView.of(worker, *refs)
        if not pending:
            tx.record(events.worker_created(view, client_id=client_id, at=now, via_api=principal is not None))
        if principal is not None or actor is not None:
            who = _Who(client_id, principal, actor)
            _audit(tx, who, "worker.created", worker.id, {k: (None, v) for k, v in values.items()}, now)
            if generate:
                _audit(
                    tx,
                    who,
                    "worker.employee_id_generated",
                    worker.id,
                    {"employee_id": (None, employee_id)},
                    now,
                )
        tx.commit()
    return view


def update_worker(
    worker_id: int,
    command: UpdateWorker,
    *,
    client_id: int,
    uow: UnitOfWorkFactory,
    clock: Clock,
    principal: Principal | None = None,
    actor: Actor | None = None,
) -> WorkerView:
    """A partial change. Only fields whose value really changes are written and announced; ``actor`` as
    for ``create_worker`` (``active`` false with a ``leave_reason`` and ``end_date`` is the leaver)."""
    _allowed(command.sent(), principal, actor)
    values = command.sent()
    now = clock.now()
    with uow() as tx:
        worker = _visible_worker(tx, worker_id, client_id, principal)
        if not people.reaches(actor, worker.client_id, worker.location_id):
            raise NotFound()
        if worker.anonymised_at is not None:
            raise Conflict("an anonymised worker cannot be changed.")
        if worker.moved_out:
            raise Conflict("the worker moved to another client account: this copy is closed and cannot be changed.")
        before = attrs.asdict(worker, recurse=False)
        changed = {k: v for k, v in values.items() if before[k] != v}
        if "employee_id" in changed and employee_id_key(changed["employee_id"]) != employee_id_key(worker.employee_id):
            tx.workers.lock_employee_numbers(client_id)  # queue with creations: the check below stays true
            if tx.workers.employee_id_taken(client_id, changed["employee_id"], except_id=worker.id):
                raise DuplicateEmployeeId(field="employee_id")
        merged = {**before, **changed}
        if principal is not None and principal.site_ids is not None and merged["location_id"] is None:
            raise ValidationFailed("location_id", "a site-limited key cannot clear the worker's location_id.")
        if "location_id" in changed and not people.reaches(actor, client_id, merged["location_id"]):
            raise ValidationFailed("location_id", "give one of your sites as the worker's location_id.")
        if merged["start_date"] and merged["end_date"] and merged["end_date"] < merged["start_date"]:
            raise ValidationFailed("end_date", "end_date cannot be before start_date.")
        refs = _references(tx, client_id, merged, principal, only=set(changed))
        if changed:
            worker = attrs.evolve(worker, **changed, updated_at=now)
            tx.workers.update(worker)
            if PRICED_WORKER_FIELDS.intersection(changed):
                tx.note(WorkerPricingChanged(worker.id))
            if not worker.pending:
                view = WorkerView.of(worker, *refs)
                tx.record(
                    events.worker_updated(
                        view,
                        client_id=client_id,
                        at=now,
                        changes=list(changed),
                        via_api=principal is not None,
                    )
                )
            if principal is not None or actor is not None:
                _audit(
                    tx,
                    _Who(client_id, principal, actor),
                    "worker.updated",
                    worker.id,
                    {k: (before[k], v) for k, v in changed.items()},
                    now,
                )
        view = WorkerView.of(worker, *refs)
        tx.commit()
    return view


def approve_worker(worker_id: int, *, uow: UnitOfWorkFactory, clock: Clock) -> WorkerView:
    """Console: a self-registered (pending) worker becomes active and is announced (``worker.created``)."""
    now = clock.now()
    with uow() as tx:
        worker = _worker(tx, worker_id)
        if not worker.pending:
            raise Conflict("the worker is not pending.")
        worker = attrs.evolve(worker, status="active", updated_at=now)
        tx.workers.update(worker)
        view = WorkerView.of(worker, *_references(tx, worker.client_id, attrs.asdict(worker, recurse=False), None))
        tx.record(events.worker_created(view, client_id=worker.client_id, at=now, via_api=False))
        tx.commit()
    return view


def mark_dormant(client_id: int, *, uow: UnitOfWorkFactory, clock: Clock) -> list[WorkerView]:
    """The dormancy job: workers with no clock for the client's ``dormant_after_days`` become dormant
    (they cannot be booked; their next clock makes them active again). Each sends ``worker.updated``."""
    now = clock.now()
    with uow() as tx:
        client = tx.clients.get(client_id)
        if client is None:
            raise NotFound(f"client {client_id} not found")
        cutoff = dormancy_cutoff(now, client.settings.dormant_after_days)
        views = []
        for worker in tx.workers.idle_since(client_id, cutoff):
            worker = attrs.evolve(worker, dormant_since=now, updated_at=now)
            tx.workers.update(worker)
            view = WorkerView.of(worker, *_references(tx, client_id, attrs.asdict(worker, recurse=False), None))
            tx.record(events.worker_updated(view, client_id=client_id, at=now, changes=["dormant"], via_api=False))
            views.append(view)
        tx.commit()
    return views


def suspend_worker(worker_id: int, *, uow: UnitOfWorkFactory, clock: Clock) -> WorkerView:
    """Console: a suspended worker cannot clock (``worker_inactive``) or be booked (``suspended``)."""
    return _console_change(worker_id, {"suspended": True}, uow=uow, clock=clock)


def anonymise_worker(worker_id: int, *, uow: UnitOfWorkFactory, clock: Clock, file_store: FileStore) -> WorkerView:
    """Console (data erasure): personal fields are blanked and the record can no longer be changed; a
    worker still without a last day leaves today (so the retention of their right-to-work checks runs).
    Their documents and evidence go, but right-to-work checks within their retention (the timed job
    deletes that evidence later), and so do the contents of the messages sent to them."""
    now = clock.now()
    with uow() as tx:
        worker = _worker(tx, worker_id)
        if worker.anonymised_at is not None:
            raise Conflict("an anonymised worker cannot be changed.")
        erased: dict[str, Any] = {
            "name": "Anonymised worker",
            "email": None,
            "phone": None,
            "has_face": False,
            "has_pin": False,
            "pin_hash": None,
            "active": False,
            "end_date": worker.end_date or local_date(now),
            "anonymised_at": now,
        }
        before = attrs.asdict(worker, recurse=False)
        changed = [name for name, value in erased.items() if before[name] != value]
        worker = attrs.evolve(worker, **erased, updated_at=now)
        tx.workers.update(worker)
        tokens = erase_documents(tx, worker, now)
        erase_messages(tx, worker.id)
        view = WorkerView.of(worker, *_references(tx, worker.client_id, attrs.asdict(worker, recurse=False), None))
        shown = [name for name in changed if name in VISIBLE_FIELDS]  # `changes` names record fields only
        if shown and not worker.pending:
            tx.record(events.worker_updated(view, client_id=worker.client_id, at=now, changes=shown, via_api=False))
        tx.commit()
    for token in tokens:  # the bytes go once their deletion is recorded
        file_store.delete(token)
    return view


def _console_change(worker_id: int, change: dict[str, Any], *, uow: UnitOfWorkFactory, clock: Clock) -> WorkerView:
    now = clock.now()
    with uow() as tx:
        worker = _worker(tx, worker_id)
        if worker.anonymised_at is not None:
            raise Conflict("an anonymised worker cannot be changed.")
        before = attrs.asdict(worker, recurse=False)
        changed = [name for name, value in change.items() if before[name] != value]
        if not changed:  # suspending twice changes nothing and says nothing
            return WorkerView.of(worker, *_references(tx, worker.client_id, before, None))
        worker = attrs.evolve(worker, **change, updated_at=now)
        tx.workers.update(worker)
        view = WorkerView.of(worker, *_references(tx, worker.client_id, attrs.asdict(worker, recurse=False), None))
        shown = [name for name in changed if name in VISIBLE_FIELDS]  # `changes` names record fields only
        if shown and not worker.pending:
            tx.record(events.worker_updated(view, client_id=worker.client_id, at=now, changes=shown, via_api=False))
        tx.commit()
    return view


def _worker(tx: UnitOfWork, worker_id: int) -> Worker:
    worker = tx.workers.get(worker_id)
    if worker is None:
        raise NotFound(f"worker {worker_id} not found")
    return worker


def _visible_worker(tx: UnitOfWork, worker_id: int, client_id: int, principal: Principal | None) -> Worker:
    worker = tx.workers.get(worker_id)
    if worker is None or worker.client_id != client_id:
        raise NotFound()
    if principal is not None and not principal.sees_site(worker.location_id):
        raise NotFound()
    return worker


def _references(
    tx: UnitOfWork,
    client_id: int,
    values: Mapping[str, Any],
    principal: Principal | None,
    *,
    only: set[str] | None = None,
) -> tuple[Location | None, Department | None, CostCode | None]:
    """The worker's site, department and cost code, checked where ``only`` (default: all) names them."""

    def checks(name: str) -> bool:
        return only is None or name in only

    location = department = cost_code = None
    if values.get("location_id") is not None:
        location = tx.locations.get(values["location_id"])
        if checks("location_id"):
            if principal is not None:
                owned_site(principal, location, field="location_id")
            elif location is None or location.client_id != client_id:
                raise ValidationFailed("location_id", "location_id is not a site of this client.")
    if values.get("department_id") is not None:
        department = tx.departments.get(values["department_id"])
        if checks("department_id") and (department is None or department.client_id not in (None, client_id)):
            raise DepartmentNotFound(field="department_id")
    if values.get("cost_code_id") is not None:
        cost_code = tx.cost_codes.get(values["cost_code_id"])
        if checks("cost_code_id") and (cost_code is None or cost_code.client_id not in (None, client_id)):
            raise CostCodeNotFound(field="cost_code_id")
    return location, department, cost_code


def _free_number(tx: UnitOfWork, client_id: int, start: int) -> int:
    """The first number from ``start`` whose generated employee ID nobody has (one given by hand may)."""
    number = start
    while tx.workers.employee_id_taken(client_id, generated_employee_id(number)):
        number += 1
    return number


@frozen
class _Who:
    """Who a worker's audit entry names: the API key, or the person at the console."""

    client_id: int
    principal: Principal | None
    actor: Actor | None


def _allowed(sent: Mapping[str, Any], principal: Principal | None, actor: Actor | None) -> None:
    """A person needs a role that looks after workers, and ``rates`` to set a rate (403 before any value
    is looked at); a key needs ``rates:write`` for a rate."""
    people.require(actor, Power.WORKERS)
    if any(name in RATE_FIELDS for name in sent):
        people.require(actor, Power.RATES)
    require_rates_write(sent, principal)


def _audit(
    tx: UnitOfWork,
    who: _Who,
    action: str,
    entity_id: int,
    changes: Mapping[str, tuple[Any, Any]],
    now: datetime,
) -> None:
    def plain(value: Any) -> Any:
        return str(value) if isinstance(value, Decimal | date) else value

    tx.audit.add(
        AuditEntry(
            client_id=who.client_id,
            api_key_id=who.principal.key.id if who.principal and who.principal.key else None,
            user_id=_user_of(who),
            action=action,
            entity="worker",
            entity_id=entity_id,
            created_at=now,
            changes={k: {"before": plain(b), "after": plain(a)} for k, (b, a) in changes.items()},
        )
    )


def _user_of(who: _Who) -> int | None:
    if who.actor is not None:
        return who.actor.user_id
    return who.principal.actor.user_id if who.principal and who.principal.actor else None
