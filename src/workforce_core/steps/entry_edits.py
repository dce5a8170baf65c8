"""What the time-record use cases share: the one check before a recorded shift changes, the time and
overlap checks, the approval state of an entry, and views read once per transaction."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from workforce_core.errors import Conflict, NotFound, ValidationFailed, WorkforceError
from workforce_core.model.audit import AuditEntry
from workforce_core.model.people import Actor
from workforce_core.model.reference import Location
from workforce_core.model.time_entries import ApprovalStatus, TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.ports import UnitOfWork
from workforce_core.rules import people
from workforce_core.rules.approval import ApprovalState, Move, move
from workforce_core.rules.london import local_text
from workforce_core.rules.shift_times import check_shift_times
from workforce_core.views import EntryView

MAX_MINUTES = 24 * 60


def check_entry_editable(tx: UnitOfWork, entry_id: int, actor: Actor | None = None) -> TimeEntry:
    """The shift an approval, correction, query or amendment acts on, read after its worker's row is
    locked (moves on one worker's shifts queue here). The one entry point where a change to a recorded
    shift is allowed or refused: a shift a pay-week lock froze is 409 ``conflict`` with its ``entry_id``;
    one of a client account or site the ``actor`` does not reach is 404, as an unknown id."""
    return editable_shifts(tx, [entry_id], actor)[0]


def _check_editable(entry_id: int, entry: TimeEntry | None, actor: Actor | None = None) -> TimeEntry:
    if entry is None or not people.reaches_shift(actor, entry.client_id, entry.location_id, entry.clock_in):
        raise NotFound(f"time entry {entry_id} was not found.", entry_id=entry_id)
    if entry.entry_type != "shift":
        raise Conflict(
            f"entry {entry_id} is a break; approvals and corrections act on its shift {entry.parent_id}.",
            entry_id=entry_id,
        )
    return entry


def check_times(
    tx: UnitOfWork,
    worker_id: int,
    start: datetime,
    end: datetime | None,
    now: datetime,
    *,
    break_minutes: int | None = None,
    except_id: int = 0,
) -> None:
    """Clock-out after clock-in, at most 24 hours, nothing in the future, a break shorter than the shift,
    and no overlap with the worker's other shifts (409 ``conflict`` with that shift's ``entry_id``)."""
    check_shift_times(start, end, now, break_minutes)
    clash = overlapping(tx, worker_id, start, end, except_id=except_id)
    if clash is not None:
        raise Conflict(
            f"the times overlap shift {clash.id} of the worker "
            f"({local_text(clash.clock_in)} to {local_text(clash.clock_out) or 'still open'}).",
            entry_id=clash.id,
        )


def overlapping(
    tx: UnitOfWork, worker_id: int, start: datetime, end: datetime | None, *, except_id: int = 0
) -> TimeEntry | None:
    """A shift of the worker that ``[start, end)`` would overlap (``end`` None: open, runs on).

    An open shift occupies everything from its clock-in on, until it is closed by hand or by the
    auto clock-out rule."""
    return tx.entries.overlapping(worker_id, start, end, except_id=except_id)


def minutes(value: int | None, field: str, low: int, high: int) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high):
        raise ValidationFailed(field, f"{field} must be a whole number of minutes from {low} to {high}.")


def editable_shifts(tx: UnitOfWork, ids: Sequence[int], actor: Actor | None = None) -> list[TimeEntry]:
    """``check_entry_editable`` for several shifts, in a fixed number of statements: read them, lock
    their workers in id order (concurrent batches never wait on each other), and read them again."""
    found = tx.entries.get_many(ids)
    for entry_id in ids:
        _check_editable(entry_id, found.get(entry_id), actor)
    tx.workers.lock_many({entry.worker_id for entry in found.values()})
    locked = tx.entries.get_many(ids)
    shifts = [_check_editable(entry_id, locked.get(entry_id)) for entry_id in ids]
    frozen = tx.pay_weeks.frozen_among(ids)
    for shift in shifts:
        if shift.id in frozen:
            raise Conflict(
                f"shift {shift.id} is in a locked pay week; unlock the week to change it.",
                entry_id=shift.id,
                reason_code="week_locked",
            )
    return shifts


def check_breaks(tx: UnitOfWork, shift: TimeEntry, start: datetime, end: datetime) -> None:
    """409 ``conflict`` when a recorded break of the shift would fall outside ``[start, end]``."""
    breaks_inside(tx.entries.breaks_of(shift.id), start, end)


def breaks_inside(breaks: list[TimeEntry], start: datetime, end: datetime) -> None:
    """409 ``conflict`` when one of a shift's ``breaks`` (already read) would fall outside ``[start, end]``."""
    for piece in breaks:
        if piece.clock_in < start or (piece.clock_out or piece.clock_in) > end:
            raise Conflict(f"break {piece.id} would fall outside the shift.", entry_id=piece.id)


def approval_state(entry: TimeEntry) -> ApprovalState:
    return ApprovalState(
        approval_status=entry.approval_status,
        client_approval=entry.client_approval,
        open_query=entry.open_query,
        queried=entry.queried,
        closed=entry.closed,
    )


def move_of(entry: TimeEntry, action: str) -> Move:
    try:
        return move(approval_state(entry), action)
    except WorkforceError as refused:
        raise Conflict(f"entry {entry.id}: {refused.message}", entry_id=entry.id) from None


def apply_state(entry: TimeEntry, state: ApprovalState, now: datetime, by: Actor | None = None) -> None:
    """The approval state after a move, stamped with when and by whom (a signed-in user; None from the
    server's console)."""
    user_id = by.user_id if by is not None else None
    if state.approval_status != entry.approval_status:
        approved = state.approval_status == ApprovalStatus.APPROVED
        entry.approved_at = now if approved else None
        entry.approved_by = user_id if approved else None
    if state.client_approval != entry.client_approval:
        entry.client_approved_at = now
        entry.client_approved_by = user_id
    entry.approval_status = state.approval_status
    entry.client_approval = state.client_approval
    entry.open_query = state.open_query
    entry.queried = state.queried
    entry.updated_at = now


class EntryViews:
    """Entry views with their worker and site read once per transaction."""

    def __init__(self, tx: UnitOfWork) -> None:
        self.tx = tx
        self.workers: dict[int, Worker] = {}
        self.sites: dict[int, Location | None] = {}

    def load(self, entries: Sequence[TimeEntry]) -> EntryViews:
        """Read the workers and sites of these entries at once (two statements, however many)."""
        self.workers.update(self.tx.workers.get_many({e.worker_id for e in entries} - self.workers.keys()))
        site_ids = {e.location_id for e in entries if e.location_id is not None} - self.sites.keys()
        found = self.tx.locations.get_many(site_ids)
        self.sites.update({site_id: found.get(site_id) for site_id in site_ids})
        return self

    def of(self, entry: TimeEntry) -> EntryView:
        if entry.worker_id not in self.workers:
            worker = self.tx.workers.get(entry.worker_id)
            assert worker is not None
            self.workers[entry.worker_id] = worker
        site = None
        if entry.location_id is not None:
            if entry.location_id not in self.sites:
                self.sites[entry.location_id] = self.tx.locations.get(entry.location_id)
            site = self.sites[entry.location_id]
        return EntryView.of(entry, self.workers[entry.worker_id], site)


def acted_by(actor: Actor | None) -> int | None:
    """The ``user_id`` an event names for a change a signed-in user made (None: the server's console)."""
    return actor.user_id if actor is not None else None


def audit_acts(tx: UnitOfWork, actor: Actor | None, action: str, entries: Sequence[TimeEntry], now: datetime) -> None:
    """One audit row per shift a signed-in user changed, with their id (the server's console: none)."""
    if actor is None:
        return
    for entry in entries:
        tx.audit.add(
            AuditEntry(
                client_id=entry.client_id,
                api_key_id=None,
                user_id=actor.user_id,
                action=action,
                entity="time_entry",
                entity_id=entry.id,
                created_at=now,
            )
        )
