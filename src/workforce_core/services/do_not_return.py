"""``workforce worker dnr ID --location ID [--remove]``: do not book a worker at a site again.

Marking is stored per worker and site; a marked worker is blocked ``dnr`` when booked there (the one
eligibility rule). Marking twice, or removing a mark that is not there, changes nothing.
"""

from __future__ import annotations

from attrs import frozen

from workforce_core.errors import LocationNotFound, NotFound
from workforce_core.model.availability import DoNotReturn
from workforce_core.model.people import Actor
from workforce_core.model.principal import Principal
from workforce_core.ports import AvailabilityReads, Clock, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.people import Power


@frozen
class DoNotReturnSites:
    worker_id: int
    location_id: int
    do_not_return: bool  # the worker is now marked at ``location_id``
    location_ids: tuple[int, ...]  # every site the worker is marked at


def mark(
    worker_id: int,
    location_id: int,
    *,
    remove: bool,
    uow: UnitOfWorkFactory,
    clock: Clock,
    actor: Actor | None = None,
) -> DoNotReturnSites:
    """``actor``: a person whose role looks after workers; a worker they do not reach is 404."""
    people.require(actor, Power.WORKERS)
    with uow() as tx:
        worker = tx.workers.lock(worker_id)  # bookings of the worker queue here, so none slips past the mark
        if worker is None or not people.reaches(actor, worker.client_id, worker.location_id):
            raise NotFound("The worker was not found.", field="worker_id")
        site = tx.locations.get(location_id)
        if site is None or site.client_id != worker.client_id or not people.reaches(actor, site.client_id, site.id):
            raise LocationNotFound(field="location_id")
        found = tx.do_not_return.find(worker.id, site.id)
        if remove and found is not None:
            tx.do_not_return.remove(found.id)
        if not remove and found is None:
            tx.do_not_return.add(DoNotReturn(worker.client_id, worker.id, site.id, clock.now()))
        sites = tx.do_not_return.sites_of(worker.id)
        tx.commit()
    return DoNotReturnSites(worker.id, site.id, site.id in sites, tuple(sorted(sites)))


def marked_sites(principal: Principal, worker_id: int, *, queries: AvailabilityReads) -> tuple[int, ...]:
    """The sites a worker of the client is marked not to return to (those the reader sees)."""
    principal.require("workers:read")
    found = queries.do_not_return_sites(principal.client_id, worker_id)
    return tuple(site for site in found if principal.sees_site(site))
