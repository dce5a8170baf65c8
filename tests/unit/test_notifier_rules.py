"""The notifier's rules: channels, languages, quiet hours (with a property), the SMS cap and retries."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

from hypothesis import given
from hypothesis import strategies as st

from workforce_core.model.notifications import (
    Channel,
    Message,
    MessageStatus,
    NotifierSettings,
    Person,
    Recipient,
    SendResult,
)
from workforce_core.rules import notifications as rules
from workforce_core.rules.london import LONDON

ANN = Person(Recipient.WORKER, 1, 1, "Ann", "pl", "ann@example.com", "+447700900001")
COORDINATOR = Person(Recipient.USER, 2, 1, "co@example.com", "en", "co@example.com")
SETTINGS = NotifierSettings(client_id=1)
WINTER_NIGHT = datetime(2026, 1, 14, 23, 30, tzinfo=UTC)  # 23:30 in London (GMT)
SUMMER_EVENING = datetime(2026, 7, 14, 21, 30, tzinfo=UTC)  # 22:30 in London (BST)


def test_a_worker_who_chose_nothing_gets_the_inbox_and_pushes_once_the_app_takes_them() -> None:
    assert rules.channels(ANN, None, has_push=False) == (Channel.APP,)
    assert rules.channels(ANN, None, has_push=True) == (Channel.APP, Channel.PUSH)


def test_a_workers_inbox_is_always_on_whatever_they_chose() -> None:
    assert rules.channels(ANN, ["sms"], has_push=True) == (Channel.APP, Channel.SMS)
    assert rules.channels(ANN, [], has_push=True) == (Channel.APP,)


def test_a_user_gets_mail_by_default_never_the_inbox_and_only_channels_that_reach_them() -> None:
    assert rules.channels(COORDINATOR, None, has_push=True) == (Channel.EMAIL,)
    assert rules.channels(COORDINATOR, ["app", "push", "sms", "email"], has_push=True) == (Channel.EMAIL,)
    no_mail = Person(Recipient.WORKER, 3, 1, "Bo", "en")
    assert rules.channels(no_mail, ["email", "sms"], has_push=False) == (Channel.APP,)


def test_the_language_is_the_preferred_one_or_english() -> None:
    assert [rules.language(code) for code in ("pl", "ro", "lt", "en", None, "de")] == [
        "pl",
        "ro",
        "lt",
        "en",
        "en",
        "en",
    ]


def test_quiet_hours_follow_londons_wall_clock_across_midnight_and_summer_time() -> None:
    start, end = time(22), time(7)
    assert rules.in_quiet_hours(WINTER_NIGHT, start, end)
    assert rules.in_quiet_hours(SUMMER_EVENING, start, end)  # 21:30 UTC is 22:30 BST
    assert not rules.in_quiet_hours(datetime(2026, 1, 14, 21, 30, tzinfo=UTC), start, end)  # 21:30 GMT
    assert rules.in_quiet_hours(datetime(2026, 7, 15, 5, 59, tzinfo=UTC), start, end)  # 06:59 BST
    assert not rules.in_quiet_hours(datetime(2026, 7, 15, 6, 0, tzinfo=UTC), start, end)  # 07:00 BST
    assert not rules.in_quiet_hours(WINTER_NIGHT, time(9), time(9))  # no quiet hours


def test_texts_and_pushes_wait_for_seven_oclock_but_the_inbox_and_mail_do_not() -> None:
    morning = datetime(2026, 1, 15, 7, 0, tzinfo=UTC)
    assert rules.send_at(Channel.SMS, WINTER_NIGHT, SETTINGS, None) == morning
    assert rules.send_at(Channel.PUSH, WINTER_NIGHT, SETTINGS, WINTER_NIGHT + timedelta(days=2)) == morning
    assert rules.send_at(Channel.EMAIL, WINTER_NIGHT, SETTINGS, None) == WINTER_NIGHT
    assert rules.send_at(Channel.APP, WINTER_NIGHT, SETTINGS, None) == WINTER_NIGHT
    summer_morning = datetime(2026, 7, 15, 6, 0, tzinfo=UTC)  # 07:00 BST
    assert rules.send_at(Channel.SMS, SUMMER_EVENING, SETTINGS, None) == summer_morning


def test_a_shift_starting_within_twelve_hours_is_told_at_once() -> None:
    soon = WINTER_NIGHT + timedelta(hours=12)
    assert rules.send_at(Channel.SMS, WINTER_NIGHT, SETTINGS, soon) == WINTER_NIGHT
    assert rules.send_at(Channel.SMS, WINTER_NIGHT, SETTINGS, soon + timedelta(minutes=1)) > WINTER_NIGHT


@given(
    st.datetimes(min_value=datetime(2025, 1, 1), max_value=datetime(2028, 12, 31), timezones=st.just(UTC)),
    st.sampled_from(list(Channel)),
    st.one_of(st.none(), st.timedeltas(min_value=timedelta(hours=-2), max_value=timedelta(days=3))),
    st.times(),
    st.times(),
)
def test_deferral_never_lands_in_quiet_hours_nor_waits_longer_than_a_day(
    now: datetime, channel: Channel, until_shift: timedelta | None, start: time, end: time
) -> None:
    settings = NotifierSettings(
        client_id=1, quiet_start=start.replace(microsecond=0), quiet_end=end.replace(microsecond=0)
    )
    shift_start = None if until_shift is None else now + until_shift
    due = rules.send_at(channel, now, settings, shift_start)
    assert now <= due <= now + timedelta(hours=25)
    quiet_now = rules.in_quiet_hours(now, settings.quiet_start, settings.quiet_end)
    urgent = shift_start is not None and shift_start - now <= rules.URGENT_WITHIN
    if channel in (Channel.APP, Channel.EMAIL) or not quiet_now or urgent:
        assert due == now
    else:
        assert due > now
        assert not rules.in_quiet_hours(due, settings.quiet_start, settings.quiet_end) or (
            due.astimezone(LONDON).time() != settings.quiet_end  # a wall time a clock change skipped
        )


def test_the_sms_cap_counts_this_londons_month() -> None:
    assert rules.within_sms_cap(99, 100)
    assert not rules.within_sms_cap(100, 100)
    assert rules.within_sms_cap(10**6, None)
    assert rules.month_start(datetime(2026, 7, 1, 0, 30, tzinfo=UTC)) == datetime(2026, 6, 30, 23, 0, tzinfo=UTC)


def _message() -> Message:
    return Message(1, "worker", 1, "sms", "booking_made", "event:1", "en", WINTER_NIGHT, next_try_at=WINTER_NIGHT)


def test_a_failed_try_is_retried_on_the_schedule_then_dead_and_a_refusal_is_not_retried() -> None:
    message, now = _message(), WINTER_NIGHT
    delays = []
    for _ in range(rules.MAX_ATTEMPTS):
        claim = rules.claimed(message, now)
        assert claim.next_try_at == now + rules.IN_FLIGHT
        assert rules.still_claimed(claim, claim)
        message = rules.settled(claim, SendResult.failed("503 busy", retry=True), now)
        if message.next_try_at is not None:
            delays.append(message.next_try_at - now)
    assert delays == list(rules.RETRY_DELAYS)
    assert (message.status, message.attempts, message.last_error) == (
        MessageStatus.DEAD,
        rules.MAX_ATTEMPTS,
        "503 busy",
    )
    refused = rules.settled(rules.claimed(_message(), now), SendResult.failed("400 bad number", retry=False), now)
    assert (refused.status, refused.next_try_at, refused.attempts) == (MessageStatus.FAILED, None, 1)
    sent = rules.settled(rules.claimed(_message(), now), SendResult.ok(), now)
    assert (sent.status, sent.sent_at, sent.next_try_at) == (MessageStatus.SENT, now, None)
