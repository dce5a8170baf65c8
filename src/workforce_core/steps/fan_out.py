"""Fan-out: each new outbox event becomes one delivery row per active subscription that should get it.

A batch of events is fanned out in one transaction, with the events marked, so a crash leaves either
all of a batch's rows or none. A subscription gets the events recorded after it was created (or last
resumed), never earlier ones, however late the dispatcher runs; only its own client's events, and only
those its key may still read (the webhook policy's ``receives`` and ``refusal``); one whose key or
account no longer works gets nothing new, and its waiting deliveries are recorded as refused with the
reason.
"""

from __future__ import annotations

from attrs import frozen

from workforce_core.model.webhooks import Delivery, Subscription
from workforce_core.ports import Clock, UnitOfWork, UnitOfWorkFactory
from workforce_core.rules import delivery_attempts as attempts
from workforce_core.rules import webhooks as policy
from workforce_core.steps.subscribers import load_subscriber, refuse_waiting

BATCH = 100


@frozen
class FanOut:
    """Events fanned out, delivery rows made, and waiting deliveries recorded as refused."""

    events: int = 0
    deliveries: int = 0
    refused: int = 0


def fan_out(*, uow: UnitOfWorkFactory, clock: Clock, batch: int = BATCH) -> FanOut:
    """Fan out every event waiting in the outbox, ``batch`` per transaction."""
    total = FanOut()
    while True:
        done = _fan_out_batch(uow=uow, clock=clock, batch=batch)
        total = FanOut(total.events + done.events, total.deliveries + done.deliveries, total.refused + done.refused)
        if done.events < batch:
            return total


def _fan_out_batch(*, uow: UnitOfWorkFactory, clock: Clock, batch: int) -> FanOut:
    made = refused_count = 0
    with uow() as tx:
        events = tx.outbox.unsent(batch)
        if not events:
            return FanOut()
        now = clock.now()
        subscribers: dict[int, attempts.Subscriber] = {}
        refused: set[int] = set()  # subscriptions whose waiting deliveries were looked at
        by_client: dict[int, list[Subscription]] = {}
        for event in events:
            if event.client_id not in by_client:
                by_client[event.client_id] = tx.subscriptions.for_client(event.client_id, active=True)
            for subscription in by_client[event.client_id]:
                if not policy.receives(subscription.events, event.event) or not subscription.receives_event(event.id):
                    continue
                subscriber = subscribers.get(subscription.id) or _loaded(tx, subscription, subscribers)
                if attempts.refusal(subscriber, event.event, now) is not None:
                    if subscription.id not in refused:
                        refused_count += refuse_waiting(tx, subscriber, now)
                        refused.add(subscription.id)
                    continue
                tx.deliveries.add(
                    Delivery(
                        subscription_id=subscription.id,
                        client_id=event.client_id,
                        event=event.event,
                        occurred_at=event.occurred_at,
                        created_at=now,
                        data=event.data,
                        outbox_id=event.id,
                        next_retry_at=now + policy.RETRY_DELAYS[0],
                    )
                )
                made += 1
        tx.outbox.mark_fanned_out([event.id for event in events], now)
        tx.commit()
    return FanOut(len(events), made, refused_count)


def _loaded(tx: UnitOfWork, subscription: Subscription, cache: dict[int, attempts.Subscriber]) -> attempts.Subscriber:
    cache[subscription.id] = load_subscriber(tx, subscription)
    return cache[subscription.id]
