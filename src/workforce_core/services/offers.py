"""Offers of a requirement's slot to workers (console ``offer send`` / ``offer answer``, GET /offers.php).

An acceptance books the worker onto the requirement through the booking use case's own path
(``booking_places.place``: the same eligibility rule, the requirement's lock and counts), in the same
transaction as the answer; an ineligible worker's acceptance is refused with the codes and the offer
stays ``sent``. Offers taken or declined send no shift event (the spec).
"""

from __future__ import annotations

import attrs
from attrs import frozen

from workforce_core.commands.demands import SendOffers
from workforce_core.errors import Conflict, NotFound
from workforce_core.model.demands import Offer, OfferStatus
from workforce_core.model.people import Actor
from workforce_core.model.principal import Principal
from workforce_core.ports import Clock, DemandReads, OfferFilter, Page, Paging, UnitOfWork, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.access import visible_sites
from workforce_core.rules.demands import refusal
from workforce_core.rules.people import Power
from workforce_core.steps.offer_answers import Answer, take
from workforce_core.views import OfferView

__all__ = ["Answer", "OfferQuery", "answer", "expire", "offers", "send", "withdraw"]


@frozen(kw_only=True)
class OfferQuery:
    """decisions.md's query of GET /offers.php."""

    paging: Paging
    demand_id: int | None = None
    worker_id: int | None = None
    status: str | None = None


def offers(principal: Principal, query: OfferQuery, *, queries: DemandReads) -> Page[OfferView]:
    """Offers of the client's requirements at the key's sites, newest first."""
    principal.require("shifts:read")
    return queries.offers(
        OfferFilter(
            client_id=principal.client_id,
            paging=query.paging,
            demand_id=query.demand_id,
            worker_id=query.worker_id,
            status=query.status,
            location_ids=visible_sites(principal, None),
        )
    )


def send(command: SendOffers, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None) -> list[OfferView]:
    """Offer an open requirement to each worker (each once; all or none): another client's worker 404
    (``field`` ``worker_id``); a requirement cancelled, finished or full, or a worker who already has an
    unanswered offer of it, 409 ``conflict``. ``actor``: a person whose role books, reaching its site."""
    people.require(actor, Power.BOOK)
    now = clock.now()
    with uow() as tx:
        demand = tx.demands.lock(command.demand_id)
        if demand is None or not people.reaches(actor, demand.client_id, demand.location_id):
            raise NotFound("The requirement was not found.", field="demand_id")
        why = refusal(demand, tx.demands.filled(demand.id), now)
        if why is not None:
            raise Conflict(why)
        made = []
        for worker_id in dict.fromkeys(command.worker_ids):
            worker = tx.workers.get(worker_id)
            if worker is None or worker.client_id != demand.client_id:
                raise NotFound(f"worker {worker_id} was not found.", field="worker_id")
            if tx.offers.waiting(demand.id, worker.id) is not None:
                raise Conflict(f"worker {worker_id} already has an unanswered offer of requirement {demand.id}.")
            offer = tx.offers.add(
                Offer(client_id=demand.client_id, demand_id=demand.id, worker_id=worker.id, sent_at=now)
            )
            made.append(OfferView(offer, worker.name))
        tx.commit()
    return made


def answer(
    offer_id: int, given: Answer, *, uow: UnitOfWorkFactory, clock: Clock, worker_id: int | None = None
) -> OfferView:
    """The worker's answer to a ``sent`` offer (else 409 ``conflict``). ``accept`` books them onto the
    requirement as ``published``, acknowledged by them (409 ``not_eligible`` with the codes, or
    ``conflict`` when it is full, cancelled or finished: the offer then stays ``sent``); ``decline``
    only records the answer. ``worker_id``: the worker answering in the app (another worker's offer
    is 404, as an unknown one)."""
    now = clock.now()
    with uow() as tx:
        after = take(tx, _unanswered(tx, offer_id, worker_id), given, now)
        worker = tx.workers.get(after.worker_id)
        assert worker is not None
        tx.commit()
    return OfferView(after, worker.name)


def withdraw(offer_id: int, *, uow: UnitOfWorkFactory, clock: Clock) -> OfferView:
    """The agency takes back an offer still ``sent``: ``withdrawn`` (else 409 ``conflict``); no event."""
    now = clock.now()
    with uow() as tx:
        offer = _unanswered(tx, offer_id)
        after = attrs.evolve(offer, status=OfferStatus.WITHDRAWN, answered_at=now)
        tx.offers.update(after)
        worker = tx.workers.get(offer.worker_id)
        assert worker is not None
        tx.commit()
    return OfferView(after, worker.name)


def expire(*, uow: UnitOfWorkFactory, clock: Clock) -> list[int]:
    """Offers still ``sent`` when their requirement has finished (its end has passed) become ``expired``
    (``serve`` runs this on its schedule; ``workforce offer expire`` at once); their ids, no event."""
    now = clock.now()
    with uow() as tx:
        lapsed = [
            attrs.evolve(offer, status=OfferStatus.EXPIRED, answered_at=now)
            for offer in tx.offers.unanswered(ended_by=now)
        ]
        for offer in lapsed:
            tx.offers.update(offer)
        tx.commit()
    return [offer.id for offer in lapsed]


def _unanswered(tx: UnitOfWork, offer_id: int, worker_id: int | None = None) -> Offer:
    """The offer, locked, while it is still ``sent``: else 404 (also another worker's, when ``worker_id``
    is given), or 409 ``conflict`` once answered."""
    offer = tx.offers.lock(offer_id)
    if offer is None or (worker_id is not None and offer.worker_id != worker_id):
        raise NotFound("The offer was not found.")
    if offer.status != OfferStatus.SENT:
        raise Conflict(f"offer {offer.id} was already answered ({offer.status}).")
    return offer
