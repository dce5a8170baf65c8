"""An approval move on several shifts inside a transaction: the agency's approval, the client's sign-off,
a dispute or a revert, all refused if one is; the shifts stored, their events and audit recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import attrs

from workforce_core.events import timesheet_events
from workforce_core.facts import EntriesChanged
from workforce_core.model.people import Actor
from workforce_core.model.time_entries import TimeEntry
from workforce_core.ports import UnitOfWork
from workforce_core.steps.entry_edits import (
    EntryViews,
    acted_by,
    apply_state,
    audit_acts,
    editable_shifts,
    move_of,
)
from workforce_core.views import EntryView


def approve_within(
    tx: UnitOfWork, entry_ids: list[int], now: datetime, *, via: str, actor: Actor | None = None
) -> list[EntryView]:
    """Agency approval inside a transaction another use case holds (close pay week: ``via`` ``close_week``)."""
    return decide_within(tx, entry_ids, "approve", now, via=via, actor=actor) if entry_ids else []


def decide_within(
    tx: UnitOfWork,
    ids: list[int],
    action: str,
    now: datetime,
    *,
    via: str,
    reason: str | None = None,
    also: Callable[[TimeEntry], None] | None = None,
    actor: Actor | None = None,
) -> list[EntryView]:
    """The move on each shift (all refused if one is), stored, with its events recorded on ``tx``
    (``via``, and the client's ``reason`` of a rejection) and, for a signed-in user, the audit log."""
    entries = editable_shifts(tx, ids, actor)
    before = [attrs.evolve(entry) for entry in entries]
    event: str | None = None
    code: str | None = None
    for entry in entries:
        moved = move_of(entry, action)
        apply_state(entry, moved.state, now, actor)
        if also is not None:
            also(entry)
        event, code = moved.event, moved.reason_code
    tx.entries.update_many(entries)
    tx.note(EntriesChanged(tuple(zip(before, entries, strict=True))))
    views = EntryViews(tx).load(entries)
    done = [views.of(entry) for entry in entries]
    assert event is not None
    tx.record(timesheet_events(event, done, now, via=via, reason_code=code, reason=reason, user_id=acted_by(actor)))
    audit_acts(tx, actor, action, entries, now)
    return done
