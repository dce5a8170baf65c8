"""The notifier's scheduled work: turn the outbox's new events into messages, then send every message
that is due, recording each try.

Messages are made as the webhooks' deliveries are: a batch of outbox events in one transaction, the
events marked as notified in it, so a crash leaves all of a batch's messages or none, and a person
never gets two messages of one event through one channel (the repository keeps one per source).
Sending claims a message in a short transaction (the try counted, the message held), sends with no
transaction open, then records the answer if the claim still stands: at least once, and a message held
by one sender is passed by another.
"""

from __future__ import annotations

from collections import Counter

from attrs import frozen

from workforce_core.model.notifications import Channel, Message, MessageStatus, Recipient, SendResult
from workforce_core.ports import Clock, UnitOfWorkFactory
from workforce_core.ports.notifications import MessageTexts, Notifier, Outgoing, Senders
from workforce_core.rules import notifications as rules
from workforce_core.steps.message_queue import queue
from workforce_core.steps.notices import notices_of

BATCH = 100


@frozen
class NotifyReport:
    """What one pass did: events read, messages made, tries made and how they ended."""

    events: int
    made: int
    tries: int
    sent: int
    retrying: int
    failed: int
    dead: int


def make_messages(*, uow: UnitOfWorkFactory, clock: Clock, batch: int = BATCH, link_base: str = "") -> tuple[int, int]:
    """Turn every event waiting for the notifier into messages, ``batch`` events per transaction;
    (events read, messages made). ``link_base``: where people reach the service (links in messages)."""
    events = made = 0
    while True:
        with uow() as tx:
            waiting = tx.outbox.unnotified(batch)
            if not waiting:
                return events, made
            now = clock.now()
            for event in waiting:
                for notice in notices_of(tx, event, link_base):
                    made += len(queue(tx, notice, now))
            tx.outbox.mark_notified([event.id for event in waiting], now)
            tx.commit()
        events += len(waiting)
        if len(waiting) < batch:
            return events, made


def send_messages(*, uow: UnitOfWorkFactory, clock: Clock, notifier: Notifier) -> Counter[str]:
    """Send every message due now until none is; how many tries ended each way (by status)."""
    counts: Counter[str] = Counter()
    while True:
        claims = _claim_due(uow, clock, BATCH, notifier.texts)
        if not claims:
            return counts
        for claim, outgoing in claims:
            counts["tries"] += 1
            result = _try(notifier.senders, outgoing)
            with uow() as tx:
                for endpoint in result.gone:  # the push service says the subscription no longer exists
                    tx.push_subscriptions.remove(endpoint)
                if not rules.still_claimed(tx.messages.get(claim.id), claim):
                    tx.commit()
                    continue
                done = rules.settled(claim, result, clock.now())
                tx.messages.update(done)
                tx.commit()
            counts[done.status] += 1


def notify(*, uow: UnitOfWorkFactory, clock: Clock, notifier: Notifier) -> NotifyReport:
    """The scheduled job: make the new events' messages, then send those due."""
    events, made = make_messages(uow=uow, clock=clock, link_base=notifier.link_base)
    counts = send_messages(uow=uow, clock=clock, notifier=notifier)
    return NotifyReport(
        events=events,
        made=made,
        tries=counts["tries"],
        sent=counts[MessageStatus.SENT],
        retrying=counts[MessageStatus.QUEUED],
        failed=counts[MessageStatus.FAILED],
        dead=counts[MessageStatus.DEAD],
    )


def _claim_due(uow: UnitOfWorkFactory, clock: Clock, limit: int, texts: MessageTexts) -> list[tuple[Message, Outgoing]]:
    """Claim up to ``limit`` due messages, each with what its sender needs."""
    with uow() as tx:
        now = clock.now()
        claims = []
        for due in tx.messages.claim_due(now, limit):
            claim = rules.claimed(due, now)
            tx.messages.update(claim)
            subscriptions = (
                tuple(tx.push_subscriptions.of_worker(claim.recipient_id))
                if claim.channel == Channel.PUSH and claim.recipient_kind == Recipient.WORKER
                else ()
            )
            claims.append((claim, subscriptions))
        tx.commit()
    return [
        (claim, Outgoing(claim, texts.words(claim.kind, claim.language, claim.params), subs)) for claim, subs in claims
    ]


def _try(senders: Senders, outgoing: Outgoing) -> SendResult:
    sender = senders.get(Channel(outgoing.message.channel))
    if sender is None:
        return SendResult.failed(f"not sent: no {outgoing.message.channel} sender is set up", retry=False)
    try:
        return sender.send(outgoing)
    except Exception as error:  # a sender must not raise; if one does, the try is recorded as failed
        return SendResult.failed(f"not sent: {type(error).__name__}", retry=True)
