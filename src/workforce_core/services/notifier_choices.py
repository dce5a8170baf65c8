"""What people choose of the notifier, and what an account sets: a person's channels, a worker's Web
Push subscriptions (the worker app takes pushes once a worker turns them on), and the account's
notifier settings (kinds turned off, the SMS cap, quiet hours, reminders, offer rounds)."""

from __future__ import annotations

from datetime import time
from typing import Any

import attrs

from workforce_core.errors import NotFound, ValidationFailed
from workforce_core.model.notifications import (
    Channel,
    ChannelChoice,
    MessageKind,
    NotifierSettings,
    PushSubscription,
    Recipient,
)
from workforce_core.model.people import Actor
from workforce_core.ports import Clock, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.people import Power

MAX_REMINDER_HOURS = 48
MAX_ROUND_FACTOR = 20
ROUND_MINUTES = (5, 24 * 60)


def choose_channels(
    recipient_kind: Recipient, recipient_id: int, channels: list[str], *, uow: UnitOfWorkFactory, clock: Clock
) -> ChannelChoice:
    """The person's channels from now (the app's inbox stays on for a worker whatever they choose)."""
    unknown = [c for c in channels if c not in tuple(Channel)]
    if unknown:
        raise ValidationFailed("channels", f"unknown channels: {', '.join(unknown)} (app, push, email, sms).")
    with uow() as tx:
        found = tx.workers.get(recipient_id) if recipient_kind == Recipient.WORKER else tx.users.get(recipient_id)
        if found is None:
            raise NotFound(f"no {recipient_kind} {recipient_id}.")
        choice = ChannelChoice(recipient_kind, recipient_id, tuple(dict.fromkeys(channels)), clock.now())
        tx.channel_choices.put(choice)
        tx.commit()
    return choice


def subscribe_push(
    worker_id: int, endpoint: str, p256dh: str, auth: str, *, uow: UnitOfWorkFactory, clock: Clock
) -> PushSubscription:
    """The worker's app takes pushes at ``endpoint`` (an https URL the browser gave; the same one again
    replaces its keys)."""
    if not endpoint.startswith("https://") or len(endpoint) > 2048:
        raise ValidationFailed("endpoint", "endpoint must be the https URL the browser's push service gave.")
    if not p256dh or not auth or len(p256dh) > 200 or len(auth) > 100:
        raise ValidationFailed("keys", "keys.p256dh and keys.auth are required.")
    with uow() as tx:
        worker = tx.workers.get(worker_id)
        if worker is None:
            raise NotFound("The worker was not found.", field="worker_id")
        made = tx.push_subscriptions.add(
            PushSubscription(worker.client_id, worker.id, endpoint, p256dh, auth, clock.now())
        )
        tx.commit()
    return made


def unsubscribe_push(worker_id: int, endpoint: str, *, uow: UnitOfWorkFactory) -> None:
    """The worker turned pushes off on this phone: its subscription goes (another worker's endpoint, or
    one not stored, is 404)."""
    with uow() as tx:
        if endpoint not in {s.endpoint for s in tx.push_subscriptions.of_worker(worker_id)}:
            raise NotFound("The push subscription was not found.", field="endpoint")
        tx.push_subscriptions.remove(endpoint)
        tx.commit()


def update_settings(
    client_id: int, changes: dict[str, Any], *, uow: UnitOfWorkFactory, actor: Actor | None = None
) -> NotifierSettings:
    """The account's notifier settings with ``changes`` (fields of ``NotifierSettings``), each checked."""
    people.require(actor, Power.SETUP)
    _check(changes)
    with uow() as tx:
        if tx.clients.get(client_id) is None or not people.reaches_account(actor, client_id):
            raise NotFound("The client account was not found.", field="client_id")
        settings = attrs.evolve(tx.notifier_settings.of(client_id), **changes)
        tx.notifier_settings.put(settings)
        tx.commit()
    return settings


def _check(changes: dict[str, Any]) -> None:
    """Every fault of ``changes`` at once, each naming its field and said in words."""
    faults = [ValidationFailed(name, message) for name, value in changes.items() if (message := _fault(name, value))]
    if faults:
        raise ValidationFailed.of_all(faults)


def _fault(name: str, value: Any) -> str | None:
    """Why ``value`` cannot be the setting ``name`` (None: it can)."""
    known = {f.name for f in attrs.fields(NotifierSettings)} - {"id", "client_id"}
    if name not in known:
        return f"{name} is not a notifier setting."
    whole = isinstance(value, int) and not isinstance(value, bool)
    if name == "kinds_off" and not (isinstance(value, tuple) and all(k in tuple(MessageKind) for k in value)):
        return "kinds_off lists message kinds."
    if name in ("quiet_start", "quiet_end") and not isinstance(value, time):
        return "Quiet hours start and end at a time of day (HH:MM)."
    if name == "sms_monthly_cap" and value is not None and not (whole and value >= 0):
        return "The texts a month is a whole number from 0, or empty for no cap."
    if name == "reminder_hours" and not (whole and 0 <= value <= MAX_REMINDER_HOURS):
        return f"The reminder goes a whole number of hours before a shift, from 0 to {MAX_REMINDER_HOURS}."
    if name == "offer_round_factor" and not (whole and 1 <= value <= MAX_ROUND_FACTOR):
        return f"A round offers to a whole number of workers per open place, from 1 to {MAX_ROUND_FACTOR}."
    if name == "offer_round_minutes" and not (whole and ROUND_MINUTES[0] <= value <= ROUND_MINUTES[1]):
        return f"A round waits a whole number of minutes, from {ROUND_MINUTES[0]} to {ROUND_MINUTES[1]}."
    return None
