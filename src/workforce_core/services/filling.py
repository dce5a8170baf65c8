"""Offers that fill shifts. "Fill" on a requirement sends a round of offers to the best eligible workers
(the who-is-free ranking; a block is never offered, warnings are shown), as many as the account's
``offer_round_factor`` per open place, each with a one-tap link and a message. The first to accept are
booked, up to the headcount (the requirement's row lock counts every booking, so concurrent acceptances
never pass it); a later acceptance is told the shift is filled. A round that ends with places open sends
the next round to the next workers (``next_rounds``, a scheduled job); when nobody is left to offer, the
account's coordinators are told the places stayed unfilled.

A link is used once and ends with its round: GET shows the offer (``offer_by_link``), POST acts
(``answer_by_link``).
"""

from __future__ import annotations

from datetime import datetime

import attrs
from attrs import frozen

from workforce_core.errors import Conflict, NotFound
from workforce_core.model.accounts import ClientSettings
from workforce_core.model.demands import Demand, Offer, OfferStatus
from workforce_core.model.filling import LinkAnswer, OfferRound
from workforce_core.model.keys import hash_secret
from workforce_core.model.notifications import MessageKind
from workforce_core.model.people import Actor
from workforce_core.ports import Clock, Queries, UnitOfWork, UnitOfWorkFactory
from workforce_core.ports.notifications import Notifier
from workforce_core.rules import filling, people
from workforce_core.rules.demands import open_places, refusal
from workforce_core.rules.eligibility import Slot
from workforce_core.rules.people import Power
from workforce_core.rules.who_is_free import FreeWorker
from workforce_core.steps.free_workers import ranked
from workforce_core.steps.message_queue import queue
from workforce_core.steps.notices import Notice, coordinators, shown
from workforce_core.steps.offer_answers import Answer, take
from workforce_core.steps.offer_rounds import SentRound, send_round


@frozen
class ShownOffer:
    """What a link shows: the offer, its requirement, whether it can still be answered, the site's name
    and the language of the worker it was sent to (the link's page is in it)."""

    offer: Offer
    demand: Demand
    answerable: bool
    site: str = ""
    language: str | None = None


def fill(
    demand_id: int,
    *,
    uow: UnitOfWorkFactory,
    queries: Queries,
    clock: Clock,
    notifier: Notifier,
    actor: Actor | None = None,
) -> SentRound:
    """Send the requirement's next round of offers (409 ``conflict`` when it takes no booking or nobody
    eligible is left to offer it to)."""
    people.require(actor, Power.BOOK)
    with uow(read_only=True) as tx:
        demand = tx.demands.get(demand_id)
        if demand is None or not people.reaches(actor, demand.client_id, demand.location_id):
            raise NotFound("The requirement was not found.", field="demand_id")
    ranking = _ranking(uow, queries, demand)
    now = clock.now()
    with uow() as tx:
        demand, places = _open(tx, demand_id, now)
        sent = _next_round(tx, demand, places, ranking, now, notifier.link_base)
        if sent is None:
            raise Conflict(f"nobody eligible is left to offer requirement {demand_id} to.")
        tx.commit()
    return sent


def next_rounds(*, uow: UnitOfWorkFactory, queries: Queries, clock: Clock, notifier: Notifier) -> list[int]:
    """Every round whose time ran out: its unanswered offers expire; with places still open (and no
    later round sent meanwhile by hand) the next round goes, or (nobody left) the coordinators are told;
    the ids of the rounds closed."""
    with uow(read_only=True) as tx:
        lapsed = tx.offer_rounds.lapsed(clock.now())
        demands = {r.demand_id: tx.demands.get(r.demand_id) for r in lapsed}
    closed = []
    for lapsed_round in lapsed:
        demand = demands[lapsed_round.demand_id]
        ranking = _ranking(uow, queries, demand) if demand is not None else []
        now = clock.now()
        with uow() as tx:
            current = [r for r in tx.offer_rounds.of_demand(lapsed_round.demand_id) if r.id == lapsed_round.id]
            if not current or current[0].closed_at is not None:
                continue  # another run closed it
            _close(tx, current[0], now)
            locked = tx.demands.lock(lapsed_round.demand_id)
            newer = [r for r in tx.offer_rounds.of_demand(lapsed_round.demand_id) if r.number > current[0].number]
            if locked is not None and not newer and refusal(locked, tx.demands.filled(locked.id), now) is None:
                places = open_places(locked.headcount, tx.demands.filled(locked.id))
                if _next_round(tx, locked, places, ranking, now, notifier.link_base) is None:
                    _tell_unfilled(tx, locked, current[0], places, now)
            tx.commit()
        closed.append(lapsed_round.id)
    return closed


def offer_by_link(token: str, *, uow: UnitOfWorkFactory, clock: Clock) -> ShownOffer:
    """The offer a link is for (404 when no link has the token)."""
    with uow(read_only=True) as tx:
        link = tx.offer_links.by_token_hash(hash_secret(token))
        offer = tx.offers.get(link.offer_id) if link is not None else None
        demand = tx.demands.get(offer.demand_id) if offer is not None else None
        site = tx.locations.get(demand.location_id) if demand is not None else None
        worker = tx.workers.get(offer.worker_id) if offer is not None else None
    if link is None or offer is None or demand is None:
        raise NotFound("The offer was not found.")
    usable = link.used_at is None and clock.now() < link.expires_at and offer.status == OfferStatus.SENT
    language = worker.preferred_language if worker is not None else None
    return ShownOffer(offer, demand, usable, site.name if site is not None else "", language)


def answer_by_link(token: str, given: Answer, *, uow: UnitOfWorkFactory, clock: Clock) -> LinkAnswer:
    """The worker's answer through the link (used once): booked, declined, or told the shift is filled
    when its places went to quicker workers (the offer then ``expired``). A link used or ended, or an
    offer no longer ``sent``, is 409 ``conflict``; an ineligible acceptance is 409 ``not_eligible`` and
    leaves the link usable."""
    now = clock.now()
    with uow() as tx:
        link = tx.offer_links.by_token_hash(hash_secret(token))
        if link is None:
            raise NotFound("The offer was not found.")
        if link.used_at is not None or now >= link.expires_at:
            raise Conflict("This link was used or has ended.")
        offer = tx.offers.lock(link.offer_id)
        if offer is None or offer.status != OfferStatus.SENT:
            raise Conflict("This offer was already answered or has ended.")
        outcome = LinkAnswer.BOOKED if given == "accept" else LinkAnswer.DECLINED
        try:
            take(tx, offer, given, now)
        except Conflict:
            demand = tx.demands.get(offer.demand_id)
            if demand is None or tx.demands.filled(demand.id) < demand.headcount:
                raise  # cancelled or finished: said as it is
            tx.offers.update(attrs.evolve(offer, status=OfferStatus.EXPIRED, answered_at=now))
            outcome = LinkAnswer.FILLED
        tx.offer_links.update(attrs.evolve(link, used_at=now))
        tx.commit()
    return outcome


def _ranking(uow: UnitOfWorkFactory, queries: Queries, demand: Demand) -> list[FreeWorker]:
    with uow(read_only=True) as tx:
        client = tx.clients.get(demand.client_id)
        site = tx.locations.get(demand.location_id)
    slot = Slot(demand.location_id, demand.shift_date, demand.start, demand.end, demand.job_role, demand.break_minutes)
    return ranked(
        queries,
        uow,
        slot,
        client_id=demand.client_id,
        settings=client.settings if client is not None else ClientSettings(),
        capacity=site.capacity if site is not None else None,
    )


def _open(tx: UnitOfWork, demand_id: int, now: datetime) -> tuple[Demand, int]:
    """The requirement, locked, and its open places (409 when it takes no booking)."""
    demand = tx.demands.lock(demand_id)
    if demand is None:
        raise NotFound("The requirement was not found.", field="demand_id")
    filled = tx.demands.filled(demand.id)
    why = refusal(demand, filled, now)
    if why is not None:
        raise Conflict(why)
    return demand, open_places(demand.headcount, filled)


def _next_round(
    tx: UnitOfWork, demand: Demand, places: int, ranking: list[FreeWorker], now: datetime, link_base: str
) -> SentRound | None:
    """The next round to the next best workers (None: nobody eligible is left); a round still open goes
    on waiting for its answers."""
    rounds = tx.offer_rounds.of_demand(demand.id)
    offered = {o.worker_id for o in tx.offers.of_demand(demand.id)}
    settings = tx.notifier_settings.of(demand.client_id)
    workers = filling.chosen(ranking, offered, filling.round_size(places, settings.offer_round_factor))
    if not workers:
        return None
    return send_round(tx, demand, workers, now=now, link_base=link_base, number=len(rounds) + 1)


def _close(tx: UnitOfWork, lapsed: OfferRound, now: datetime) -> None:
    """The round closed; its offers still unanswered expire."""
    tx.offer_rounds.update(attrs.evolve(lapsed, closed_at=now))
    for offer in tx.offers.unanswered(demand_id=lapsed.demand_id):
        if offer.sent_at <= lapsed.sent_at:
            tx.offers.update(attrs.evolve(offer, status=OfferStatus.EXPIRED, answered_at=now))


def _tell_unfilled(tx: UnitOfWork, demand: Demand, lapsed: OfferRound, places: int, now: datetime) -> None:
    """The account's coordinators who see the site are told the places stayed unfilled (once per round)."""
    site = tx.locations.get(demand.location_id)
    params = {"site": site.name if site is not None else "", "start": shown(demand.start), "open": places}
    told = coordinators(tx, demand.client_id, demand.location_id)
    if told:
        queue(tx, Notice(MessageKind.OFFERS_UNFILLED, demand.client_id, told, f"round:{lapsed.id}", params), now)
