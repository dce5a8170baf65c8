"""The dispatcher: fan out new events, then make every delivery attempt that is due, recording each.

Attempts run at most ``concurrency`` at a time, and a free slot is filled as soon as an attempt ends,
so a slow receiver holds one slot for at most the sender's timeout and never delays the others.
Claiming and recording are short transactions of their own (no transaction stays open while a
receiver is waited for; on SQLite that would hold the write lock): a claim counts the attempt and
holds the delivery (``delivery_attempts.IN_FLIGHT``), and on PostgreSQL ``SKIP LOCKED`` lets several
dispatchers claim side by side, each attempt made by one of them. Before each attempt the
subscription's key and account are checked again: a delivery they may no longer receive, and every
other waiting one of that subscription, is recorded as refused instead.
"""

from __future__ import annotations

from collections import Counter
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait

from attrs import frozen

from workforce_core.model.webhooks import Delivery, Outcome, Outgoing
from workforce_core.ports import Clock, Sender, UnitOfWorkFactory
from workforce_core.rules import delivery_attempts as attempts
from workforce_core.steps.fan_out import fan_out
from workforce_core.steps.subscribers import load_subscriber, refuse_waiting

DEFAULT_CONCURRENCY = 8


@frozen
class DispatchReport:
    """What one pass did: events fanned out, attempts made and how they ended, deliveries refused."""

    fanned_out: int
    attempts: int
    delivered: int
    retrying: int
    failed: int
    refused: int


def dispatch(
    *, uow: UnitOfWorkFactory, clock: Clock, sender: Sender, concurrency: int = DEFAULT_CONCURRENCY
) -> DispatchReport:
    """Fan out the outbox, then send every delivery due now until none is; returns what was done."""
    fanned = fan_out(uow=uow, clock=clock)
    counts: Counter[str] = Counter(fanned_out=fanned.events, refused=fanned.refused)
    with ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="webhook-attempt") as pool:
        in_flight: dict[Future[Outcome], Delivery] = {}
        while True:
            room = concurrency - len(in_flight)
            if room > 0:
                claims, refused = _claim_due(uow, clock, room, counts)
                for claim, outgoing in claims:
                    in_flight[pool.submit(_attempt, sender, outgoing)] = claim
                if refused and not claims:
                    continue  # every due one was refused: look for more
            if not in_flight:
                break
            done, _ = wait(in_flight, return_when=FIRST_COMPLETED)
            for future in done:
                _record(uow, clock, in_flight.pop(future), future.result(), counts)
    return DispatchReport(
        fanned_out=counts["fanned_out"],
        attempts=counts["attempts"],
        delivered=counts["delivered"],
        retrying=counts["pending"],
        failed=counts["failed"],
        refused=counts["refused"],
    )


def _claim_due(
    uow: UnitOfWorkFactory, clock: Clock, room: int, counts: Counter[str]
) -> tuple[list[tuple[Delivery, Outgoing]], int]:
    """Claim up to ``room`` due deliveries, refusing those whose subscriber may no longer get them;
    the claims, and how many deliveries were refused."""
    claims: list[tuple[Delivery, Outgoing]] = []
    refused = 0
    with uow() as tx:
        now = clock.now()
        for due in tx.deliveries.claim_due(now, room):
            subscription = tx.subscriptions.get(due.subscription_id)
            if subscription is None:  # deleted with its log meanwhile
                continue
            subscriber = load_subscriber(tx, subscription)
            if attempts.refusal(subscriber, due.event, now) is not None:
                refused += refuse_waiting(tx, subscriber, now)
                continue
            claim = attempts.claimed(due, now)
            tx.deliveries.update(claim)
            claims.append((claim, Outgoing(claim, subscription.url, subscription.secret, subscriber.effective_scopes)))
        tx.commit()
    counts["attempts"] += len(claims)
    counts["refused"] += refused
    return claims, refused


def _attempt(sender: Sender, outgoing: Outgoing) -> Outcome:
    try:
        return sender.send(outgoing)
    except Exception as error:  # a sender must not raise; if one does, the attempt is recorded as failed
        return Outcome(0, f"not sent: {type(error).__name__}")


def _record(uow: UnitOfWorkFactory, clock: Clock, claim: Delivery, outcome: Outcome, counts: Counter[str]) -> None:
    """Record the answer, unless the claim no longer stands (refused, deleted or redelivered meanwhile)."""
    with uow() as tx:
        if not attempts.still_claimed(tx.deliveries.get(claim.id), claim):
            return
        settled = attempts.settled(claim, outcome, clock.now())
        tx.deliveries.update(settled)
        tx.commit()
    counts[settled.status] += 1
