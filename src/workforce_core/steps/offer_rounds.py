"""A round of offers of a requirement, in an open unit of work: an offer to each chosen worker, its
one-tap link (kept by its token's hash, ending with the round), the round itself, and an ``offer_sent``
message to each worker carrying the link."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import datetime

from attrs import frozen

from workforce_core.model.demands import Demand, Offer
from workforce_core.model.filling import OfferLink, OfferRound
from workforce_core.model.keys import hash_secret
from workforce_core.model.notifications import MessageKind
from workforce_core.ports import UnitOfWork
from workforce_core.rules import filling
from workforce_core.rules.who_is_free import FreeWorker
from workforce_core.steps.message_queue import queue
from workforce_core.steps.notices import Notice, shown, worker_person

LINK_PATH = "/offers/link/"


@frozen
class SentRound:
    """A round sent: the round, its offers, and the eligibility warnings of each worker offered."""

    round: OfferRound
    offers: tuple[Offer, ...]
    warnings: dict[int, tuple[str, ...]]


def send_round(
    tx: UnitOfWork, demand: Demand, workers: Sequence[FreeWorker], *, now: datetime, link_base: str, number: int
) -> SentRound:
    """Offer ``demand`` to ``workers`` as round ``number``; each gets a message with their link."""
    settings = tx.notifier_settings.of(demand.client_id)
    ends = filling.round_ends(now, settings.offer_round_minutes, demand.start)
    site = tx.locations.get(demand.location_id)
    offers, warnings = [], {}
    for item in workers:
        offer = tx.offers.add(
            Offer(client_id=demand.client_id, demand_id=demand.id, worker_id=item.worker.id, sent_at=now)
        )
        token = secrets.token_urlsafe(32)
        tx.offer_links.add(OfferLink(offer.id, demand.client_id, hash_secret(token), now, ends))
        params = {
            "site": site.name if site is not None else "",
            "start": shown(demand.start),
            "end": shown(demand.end),
            "link": f"{link_base.rstrip('/')}{LINK_PATH}{token}",
            "offer_id": offer.id,
        }
        notice = Notice(
            MessageKind.OFFER_SENT,
            demand.client_id,
            (worker_person(item.worker),),
            f"offer:{offer.id}",
            params,
            demand.start,
        )
        queue(tx, notice, now)
        offers.append(offer)
        warnings[item.worker.id] = item.eligibility.warning_codes
    sent = tx.offer_rounds.add(OfferRound(demand.client_id, demand.id, number, len(offers), now, ends))
    return SentRound(sent, tuple(offers), warnings)
