"""The worker app's inbox and a person's message log: the messages a person was sent (every channel,
with how each went), the inbox's unread count, and marking an inbox message read."""

from __future__ import annotations

import attrs
from attrs import frozen

from workforce_core.errors import NotFound
from workforce_core.model.notifications import Channel, Message, Recipient, Words
from workforce_core.ports import Clock, Page, Paging, UnitOfWorkFactory
from workforce_core.ports.notifications import Notifier


@frozen
class ShownMessage:
    """A message with its words in its language."""

    message: Message
    words: Words


@frozen
class Inbox:
    """A page of a person's messages and how many of their inbox messages are unread."""

    page: Page[ShownMessage]
    unread: int


def messages_of(
    recipient_kind: Recipient,
    recipient_id: int,
    paging: Paging = Paging(),
    *,
    uow: UnitOfWorkFactory,
    notifier: Notifier,
    channel: Channel | None = None,
) -> Inbox:
    """A person's messages, newest first (only one channel's when asked: the app's inbox shows ``app``)."""
    with uow(read_only=True) as tx:
        page = tx.messages.of_person(recipient_kind, recipient_id, paging, channel=channel)
        unread = tx.messages.unread(recipient_kind, recipient_id)
    shown = tuple(ShownMessage(m, notifier.texts.words(m.kind, m.language, m.params)) for m in page.items)
    return Inbox(Page(shown, page.total), unread)


def mark_read(worker_id: int, message_id: int, *, uow: UnitOfWorkFactory, clock: Clock) -> Message:
    """The worker opened an inbox message: it is read from now (reading it again changes nothing).
    Another person's message, or one not in the inbox, is 404."""
    with uow() as tx:
        message = tx.messages.get(message_id)
        if (
            message is None
            or message.recipient_kind != Recipient.WORKER
            or message.recipient_id != worker_id
            or message.channel != Channel.APP
        ):
            raise NotFound("The message was not found.", field="message_id")
        if message.read_at is None:
            message = attrs.evolve(message, read_at=clock.now())
            tx.messages.update(message)
            tx.commit()
    return message
