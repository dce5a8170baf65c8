"""What the notifier's screens show: the channels a person is told through (what they chose, or the
defaults) beside the e-mail address and phone number on record, and an account's notifier settings
with the texts counted against this month's cap. Reads only: the writes are ``notifier_choices``."""

from __future__ import annotations

from attrs import frozen

from workforce_core.errors import NotFound
from workforce_core.model.notifications import Channel, NotifierSettings, Recipient
from workforce_core.model.people import Actor
from workforce_core.ports import Clock, UnitOfWorkFactory
from workforce_core.rules import notifications as rules
from workforce_core.rules import people
from workforce_core.rules.people import Power


@frozen
class Reach:
    """How a person is reached: the channels they chose (``chosen`` False: they chose nothing, and these
    are the defaults), their e-mail address and phone number (None: none on record), and whether the
    worker's app takes pushes on some phone."""

    recipient_kind: Recipient
    recipient_id: int
    channels: tuple[Channel, ...]
    chosen: bool
    email: str | None
    phone: str | None
    pushes: bool = False

    def on(self, channel: str) -> bool:
        return channel in self.channels


@frozen
class SettingsShown:
    """An account's notifier settings and the texts counted against the cap since the month began
    (London's calendar month: queued or sent)."""

    settings: NotifierSettings
    texts_this_month: int


def reach_of(recipient_kind: Recipient, recipient_id: int, *, uow: UnitOfWorkFactory) -> Reach:
    """The person's channels as they stand, with what is on record to reach them."""
    with uow(read_only=True) as tx:
        choice = tx.channel_choices.of(recipient_kind, recipient_id)
        if recipient_kind == Recipient.WORKER:
            worker = tx.workers.get(recipient_id)
            if worker is None:
                raise NotFound("The worker was not found.", field="worker_id")
            email, phone = worker.email, worker.phone
            pushes = bool(tx.push_subscriptions.of_worker(recipient_id))
        else:
            user = tx.users.get(recipient_id)
            if user is None:
                raise NotFound("The user was not found.", field="user_id")
            email, phone, pushes = user.email, None, False  # users have no phone on record
    wanted = choice.channels if choice is not None else rules.default_channels(recipient_kind)
    channels = tuple(c for c in Channel if c in wanted)
    return Reach(recipient_kind, recipient_id, channels, choice is not None, email or None, phone or None, pushes)


def settings_of(client_id: int, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None) -> SettingsShown:
    """The account's notifier settings (the defaults until changed) for its owner or an operator."""
    people.require(actor, Power.SETUP)
    with uow(read_only=True) as tx:
        if tx.clients.get(client_id) is None or not people.reaches_account(actor, client_id):
            raise NotFound("The client account was not found.", field="client_id")
        settings = tx.notifier_settings.of(client_id)
        texts = tx.messages.texts_since(client_id, rules.month_start(clock.now()))
    return SettingsShown(settings, texts)
