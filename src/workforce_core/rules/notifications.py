"""The notifier's rules: through which channels a person is told, in which language, when (quiet
hours), whether a text fits the account's monthly cap, and how a failed try is retried.

Texts and pushes wait for the end of the account's quiet hours (Europe/London wall clock), except
about a shift starting within ``URGENT_WITHIN``; the app's inbox and e-mail never wait (nobody's phone
rings for them). A worker's inbox is always on; a person who chose nothing gets the defaults: a
worker the inbox and (once the app takes pushes) Web Push, a user e-mail.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime, time, timedelta

import attrs

from workforce_core.model.notifications import (
    Channel,
    Message,
    MessageKind,
    MessageStatus,
    NotifierSettings,
    Person,
    Recipient,
    SendResult,
)
from workforce_core.model.reference import LANGUAGES
from workforce_core.rules.london import LONDON

ENGLISH = "en"
URGENT_WITHIN = timedelta(hours=12)  # a shift starting this soon is told at once, quiet hours or not
WAITS_FOR_QUIET_HOURS = frozenset({Channel.SMS, Channel.PUSH})
RETRY_DELAYS: tuple[timedelta, ...] = (
    timedelta(minutes=1),
    timedelta(minutes=5),
    timedelta(minutes=30),
    timedelta(hours=2),
)
MAX_ATTEMPTS = len(RETRY_DELAYS) + 1
ERROR_LIMIT = 500  # characters of a channel's answer a message keeps
WORKER_KINDS = frozenset(
    {
        MessageKind.BOOKING_MADE,
        MessageKind.BOOKING_CHANGED,
        MessageKind.BOOKING_CANCELLED,
        MessageKind.OFFER_SENT,
        MessageKind.SHIFT_REMINDER,
        MessageKind.MISSED_CLOCK_OUT,
    }
)


def urgent_hours() -> int:
    """The hours within which a shift's texts and pushes go at once, quiet hours or not (as pages say it)."""
    return int(URGENT_WITHIN.total_seconds() // 3600)


def language(preferred: str | None) -> str:
    """The language a person is told in: their ``preferred_language``; none (or an unknown one): English."""
    return preferred if preferred in LANGUAGES else ENGLISH


def default_channels(kind: Recipient) -> tuple[Channel, ...]:
    """What a person who chose nothing is told through."""
    return (Channel.APP, Channel.PUSH) if kind == Recipient.WORKER else (Channel.EMAIL,)


def channels(person: Person, chosen: Collection[str] | None, *, has_push: bool) -> tuple[Channel, ...]:
    """The channels a message to ``person`` goes through: their choice (or the defaults), those that can
    reach them (an address for mail, a number for texts, a subscription for pushes); a worker's inbox
    always, and only workers have one."""
    wanted = {Channel(c) for c in chosen} if chosen is not None else set(default_channels(person.kind))
    if person.kind == Recipient.WORKER:
        wanted.add(Channel.APP)
    else:
        wanted -= {Channel.APP, Channel.PUSH}
    reachable = {
        Channel.APP: True,
        Channel.PUSH: has_push,
        Channel.EMAIL: bool(person.email),
        Channel.SMS: bool(person.phone),
    }
    return tuple(c for c in Channel if c in wanted and reachable[c])


def told(kind: MessageKind, settings: NotifierSettings) -> bool:
    """Whether the account tells people this kind at all."""
    return kind not in settings.kinds_off


def in_quiet_hours(moment: datetime, start: time, end: time) -> bool:
    """Whether ``moment`` falls in the quiet hours ``[start, end)`` on London's wall clock (they may span midnight)."""
    wall = moment.astimezone(LONDON).time().replace(tzinfo=None)
    if start == end:
        return False
    if start < end:
        return start <= wall < end
    return wall >= start or wall < end


def quiet_hours_end(moment: datetime, end: time) -> datetime:
    """The first instant at ``end`` on London's wall clock after ``moment`` (its UTC instant)."""
    local = moment.astimezone(LONDON)
    candidate = datetime.combine(local.date(), end, tzinfo=LONDON)
    if candidate <= local:
        candidate = datetime.combine(local.date() + timedelta(days=1), end, tzinfo=LONDON)
    return candidate.astimezone(moment.tzinfo)


def send_at(channel: Channel, now: datetime, settings: NotifierSettings, shift_start: datetime | None) -> datetime:
    """When a message through ``channel`` made at ``now`` may first be sent: now, or for a text or a push
    in quiet hours the end of them, unless it is about a shift starting within ``URGENT_WITHIN``."""
    if channel not in WAITS_FOR_QUIET_HOURS or not in_quiet_hours(now, settings.quiet_start, settings.quiet_end):
        return now
    if shift_start is not None and shift_start - now <= URGENT_WITHIN:
        return now
    return quiet_hours_end(now, settings.quiet_end)


def month_start(moment: datetime) -> datetime:
    """The start of ``moment``'s calendar month in London (the SMS cap's month), as an instant."""
    local = moment.astimezone(LONDON)
    return datetime(local.year, local.month, 1, tzinfo=LONDON).astimezone(moment.tzinfo)


def within_sms_cap(sent_this_month: int, cap: int | None) -> bool:
    """Whether another text may go this month (None: no cap)."""
    return cap is None or sent_this_month < cap


def next_try_at(attempts: int, now: datetime) -> datetime | None:
    """When try ``attempts + 1`` is due after try ``attempts`` failed at ``now`` (None: that was the last)."""
    if attempts >= MAX_ATTEMPTS:
        return None
    return now + RETRY_DELAYS[attempts - 1]


def cut(error: str) -> str:
    return error[:ERROR_LIMIT]


IN_FLIGHT = timedelta(minutes=5)  # a claimed message is held this long: far beyond any sender's timeout


def claimed(message: Message, now: datetime) -> Message:
    """The message taken for its next try: the try counted, held for ``IN_FLIGHT`` (a sender that died
    mid-send leaves it due again once the hold ends: at least once)."""
    return attrs.evolve(message, attempts=message.attempts + 1, next_try_at=now + IN_FLIGHT)


def still_claimed(stored: Message | None, claim: Message) -> bool:
    """Whether nobody settled or took the message since ``claim`` was made."""
    return stored is not None and stored.status == MessageStatus.QUEUED and stored.attempts == claim.attempts


def settled(claim: Message, result: SendResult, now: datetime) -> Message:
    """The message after the channel's answer: ``sent``; due again on the retry schedule; ``failed`` when
    trying again cannot help; ``dead`` after the last try."""
    if result.sent:
        return attrs.evolve(claim, status=MessageStatus.SENT, sent_at=now, next_try_at=None, last_error=None)
    error = cut(result.error or "not sent")
    if not result.retry:
        return attrs.evolve(claim, status=MessageStatus.FAILED, next_try_at=None, last_error=error)
    again = next_try_at(claim.attempts, now)
    status = MessageStatus.QUEUED if again is not None else MessageStatus.DEAD
    return attrs.evolve(claim, status=status, next_try_at=again, last_error=error)
