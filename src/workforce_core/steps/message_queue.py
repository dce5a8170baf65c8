"""Messages made from a notice, in an open unit of work: one per person and channel, through the
channels the rules choose, each due when the quiet hours allow. A message already made from the same
source for that person and channel is not made again (the repository keeps one), so a replayed or
re-run notice changes nothing. A text over the account's monthly cap is recorded as failed, not sent.
"""

from __future__ import annotations

from datetime import datetime

from workforce_core.model.notifications import Channel, Message, MessageStatus, Person
from workforce_core.ports import UnitOfWork
from workforce_core.rules import notifications as rules
from workforce_core.steps.notices import Notice

OVER_CAP = "not sent: the account's monthly text cap is reached"


def queue(tx: UnitOfWork, notice: Notice, now: datetime) -> list[Message]:
    """The messages made for ``notice`` (none already made before, none when the account turned its kind off)."""
    settings = tx.notifier_settings.of(notice.client_id)
    if not rules.told(notice.kind, settings):
        return []
    made: list[Message] = []
    texts: int | None = None  # texts of the account this month, counted when first needed
    for person in notice.people:
        choice = tx.channel_choices.of(person.kind, person.id)
        has_push = person.kind == "worker" and bool(tx.push_subscriptions.of_worker(person.id))
        for channel in rules.channels(person, choice.channels if choice else None, has_push=has_push):
            message = _message(notice, person, channel, now, rules.send_at(channel, now, settings, notice.shift_start))
            if channel == Channel.SMS:
                if texts is None:
                    texts = tx.messages.texts_since(notice.client_id, rules.month_start(now))
                if not rules.within_sms_cap(texts, settings.sms_monthly_cap):
                    message.status, message.next_try_at, message.last_error = MessageStatus.FAILED, None, OVER_CAP
            stored = tx.messages.add(message)
            if stored is None:
                continue
            made.append(stored)
            if channel == Channel.SMS and stored.status == MessageStatus.QUEUED and texts is not None:
                texts += 1
    return made


def _message(notice: Notice, person: Person, channel: Channel, now: datetime, due: datetime) -> Message:
    inbox = channel == Channel.APP  # delivered when stored
    return Message(
        client_id=notice.client_id,
        recipient_kind=person.kind,
        recipient_id=person.id,
        channel=channel,
        kind=notice.kind,
        source=notice.source,
        language=person.language,
        created_at=now,
        params=dict(notice.params),
        address={Channel.EMAIL: person.email, Channel.SMS: person.phone}.get(channel),
        status=MessageStatus.SENT if inbox else MessageStatus.QUEUED,
        sent_at=now if inbox else None,
        next_try_at=None if inbox else due,
    )
