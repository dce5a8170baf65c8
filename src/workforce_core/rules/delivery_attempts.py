"""How a delivery moves: claimed for an attempt, settled by the receiver's answer, or refused.

An attempt is counted when it is claimed, and the claim holds the delivery for ``IN_FLIGHT`` (its
``next_retry_at``), longer than any send may take: another dispatcher passes it by meanwhile, and one
that died mid-send leaves it due again once the hold ends. The answer is recorded only by the
dispatcher whose claim still stands (``still_claimed``), so each attempt is made and recorded once.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import attrs
from attrs import frozen

from workforce_core.model.accounts import ClientAccount
from workforce_core.model.keys import ApiKey
from workforce_core.model.webhooks import Delivery, Outcome, Subscription
from workforce_core.rules import webhooks as policy

IN_FLIGHT = timedelta(minutes=5)  # far beyond the 30-second send timeout


@frozen
class Subscriber:
    """A subscription with what decides whether it may still be sent to: its key and its account."""

    subscription: Subscription
    key: ApiKey | None
    client: ClientAccount
    effective_scopes: tuple[str, ...]


def refusal(subscriber: Subscriber, event: str, now: datetime) -> str | None:
    """Why ``event`` may not be sent to this subscriber now (None: send it)."""
    if subscriber.subscription.api_key_id is not None and subscriber.key is None:
        return "refused: the subscription's API key no longer exists"
    return policy.refusal(event, subscriber.key, subscriber.effective_scopes, subscriber.client, now)


def claimed(delivery: Delivery, now: datetime) -> Delivery:
    """The delivery taken for its next attempt: the attempt counted, held for ``IN_FLIGHT``."""
    return attrs.evolve(delivery, status="pending", attempt=delivery.attempt + 1, next_retry_at=now + IN_FLIGHT)


def still_claimed(stored: Delivery | None, claim: Delivery) -> bool:
    """Whether the claim ``claim`` still stands: nobody answered, deleted or took the delivery since."""
    return stored is not None and stored.status == "pending" and stored.attempt == claim.attempt


def settled(claim: Delivery, outcome: Outcome, now: datetime, *, retry: bool = True) -> Delivery:
    """The delivery after the receiver's answer: ``delivered`` on 2xx; otherwise due again on the retry
    schedule, or ``failed`` after the last attempt (or at once when ``retry`` is off)."""
    answered = attrs.evolve(claim, response_code=outcome.response_code, response_body=policy.cut(outcome.response_body))
    if outcome.delivered:
        return attrs.evolve(answered, status="delivered", delivered_at=now, next_retry_at=None)
    again = policy.next_attempt_at(claim.attempt, now) if retry else None
    return attrs.evolve(answered, status="pending" if again is not None else "failed", next_retry_at=again)


def refused(delivery: Delivery, reason: str) -> Delivery:
    """A waiting delivery that may not be sent: recorded as refused, code 0 and the reason."""
    return attrs.evolve(
        delivery, status="refused", response_code=0, response_body=policy.cut(reason), next_retry_at=None
    )
