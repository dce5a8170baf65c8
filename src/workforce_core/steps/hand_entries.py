"""Where a shift typed in by hand goes (a paper shift, a manual clock-in): the worker, locked, and the
site, both of the account the person reaches (404 otherwise); a self-registered worker not yet approved
or an anonymised one takes none."""

from __future__ import annotations

from workforce_core.errors import Conflict, LocationNotFound, NotFound, WorkerPending
from workforce_core.model.people import Actor
from workforce_core.model.reference import Location
from workforce_core.model.workers import Worker
from workforce_core.ports import UnitOfWork
from workforce_core.rules import people


def hand_entry_place(tx: UnitOfWork, actor: Actor | None, worker_id: int, location_id: int) -> tuple[Worker, Location]:
    worker = tx.workers.lock(worker_id)
    if worker is None or not people.reaches_account(actor, worker.client_id):
        raise NotFound("The worker was not found.", field="worker_id")
    if worker.pending:
        raise WorkerPending()
    if worker.anonymised_at is not None:
        raise Conflict("an anonymised worker cannot have shifts added.")
    site = tx.locations.get(location_id)
    if site is None or site.client_id != worker.client_id or not people.reaches(actor, site.client_id, site.id):
        raise LocationNotFound(field="location_id")
    return worker, site
