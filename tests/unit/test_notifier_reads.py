"""What the notifier's screens read, on the memory adapter: a person's channels (chosen, or the
defaults) with what is on record to reach them, and an account's settings with the texts counted this
London month; a role without Setup is refused; every refused setting is named at once."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from tests.time_world import TimeWorld
from workforce_core.errors import NotFound, RoleNotAllowed, ValidationFailed
from workforce_core.model.notifications import Channel, Message, MessageStatus, Recipient
from workforce_core.model.people import Actor, User
from workforce_core.services import notifier_choices, notifier_reads

NOW = datetime(2026, 2, 10, 12, 0, tzinfo=UTC)


@pytest.fixture
def world() -> TimeWorld:
    return TimeWorld(NOW)


def a_user(world: TimeWorld, role: str) -> User:
    with world.uow() as tx:
        user = tx.users.add(User(f"{role}@example.com", "x", role, NOW, client_id=world.client.id))
        tx.commit()
    return user


def a_text(world: TimeWorld, at: datetime, status: str = MessageStatus.QUEUED, channel: str = Channel.SMS) -> None:
    with world.uow() as tx:
        tx.messages.add(
            Message(
                world.client.id, Recipient.WORKER, world.ann.id, channel, "booking_made", f"s:{at}:{status}:{channel}",
                "en", at, status=status,
            )
        )  # fmt: skip
        tx.commit()


def test_a_worker_who_chose_nothing_has_the_inbox_and_pushes_then_what_they_chose(world: TimeWorld) -> None:
    world.set_worker(world.ann.id, phone="+447700900111")
    before = notifier_reads.reach_of(Recipient.WORKER, world.ann.id, uow=world.uow)
    assert (before.channels, before.chosen) == ((Channel.APP, Channel.PUSH), False)
    assert (before.email, before.phone, before.pushes) == (None, "+447700900111", False)
    notifier_choices.choose_channels(Recipient.WORKER, world.ann.id, ["sms", "app"], uow=world.uow, clock=world.clock)
    after = notifier_reads.reach_of(Recipient.WORKER, world.ann.id, uow=world.uow)
    assert (after.channels, after.chosen) == ((Channel.APP, Channel.SMS), True)
    assert after.on("sms")
    assert not after.on("email")
    with pytest.raises(NotFound):
        notifier_reads.reach_of(Recipient.WORKER, 999, uow=world.uow)


def test_a_user_is_told_by_email_to_their_sign_in_address_and_has_no_phone(world: TimeWorld) -> None:
    owner = a_user(world, "owner")
    reach = notifier_reads.reach_of(Recipient.USER, owner.id, uow=world.uow)
    assert (reach.channels, reach.email, reach.phone) == ((Channel.EMAIL,), "owner@example.com", None)
    with pytest.raises(NotFound):
        notifier_reads.reach_of(Recipient.USER, 999, uow=world.uow)


def test_the_settings_count_this_london_months_texts_queued_or_sent(world: TimeWorld) -> None:
    a_text(world, datetime(2026, 2, 1, 0, 0, tzinfo=UTC))  # the month's first minute in London (GMT)
    a_text(world, datetime(2026, 2, 9, 8, 0, tzinfo=UTC), MessageStatus.SENT)
    a_text(world, datetime(2026, 2, 9, 9, 0, tzinfo=UTC), MessageStatus.FAILED)  # over the cap: not counted
    a_text(world, datetime(2026, 2, 9, 9, 0, tzinfo=UTC), channel=Channel.EMAIL)
    a_text(world, datetime(2026, 1, 31, 23, 59, tzinfo=UTC))  # last month
    owner = a_user(world, "owner")
    actor = Actor(owner.id, "owner", world.client.id)
    shown = notifier_reads.settings_of(world.client.id, uow=world.uow, clock=world.clock, actor=actor)
    assert shown.texts_this_month == 2
    assert shown.settings.reminder_hours == 2  # the defaults until changed
    coordinator = Actor(a_user(world, "coordinator").id, "coordinator", world.client.id)
    with pytest.raises(RoleNotAllowed):
        notifier_reads.settings_of(world.client.id, uow=world.uow, clock=world.clock, actor=coordinator)
    with pytest.raises(NotFound):
        notifier_reads.settings_of(world.other.id, uow=world.uow, clock=world.clock, actor=actor)


def test_every_refused_setting_is_named_at_once_in_words(world: TimeWorld) -> None:
    with pytest.raises(ValidationFailed) as refused:
        notifier_choices.update_settings(
            world.client.id, {"reminder_hours": 49, "offer_round_factor": True, "sms_monthly_cap": 10}, uow=world.uow
        )
    assert [e["field"] for e in refused.value.errors] == ["reminder_hours", "offer_round_factor"]
    assert refused.value.message == "The reminder goes a whole number of hours before a shift, from 0 to 48."
