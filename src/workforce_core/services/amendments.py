"""Amendment requests: a client asks for other times or another break on a shift; the agency decides.

``raised`` is the only state a request leaves: to ``accepted`` (the entry changes like an edit),
``declined`` or ``withdrawn``. Each move sends ``timesheet.amended`` with ``data.status``; an accepted
request on an approved shift also sends ``timesheet.unapproved`` (``reason_code`` ``amended``).
"""

from __future__ import annotations

from datetime import datetime

import attrs

from workforce_core.commands.time_records import RaiseAmendment
from workforce_core.errors import Conflict, NotFound
from workforce_core.events import Event, TimesheetAmended
from workforce_core.model.amendments import Amendment
from workforce_core.model.people import Actor
from workforce_core.ports import Clock, UnitOfWork, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.people import Power
from workforce_core.rules.shift_times import check_shift_times
from workforce_core.steps.corrections import Correction, correct_entry
from workforce_core.steps.entry_edits import check_entry_editable
from workforce_core.views import EntryView

VIA_AMENDMENT = "amendment"
DECISIONS: dict[str, str] = {"accept": "accepted", "decline": "declined", "withdraw": "withdrawn"}


def raise_amendment(
    command: RaiseAmendment, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None
) -> Amendment:
    """A request for other times or another break on a completed shift (status ``raised``); from the
    portal, by a hirer contact on a shift at their sites."""
    people.require(actor, Power.CLIENT_SIGN_OFF)
    clock_in, clock_out, break_minutes = command.clock_in, command.clock_out, command.break_minutes
    written, by = command.reason, command.raised_by
    now = clock.now()
    with uow() as tx:
        entry = check_entry_editable(tx, command.entry_id, actor)
        if entry.clock_out is None:
            raise Conflict("an open shift cannot be amended; close it first.", entry_id=entry.id)
        start, end = clock_in or entry.clock_in, clock_out or entry.clock_out
        check_shift_times(start, end, now, break_minutes)
        amendment = tx.amendments.add(
            Amendment(
                entry_id=entry.id,
                worker_id=entry.worker_id,
                client_id=entry.client_id,
                reason=written,
                raised_by=by,
                created_at=now,
                updated_at=now,
                requested_clock_in=clock_in,
                requested_clock_out=clock_out,
                requested_break_minutes=break_minutes,
            )
        )
        tx.record([_amended(amendment, now)])
        tx.commit()
    return amendment


def accept(
    amendment_id: int, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None
) -> tuple[Amendment, EntryView]:
    """Apply the requested times and break to the entry (an edit), and mark the request ``accepted``."""
    people.require(actor, Power.APPROVE)
    now = clock.now()
    with uow() as tx:
        amendment = _raised(tx, amendment_id, "accept", actor)
        entry = check_entry_editable(tx, amendment.entry_id, actor)
        change = Correction(
            clock_in=amendment.requested_clock_in,
            clock_out=amendment.requested_clock_out,
            break_minutes=amendment.requested_break_minutes,
        )
        view, changed = correct_entry(tx, entry, change, now, action="amend", via=VIA_AMENDMENT, actor=actor)
        amendment = _decided(tx, amendment, "accept", now)
        tx.record([_amended(amendment, now), *changed])
        tx.commit()
    return amendment, view


def decline(amendment_id: int, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None) -> Amendment:
    """The agency refuses the request; the entry is unchanged."""
    people.require(actor, Power.APPROVE)
    return _close(amendment_id, "decline", uow=uow, clock=clock, actor=actor)


def withdraw(amendment_id: int, *, uow: UnitOfWorkFactory, clock: Clock) -> Amendment:
    """The client takes the request back; the entry is unchanged."""
    return _close(amendment_id, "withdraw", uow=uow, clock=clock)


def _close(
    amendment_id: int, decision: str, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None
) -> Amendment:
    now = clock.now()
    with uow() as tx:
        amendment = _decided(tx, _raised(tx, amendment_id, decision, actor), decision, now)
        tx.record([_amended(amendment, now)])
        tx.commit()
    return amendment


def _raised(tx: UnitOfWork, amendment_id: int, decision: str, actor: Actor | None = None) -> Amendment:
    amendment = tx.amendments.get(amendment_id)
    if amendment is None or not people.reaches_account(actor, amendment.client_id):
        raise NotFound(f"amendment {amendment_id} was not found.", amendment_id=amendment_id)
    entry = tx.entries.get(amendment.entry_id)
    if entry is not None:
        tx.workers.lock(entry.worker_id)  # decisions on one worker's shifts queue here
    amendment = tx.amendments.get(amendment_id)
    assert amendment is not None
    if amendment.status != "raised":
        raise Conflict(
            f"only a raised amendment can be {DECISIONS[decision]} (this one is {amendment.status}).",
            amendment_id=amendment.id,
        )
    return amendment


def _decided(tx: UnitOfWork, amendment: Amendment, decision: str, now: datetime) -> Amendment:
    decided = attrs.evolve(amendment, status=DECISIONS[decision], decided_at=now, updated_at=now)
    tx.amendments.update(decided)
    return decided


def _amended(amendment: Amendment, now: datetime) -> Event:
    """``timesheet.amended``: the request as /amendments.php shows it (``status`` included), plus ``client_id``."""
    return Event("timesheet.amended", amendment.client_id, now, TimesheetAmended(attrs.evolve(amendment)))
