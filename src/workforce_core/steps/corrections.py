"""A correction of a time entry inside a transaction: an edit, or an accepted amendment."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import attrs
from attrs import frozen

from workforce_core.errors import Conflict
from workforce_core.events import Event, TimeEntryUpdated, timesheet_events
from workforce_core.facts import EntriesChanged
from workforce_core.model.people import Actor
from workforce_core.model.time_entries import TimeEntry
from workforce_core.ports import UnitOfWork
from workforce_core.steps.entry_edits import (
    MAX_MINUTES,
    EntryViews,
    acted_by,
    apply_state,
    audit_acts,
    check_breaks,
    check_times,
    minutes,
    move_of,
)
from workforce_core.views import EntryView


@frozen
class Correction:
    """The new values of an edit or an accepted amendment; None leaves a value as it is."""

    clock_in: datetime | None = None
    clock_out: datetime | None = None
    break_minutes: int | None = None
    pay_adjustment_minutes: int | None = None

    @property
    def empty(self) -> bool:
        return all(v is None for v in (self.clock_in, self.clock_out, self.break_minutes, self.pay_adjustment_minutes))


def correct_entry(
    tx: UnitOfWork,
    entry: TimeEntry,
    change: Correction,
    now: datetime,
    *,
    action: str,
    via: str,
    actor: Actor | None = None,
    reason: str | None = None,
) -> tuple[EntryView, list[Event]]:
    """Apply a correction (an edit or an accepted amendment) inside ``tx``; returns the view and its events.

    A change that changes nothing is not an edit: no event, ``edit_count`` unchanged.
    """
    if change.clock_out is not None and entry.clock_out is None:
        raise Conflict("the shift is still open: close it with `timesheet clock-out` first.", entry_id=entry.id)
    minutes(change.break_minutes, "break_minutes", 0, MAX_MINUTES)
    minutes(change.pay_adjustment_minutes, "pay_adjustment_minutes", -MAX_MINUTES, MAX_MINUTES)
    values: dict[str, Any] = {
        "clock_in": change.clock_in or entry.clock_in,
        "clock_out": change.clock_out or entry.clock_out,
        "manual_break_minutes": entry.manual_break_minutes if change.break_minutes is None else change.break_minutes,
        "pay_adjustment_minutes": entry.pay_adjustment_minutes
        if change.pay_adjustment_minutes is None
        else change.pay_adjustment_minutes,
    }
    changes = [name for name, value in values.items() if getattr(entry, name) != value]
    if not changes:
        return EntryViews(tx).of(entry), []
    check_times(
        tx,
        entry.worker_id,
        values["clock_in"],
        values["clock_out"],
        now,
        break_minutes=values["manual_break_minutes"],
        except_id=entry.id,
    )
    check_breaks(tx, entry, values["clock_in"], values["clock_out"] or now)
    moved = move_of(entry, action)
    before = attrs.evolve(entry)
    if entry.edit_count == 0:
        entry.original_clock_in = entry.clock_in
        entry.original_clock_out = entry.clock_out
    for name, value in values.items():
        setattr(entry, name, value)
    entry.edit_count += 1
    entry.edited_at = now
    apply_state(entry, moved.state, now, actor)
    tx.entries.update(entry)
    tx.note(EntriesChanged(((before, entry),)))
    view = EntryViews(tx).of(entry)
    corrected = TimeEntryUpdated(view, "corrected", tuple(changes), via, reason or None, acted_by(actor))
    recorded = [Event("time_entry.updated", entry.client_id, now, corrected)]
    if moved.event is not None:
        recorded += timesheet_events(
            moved.event, [view], now, via=via, reason_code=moved.reason_code, user_id=acted_by(actor)
        )
    audit_acts(tx, actor, "corrected", [entry], now)
    return view, recorded
