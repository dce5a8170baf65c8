"""A manual clock-in: a coordinator clocks in a worker who forgot, at a site of the account,
now or up to ``MANUAL_CLOCK_BACK`` earlier, with the reason. The shift is recorded as a clock would be
(``clock_method`` ``manual``, linked to the live booking at the site it falls in, refused for a worker who
may not work that day for their documents), and sends ``time_entry.created`` with ``change``
``manual_clock_in`` (not ``clock_in``; no ``via``, as the spec says), the reason in its ``reason``.
"""

from __future__ import annotations

from datetime import timedelta

from workforce_core.commands.manual_clocks import ManualClockIn
from workforce_core.errors import (
    AlreadyClockedIn,
    Conflict,
    ValidationFailed,
    WorkerInactive,
)
from workforce_core.model.people import Actor
from workforce_core.model.time_entries import OPEN_SHIFT_HOURS, ClockMethod
from workforce_core.ports import Clock, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.london import local_date
from workforce_core.rules.people import Power
from workforce_core.steps.document_checks import require_documents
from workforce_core.steps.hand_entries import add_hand_entry, booking_at_site, hand_entry_place
from workforce_core.views import EntryView

MANUAL_CLOCK_BACK = timedelta(hours=1)
MANUAL_CLOCK_IN = "manual_clock_in"


def manual_clock_in(
    command: ManualClockIn, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None
) -> EntryView:
    people.require(actor, Power.APPROVE)
    now = clock.now()
    at = command.clock_in or now
    if at > now:
        raise ValidationFailed("clock_in", "a manual clock-in is now or earlier, not later.")
    if now - at > MANUAL_CLOCK_BACK:
        raise ValidationFailed("clock_in", "a manual clock-in is at most an hour back; type in the shift instead.")
    with uow() as tx:
        worker, site = hand_entry_place(tx, actor, command.worker_id, command.location_id)
        if not worker.active or worker.suspended:
            raise WorkerInactive()
        open_shift, clash, _ = tx.entries.clock_in_blockers(worker.id, at - timedelta(hours=OPEN_SHIFT_HOURS), at)
        if open_shift is not None:
            raise AlreadyClockedIn(entry_id=open_shift.id)
        if clash is not None:
            raise Conflict("the clock-in is before the end of a recorded shift.", entry_id=clash.id)
        client = tx.clients.get(worker.client_id)
        assert client is not None
        booking = booking_at_site(tx, worker, site, at)
        require_documents(tx, worker, {local_date(at)}, booking.job_role if booking else None, client.settings)
        _, view = add_hand_entry(
            tx,
            actor,
            (worker, site),
            booking,
            "clocked_in_by_hand",
            clock_in=at,
            now=now,
            change=MANUAL_CLOCK_IN,
            reason=command.reason,
            clock_method=ClockMethod.MANUAL,
            notes=command.reason,
        )
        tx.commit()
    return view
