"""A booking's place inside a transaction: the worker, the site or the requirement it goes onto, a pay week
not locked, and the eligibility rule over what is known of the worker (``rules.eligibility``).
A booking onto a requirement holds the requirement's row lock (``tx.demands.lock``) so that two
bookings cannot both take its last place.
"""

from __future__ import annotations

from datetime import date, datetime, time

import attrs

from workforce_core.commands.bookings import BookShift
from workforce_core.errors import (
    Conflict,
    LocationNotAllowed,
    LocationNotFound,
    NotEligible,
    NotFound,
    ValidationFailed,
    WeekLocked,
)
from workforce_core.model.accounts import ClientSettings
from workforce_core.model.bookings import Booking
from workforce_core.model.demands import Demand
from workforce_core.model.people import Actor
from workforce_core.model.principal import Principal
from workforce_core.model.reference import Location
from workforce_core.model.workers import Worker
from workforce_core.ports import UnitOfWork
from workforce_core.rules import people
from workforce_core.rules.demands import refusal
from workforce_core.rules.eligibility import Eligibility, Known, Slot, documents_standing, eligibility
from workforce_core.rules.slots import slot_times
from workforce_core.rules.worker_facts import Facts, known, people_at, window
from workforce_core.steps.document_checks import document_facts, why
from workforce_core.views import ShiftView


def hold_place(
    tx: UnitOfWork,
    client_id: int,
    demand_id: int,
    principal: Principal | None,
    now: datetime,
    actor: Actor | None = None,
) -> Demand:
    """The requirement a booking goes onto, locked for the transaction: 404 ``not_found`` (``field``
    ``demand_id``) when absent, another client's or outside a site-limited key; 409 ``conflict`` when it
    is cancelled, finished or full."""
    demand = tx.demands.lock(demand_id)
    if demand is None or demand.client_id != client_id or not people.reaches(actor, client_id, demand.location_id):
        raise NotFound("The requirement was not found.", field="demand_id")
    if principal is not None and not principal.sees_site(demand.location_id):
        raise NotFound("The requirement was not found.", field="demand_id")
    why = refusal(demand, tx.demands.filled(demand.id), now)
    if why is not None:
        raise Conflict(why)
    return demand


def not_locked(tx: UnitOfWork, client_id: int, site_id: int, day: date) -> None:
    if tx.pay_weeks.is_week_locked(client_id, site_id, day):
        raise WeekLocked(f"the pay week holding {day} is locked.")


def place(
    tx: UnitOfWork,
    command: BookShift,
    *,
    client_id: int,
    now: datetime,
    principal: Principal | None = None,
    actor: Actor | None = None,
) -> ShiftView:
    """The booking itself, in an open unit of work, recording no event (an offer's acceptance sends none)."""
    worker = client_worker(tx, client_id, command.worker_id)
    if command.demand_id is not None:  # the requirement's place is held under its lock, after the worker's
        demand = hold_place(tx, client_id, command.demand_id, principal, now, actor)
        site = tx.locations.get(demand.location_id)
        assert site is not None
        slot = Slot(site.id, demand.shift_date, demand.start, demand.end, demand.job_role, demand.break_minutes)
    else:
        day, start, end, site_id = command.shift_date, command.start_time, command.end_time, command.location_id
        if day is None or start is None or end is None or site_id is None:  # pragma: no cover - BookShift checks
            raise ValidationFailed("shift_date", "shift_date, start_time, end_time and location_id are required.")
        site = client_site(tx, client_id, site_id, principal, actor)
        slot = slot_of(site.id, day, start, end, command.break_minutes or 0)
        slot = attrs.evolve(slot, job_role=command.job_role)
    not_locked(tx, client_id, site.id, slot.shift_date)
    found = check_eligible(tx, worker, slot, client_id=client_id)
    booking = tx.bookings.add(
        Booking(
            client_id=client_id,
            worker_id=worker.id,
            location_id=site.id,
            shift_date=slot.shift_date,
            start=slot.start,
            end=slot.end,
            created_at=now,
            updated_at=now,
            break_minutes=slot.break_minutes,
            job_role=slot.job_role,
            status=command.status,
            notes=command.notes,
            demand_id=command.demand_id,
            warning_codes=found.warning_codes,
        )
    )
    return ShiftView.of(booking, worker, site)


def known_for(
    tx: UnitOfWork,
    worker: Worker,
    slot: Slot,
    *,
    start_day: int,
    leaving: int = 0,
    settings: ClientSettings | None = None,
) -> Known:
    """What storage knows around ``slot`` for ``worker`` (``rules.worker_facts``, as the who-is-free query
    reads it): live bookings and shifts from 11 hours before it (rest) and across its pay week (hours), the
    site's bookings overlapping it (capacity), approved absences, rules in force, do-not-return sites and the
    worker's documents (with the account's ``settings``, read when not given)."""
    span = window(slot, start_day)
    facts = Facts(
        bookings=tx.bookings.of_worker(worker.id, span.start, span.end),
        shifts=tx.entries.shifts_between(worker.id, span.start, span.end),
        absences=tx.absences.approved_between(worker.id, span.first_day, span.last_day),
        rules=tx.availability.in_force(worker.id),
        dnr_sites=tx.do_not_return.sites_of(worker.id),
    )
    site = tx.locations.get(slot.location_id)
    found = known(
        worker.id,
        slot,
        facts,
        start_day=start_day,
        site_people=people_at(tx.bookings.at_site(slot.location_id, slot.start, slot.end), leaving=leaving),
        site_capacity=site.capacity if site is not None else None,
        leaving=leaving,
    )
    return attrs.evolve(found, documents=document_facts(tx, worker, slot.job_role, settings))


def check_eligible(tx: UnitOfWork, worker: Worker, slot: Slot, *, client_id: int, leaving: int = 0) -> Eligibility:
    client = tx.clients.get(client_id)
    start_day = client.settings.pay_week_start_day if client is not None else 1
    settings = client.settings if client is not None else None
    facts = known_for(tx, worker, slot, start_day=start_day, leaving=leaving, settings=settings)
    found = eligibility(worker, slot, facts)
    if found.block_codes:
        words = why(worker, documents_standing(slot, facts.documents))
        raise NotEligible(found.block_codes, found.warning_codes, words)
    return found


def client_worker(tx: UnitOfWork, client_id: int, worker_id: int) -> Worker:
    """The client's worker, locked: every booking of one worker queues here."""
    worker = tx.workers.lock(worker_id)
    if worker is None or worker.client_id != client_id:
        raise NotFound("The worker was not found.", field="worker_id")
    return worker


def client_site(
    tx: UnitOfWork, client_id: int, location_id: int, principal: Principal | None, actor: Actor | None = None
) -> Location:
    site = tx.locations.get(location_id)
    if site is None or site.client_id != client_id or not people.reaches(actor, client_id, site.id):
        raise LocationNotFound(field="location_id")
    if principal is not None and not principal.sees_site(site.id):
        raise LocationNotAllowed(field="location_id")
    return site


def slot_of(site_id: int, day: date, start: time, end: time, break_minutes: int) -> Slot:
    times = slot_times(day, start, end)
    if break_minutes >= times.minutes:
        raise ValidationFailed("break_minutes", "break_minutes must be shorter than the shift.")
    return Slot(site_id, day, times.start, times.end, break_minutes=break_minutes)
