"""Approval moves on shifts: agency approval and revert, client sign-off, rejection and dispute, and
queries. Every move goes through the spec's state table (``rules.approval.move``); a move the table
does not allow is 409 ``conflict`` with the ``entry_id``. A move on several shifts is all or nothing."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import attrs

from workforce_core.commands.time_records import AnswerQuery, QueryEntry, RejectEntries
from workforce_core.errors import ValidationFailed
from workforce_core.events import VIA_ADMIN, Event, TimeEntryUpdated
from workforce_core.facts import EntriesChanged
from workforce_core.model.people import Actor, Role
from workforce_core.model.time_entries import TimeEntry
from workforce_core.ports import Clock, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.people import Power, Screen
from workforce_core.steps.approval_moves import decide_within
from workforce_core.steps.entry_edits import (
    EntryViews,
    acted_by,
    apply_state,
    audit_acts,
    check_entry_editable,
    move_of,
)
from workforce_core.views import EntryView

VIA_CLIENT = "tenant_timesheets"  # the client console (a client's dispute)
VIA_PORTAL = "portal"  # client sign-off


def approve(
    entry_ids: Iterable[int],
    *,
    uow: UnitOfWorkFactory,
    clock: Clock,
    actor: Actor | None = None,
    screen: Screen = Screen.TIMESHEETS,
) -> list[EntryView]:
    """Agency approval: ``timesheet.approved``, one event per site, 100 at most each; ``via``
    ``admin_timesheets`` (``tenant_*`` for a client account's own staff, ``*_batch_edit`` from a batch)."""
    people.require(actor, Power.APPROVE)
    return _decide(entry_ids, "approve", people.via(actor, screen), uow=uow, clock=clock, actor=actor)


def client_approve(
    entry_ids: Iterable[int], *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None
) -> list[EntryView]:
    """Client sign-off: ``timesheet.client_approved`` (``portal``)."""
    people.require(actor, Power.CLIENT_SIGN_OFF)
    return _decide(entry_ids, "client_approve", VIA_PORTAL, uow=uow, clock=clock, actor=actor)


def client_reject(
    command: RejectEntries, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None
) -> list[EntryView]:
    """Client rejection with a reason: ``timesheet.client_rejected`` with ``reason``."""
    people.require(actor, Power.CLIENT_SIGN_OFF)
    text = command.reason

    def note(entry: TimeEntry) -> None:
        entry.client_rejected_reason = text

    return _decide(command.entry_ids, "client_reject", VIA_PORTAL, text, uow=uow, clock=clock, also=note, actor=actor)


def revert(entry_ids: Iterable[int], *, uow: UnitOfWorkFactory, clock: Clock) -> list[EntryView]:
    """Approved back to pending: ``timesheet.unapproved`` (``reason_code`` ``reverted``)."""
    return _decide(entry_ids, "revert", VIA_ADMIN, uow=uow, clock=clock)


def dispute(entry_id: int, *, uow: UnitOfWorkFactory, clock: Clock) -> EntryView:
    """The client disputes an approved shift: ``timesheet.unapproved`` (``reason_code`` ``disputed``)."""
    return _decide([entry_id], "dispute", VIA_CLIENT, uow=uow, clock=clock)[0]


def query(command: QueryEntry, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None) -> EntryView:
    """A query raised by the client, the agency or the worker: the shift is held (``timesheet.queried``).
    Its question is kept on the shift; a new query replaces an earlier one and its answer. A hirer
    contact (an ``approver``) must write the question; the server's console (``timesheet query ID --via
    client``, as its contract has it) may raise one without."""
    people.require(actor, Power.CLIENT_SIGN_OFF if command.via == "client" else Power.APPROVE)
    if actor is not None and actor.role == Role.APPROVER and command.question is None:
        raise ValidationFailed("question", "write the question for the agency.")

    def asked(entry: TimeEntry) -> None:
        entry.query_text, entry.query_answer, entry.query_answered_at = command.question, None, None

    return _decide([command.entry_id], "query", command.via, uow=uow, clock=clock, also=asked, actor=actor)[0]


def resolve_query(entry_id: int, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None) -> EntryView:
    """The open query is settled: ``time_entry.updated`` (``change`` ``query_resolved``)."""
    return _settle(entry_id, None, uow=uow, clock=clock, actor=actor)


def answer_query(
    command: AnswerQuery, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None
) -> EntryView:
    """The agency answers the open query, which settles it: ``time_entry.updated`` (``change``
    ``query_resolved``, ``changes`` ``open_query`` and ``query_answer``); the hirer reads the answer."""
    return _settle(command.entry_id, command.answer, uow=uow, clock=clock, actor=actor)


def _settle(
    entry_id: int, answer: str | None, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None
) -> EntryView:
    people.require(actor, Power.APPROVE)
    now = clock.now()
    with uow() as tx:
        entry = check_entry_editable(tx, entry_id, actor)
        before = attrs.evolve(entry)
        moved = move_of(entry, "resolve_query")
        apply_state(entry, moved.state, now, actor)
        if answer is not None:
            entry.query_answer, entry.query_answered_at = answer, now
        tx.entries.update(entry)
        tx.note(EntriesChanged(((before, entry),)))
        view = EntryViews(tx).of(entry)
        assert moved.event is not None
        changes = ("open_query",) if answer is None else ("open_query", "query_answer")
        resolved = TimeEntryUpdated(view, "query_resolved", changes, user_id=acted_by(actor))
        tx.record([Event(moved.event, entry.client_id, now, resolved)])
        audit_acts(tx, actor, "query_resolved" if answer is None else "query_answered", [entry], now)
        tx.commit()
    return view


def _decide(
    entry_ids: Iterable[int],
    action: str,
    via: str,
    reason: str | None = None,
    *,
    uow: UnitOfWorkFactory,
    clock: Clock,
    also: Callable[[TimeEntry], None] | None = None,
    actor: Actor | None = None,
) -> list[EntryView]:
    """One approval move on several shifts, all or nothing; the events are grouped per client and site."""
    ids = list(dict.fromkeys(entry_ids))
    if not ids:
        raise ValidationFailed("entry_ids", "give at least one time entry id.")
    now = clock.now()
    with uow() as tx:
        done = decide_within(tx, ids, action, now, via=via, reason=reason, also=also, actor=actor)
        tx.commit()
    return done
