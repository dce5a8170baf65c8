"""A shift typed in by hand (a paper shift, a manual clock-in): where it goes (the worker, locked, and the
site, both of the account the person reaches, 404 otherwise; a self-registered worker not yet approved or
an anonymised one takes none), the live booking at that site it was worked against, and the record
itself with its ``time_entry.created`` and its audit row."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from workforce_core.errors import Conflict, LocationNotFound, NotFound, WorkerPending
from workforce_core.events import Event, TimeEntryCreated
from workforce_core.model.bookings import Booking
from workforce_core.model.people import Actor
from workforce_core.model.reference import Location
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.ports import UnitOfWork
from workforce_core.rules import people
from workforce_core.rules.booking_choice import closest_booking
from workforce_core.steps.entry_edits import acted_by, audit_acts
from workforce_core.steps.late_clocks import record_entry
from workforce_core.views import EntryView


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


def booking_at_site(tx: UnitOfWork, worker: Worker, site: Location, at: datetime) -> Booking | None:
    """The live booking of the worker at the site that a shift starting ``at`` was worked against, chosen
    by the account's ``multi_shift_priority`` as a clock-in chooses."""
    client = tx.clients.get(site.client_id)
    priority = client.settings.multi_shift_priority if client else "closest"
    at_site = [b for b in tx.bookings.near(worker.id, at) if b.location_id == site.id]
    return closest_booking(at_site, at, priority)


def add_hand_entry(
    tx: UnitOfWork,
    actor: Actor | None,
    place: tuple[Worker, Location],
    booking: Booking | None,
    action: str,
    *,
    clock_in: datetime,
    now: datetime,
    change: str = "backfill",
    reason: str | None = None,
    **fields: Any,
) -> tuple[TimeEntry, EntryView]:
    """Records the worker's shift at the site from ``clock_in`` (against ``booking``, on the worker's cost
    code; ``fields`` the rest: its clock-out, methods, break, notes) with ``time_entry.created``
    (``change``, ``reason``) and the audit row ``action``."""
    worker, site = place
    entry = TimeEntry(
        worker_id=worker.id,
        client_id=site.client_id,
        location_id=site.id,
        clock_in=clock_in,
        created_at=now,
        updated_at=now,
        cost_code_id=worker.cost_code_id,
        scheduled_shift_id=booking.id if booking else None,
        **fields,
    )
    recorded = record_entry(tx, entry)
    view = EntryView.of(recorded, worker, site)
    added = TimeEntryCreated(view, people.created_via(actor), acted_by(actor), change, reason)
    tx.record([Event("time_entry.created", recorded.client_id, now, added)])
    audit_acts(tx, actor, action, [recorded], now)
    return recorded, view
