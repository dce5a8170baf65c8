"""Console use cases for time records: paper backfill, breaks, approvals, corrections, manual and
automatic clock-out.

Every approval move goes through the spec's state table (``rules.approval.move``); a move the table
does not allow is 409 ``conflict`` with the ``entry_id``. Each use case is one transaction: the change
and its events are written together, and a refusal changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from typing import Any

from attrs import frozen

from workforce_core.errors import (
    Conflict,
    LocationNotFound,
    NotFound,
    ValidationFailed,
    WorkerPending,
    WorkforceError,
)
from workforce_core.event_data import batches, entry_fields, timesheet_batch
from workforce_core.events import Event
from workforce_core.model.accounts import ClientSettings
from workforce_core.model.bookings import Booking
from workforce_core.model.reference import Location
from workforce_core.model.time_entries import OPEN_SHIFT_HOURS, TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.ports import Clock, UnitOfWork, UnitOfWorkFactory
from workforce_core.rules import fields
from workforce_core.rules.approval import ApprovalState, Move, move
from workforce_core.rules.booking_choice import closest_booking
from workforce_core.rules.london import local_text, parse_instant
from workforce_core.rules.text import free_text
from workforce_core.services.bookings import complete_booking, require_live
from workforce_core.views import EntryView

VIA_ADMIN = "admin_timesheets"  # the agency console's timesheet screen
VIA_CLIENT = "tenant_timesheets"  # the client console (a client's dispute)
VIA_PORTAL = "portal"  # client sign-off
QUERY_VIA: tuple[str, ...] = ("client", "agency", "worker")
MAX_SHIFT = timedelta(hours=24)
MAX_MINUTES = 24 * 60
OPEN_WINDOW = timedelta(hours=OPEN_SHIFT_HOURS)

_CONSOLE_TIME = re.compile(r"\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?(?P<zone>Z|z|[+-]\d{2}:?\d{2})?")


def console_time(text: str, field: str) -> datetime:
    """A console time: local ``YYYY-MM-DD HH:MM[:SS]`` (Europe/London), or ISO 8601 with ``Z``/offset.

    A local time in the repeated autumn hour is its first pass (give an offset for the second); one in
    the skipped spring hour does not exist and is refused.
    """
    written = text.strip()
    match = _CONSOLE_TIME.fullmatch(written)
    moment = parse_instant(written) if match else None
    if match is None or moment is None:
        raise ValidationFailed(field, f"{field} must be a local time YYYY-MM-DD HH:MM (Europe/London).")
    if match.group("zone") is None:
        wall = written.replace("T", " ")
        wall = wall if len(wall) == 19 else f"{wall}:00"
        if local_text(moment) != wall:
            raise ValidationFailed(field, f"{written} does not exist in Europe/London (the clocks went forward).")
    return moment


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


# ---- records made by hand -------------------------------------------------------------------------------


def backfill(
    worker_id: int,
    location_id: int,
    clock_in: datetime,
    clock_out: datetime,
    *,
    break_minutes: int | None = None,
    shift_id: int | None = None,
    uow: UnitOfWorkFactory,
    clock: Clock,
) -> EntryView:
    """A paper shift typed in (``clock_method`` ``backfill``); sends ``time_entry.created`` (``backfill``)."""
    now = clock.now()
    minutes(break_minutes, "break_minutes", 0, MAX_MINUTES)
    with uow() as tx:
        worker = tx.workers.lock(worker_id)
        if worker is None:
            raise NotFound("The worker was not found.", field="worker_id")
        if worker.pending:
            raise WorkerPending()
        if worker.anonymised_at is not None:
            raise Conflict("an anonymised worker cannot have shifts added.")
        site = tx.locations.get(location_id)
        if site is None or site.client_id != worker.client_id:
            raise LocationNotFound(field="location_id")
        booking = _booking(tx, worker, site, shift_id, clock_in)
        check_times(tx, worker.id, clock_in, clock_out, now, break_minutes=break_minutes)
        entry = tx.entries.add(
            TimeEntry(
                worker_id=worker.id,
                client_id=site.client_id,
                location_id=site.id,
                clock_in=clock_in,
                clock_out=clock_out,
                created_at=now,
                updated_at=now,
                clock_method="backfill",
                clock_out_method="backfill",
                cost_code_id=worker.cost_code_id,
                scheduled_shift_id=booking.id if booking else None,
                manual_break_minutes=break_minutes,
            )
        )
        complete_booking(tx, booking)
        view = EntryView.of(entry, worker, site)
        tx.record([_created(view, now)])
        tx.commit()
    return view


def add_break(
    shift_id: int, start: datetime, end: datetime, *, uow: UnitOfWorkFactory, clock: Clock
) -> tuple[EntryView, EntryView]:
    """A break entry inside a shift; returns (the break, its shift). Of an approved shift it is a correction."""
    now = clock.now()
    if end <= start:
        raise ValidationFailed("end", "the break must end after it starts.")
    if end > now:
        raise ValidationFailed("end", "the break cannot end in the future.")
    with uow() as tx:
        shift = locked_shift(tx, shift_id)
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
        entry = tx.entries.add(
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
            )
        )
        views = _Views(tx)
        recorded = [_created(views.of(entry), now)]
        moved = _move(shift, "correct")
        if moved.state != _state(shift):
            _apply(shift, moved.state, now)
            tx.entries.update(shift)
        shift_view = views.of(shift)
        if moved.event is not None:
            recorded += _batch_events(moved.event, [shift_view], now, via=VIA_ADMIN, reason_code=moved.reason_code)
        tx.record(recorded)
        tx.commit()
    return views.of(entry), shift_view


# ---- approval moves ------------------------------------------------------------------------------------


def approve(entry_ids: Iterable[int], *, uow: UnitOfWorkFactory, clock: Clock) -> list[EntryView]:
    """Agency approval: ``timesheet.approved`` (``admin_timesheets``), one event per site, 100 at most each."""
    return _decide(entry_ids, "approve", {"via": VIA_ADMIN}, uow=uow, clock=clock)


def client_approve(entry_ids: Iterable[int], *, uow: UnitOfWorkFactory, clock: Clock) -> list[EntryView]:
    """Client sign-off: ``timesheet.client_approved`` (``portal``)."""
    return _decide(entry_ids, "client_approve", {"via": VIA_PORTAL}, uow=uow, clock=clock)


def client_reject(entry_ids: Iterable[int], reason: str, *, uow: UnitOfWorkFactory, clock: Clock) -> list[EntryView]:
    """Client rejection with a reason: ``timesheet.client_rejected`` with ``reason``."""
    text = fields.text_value(reason, "reason", kind=free_text, max_length=255)

    def note(entry: TimeEntry) -> None:
        entry.client_rejected_reason = text

    return _decide(entry_ids, "client_reject", {"via": VIA_PORTAL, "reason": text}, uow=uow, clock=clock, also=note)


def revert(entry_ids: Iterable[int], *, uow: UnitOfWorkFactory, clock: Clock) -> list[EntryView]:
    """Approved back to pending: ``timesheet.unapproved`` (``reason_code`` ``reverted``)."""
    return _decide(entry_ids, "revert", {"via": VIA_ADMIN}, uow=uow, clock=clock)


def dispute(entry_id: int, *, uow: UnitOfWorkFactory, clock: Clock) -> EntryView:
    """The client disputes an approved shift: ``timesheet.unapproved`` (``reason_code`` ``disputed``)."""
    return _decide([entry_id], "dispute", {"via": VIA_CLIENT}, uow=uow, clock=clock)[0]


def query(entry_id: int, via: str, *, uow: UnitOfWorkFactory, clock: Clock) -> EntryView:
    """A query raised by the client, the agency or the worker: the shift is held (``timesheet.queried``)."""
    if via not in QUERY_VIA:
        raise ValidationFailed("via", f"via must be one of {', '.join(QUERY_VIA)}.")
    return _decide([entry_id], "query", {"via": via}, uow=uow, clock=clock)[0]


def resolve_query(entry_id: int, *, uow: UnitOfWorkFactory, clock: Clock) -> EntryView:
    """The open query is settled: ``time_entry.updated`` (``change`` ``query_resolved``)."""
    now = clock.now()
    with uow() as tx:
        entry = locked_shift(tx, entry_id)
        moved = _move(entry, "resolve_query")
        _apply(entry, moved.state, now)
        tx.entries.update(entry)
        view = _Views(tx).of(entry)
        assert moved.event is not None
        tx.record([_updated(moved.event, view, now, change="query_resolved", changes=["open_query"])])
        tx.commit()
    return view


# ---- corrections and clock-outs ------------------------------------------------------------------------


def edit(entry_id: int, change: Correction, *, uow: UnitOfWorkFactory, clock: Clock) -> EntryView:
    """A correction by hand; an approved shift goes back to pending (``timesheet.unapproved`` ``corrected``)."""
    if change.empty:
        raise ValidationFailed(None, "give at least one of clock-in, clock-out, break minutes, pay adjustment.")
    now = clock.now()
    with uow() as tx:
        entry = locked_shift(tx, entry_id)
        view, recorded = correct_entry(tx, entry, change, now, action="correct", via=VIA_ADMIN)
        tx.record(recorded)
        tx.commit()
    return view


def correct_entry(
    tx: UnitOfWork, entry: TimeEntry, change: Correction, now: datetime, *, action: str, via: str
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
        return _Views(tx).of(entry), []
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
    moved = _move(entry, action)
    if entry.edit_count == 0:
        entry.original_clock_in = entry.clock_in
        entry.original_clock_out = entry.clock_out
    for name, value in values.items():
        setattr(entry, name, value)
    entry.edit_count += 1
    entry.edited_at = now
    _apply(entry, moved.state, now)
    tx.entries.update(entry)
    view = _Views(tx).of(entry)
    recorded = [_updated("time_entry.updated", view, now, change="corrected", changes=changes, via=via)]
    if moved.event is not None:
        recorded += _batch_events(moved.event, [view], now, via=via, reason_code=moved.reason_code)
    return view, recorded


def clock_out(entry_id: int, at: datetime, *, uow: UnitOfWorkFactory, clock: Clock) -> EntryView:
    """An open shift closed by hand (``clock_out_method`` ``manual``): ``time_entry.updated`` ``clocked_out``."""
    now = clock.now()
    with uow() as tx:
        entry = locked_shift(tx, entry_id)
        if entry.closed:
            raise Conflict(f"shift {entry.id} is already clocked out.", entry_id=entry.id)
        check_times(
            tx, entry.worker_id, entry.clock_in, at, now, break_minutes=entry.manual_break_minutes, except_id=entry.id
        )
        check_breaks(tx, entry, entry.clock_in, at)
        entry.clock_out = at
        entry.clock_out_method = "manual"
        entry.updated_at = now
        tx.entries.update(entry)
        complete_booking(tx, tx.bookings.get(entry.scheduled_shift_id) if entry.scheduled_shift_id else None)
        view = _Views(tx).of(entry)
        tx.record([_updated("time_entry.updated", view, now, change="clocked_out", changes=["clock_out"])])
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
        views = _Views(tx)
        closed: list[EntryView] = []
        recorded: list[Event] = []
        for candidate in sorted(candidates, key=lambda e: e.id):
            entry = tx.entries.get(candidate.id)
            if entry is None or entry.closed:
                continue
            booking = tx.bookings.get(entry.scheduled_shift_id) if entry.scheduled_shift_id else None
            entry.clock_out = _auto_end(tx, entry, booking, now)
            entry.clock_out_method = "auto"
            entry.updated_at = now
            tx.entries.update(entry)
            complete_booking(tx, booking)
            view = views.of(entry)
            closed.append(view)
            recorded.append(_entry_event("time_entry.auto_closed", view, now, change="auto_closed"))
        tx.record(recorded)
        tx.commit()
    return closed


# ---- shared by the amendments use cases ----------------------------------------------------------------


def locked_shift(tx: UnitOfWork, entry_id: int) -> TimeEntry:
    """The shift, read after its worker's row is locked (moves on one worker's shifts queue here)."""
    entry = tx.entries.get(entry_id)
    if entry is None:
        raise NotFound(f"time entry {entry_id} was not found.", entry_id=entry_id)
    if entry.entry_type != "shift":
        raise Conflict(
            f"entry {entry_id} is a break; approvals and corrections act on its shift {entry.parent_id}.",
            entry_id=entry_id,
        )
    tx.workers.lock(entry.worker_id)
    locked = tx.entries.get(entry_id)
    assert locked is not None
    return locked


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
    if start > now:
        raise ValidationFailed("clock_in", "clock-in cannot be in the future.")
    if end is not None:
        if end <= start:
            raise ValidationFailed("clock_out", "clock-out must be after clock-in.")
        if end > now:
            raise ValidationFailed("clock_out", "clock-out cannot be in the future.")
        if end - start > MAX_SHIFT:
            raise ValidationFailed("clock_out", "a shift is at most 24 hours long.")
        if break_minutes is not None and break_minutes >= (end - start).total_seconds() // 60:
            raise ValidationFailed("break_minutes", "the break must be shorter than the shift.")
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


# ---- internals ------------------------------------------------------------------------------------------


class _Views:
    """Entry views with their worker and site read once per transaction."""

    def __init__(self, tx: UnitOfWork) -> None:
        self.tx = tx
        self.workers: dict[int, Worker] = {}
        self.sites: dict[int, Location | None] = {}

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


def _decide(
    entry_ids: Iterable[int],
    action: str,
    extra: dict[str, Any],
    *,
    uow: UnitOfWorkFactory,
    clock: Clock,
    also: Callable[[TimeEntry], None] | None = None,
) -> list[EntryView]:
    """One approval move on several shifts, all or nothing; the events are grouped per client and site."""
    ids = list(dict.fromkeys(entry_ids))
    if not ids:
        raise ValidationFailed("entry_ids", "give at least one time entry id.")
    now = clock.now()
    with uow() as tx:
        entries = _locked_shifts(tx, ids)
        views = _Views(tx)
        done: list[EntryView] = []
        event: str | None = None
        reason: str | None = None
        for entry in entries:
            moved = _move(entry, action)
            _apply(entry, moved.state, now)
            if also is not None:
                also(entry)
            tx.entries.update(entry)
            done.append(views.of(entry))
            event, reason = moved.event, moved.reason_code
        assert event is not None
        named = {**extra, "reason_code": reason} if reason is not None else extra
        tx.record(_batch_events(event, done, now, **named))
        tx.commit()
    return done


def _locked_shifts(tx: UnitOfWork, ids: list[int]) -> list[TimeEntry]:
    found = []
    for entry_id in ids:
        entry = tx.entries.get(entry_id)
        if entry is None:
            raise NotFound(f"time entry {entry_id} was not found.", entry_id=entry_id)
        found.append(entry)
    for worker_id in sorted({entry.worker_id for entry in found}):
        tx.workers.lock(worker_id)
    return [locked_shift(tx, entry_id) for entry_id in ids]


def _state(entry: TimeEntry) -> ApprovalState:
    return ApprovalState(
        approval_status=entry.approval_status,
        client_approval=entry.client_approval,
        open_query=entry.open_query,
        queried=entry.queried,
        closed=entry.closed,
    )


def _move(entry: TimeEntry, action: str) -> Move:
    try:
        return move(_state(entry), action)
    except WorkforceError as refused:
        raise Conflict(f"entry {entry.id}: {refused.message}", entry_id=entry.id) from None


def _apply(entry: TimeEntry, state: ApprovalState, now: datetime) -> None:
    if state.approval_status != entry.approval_status:
        entry.approved_at = now if state.approval_status == "approved" else None
        entry.approved_by = None  # the console has no admin user ids yet
    if state.client_approval != entry.client_approval:
        entry.client_approved_at = now
        entry.client_approved_by = None
    entry.approval_status = state.approval_status
    entry.client_approval = state.client_approval
    entry.open_query = state.open_query
    entry.queried = state.queried
    entry.updated_at = now


def _entry_event(name: str, view: EntryView, now: datetime, **extra: Any) -> Event:
    """A time_entry.* event: the entry's fields (as the catalogue lists them) plus ``change`` and extras."""
    return Event(name, view.entry.client_id, now, entry_fields(view), extra)


def _created(view: EntryView, now: datetime) -> Event:
    """A record typed in by hand in the agency console (a paper shift or a break)."""
    return _entry_event(
        "time_entry.created", view, now, change="backfill", via="admin", reason_code=None, batch_id=None
    )


def _updated(
    name: str, view: EntryView, now: datetime, *, change: str, changes: list[str], via: str = VIA_ADMIN
) -> Event:
    return _entry_event(name, view, now, change=change, via=via, reason_code=None, changes=changes, adjustment_id=None)


def _batch_events(name: str, views: list[EntryView], now: datetime, **extra: Any) -> list[Event]:
    """timesheet.* events: per client, one per site, at most 100 entries each."""
    by_client: dict[int, list[EntryView]] = {}
    for view in views:
        by_client.setdefault(view.entry.client_id, []).append(view)
    return [
        Event(name, client_id, now, None, timesheet_batch(site, group, client_id, **extra))
        for client_id, client_views in by_client.items()
        for site, group in batches(client_views)
    ]


def _booking(tx: UnitOfWork, worker: Worker, site: Location, shift_id: int | None, at: datetime) -> Booking | None:
    """The booking a backfilled shift was worked against: the one named, else a live one at the site covering it."""
    if shift_id is None:
        client = tx.clients.get(site.client_id)
        priority = client.settings.multi_shift_priority if client else "closest"
        at_site = [b for b in tx.bookings.near(worker.id, at) if b.location_id == site.id]
        return closest_booking(at_site, at, priority)
    booking = tx.bookings.get(shift_id)
    if booking is None or booking.worker_id != worker.id:
        raise NotFound("The booking was not found for this worker.", field="scheduled_shift_id")
    require_live(booking)
    if booking.location_id != site.id:
        raise ValidationFailed("location_id", f"booking {booking.id} is at site {booking.location_id}.")
    return booking


def check_breaks(tx: UnitOfWork, shift: TimeEntry, start: datetime, end: datetime) -> None:
    """409 ``conflict`` when a recorded break of the shift would fall outside ``[start, end]``."""
    for piece in tx.entries.breaks_of(shift.id):
        if piece.clock_in < start or (piece.clock_out or piece.clock_in) > end:
            raise Conflict(f"break {piece.id} would fall outside the shift.", entry_id=piece.id)


def _auto_end(tx: UnitOfWork, entry: TimeEntry, booking: Booking | None, now: datetime) -> datetime:
    if booking is not None and not booking.cancelled and booking.end > entry.clock_in:
        end = booking.end
    else:
        client = tx.clients.get(entry.client_id)
        hours = (client.settings if client else ClientSettings()).default_shift_hours
        end = entry.clock_in + timedelta(hours=hours)
    for piece in tx.entries.breaks_of(entry.id):
        end = max(end, piece.clock_out or piece.clock_in)
    return min(end, now)
