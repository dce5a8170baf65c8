"""Time records typed in or closed by hand in the console: paper backfill shifts, breaks, manual
clock-outs, and the auto clock-out rule. Each use case is one transaction: the change and its events
are written together, and a refusal changes nothing."""

from __future__ import annotations

from datetime import datetime, timedelta

import attrs

from workforce_core.commands.time_records import AddBreak, Backfill
from workforce_core.errors import Conflict, NotFound, ValidationFailed
from workforce_core.events import VIA_ADMIN, Event, TimeEntryCreated, TimeEntryUpdated, timesheet_events
from workforce_core.facts import EntriesChanged
from workforce_core.model.bookings import Booking
from workforce_core.model.people import Actor
from workforce_core.model.reference import Location
from workforce_core.model.time_entries import OPEN_SHIFT_HOURS, TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.ports import Clock, UnitOfWork, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.london import local_text
from workforce_core.rules.people import Power, Screen
from workforce_core.steps.booking_states import complete_booking, require_live
from workforce_core.steps.entry_edits import (
    EntryViews,
    acted_by,
    apply_state,
    approval_state,
    audit_acts,
    check_breaks,
    check_entry_editable,
    check_times,
    move_of,
)
from workforce_core.steps.hand_entries import add_hand_entry, booking_at_site, hand_entry_place
from workforce_core.steps.late_clocks import record_entry
from workforce_core.steps.open_shifts import close_open_shift
from workforce_core.views import EntryView

OPEN_WINDOW = timedelta(hours=OPEN_SHIFT_HOURS)


def backfill(command: Backfill, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None) -> EntryView:
    """A paper shift typed in (``clock_method`` ``backfill``); sends ``time_entry.created`` (``backfill``)."""
    people.require(actor, Power.APPROVE)
    now = clock.now()
    clock_in, clock_out, break_minutes = command.clock_in, command.clock_out, command.break_minutes
    with uow() as tx:
        worker, site = hand_entry_place(tx, actor, command.worker_id, command.location_id)
        booking = _booking(tx, worker, site, command.booking_id, clock_in)
        check_times(tx, worker.id, clock_in, clock_out, now, break_minutes=break_minutes)
        entry, view = add_hand_entry(
            tx,
            actor,
            (worker, site),
            booking,
            "backfilled",
            clock_in=clock_in,
            now=now,
            clock_out=clock_out,
            clock_method="backfill",
            clock_out_method="backfill",
            manual_break_minutes=break_minutes,
        )
        tx.note(EntriesChanged(((None, entry),)))
        complete_booking(tx, booking)
        tx.commit()
    return view


def add_break(
    command: AddBreak, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None
) -> tuple[EntryView, EntryView]:
    """A break entry inside a shift; returns (the break, its shift). Of an approved shift it is a correction."""
    people.require(actor, Power.APPROVE)
    now = clock.now()
    start, end = command.start, command.end
    if end > now:
        raise ValidationFailed("end", "the break cannot end in the future.")
    with uow() as tx:
        shift = check_entry_editable(tx, command.shift_id, actor)
        shift_end = shift.clock_out or now
        if start < shift.clock_in or end > shift_end:
            raise Conflict(
                f"the break must lie inside shift {shift.id} "
                f"({local_text(shift.clock_in)} to {local_text(shift.clock_out) or 'now'}).",
                entry_id=shift.id,
            )
        for other in tx.entries.breaks_of(shift.id):
            if other.clock_in < end and (other.clock_out or now) > start:
                raise Conflict(f"the break overlaps break {other.id} of the shift.", entry_id=other.id)
        entry = record_entry(
            tx,
            TimeEntry(
                worker_id=shift.worker_id,
                client_id=shift.client_id,
                location_id=shift.location_id,
                entry_type="break",
                parent_id=shift.id,
                clock_in=start,
                clock_out=end,
                created_at=now,
                updated_at=now,
                clock_method="backfill",
                clock_out_method="backfill",
                cost_code_id=shift.cost_code_id,
                scheduled_shift_id=shift.scheduled_shift_id,
            ),
        )
        views = EntryViews(tx)
        added = TimeEntryCreated(views.of(entry), people.created_via(actor), acted_by(actor))
        recorded = [Event("time_entry.created", entry.client_id, now, added)]
        moved = move_of(shift, "correct")
        before = attrs.evolve(shift)
        if moved.state != approval_state(shift):
            apply_state(shift, moved.state, now, actor)
            tx.entries.update(shift)
        tx.note(EntriesChanged(((None, entry), (before, shift))))
        shift_view = views.of(shift)
        if moved.event is not None:
            via = people.via(actor, Screen.TIMESHEETS) if actor is not None else VIA_ADMIN
            recorded += timesheet_events(
                moved.event, [shift_view], now, via=via, reason_code=moved.reason_code, user_id=acted_by(actor)
            )
        tx.record(recorded)
        audit_acts(tx, actor, "break_added", [shift], now)
        tx.commit()
    return views.of(entry), shift_view


def clock_out(
    entry_id: int, at: datetime, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None
) -> EntryView:
    """An open shift closed by hand (``clock_out_method`` ``manual``): ``time_entry.updated`` ``clocked_out``."""
    people.require(actor, Power.APPROVE)
    now = clock.now()
    with uow() as tx:
        entry = check_entry_editable(tx, entry_id, actor)
        if entry.closed:
            raise Conflict(f"shift {entry.id} is already clocked out.", entry_id=entry.id)
        check_times(
            tx, entry.worker_id, entry.clock_in, at, now, break_minutes=entry.manual_break_minutes, except_id=entry.id
        )
        check_breaks(tx, entry, entry.clock_in, at)
        before = attrs.evolve(entry)
        entry.clock_out = at
        entry.clock_out_method = "manual"
        entry.updated_at = now
        tx.entries.update(entry)
        tx.note(EntriesChanged(((before, entry),)))
        complete_booking(tx, tx.bookings.get(entry.scheduled_shift_id) if entry.scheduled_shift_id else None)
        view = EntryViews(tx).of(entry)
        via = people.via(actor, Screen.TIMESHEETS) if actor is not None else VIA_ADMIN
        closed = TimeEntryUpdated(view, "clocked_out", ("clock_out",), via, user_id=acted_by(actor))
        tx.record([Event("time_entry.updated", entry.client_id, now, closed)])
        audit_acts(tx, actor, "clocked_out", [entry], now)
        tx.commit()
    return view


def auto_close(*, uow: UnitOfWorkFactory, clock: Clock) -> list[EntryView]:
    """The auto clock-out rule: a shift open 18 hours is closed at its booked end, else at clock-in plus the
    client's ``default_shift_hours``; ``time_entry.auto_closed`` (``auto_closed``) for each."""
    now = clock.now()
    with uow() as tx:
        candidates = tx.entries.open_before(now - OPEN_WINDOW)
        for worker_id in sorted({entry.worker_id for entry in candidates}):
            tx.workers.lock(worker_id)
        views = EntryViews(tx)
        closed: list[EntryView] = []
        for candidate in sorted(candidates, key=lambda e: e.id):
            entry = tx.entries.get(candidate.id)
            if entry is None or entry.closed:
                continue
            closed.append(close_open_shift(tx, views, entry, now, now, "auto_closed"))
        tx.commit()
    return closed


def _booking(tx: UnitOfWork, worker: Worker, site: Location, booking_id: int | None, at: datetime) -> Booking | None:
    """The booking a backfilled shift was worked against: the one named, else a live one at the site covering it."""
    if booking_id is None:
        return booking_at_site(tx, worker, site, at)
    booking = tx.bookings.get(booking_id)
    if booking is None or booking.worker_id != worker.id:
        raise NotFound("The booking was not found for this worker.", field="scheduled_shift_id")
    require_live(booking)
    if booking.location_id != site.id:
        raise ValidationFailed("location_id", f"booking {booking.id} is at site {booking.location_id}.")
    return booking
