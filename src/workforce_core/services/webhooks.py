"""Webhook subscriptions: list, read, create, change, delete, rotate the secret, test (a ``ping`` sent
now) and redeliver; the delivery log.

A subscription belongs to its client (another client's answers 404) and is changed only by the key
that made it or one that replaced it by rotation (403 ``forbidden``, nothing changes), or in the
console by a person who may set the account up. A site-limited
key may list subscriptions, but not change them nor read the delivery log. The URL is checked against
every address it resolves to, at create and at each change of it.
"""

from __future__ import annotations

from collections.abc import Collection

import attrs

from workforce_core.commands.inputs import UNSET
from workforce_core.commands.webhooks import CreateSubscription, UpdateSubscription
from workforce_core.errors import Forbidden, NotFound
from workforce_core.events import Ping
from workforce_core.model.principal import Principal
from workforce_core.model.webhooks import Delivery, DeliveryStatus, Outgoing, Subscription, WebhookTestResult
from workforce_core.ports import Clock, Page, Paging, Sender, UnitOfWork, UnitOfWorkFactory
from workforce_core.rules import delivery_attempts as attempts
from workforce_core.rules import people
from workforce_core.rules import webhooks as policy
from workforce_core.rules.people import Power
from workforce_core.rules.receiver_urls import Network, Resolver, check
from workforce_core.steps.subscribers import load_subscriber


def _found(tx: UnitOfWork, principal: Principal, subscription_id: int) -> Subscription:
    found = tx.subscriptions.get(subscription_id)
    if found is None or found.client_id != principal.client_id:
        raise NotFound("The webhook subscription was not found.")
    return found


def _not_site_limited(principal: Principal, doing: str) -> None:
    if principal.site_ids is not None:
        raise Forbidden(f"A site-limited key cannot {doing}.")


def _owned(tx: UnitOfWork, principal: Principal, subscription_id: int) -> Subscription:
    found = _found(tx, principal, subscription_id)
    if principal.key is None:  # a person in the console's setup: the account's owner, an operator admin
        people.require(principal.actor, Power.SETUP)
        return found
    keys = {key.id: key for key in tx.keys.for_client(principal.client_id)}
    policy.require_owner(found.api_key_id, policy.lineage(principal.api_key, keys))
    return found


def list_subscriptions(principal: Principal, *, active: bool | None, uow: UnitOfWorkFactory) -> list[Subscription]:
    with uow(read_only=True) as tx:
        return tx.subscriptions.for_client(principal.client_id, active=active)


def subscription(
    principal: Principal, subscription_id: int, *, uow: UnitOfWorkFactory
) -> tuple[Subscription, tuple[Delivery, ...]]:
    """One subscription and its 10 latest deliveries."""
    with uow(read_only=True) as tx:
        found = _found(tx, principal, subscription_id)
        recent = tx.deliveries.of_subscription(found.id, Paging(limit=policy.RECENT_DELIVERIES))
        return found, recent.items


def deliveries(
    principal: Principal,
    subscription_id: int,
    paging: Paging,
    *,
    status: DeliveryStatus | None,
    event: str | None,
    uow: UnitOfWorkFactory,
) -> Page[Delivery]:
    _not_site_limited(principal, "read the delivery log")
    with uow(read_only=True) as tx:
        found = _found(tx, principal, subscription_id)
        return tx.deliveries.of_subscription(found.id, paging, status=status, event=event)


def create_subscription(
    command: CreateSubscription,
    *,
    principal: Principal,
    uow: UnitOfWorkFactory,
    clock: Clock,
    resolver: Resolver,
    trusted: Collection[Network] = (),
) -> Subscription:
    """A new, active subscription with a fresh secret (the reply shows it this once)."""
    _not_site_limited(principal, "create webhook subscriptions")
    policy.require_scopes_for(command.events, principal.effective_scopes)
    check(command.url, resolver, trusted)
    with uow() as tx:
        policy.require_room(tx.subscriptions.count_for_client(principal.client_id))
        made = tx.subscriptions.add(
            Subscription(
                client_id=principal.client_id,
                url=command.url,
                events=command.events,
                secret=policy.new_secret(),
                created_at=clock.now(),
                api_key_id=principal.key.id if principal.key is not None else None,  # None: made in the console
                description=command.description,
                events_after=tx.outbox.last_id(),  # the events recorded from now on, never earlier ones
            )
        )
        tx.commit()
    return made


def update_subscription(
    subscription_id: int,
    command: UpdateSubscription,
    *,
    principal: Principal,
    uow: UnitOfWorkFactory,
    clock: Clock,
    resolver: Resolver,
    trusted: Collection[Network] = (),
) -> Subscription:
    """Change what was sent; the same checks as create."""
    _not_site_limited(principal, "change webhook subscriptions")
    if command.events is not UNSET:
        policy.require_scopes_for(command.events, principal.effective_scopes)
    if command.url is not UNSET:
        check(command.url, resolver, trusted)
    with uow() as tx:
        found = _owned(tx, principal, subscription_id)
        sent = {
            name: value
            for name in ("url", "events", "active", "description")
            if (value := getattr(command, name)) is not UNSET
        }
        changed = attrs.evolve(found, **sent, updated_at=clock.now())
        if changed.active and not found.active:  # resumed: the events recorded while paused are not sent
            changed.events_after = tx.outbox.last_id()
        tx.subscriptions.update(changed)
        tx.commit()
    return changed


def delete_subscription(subscription_id: int, *, principal: Principal, uow: UnitOfWorkFactory) -> None:
    """The subscription and its delivery log."""
    _not_site_limited(principal, "delete webhook subscriptions")
    with uow() as tx:
        found = _owned(tx, principal, subscription_id)
        tx.subscriptions.remove(found.id)
        tx.commit()


def rotate_secret(subscription_id: int, *, principal: Principal, uow: UnitOfWorkFactory, clock: Clock) -> Subscription:
    """A new secret, shown once; the old one signs nothing more."""
    _not_site_limited(principal, "change webhook subscriptions")
    with uow() as tx:
        found = _owned(tx, principal, subscription_id)
        changed = attrs.evolve(found, secret=policy.new_secret(), updated_at=clock.now())
        tx.subscriptions.update(changed)
        tx.commit()
    return changed


PING_MESSAGE = "This is a test delivery."


def send_test(
    subscription_id: int, *, principal: Principal, uow: UnitOfWorkFactory, clock: Clock, sender: Sender
) -> WebhookTestResult:
    """A ``ping`` delivered now, once (no retries), and kept in the delivery log."""
    _not_site_limited(principal, "test webhook subscriptions")
    with uow() as tx:
        found = _owned(tx, principal, subscription_id)
        now = clock.now()
        ping = Delivery(
            subscription_id=found.id,
            client_id=found.client_id,
            event=policy.PING,
            occurred_at=now,
            created_at=now,
            data=tx.outbox.stored_form(Ping(found.id, PING_MESSAGE)),
        )
        subscriber = load_subscriber(tx, found)
        reason = attempts.refusal(subscriber, policy.PING, now)
        if reason is not None:
            made = tx.deliveries.add(attempts.refused(ping, reason))
            tx.commit()
            return WebhookTestResult(found.id, made.id, delivered=False, response_code=0, error=reason)
        claim = tx.deliveries.add(attempts.claimed(ping, now))
        tx.commit()
    settled = _attempt_now(claim, found, subscriber.effective_scopes, uow=uow, clock=clock, sender=sender, retry=False)
    error = None if settled.status == "delivered" else _error(settled)
    return WebhookTestResult(found.id, claim.id, settled.status == "delivered", settled.response_code or 0, error)


def redeliver(
    subscription_id: int,
    delivery_id: int,
    *,
    principal: Principal,
    uow: UnitOfWorkFactory,
    clock: Clock,
    sender: Sender,
) -> Delivery:
    """A past delivery sent again now as its next attempt (the same ``delivery_id``, so receivers
    de-duplicate); a pending one keeps its retry schedule if this attempt fails too."""
    _not_site_limited(principal, "redeliver webhook deliveries")
    with uow() as tx:
        found = _owned(tx, principal, subscription_id)
        past = tx.deliveries.get(delivery_id)
        if past is None or past.subscription_id != found.id:
            raise NotFound("The webhook delivery was not found.")
        now = clock.now()
        subscriber = load_subscriber(tx, found)
        reason = attempts.refusal(subscriber, past.event, now)
        if reason is not None:
            refused = attempts.refused(past, reason)
            tx.deliveries.update(refused)
            tx.commit()
            return refused
        claim = attempts.claimed(past, now)
        tx.deliveries.update(claim)
        tx.commit()
    retry = past.status == "pending"
    return _attempt_now(claim, found, subscriber.effective_scopes, uow=uow, clock=clock, sender=sender, retry=retry)


def _attempt_now(
    claim: Delivery,
    subscription: Subscription,
    scopes: tuple[str, ...],
    *,
    uow: UnitOfWorkFactory,
    clock: Clock,
    sender: Sender,
    retry: bool,
) -> Delivery:
    """Send a claimed delivery and record the answer (unless the claim was taken over meanwhile)."""
    outcome = sender.send(Outgoing(claim, subscription.url, subscription.secret, scopes))
    settled = attempts.settled(claim, outcome, clock.now(), retry=retry)
    with uow() as tx:
        if attempts.still_claimed(tx.deliveries.get(claim.id), claim):
            tx.deliveries.update(settled)
            tx.commit()
    return settled


def _error(delivery: Delivery) -> str:
    if delivery.response_code:
        return f"the receiver answered {delivery.response_code}"
    return delivery.response_body or "the receiver could not be reached"
