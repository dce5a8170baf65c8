"""What the webhook use cases share: a subscription loaded with its key and account, and its waiting
deliveries recorded as refused once that key or account may no longer receive them."""

from __future__ import annotations

from datetime import datetime

from workforce_core.model.webhooks import Subscription
from workforce_core.ports import UnitOfWork
from workforce_core.rules import delivery_attempts as attempts
from workforce_core.rules.scopes import SCOPES, effective_scopes


def load_subscriber(tx: UnitOfWork, subscription: Subscription) -> attempts.Subscriber:
    """A subscription made in the agency console (no key) reads with every scope."""
    key = tx.keys.get(subscription.api_key_id) if subscription.api_key_id is not None else None
    client = tx.clients.get(subscription.client_id)
    if client is None:  # the foreign key keeps it; a store without one is a bug
        raise LookupError(f"client {subscription.client_id} of subscription {subscription.id} is missing")
    scopes = effective_scopes(key.scopes, legacy=key.legacy) if key is not None else SCOPES
    return attempts.Subscriber(subscription=subscription, key=key, client=client, effective_scopes=scopes)


def refuse_waiting(tx: UnitOfWork, subscriber: attempts.Subscriber, now: datetime) -> int:
    """Record as refused each waiting delivery the subscriber may no longer get; how many were."""
    count = 0
    for waiting in tx.deliveries.waiting(subscriber.subscription.id):
        reason = attempts.refusal(subscriber, waiting.event, now)
        if reason is not None:
            tx.deliveries.update(attempts.refused(waiting, reason))
            count += 1
    return count
