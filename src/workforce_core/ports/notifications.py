"""The notifier's ports: its repositories on the unit of work (messages, people's channel choices,
push subscriptions, account settings), the words of a message in a language, and one sender per channel."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Protocol

from attrs import frozen

from workforce_core.model.notifications import (
    Channel,
    ChannelChoice,
    Message,
    NotifierSettings,
    PushSubscription,
    SendResult,
    Words,
)
from workforce_core.ports.paging import Page, Paging


class MessageRepository(Protocol):
    def get(self, id: int) -> Message | None: ...

    def add(self, item: Message) -> Message | None:
        """Store a new message; None (and nothing stored) when the person already has one through that
        channel from the same ``source``: a message is never made twice."""
        ...

    def update(self, item: Message) -> None: ...

    def claim_due(self, now: datetime, limit: int) -> list[Message]:
        """Queued messages due at ``now`` (``next_try_at`` reached), oldest due first, at most ``limit``,
        locked for this transaction; on PostgreSQL rows another sender holds are skipped."""
        ...

    def of_person(
        self, recipient_kind: str, recipient_id: int, paging: Paging, *, channel: str | None = None
    ) -> Page[Message]:
        """A person's messages, newest first (only one channel's when asked)."""
        ...

    def unread(self, recipient_kind: str, recipient_id: int) -> int:
        """How many of the person's inbox (channel ``app``) messages are not read."""
        ...

    def texts_since(self, client_id: int, since: datetime) -> int:
        """How many texts of the account were sent, or are queued to be, since ``since`` (the SMS cap)."""
        ...


class ChannelChoices(Protocol):
    def of(self, recipient_kind: str, recipient_id: int) -> ChannelChoice | None:
        """The person's choice (None: they chose nothing, the defaults hold)."""
        ...

    def put(self, choice: ChannelChoice) -> None:
        """Store the person's choice, replacing any earlier one."""
        ...


class PushSubscriptions(Protocol):
    def of_worker(self, worker_id: int) -> list[PushSubscription]: ...

    def add(self, item: PushSubscription) -> PushSubscription:
        """Store a subscription (one per endpoint: the same endpoint again replaces its keys)."""
        ...

    def remove(self, endpoint: str) -> None: ...


class NotifierSettingsRepository(Protocol):
    def of(self, client_id: int) -> NotifierSettings:
        """The account's settings (the defaults when it has none stored)."""
        ...

    def put(self, settings: NotifierSettings) -> None: ...


class MessageTexts(Protocol):
    """A message's words in its language (the catalogues the kiosk uses): an adapter renders the kind's
    text with its ``params``."""

    def words(self, kind: str, language: str, params: Mapping[str, object], /) -> Words: ...


@frozen
class Outgoing:
    """One try to send a message: its words, and for a push the worker's subscriptions."""

    message: Message
    words: Words
    subscriptions: tuple[PushSubscription, ...] = ()


class MessageSender(Protocol):
    """One channel's sender (SMTP or the Maildir, an SMS provider, Web Push): never raises, a refusal
    or failure is a ``SendResult`` saying whether trying again may help."""

    def send(self, outgoing: Outgoing, /) -> SendResult: ...


Senders = Mapping[Channel, MessageSender]


@frozen
class Notifier:
    """What the notifier's use cases are given: a sender for each channel set up, the words of messages
    in each language, and where people reach the service (the links messages carry)."""

    senders: Senders
    texts: MessageTexts
    link_base: str = ""
