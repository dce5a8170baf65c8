"""Booking use cases: book, change (PUT) and cancel a shift, and what clocking asks of a booking.

Every path that puts a worker into a slot asks ``rules.eligibility`` with what storage knows, under the
worker's row lock (``tx.workers.lock``): two bookings of one worker into overlapping slots queue there,
so the second sees the first and is refused with ``overlap``. A date in a locked pay week is refused
(409 ``week_locked``) before anything changes.
"""

from __future__ import annotations

from datetime import time

import attrs
from attrs import frozen

from workforce_core import events
from workforce_core.commands.bookings import BookShift, CancelBooking, UpdateBooking
from workforce_core.errors import (
    Conflict,
    NotFound,
)
from workforce_core.model.bookings import LIVE_BOOKING_STATUSES, Booking, BookingStatus, Confirmation
from workforce_core.model.people import Actor
from workforce_core.model.principal import Principal
from workforce_core.ports import Clock, UnitOfWork, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.london import LONDON
from workforce_core.rules.people import Power
from workforce_core.steps.booking_places import check_eligible, client_site, client_worker, not_locked, place, slot_of
from workforce_core.steps.no_show_notices import MARKED, notice
from workforce_core.views import ShiftView

# What a PUT may change, in the order ``changes`` lists them; moving these re-checks eligibility.
CHANGEABLE = ("worker_id", "location_id", "shift_date", "start_time", "end_time", "break_minutes", "job_role")
RECHECKED = ("worker_id", "location_id", "shift_date", "start_time", "end_time", "break_minutes")
MOVES = ("location_id", "shift_date", "start_time", "end_time")  # leave the requirement (detached_demand_id)


@frozen
class Changed:
    """A PUT's result: the booking, and the requirement it left when it moved (else None)."""

    shift: ShiftView
    detached_demand_id: int | None = None


# ---- book ------------------------------------------------------------------------------------


def book(
    command: BookShift,
    *,
    client_id: int,
    uow: UnitOfWorkFactory,
    clock: Clock,
    principal: Principal | None = None,
    actor: Actor | None = None,
) -> ShiftView:
    """Book the client's worker at one of its sites, or onto a requirement (``demand_id``: its site, date,
    times, break and role); ``principal``: the API key, None from the console; ``actor``: the person at
    the console (a role that books; a site they do not reach is 404)."""
    people.require(actor, Power.BOOK)
    now = clock.now()
    with uow() as tx:
        view = place(tx, command, client_id=client_id, now=now, principal=principal, actor=actor)
        names = ("shift.created", "shift_created") if principal is not None else ("shift.created",)
        recorded = [events.Event(name, client_id, now, events.ShiftCreated(view)) for name in names]
        tx.record(recorded)
        tx.commit()
    return view


# ---- change ----------------------------------------------------------------------------------


def update(
    booking_id: int,
    command: UpdateBooking,
    *,
    client_id: int,
    uow: UnitOfWorkFactory,
    clock: Clock,
    principal: Principal | None = None,
    actor: Actor | None = None,
) -> Changed:
    """PUT: change times, break, role, worker, site, notes or draft/published. A worked booking may change
    only its notes (409 ``worked``); a cancelled one nothing (409 ``conflict``)."""
    people.require(actor, Power.BOOK)
    sent = command.sent()
    now = clock.now()
    with uow() as tx:
        booking = _booking(tx, client_id, booking_id, principal, actor)
        worked = booking.status == BookingStatus.COMPLETED or tx.entries.worked_against(booking.id)
        if worked and set(sent) - {"notes"}:
            raise Conflict(f"booking {booking.id} was worked: only its notes can change.", reason_code="worked")
        if not worked and booking.status not in LIVE_BOOKING_STATUSES:
            raise Conflict(f"booking {booking.id} is cancelled.")
        worker_id = sent.get("worker_id", booking.worker_id)
        worker = client_worker(tx, client_id, worker_id) if "worker_id" in sent else tx.workers.lock(booking.worker_id)
        assert worker is not None
        site = client_site(tx, client_id, sent["location_id"], principal, actor) if "location_id" in sent else None
        site = site or tx.locations.get(booking.location_id)
        assert site is not None
        old_start, old_end = _walls(booking)
        slot = slot_of(
            site.id,
            sent.get("shift_date", booking.shift_date),
            sent.get("start_time", old_start),
            sent.get("end_time", old_end),
            sent.get("break_minutes", booking.break_minutes),
        )
        slot = attrs.evolve(slot, job_role=sent.get("job_role", booking.job_role))
        if not worked:
            not_locked(tx, client_id, booking.location_id, booking.shift_date)
            not_locked(tx, client_id, site.id, slot.shift_date)
        moved = (site.id, slot.shift_date, slot.start, slot.end) != (
            booking.location_id,
            booking.shift_date,
            booking.start,
            booking.end,
        )
        warnings = booking.warning_codes
        if worker.id != booking.worker_id or moved or slot.break_minutes != booking.break_minutes:
            warnings = check_eligible(tx, worker, slot, client_id=client_id, leaving=booking.id).warning_codes
        after = attrs.evolve(
            booking,
            worker_id=worker.id,
            location_id=site.id,
            shift_date=slot.shift_date,
            start=slot.start,
            end=slot.end,
            break_minutes=slot.break_minutes,
            job_role=slot.job_role,
            notes=sent.get("notes", booking.notes),
            status=sent.get("status", booking.status),
            warning_codes=warnings,
            demand_id=None if moved else booking.demand_id,
        )
        detached = booking.demand_id if moved else None
        changes = [name for name in (*CHANGEABLE, "notes", "status") if _differs(name, booking, after)]
        if changes:
            after.updated_at = now
            tx.bookings.update(after)
        view = ShiftView.of(after, worker, site)
        if changes:
            changed = events.ShiftUpdated(view, tuple(changes), detached)
            tx.record([events.Event("shift.updated", client_id, now, changed)])
            tx.commit()
    return Changed(view, detached)


# ---- cancel ----------------------------------------------------------------------------------


def cancel(
    booking_id: int,
    command: CancelBooking,
    *,
    client_id: int,
    uow: UnitOfWorkFactory,
    clock: Clock,
    principal: Principal | None = None,
    actor: Actor | None = None,
) -> ShiftView:
    """Cancel with one of the spec's cancel statuses: sets ``cancelled_at`` and ``cancel_reason``;
    ``confirmation`` becomes ``n/a``. Worked: 409 ``worked``; already cancelled: 409 ``conflict``.
    The status ``no_show`` marks a no-show (``shift.no_show`` too, once)."""
    people.require(actor, Power.BOOK)
    now = clock.now()
    with uow() as tx:
        booking = _booking(tx, client_id, booking_id, principal, actor)
        worker = tx.workers.lock(booking.worker_id)
        assert worker is not None
        if booking.status == BookingStatus.COMPLETED or tx.entries.worked_against(booking.id):
            raise Conflict(f"booking {booking.id} was worked and cannot be cancelled.", reason_code="worked")
        if booking.status not in LIVE_BOOKING_STATUSES:
            raise Conflict(f"booking {booking.id} is already cancelled.")
        not_locked(tx, client_id, booking.location_id, booking.shift_date)
        after = attrs.evolve(
            booking,
            status=command.status,
            cancel_reason=command.cancel_reason,
            cancelled_at=now,
            confirmation=Confirmation.NOT_APPLICABLE,
            updated_at=now,
        )
        tx.bookings.update(after)
        view = ShiftView.of(after, worker, tx.locations.get(booking.location_id))
        tx.record([events.Event("shift.cancelled", client_id, now, events.ShiftCancelled(view))])
        if after.status == BookingStatus.NO_SHOW:  # marked a no-show: shift.no_show too, unless the job sent it
            notice(tx, view, now, MARKED)
        tx.commit()
    return view


# ---- what eligibility is fed -------------------------------------------------------------------


# ---- look-ups --------------------------------------------------------------------------------


def _booking(
    tx: UnitOfWork, client_id: int, booking_id: int, principal: Principal | None, actor: Actor | None = None
) -> Booking:
    booking = tx.bookings.get(booking_id)
    if booking is None or booking.client_id != client_id:
        raise NotFound("The booking was not found.")
    if not people.reaches(actor, client_id, booking.location_id):
        raise NotFound("The booking was not found.")
    if principal is not None and not principal.sees_site(booking.location_id):
        raise NotFound("The booking was not found.")
    return booking


def _walls(booking: Booking) -> tuple[time, time]:
    return booking.start.astimezone(LONDON).time(), booking.end.astimezone(LONDON).time()


def _differs(name: str, before: Booking, after: Booking) -> bool:
    if name in ("start_time", "end_time"):  # the local wall time: a new date alone changes neither
        at = 0 if name == "start_time" else 1
        return _walls(before)[at] != _walls(after)[at]
    return bool(getattr(before, name) != getattr(after, name))
