"""What people are told: messages (one per person, channel and thing told), the channels a person
chose, a worker's Web Push subscriptions and an account's notifier settings."""

from __future__ import annotations

from datetime import datetime, time
from enum import StrEnum
from typing import Any

from attrs import define, field, frozen


class Channel(StrEnum):
    """How a message reaches a person: the worker app's inbox, Web Push, e-mail or a text."""

    APP = "app"
    PUSH = "push"
    EMAIL = "email"
    SMS = "sms"


class MessageKind(StrEnum):
    """What a message tells (each kind can be turned off per account)."""

    BOOKING_MADE = "booking_made"
    BOOKING_CHANGED = "booking_changed"
    BOOKING_CANCELLED = "booking_cancelled"
    OFFER_SENT = "offer_sent"
    SHIFT_REMINDER = "shift_reminder"
    MISSED_CLOCK_OUT = "missed_clock_out"
    WEEK_AWAITS_SIGN_OFF = "week_awaits_sign_off"
    SIGN_OFF_DEADLINE = "sign_off_deadline"
    OFFERS_UNFILLED = "offers_unfilled"
    NO_SHOW = "no_show"
    BOOKING_DECLINED = "booking_declined"
    DOCUMENT_EXPIRED = "document_expired"


class MessageStatus(StrEnum):
    """``queued`` until sent (retries wait here with ``next_try_at``); ``failed``: the channel refused it
    and it is not tried again; ``dead``: the last try failed too."""

    QUEUED = "queued"
    SENT = "sent"
    FAILED = "failed"
    DEAD = "dead"


class Recipient(StrEnum):
    """Who a message is for: a worker, or a user (a coordinator, an owner or a hirer contact)."""

    WORKER = "worker"
    USER = "user"


@frozen
class Person:
    """A person who may be told something, with what the channels need to reach them."""

    kind: Recipient
    id: int
    client_id: int
    name: str
    language: str = "en"
    email: str | None = None
    phone: str | None = None


@define
class Message:
    """One thing told to one person through one channel. ``source`` names what it tells about (an outbox
    event, or a booking's reminder): a person gets one message per source and channel, never two.
    The words are made when it is sent (or read): ``key`` is the kind's text, ``params`` fill it in."""

    client_id: int
    recipient_kind: str  # Recipient
    recipient_id: int
    channel: str  # Channel
    kind: str  # MessageKind
    source: str
    language: str
    created_at: datetime
    params: dict[str, Any] = field(factory=dict)
    address: str | None = None  # the e-mail address or phone number it goes to (None: the app, a push)
    status: str = MessageStatus.QUEUED
    attempts: int = 0
    next_try_at: datetime | None = None
    last_error: str | None = None
    sent_at: datetime | None = None
    read_at: datetime | None = None  # the app's inbox: when the worker opened it
    id: int = 0


@define
class ChannelChoice:
    """The channels a person chose (the app's inbox is always on for workers, chosen or not)."""

    recipient_kind: str
    recipient_id: int
    channels: tuple[str, ...]
    updated_at: datetime
    id: int = 0


@define
class PushSubscription:
    """A worker's installed app that takes Web Push (RFC 8030): where to post, and its keys (RFC 8291)."""

    client_id: int
    worker_id: int
    endpoint: str
    p256dh: str  # the browser's public key, base64url
    auth: str  # the shared auth secret, base64url
    created_at: datetime
    id: int = 0


DEFAULT_QUIET_START = time(22, 0)
DEFAULT_QUIET_END = time(7, 0)
DEFAULT_REMINDER_HOURS = 2
DEFAULT_OFFER_ROUND_FACTOR = 3
DEFAULT_OFFER_ROUND_MINUTES = 30


@define
class NotifierSettings:
    """An account's notifier settings: kinds turned off, the texts a month it pays for (None: no cap),
    the quiet hours (Europe/London wall clock) and how long before a shift the reminder goes."""

    client_id: int
    kinds_off: tuple[str, ...] = ()
    sms_monthly_cap: int | None = None
    quiet_start: time = DEFAULT_QUIET_START
    quiet_end: time = DEFAULT_QUIET_END
    reminder_hours: int = DEFAULT_REMINDER_HOURS
    offer_round_factor: int = DEFAULT_OFFER_ROUND_FACTOR  # a round offers to this many per open place
    offer_round_minutes: int = DEFAULT_OFFER_ROUND_MINUTES  # how long a round waits for answers
    id: int = 0


@frozen
class SendResult:
    """What a channel answered to one try: sent, or why not and whether trying again may help; ``gone``:
    push endpoints the push service says no longer exist (their subscriptions are dropped)."""

    sent: bool
    error: str | None = None
    retry: bool = True
    gone: tuple[str, ...] = ()

    @classmethod
    def ok(cls, gone: tuple[str, ...] = ()) -> SendResult:
        return cls(True, gone=gone)

    @classmethod
    def failed(cls, error: str, *, retry: bool, gone: tuple[str, ...] = ()) -> SendResult:
        return cls(False, error, retry, gone)


@frozen
class Words:
    """A message's words in its language: the subject (mail, push title) and the body."""

    subject: str
    body: str
