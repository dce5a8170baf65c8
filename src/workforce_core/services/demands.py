"""Requirements (/demands.php): create one, read them, and hold a place on one for a booking.

A booking onto a requirement takes its place under the requirement's row lock (``tx.demands.lock``):
concurrent bookings of one requirement queue there and each counts the bookings committed before it,
so no more than ``headcount`` succeed. ``filled`` is counted, never stored, so a cancel or a move that
leaves the requirement frees its place by itself.
"""

from __future__ import annotations

from datetime import date

import attrs
from attrs import frozen

from workforce_core.commands.demands import CreateDemand
from workforce_core.errors import Conflict, InvalidParameter, NotFound, ValidationFailed
from workforce_core.model.demands import Demand, DemandStatus, OfferStatus
from workforce_core.model.people import Actor
from workforce_core.model.principal import Principal
from workforce_core.ports import Clock, DemandFilter, Page, Paging, Queries, ShiftFilter, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.access import owned_site, visible_sites
from workforce_core.rules.demands import demand_status
from workforce_core.rules.people import Power
from workforce_core.rules.slots import slot_times
from workforce_core.steps.audit_trail import record_change
from workforce_core.steps.booking_places import not_locked
from workforce_core.views import DemandView

ALL_BOOKINGS = Paging(limit=10_000)  # a requirement's bookings on a read of it: all of them


@frozen(kw_only=True)
class DemandQuery:
    """decisions.md's query of GET /demands.php."""

    paging: Paging
    id: int | None = None
    date_from: date | None = None
    date_to: date | None = None
    location_id: int | None = None
    status: str | None = None


def create(command: CreateDemand, *, principal: Principal, uow: UnitOfWorkFactory, clock: Clock) -> DemandView:
    """POST /demands.php: a requirement at one of the key's sites; ``source`` ``api``, ``series_id`` null.
    A date in a locked pay week is 409 ``week_locked``. A person at the console (``principal.actor``)
    needs a role that books."""
    people.require(principal.actor, Power.BOOK)
    now = clock.now()
    with uow() as tx:
        site = owned_site(principal, tx.locations.get(command.location_id), field="location_id")
        times = slot_times(command.shift_date, command.start_time, command.end_time)
        break_minutes = command.break_minutes or 0
        if break_minutes >= times.minutes:
            raise ValidationFailed("break_minutes", "break_minutes must be shorter than the shift.")
        not_locked(tx, principal.client_id, site.id, command.shift_date)
        demand = tx.demands.add(
            Demand(
                client_id=principal.client_id,
                location_id=site.id,
                shift_date=command.shift_date,
                start=times.start,
                end=times.end,
                headcount=command.headcount,
                requested=command.headcount,
                created_at=now,
                updated_at=now,
                break_minutes=break_minutes,
                job_role=command.job_role,
                notes=command.notes,
                source="api" if principal.actor is None else "console",
            )
        )
        made = {"location_id": site.id, "shift_date": command.shift_date, "headcount": command.headcount}
        record_change(
            tx,
            principal,
            client_id=principal.client_id,
            action="created",
            entity="demand",
            entity_id=demand.id,
            now=now,
            changes={name: (None, value) for name, value in made.items()},
        )
        tx.commit()
    return DemandView(demand, site.name, 0, demand_status(demand, 0, now), shifts=())


def demands(principal: Principal, query: DemandQuery, *, queries: Queries, clock: Clock) -> Page[DemandView]:
    """Requirements newest date first; a read of one (``id``) carries its bookings (``shifts``)."""
    principal.require("shifts:read")
    if query.date_from is not None and query.date_to is not None and query.date_to < query.date_from:
        raise InvalidParameter("date_to", "date_to is before date_from.")
    if query.location_id is not None:
        owned_site(principal, queries.location(query.location_id), parameter="location_id")
    found = queries.demands(
        DemandFilter(
            client_id=principal.client_id,
            paging=query.paging,
            now=clock.now(),
            id=query.id,
            date_from=query.date_from,
            date_to=query.date_to,
            location_ids=visible_sites(principal, query.location_id),
            status=query.status,
        )
    )
    if query.id is None or not found.items:
        return found
    [view] = found.items
    booked = queries.shifts(ShiftFilter(client_id=principal.client_id, paging=ALL_BOOKINGS, demand_id=view.demand.id))
    shown = DemandView(view.demand, view.location_name, view.filled, view.status, shifts=booked.items)
    return Page((shown,), found.total)


def cancel(
    demand_id: int, cancel_reason: str | None, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None
) -> DemandView:
    """Console ``demand cancel``: the requirement takes no more bookings (those made stay as they are).
    Already cancelled: 409 ``conflict``; in a locked pay week: 409 ``week_locked``."""
    people.require(actor, Power.BOOK)
    now = clock.now()
    with uow() as tx:
        demand = tx.demands.lock(demand_id)
        if demand is None or not people.reaches(actor, demand.client_id, demand.location_id):
            raise NotFound("The requirement was not found.")
        if demand.status == DemandStatus.CANCELLED:
            raise Conflict(f"requirement {demand.id} is already cancelled.")
        not_locked(tx, demand.client_id, demand.location_id, demand.shift_date)
        after = attrs.evolve(
            demand, status=DemandStatus.CANCELLED, cancel_reason=cancel_reason, cancelled_at=now, updated_at=now
        )
        tx.demands.update(after)
        for offer in tx.offers.unanswered(demand_id=demand.id):  # its unanswered offers are taken back
            tx.offers.update(attrs.evolve(offer, status=OfferStatus.WITHDRAWN, answered_at=now))
        filled = tx.demands.filled(demand.id)
        site = tx.locations.get(demand.location_id)
        tx.commit()
    return DemandView(after, site.name if site else None, filled, demand_status(after, filled, now))
