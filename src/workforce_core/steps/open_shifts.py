"""Closing a shift left open too long (the auto clock-out rule), shared by its two producers: the
``timesheet auto-close`` run (``serve`` schedules it) and a clock-in that finds the worker's shift
from more than 18 hours ago still open (``missed_clockout``)."""

from __future__ import annotations

from datetime import datetime, timedelta

import attrs

from workforce_core.events import Event, TimeEntryAutoClosed
from workforce_core.facts import EntriesChanged
from workforce_core.model.accounts import ClientSettings
from workforce_core.model.time_entries import TimeEntry
from workforce_core.ports import UnitOfWork
from workforce_core.steps.booking_states import complete_booking
from workforce_core.steps.entry_edits import EntryViews
from workforce_core.views import EntryView


def close_open_shift(
    tx: UnitOfWork, views: EntryViews, entry: TimeEntry, latest: datetime, now: datetime, change: str
) -> EntryView:
    """Close ``entry`` (its worker locked) as the auto clock-out rule does: at its live booking's end when
    that is after the clock-in, else clock-in plus the client's ``default_shift_hours``; never before the
    end of a recorded break, never after ``latest``. Records ``time_entry.auto_closed`` with ``change``."""
    booking = tx.bookings.get(entry.scheduled_shift_id) if entry.scheduled_shift_id else None
    if booking is not None and not booking.cancelled and booking.end > entry.clock_in:
        end = booking.end
    else:
        client = tx.clients.get(entry.client_id)
        hours = (client.settings if client else ClientSettings()).default_shift_hours
        end = entry.clock_in + timedelta(hours=hours)
    for piece in tx.entries.breaks_of(entry.id):
        end = max(end, piece.clock_out or piece.clock_in)
    before = attrs.evolve(entry)
    entry.clock_out = max(min(end, latest), entry.clock_in)
    entry.clock_out_method = "auto"
    entry.updated_at = now
    tx.entries.update(entry)
    tx.note(EntriesChanged(((before, entry),)))
    complete_booking(tx, booking)
    view = views.of(entry)
    tx.record([Event("time_entry.auto_closed", entry.client_id, now, TimeEntryAutoClosed(view, change))])
    return view
