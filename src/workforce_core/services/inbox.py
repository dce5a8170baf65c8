"""The worker app's inbox and a person's message log: the messages a person was sent (every channel,
with how each went), the inbox's unread count, one message's words (``shown_message``), marking it read as
the worker opens it (``mark_read``), and a worker's log as the agency's console reads it (``worker_messages``)."""

from __future__ import annotations

import attrs
from attrs import frozen

from workforce_core.errors import NotFound
from workforce_core.model.notifications import Channel, Message, Recipient, Words
from workforce_core.model.principal import Principal
from workforce_core.ports import Clock, Page, Paging, Queries, UnitOfWorkFactory, WorkerFilter
from workforce_core.ports.notifications import Notifier
from workforce_core.steps.message_links import link_hidden
from workforce_core.steps.worker_sight import one, visible_workers
from workforce_core.views import WorkerView


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


@frozen
class WorkerLog:
    """A worker (as the person reading may see them) and a page of the messages sent to them."""

    worker: WorkerView
    messages: Inbox


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


def unread(worker_id: int, *, uow: UnitOfWorkFactory) -> int:
    """How many of the worker's inbox messages are not read yet (the app's menu shows it)."""
    with uow(read_only=True) as tx:
        return tx.messages.unread(Recipient.WORKER, worker_id)


def worker_messages(
    principal: Principal,
    worker_id: int,
    paging: Paging = Paging(),
    *,
    queries: Queries,
    uow: UnitOfWorkFactory,
    notifier: Notifier,
) -> WorkerLog:
    """The messages sent to a worker through every channel, newest first, for a person who may read
        the worker (``workers:read``, the worker's site among theirs: else 404, as the worker's page). A
    link's secret is the worker's alone: the words show where it led, its token cut."""
    chosen = WorkerFilter(principal.client_id, Paging(limit=1), id=worker_id)
    worker = one(visible_workers(principal, chosen, queries=queries))
    with uow(read_only=True) as tx:
        page = tx.messages.of_person(Recipient.WORKER, worker_id, paging)
        unread = tx.messages.unread(Recipient.WORKER, worker_id)
    shown = tuple(ShownMessage(m, notifier.texts.words(m.kind, m.language, link_hidden(m.params))) for m in page.items)
    return WorkerLog(worker, Inbox(Page(shown, page.total), unread))


def shown_message(worker_id: int, message_id: int, *, uow: UnitOfWorkFactory, notifier: Notifier) -> ShownMessage:
    """One of the worker's inbox messages with its words (another person's, or one not in the inbox,
    is 404); reading it changes nothing (``mark_read`` does, as the worker opens it)."""
    with uow(read_only=True) as tx:
        message = _own(tx.messages.get(message_id), worker_id)
    return ShownMessage(message, notifier.texts.words(message.kind, message.language, message.params))


def mark_read(worker_id: int, message_id: int, *, uow: UnitOfWorkFactory, clock: Clock) -> Message:
    """The worker opened an inbox message: it is read from now (reading it again changes nothing).
    Another person's message, or one not in the inbox, is 404."""
    with uow() as tx:
        message = _own(tx.messages.get(message_id), worker_id)
        if message.read_at is None:
            message = attrs.evolve(message, read_at=clock.now())
            tx.messages.update(message)
            tx.commit()
    return message


def _own(message: Message | None, worker_id: int) -> Message:
    """The message when it is in this worker's inbox, else 404."""
    if (
        message is None
        or message.recipient_kind != Recipient.WORKER
        or message.recipient_id != worker_id
        or message.channel != Channel.APP
    ):
        raise NotFound("The message was not found.", field="message_id")
    return message
