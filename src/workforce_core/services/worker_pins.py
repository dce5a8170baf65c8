"""Worker PINs: the agency sets them (console, CLI); a kiosk or the worker app checks them.

A PIN is kept only as its argon2 hash (the PasswordHasher port) on the worker; ``has_pin`` says
whether there is one. Checking counts the attempt on the badge's bucket of the rate limiter before
the hash is checked (exact however many tries race); a correct PIN clears that count, so five wrong
tries in a row lock the badge's PIN sign-in for the window, and the fifth already answers
``pin_throttled``. A device's wrong tries are counted too (any badge). An unknown badge, a wrong PIN,
no PIN set and a worker who may not clock (pending, inactive, suspended, anonymised) get the same
words after the same hashing work.
"""

from __future__ import annotations

import attrs

from workforce_core import events
from workforce_core.commands.worker_pins import SetWorkerPin
from workforce_core.errors import NotFound
from workforce_core.model.audit import AuditEntry
from workforce_core.model.principal import Principal
from workforce_core.model.workers import Worker
from workforce_core.ports import Clock, PasswordHasher, UnitOfWork, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.people import Power
from workforce_core.views import WorkerView


def set_worker_pin(
    command: SetWorkerPin,
    *,
    uow: UnitOfWorkFactory,
    hasher: PasswordHasher,
    clock: Clock,
    principal: Principal | None = None,
) -> Worker:
    """Set or clear (``pin`` None) a worker's PIN. ``principal`` needs ``workers:write`` on the worker's
    account and site (a person at the console: a role that looks after workers, as for every change
    of a worker); None is the operator (the CLI). A worker of another account, or at a site the
    principal does not see, is 404 like an unknown one."""
    if principal is not None and principal.actor is not None:
        people.require(principal.actor, Power.WORKERS)  # a person: a role that looks after workers
    elif principal is not None:
        principal.require("workers:write")
    pin_hash = hasher.hash(command.pin) if command.pin is not None else None
    now = clock.now()
    with uow() as tx:
        worker = tx.workers.lock(command.worker_id)
        if worker is None or (
            principal is not None
            and (worker.client_id != principal.client_id or not principal.sees_site(worker.location_id))
        ):
            raise NotFound(f"worker {command.worker_id} was not found.", field="worker_id")
        if worker.anonymised_at is not None:
            raise NotFound(f"worker {command.worker_id} was not found.", field="worker_id")
        had_pin = worker.has_pin
        worker = attrs.evolve(worker, pin_hash=pin_hash, has_pin=pin_hash is not None, updated_at=now)
        tx.workers.update(worker)
        tx.worker_sessions.end_all(worker.id, now)  # a new or cleared PIN signs every phone out, as a password does
        tx.audit.add(
            AuditEntry(
                client_id=worker.client_id,
                api_key_id=None,
                user_id=principal.actor.user_id if principal is not None and principal.actor is not None else None,
                action="set_pin" if pin_hash is not None else "clear_pin",
                entity="worker",
                entity_id=worker.id,
                created_at=now,
                changes={"has_pin": {"before": had_pin, "after": worker.has_pin}},
            )
        )
        if had_pin != worker.has_pin and not worker.pending:
            view = _view(tx, worker)
            tx.record(
                events.worker_updated(view, client_id=worker.client_id, at=now, changes=["has_pin"], via_api=False)
            )
        tx.commit()
    return worker


def _view(tx: UnitOfWork, worker: Worker) -> WorkerView:
    """The worker as the worker.* events carry it (with its site's, department's and cost code's names)."""
    location = tx.locations.get(worker.location_id) if worker.location_id is not None else None
    department = tx.departments.get(worker.department_id) if worker.department_id is not None else None
    cost_code = tx.cost_codes.get(worker.cost_code_id) if worker.cost_code_id is not None else None
    return WorkerView.of(worker, location, department, cost_code)
