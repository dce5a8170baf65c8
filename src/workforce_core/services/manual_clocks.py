"""A manual clock-in (issue 33): a coordinator clocks in a worker who forgot, at a site of the account,
now or up to ``MANUAL_CLOCK_BACK`` earlier, with the reason. The shift is recorded as a clock would be
(``clock_method`` ``manual``, linked to the live booking at the site it falls in, refused for a worker who
may not work that day for their documents), and sends ``time_entry.created`` with ``change``
``manual_clock_in`` (not ``clock_in``; no ``via``, as the spec says), the reason in its ``reason``.
"""

from __future__ import annotations

from datetime import timedelta

from workforce_core.commands.manual_clocks import ManualClockIn
from workforce_core.errors import (
    AlreadyClockedIn,
    Conflict,
    ValidationFailed,
    WorkerInactive,
)
from workforce_core.events import Event, TimeEntryCreated
from workforce_core.model.people import Actor
from workforce_core.model.time_entries import OPEN_SHIFT_HOURS, ClockMethod, TimeEntry
from workforce_core.ports import Clock, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.booking_choice import closest_booking
from workforce_core.rules.london import local_date
from workforce_core.rules.people import Power
from workforce_core.steps.document_checks import require_documents
from workforce_core.steps.entry_edits import acted_by, audit_acts
from workforce_core.steps.hand_entries import hand_entry_place
from workforce_core.steps.late_clocks import record_entry
from workforce_core.views import EntryView

MANUAL_CLOCK_BACK = timedelta(hours=1)
MANUAL_CLOCK_IN = "manual_clock_in"


def manual_clock_in(
    command: ManualClockIn, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None
) -> EntryView:
    people.require(actor, Power.APPROVE)
    now = clock.now()
    at = command.clock_in or now
    if at > now:
        raise ValidationFailed("clock_in", "a manual clock-in is now or earlier, not later.")
    if now - at > MANUAL_CLOCK_BACK:
        raise ValidationFailed("clock_in", "a manual clock-in is at most an hour back; type in the shift instead.")
    with uow() as tx:
        worker, site = hand_entry_place(tx, actor, command.worker_id, command.location_id)
        if not worker.active or worker.suspended:
            raise WorkerInactive()
        open_shift, clash, _ = tx.entries.clock_in_blockers(worker.id, at - timedelta(hours=OPEN_SHIFT_HOURS), at)
        if open_shift is not None:
            raise AlreadyClockedIn(entry_id=open_shift.id)
        if clash is not None:
            raise Conflict("the clock-in is before the end of a recorded shift.", entry_id=clash.id)
        client = tx.clients.get(worker.client_id)
        assert client is not None
        at_site = [b for b in tx.bookings.near(worker.id, at) if b.location_id == site.id]
        booking = closest_booking(at_site, at, client.settings.multi_shift_priority)
        require_documents(tx, worker, {local_date(at)}, booking.job_role if booking else None, client.settings)
        entry = record_entry(
            tx,
            TimeEntry(
                worker_id=worker.id,
                client_id=site.client_id,
                location_id=site.id,
                clock_in=at,
                created_at=now,
                updated_at=now,
                clock_method=ClockMethod.MANUAL,
                cost_code_id=worker.cost_code_id,
                scheduled_shift_id=booking.id if booking else None,
                notes=command.reason,
            ),
        )
        view = EntryView.of(entry, worker, site)
        added = TimeEntryCreated(view, people.created_via(actor), acted_by(actor), MANUAL_CLOCK_IN, command.reason)
        tx.record([Event("time_entry.created", entry.client_id, now, added)])
        audit_acts(tx, actor, "clocked_in_by_hand", [entry], now)
        tx.commit()
    return view
