"""What a signed-in worker's pages show: their own shifts of the next four weeks, their offers still
waiting with each requirement's site and times, their availability rules, their absences, and
whether they are clocked in. Each read is of the session's worker only."""

from __future__ import annotations

from datetime import date, datetime, timedelta

from attrs import frozen

from workforce_core.model.availability import WorkerAvailability
from workforce_core.model.bookings import BookingStatus
from workforce_core.model.demands import OfferStatus
from workforce_core.model.time_entries import OPEN_SHIFT_HOURS, TimeEntry
from workforce_core.ports import (
    AbsenceFilter,
    AvailabilityReads,
    AvailabilityRuleFilter,
    DemandFilter,
    DemandReads,
    OfferFilter,
    Paging,
    ShiftFilter,
    ShiftReads,
    UnitOfWorkFactory,
)
from workforce_core.views import AbsenceView, DemandView, OfferView, ShiftView, SignedWorker

AHEAD = timedelta(days=28)  # the shifts page shows four weeks ahead
MOST = Paging(limit=100)


@frozen
class WaitingOffer:
    offer: OfferView
    demand: DemandView


def upcoming_shifts(me: SignedWorker, today: date, *, queries: ShiftReads) -> list[ShiftView]:
    """The worker's bookings from today for four weeks, soonest first; drafts (not yet told to the
    worker) left out."""
    found = queries.shifts(
        ShiftFilter(client_id=me.client.id, paging=MOST, worker_id=me.worker.id, date_from=today, date_to=today + AHEAD)
    )
    shown = [view for view in found.items if view.booking.status != BookingStatus.DRAFT]
    return sorted(shown, key=lambda view: (view.booking.start, view.booking.id))


def waiting_offers(me: SignedWorker, now: datetime, *, queries: DemandReads) -> list[WaitingOffer]:
    """The worker's offers still ``sent``, each with its requirement (site, day, times), soonest first."""
    offers = queries.offers(
        OfferFilter(client_id=me.client.id, paging=MOST, worker_id=me.worker.id, status=OfferStatus.SENT)
    )
    waiting = []
    for view in offers.items:
        asked = DemandFilter(client_id=me.client.id, paging=Paging(1), now=now, id=view.offer.demand_id)
        demand = queries.demands(asked)
        if demand.items:
            waiting.append(WaitingOffer(view, demand.items[0]))
    return sorted(waiting, key=lambda w: (w.demand.demand.start, w.offer.offer.id))


def availability_rules(me: SignedWorker, *, queries: AvailabilityReads) -> list[WorkerAvailability]:
    """The worker's rules in force (not retired)."""
    found = queries.availability_rules(
        AvailabilityRuleFilter(client_id=me.client.id, paging=MOST, worker_id=me.worker.id, active=True)
    )
    return list(found.items)


def absences(me: SignedWorker, *, queries: AvailabilityReads) -> list[AbsenceView]:
    """The worker's absences, newest start first (requested ones with the agency's decision to come)."""
    return list(queries.absences(AbsenceFilter(client_id=me.client.id, paging=MOST, worker_id=me.worker.id)).items)


def open_shift(me: SignedWorker, now: datetime, *, uow: UnitOfWorkFactory) -> TimeEntry | None:
    """The worker's open shift (clocked in, not out), as the clock-out would find it."""
    with uow(read_only=True) as tx:
        return tx.entries.open_shift(me.worker.id, now - timedelta(hours=OPEN_SHIFT_HOURS))
