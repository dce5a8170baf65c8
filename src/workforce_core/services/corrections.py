"""Corrections of a recorded shift: an edit by hand, or the new values of an accepted amendment.
An approved shift that is corrected goes back to pending (``timesheet.unapproved`` ``corrected``)."""

from __future__ import annotations

from workforce_core.commands.time_records import EditEntry
from workforce_core.events import VIA_ADMIN
from workforce_core.model.people import Actor
from workforce_core.ports import Clock, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.people import Power, Screen
from workforce_core.steps.corrections import Correction, correct_entry
from workforce_core.steps.entry_edits import (
    check_entry_editable,
)
from workforce_core.views import EntryView


def edit(command: EditEntry, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None) -> EntryView:
    """A correction by hand; an approved shift goes back to pending (``timesheet.unapproved`` ``corrected``).
    Its ``reason``, when given, travels in the events and the audit log."""
    people.require(actor, Power.APPROVE)
    change = Correction(command.clock_in, command.clock_out, command.break_minutes, command.pay_adjustment_minutes)
    now = clock.now()
    via = people.via(actor, Screen.TIMESHEETS) if actor is not None else VIA_ADMIN
    with uow() as tx:
        entry = check_entry_editable(tx, command.entry_id, actor)
        view, recorded = correct_entry(
            tx, entry, change, now, action="correct", via=via, actor=actor, reason=command.reason
        )
        tx.record(recorded)
        tx.commit()
    return view
