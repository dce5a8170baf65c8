"""The notifier on the memory adapter: who is told what from the events the writes record, in which
language, through which channels, kinds turned off, the SMS cap, sending with retries, the inbox, and
(hypothesis) that no person gets the same message twice whatever the order of runs and replays."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.time_world import TimeWorld
from workforce_adapters.json.commands import structure
from workforce_adapters.message_texts import catalogue_texts
from workforce_core.commands.bookings import BookShift, CancelBooking, UpdateBooking
from workforce_core.commands.no_shows import CheckNoShows
from workforce_core.errors import NotFound
from workforce_core.model.notifications import (
    Channel,
    ChannelChoice,
    Message,
    NotifierSettings,
    PushSubscription,
    Recipient,
    SendResult,
)
from workforce_core.model.people import User
from workforce_core.ports import Paging
from workforce_core.ports.notifications import Notifier, Outgoing
from workforce_core.rules import notifications as rules
from workforce_core.services import booking_answers, bookings, inbox, notifier, reminders
from workforce_core.services.no_shows import check_no_shows

NOW = datetime(2026, 2, 10, 12, 0, tzinfo=UTC)  # a Tuesday noon, GMT


class Recorder:
    """A channel's sender that keeps what it was given and answers from a script (then: sent)."""

    def __init__(self, *answers: SendResult) -> None:
        self.answers = list(answers)
        self.sent: list[Outgoing] = []

    def send(self, outgoing: Outgoing, /) -> SendResult:
        self.sent.append(outgoing)
        return self.answers.pop(0) if self.answers else SendResult.ok()


@pytest.fixture
def world() -> TimeWorld:
    world = TimeWorld(NOW)
    world.set_worker(world.ann.id, preferred_language="pl", phone="+447700900001", email="ann@example.com")
    return world


def book(world: TimeWorld, day: str = "2026-02-12", status: str = "published", **body: Any) -> int:
    given = {"worker_id": world.ann.id, "location_id": world.north.id, "shift_date": day, "status": status}
    command = structure(BookShift, {**given, "start_time": "08:00", "end_time": "16:00", **body})
    return bookings.book(command, client_id=world.client.id, uow=world.uow, clock=world.clock).booking.id


def messages(world: TimeWorld) -> list[Message]:
    return sorted(world.db.tables["messages"].values(), key=lambda m: m.id)


def make(world: TimeWorld) -> tuple[int, int]:
    return notifier.make_messages(uow=world.uow, clock=world.clock)


def coordinator(world: TimeWorld, email: str = "co@example.com", **fields: Any) -> User:
    with world.uow() as tx:
        user = tx.users.add(
            User(email, "x", fields.pop("role", "coordinator"), NOW, client_id=world.client.id, **fields)
        )
        tx.commit()
    return user


def settings_of(world: TimeWorld, **fields: Any) -> None:
    with world.uow() as tx:
        tx.notifier_settings.put(NotifierSettings(client_id=world.client.id, **fields))
        tx.commit()


def choose(world: TimeWorld, kind: Recipient, person_id: int, *channels: Channel) -> None:
    with world.uow() as tx:
        tx.channel_choices.put(ChannelChoice(kind, person_id, tuple(channels), NOW))
        tx.commit()


def test_a_published_booking_tells_its_worker_in_the_inbox_in_their_language(world: TimeWorld) -> None:
    shift_id = book(world)
    assert make(world) == (1, 1)
    (message,) = messages(world)
    assert (message.recipient_kind, message.recipient_id, message.channel, message.kind, message.language) == (
        "worker",
        world.ann.id,
        "app",
        "booking_made",
        "pl",
    )
    assert (message.status, message.sent_at, message.params["shift_id"]) == ("sent", NOW, shift_id)
    shown = inbox.messages_of(Recipient.WORKER, world.ann.id, uow=world.uow, notifier=Notifier({}, catalogue_texts))
    assert shown.unread == 1
    assert shown.page.items[0].words.subject == "Nowa zmiana zarezerwowana"
    assert shown.page.items[0].words.body == "Masz zmianę w North Depot od 12/02 08:00 do 12/02 16:00."


def test_a_draft_tells_nobody_and_a_second_run_makes_nothing_more(world: TimeWorld) -> None:
    book(world, status="draft")
    assert make(world) == (1, 0)
    book(world, day="2026-02-13")
    assert make(world) == (1, 1)
    assert make(world) == (0, 0)
    assert len(messages(world)) == 1


def test_a_change_and_a_cancel_are_told_each_once(world: TimeWorld) -> None:
    shift_id = book(world)
    update = structure(UpdateBooking, {"end_time": "18:00"})
    bookings.update(shift_id, update, client_id=world.client.id, uow=world.uow, clock=world.clock)
    bookings.cancel(shift_id, structure(CancelBooking, {}), client_id=world.client.id, uow=world.uow, clock=world.clock)
    make(world)
    assert [m.kind for m in messages(world)] == ["booking_made", "booking_changed", "booking_cancelled"]
    assert messages(world)[1].params["end"] == "12/02 18:00"


def test_the_workers_chosen_channels_each_get_one_message_with_its_address(world: TimeWorld) -> None:
    choose(world, Recipient.WORKER, world.ann.id, Channel.SMS, Channel.EMAIL, Channel.PUSH)
    with world.uow() as tx:
        tx.push_subscriptions.add(
            PushSubscription(world.client.id, world.ann.id, "https://push.example/1", "k", "a", NOW)
        )
        tx.commit()
    book(world)
    make(world)
    made = {m.channel: m for m in messages(world)}
    assert sorted(made) == ["app", "email", "push", "sms"]
    assert (made["sms"].address, made["email"].address, made["push"].address) == (
        "+447700900001",
        "ann@example.com",
        None,
    )
    assert all(m.status == "queued" and m.next_try_at == NOW for c, m in made.items() if c != "app")


def test_texts_and_pushes_made_in_quiet_hours_wait_unless_the_shift_is_soon(world: TimeWorld) -> None:
    choose(world, Recipient.WORKER, world.ann.id, Channel.SMS)
    world.clock.set(datetime(2026, 2, 10, 22, 30, tzinfo=UTC))
    book(world, day="2026-02-14")  # days away: waits
    book(world, day="2026-02-11", start_time="07:00", end_time="09:00")  # 8.5 hours away: at once
    make(world)
    texts = [m for m in messages(world) if m.channel == "sms"]
    assert [m.next_try_at for m in texts] == [datetime(2026, 2, 11, 7, 0, tzinfo=UTC), world.clock.now()]


def test_a_kind_turned_off_is_not_told(world: TimeWorld) -> None:
    settings_of(world, kinds_off=("booking_made",))
    book(world)
    assert make(world) == (1, 0)


def test_texts_over_the_monthly_cap_are_recorded_as_failed(world: TimeWorld) -> None:
    settings_of(world, sms_monthly_cap=2)
    choose(world, Recipient.WORKER, world.ann.id, Channel.SMS)
    for day in ("2026-02-12", "2026-02-13", "2026-02-14"):
        book(world, day=day)
    make(world)
    texts = [m for m in messages(world) if m.channel == "sms"]
    assert [m.status for m in texts] == ["queued", "queued", "failed"]
    assert texts[2].last_error is not None
    assert "cap" in texts[2].last_error
    world.clock.set(datetime(2026, 3, 1, 12, 0, tzinfo=UTC))  # a new month
    book(world, day="2026-03-03")
    make(world)
    assert messages(world)[-1].status == "queued"


def test_a_no_show_tells_the_coordinators_who_see_the_site_by_mail(world: TimeWorld) -> None:
    seeing = coordinator(world)
    coordinator(world, "south@example.com", location_ids=(world.south.id,))
    coordinator(world, "gone@example.com", disabled_at=NOW)
    coordinator(world, "payroll@example.com", role="payroll")
    owner = coordinator(world, "owner@example.com", role="owner")
    book(world, day="2026-02-10", start_time="08:00", end_time="11:00")
    check_no_shows(CheckNoShows(), uow=world.uow, clock=world.clock)
    make(world)
    told = [(m.recipient_id, m.channel, m.address) for m in messages(world) if m.kind == "no_show"]
    assert told == [(seeing.id, "email", seeing.email), (owner.id, "email", owner.email)]
    words = catalogue_texts.words("no_show", "en", messages(world)[-1].params)
    assert words.body == "Ann Worker did not clock in for the shift at North Depot from 10/02 08:00."


def test_sending_retries_then_records_sent_failed_and_dead(world: TimeWorld) -> None:
    choose(world, Recipient.WORKER, world.ann.id, Channel.SMS, Channel.EMAIL)
    book(world)
    make(world)
    busy = SendResult.failed("503 busy", retry=True)
    sms = Recorder(busy, SendResult.ok())
    mail = Recorder(*[busy] * rules.MAX_ATTEMPTS)
    senders = {Channel.SMS: sms, Channel.EMAIL: mail}
    first = notifier.send_messages(uow=world.uow, clock=world.clock, notifier=Notifier(senders, catalogue_texts))
    assert (first["tries"], first["queued"]) == (2, 2)
    for _ in range(rules.MAX_ATTEMPTS):
        world.clock.advance(hours=3)
        notifier.send_messages(uow=world.uow, clock=world.clock, notifier=Notifier(senders, catalogue_texts))
    by_channel = {m.channel: m for m in messages(world)}
    assert (by_channel["sms"].status, by_channel["sms"].attempts) == ("sent", 2)
    assert (by_channel["email"].status, by_channel["email"].attempts) == ("dead", rules.MAX_ATTEMPTS)
    assert by_channel["email"].last_error == "503 busy"
    assert sms.sent[0].words.body.startswith("Masz zmianę")
    assert len(mail.sent) == rules.MAX_ATTEMPTS


def test_a_channel_with_no_sender_fails_the_message_and_a_raising_sender_is_retried(world: TimeWorld) -> None:
    choose(world, Recipient.WORKER, world.ann.id, Channel.SMS, Channel.EMAIL)
    book(world)
    make(world)

    class Broken:
        def send(self, outgoing: Outgoing, /) -> SendResult:
            raise RuntimeError("boom")

    notifier.send_messages(
        uow=world.uow, clock=world.clock, notifier=Notifier({Channel.EMAIL: Broken()}, catalogue_texts)
    )
    by_channel = {m.channel: m for m in messages(world)}
    assert (by_channel["sms"].status, by_channel["sms"].last_error) == ("failed", "not sent: no sms sender is set up")
    assert (by_channel["email"].status, by_channel["email"].last_error) == ("queued", "not sent: RuntimeError")


def test_a_claimed_message_is_not_sent_again_until_its_hold_ends(world: TimeWorld) -> None:
    """A sender that died between claiming and recording: the message waits out the hold, then goes again."""
    choose(world, Recipient.WORKER, world.ann.id, Channel.EMAIL)
    book(world)
    make(world)
    with world.uow() as tx:
        (due,) = tx.messages.claim_due(NOW, 10)
        tx.messages.update(rules.claimed(due, NOW))
        tx.commit()  # ... and the sender died here
    mail = Recorder()
    notifier.send_messages(uow=world.uow, clock=world.clock, notifier=Notifier({Channel.EMAIL: mail}, catalogue_texts))
    assert mail.sent == []
    world.clock.advance(minutes=6)
    notifier.send_messages(uow=world.uow, clock=world.clock, notifier=Notifier({Channel.EMAIL: mail}, catalogue_texts))
    assert len(mail.sent) == 1
    assert messages(world)[-1].status == "sent"
    assert messages(world)[-1].attempts == 2


def test_the_worker_marks_an_inbox_message_read_and_nobody_else_can(world: TimeWorld) -> None:
    book(world)
    make(world)
    (message,) = messages(world)
    with pytest.raises(NotFound):
        inbox.mark_read(world.bob.id, message.id, uow=world.uow, clock=world.clock)
    read = inbox.mark_read(world.ann.id, message.id, uow=world.uow, clock=world.clock)
    world.clock.advance(minutes=5)
    again = inbox.mark_read(world.ann.id, message.id, uow=world.uow, clock=world.clock)
    assert read.read_at == again.read_at == NOW
    shown = inbox.messages_of(
        Recipient.WORKER, world.ann.id, uow=world.uow, notifier=Notifier({}, catalogue_texts), paging=Paging(10)
    )
    assert (shown.unread, shown.page.total) == (0, 1)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(["book", "cancel", "make", "replay", "send"]), min_size=1, max_size=12))
def test_no_person_gets_the_same_message_twice_whatever_the_order_of_runs_and_replays(steps: list[str]) -> None:
    world = TimeWorld(NOW)
    world.set_worker(world.ann.id, phone="+447700900001", email="ann@example.com")
    choose(world, Recipient.WORKER, world.ann.id, Channel.SMS, Channel.EMAIL)
    booked: list[int] = []
    sms, mail = Recorder(SendResult.failed("429", retry=True)), Recorder()
    for number, step in enumerate(steps):
        if step == "book":
            booked.append(book(world, day=f"2026-03-{number + 1:02d}"))
        elif step == "cancel" and booked:
            cancel = structure(CancelBooking, {})
            bookings.cancel(booked.pop(), cancel, client_id=world.client.id, uow=world.uow, clock=world.clock)
        elif step == "make":
            make(world)
        elif step == "replay":  # the notifier's marks lost (a crash before they were kept): every event again
            world.db.notified.clear()
            make(world)
        elif step == "send":
            world.clock.advance(minutes=10)
            notifier.send_messages(
                uow=world.uow,
                clock=world.clock,
                notifier=Notifier({Channel.SMS: sms, Channel.EMAIL: mail}, catalogue_texts),
            )
    make(world)
    keys = [(m.recipient_kind, m.recipient_id, m.channel, m.source) for m in messages(world)]
    assert len(keys) == len(set(keys))
    sent_ids = [o.message.id for o in mail.sent]
    assert len(sent_ids) == len(set(sent_ids))
    shift_events = [e for e in world.db.outbox if e.name in ("shift.created", "shift.cancelled")]
    assert len(messages(world)) == 3 * len(shift_events)  # app, sms and e-mail for each
    assert timedelta(0) <= world.clock.now() - NOW


def test_a_reminder_goes_once_the_accounts_hours_before_a_published_shift(world: TimeWorld) -> None:
    settings_of(world, reminder_hours=3)
    book(world, day="2026-02-11", start_time="08:00", end_time="12:00")  # starts 20 hours on
    book(world, day="2026-02-11", start_time="09:00", end_time="12:00", status="draft", worker_id=world.bob.id)
    assert reminders.remind(uow=world.uow, clock=world.clock) == 0
    world.clock.set(datetime(2026, 2, 11, 5, 0, tzinfo=UTC))  # three hours before: due
    assert reminders.remind(uow=world.uow, clock=world.clock) == 1
    world.clock.advance(minutes=5)
    assert reminders.remind(uow=world.uow, clock=world.clock) == 0  # once
    (reminder,) = [m for m in messages(world) if m.kind == "shift_reminder"]
    assert (reminder.recipient_id, reminder.language, reminder.params["start"]) == (world.ann.id, "pl", "11/02 08:00")
    words = catalogue_texts.words(reminder.kind, reminder.language, reminder.params)
    assert words.body == "Twoja zmiana w North Depot zaczyna się o 11/02 08:00."


def test_a_declined_booking_is_told_to_the_coordinators(world: TimeWorld) -> None:
    seeing = coordinator(world)
    shift_id = book(world)
    booking_answers.answer_booking(shift_id, "decline", worker_id=world.ann.id, uow=world.uow, clock=world.clock)
    (told,) = [m for m in messages(world) if m.kind == "booking_declined"]
    assert (told.recipient_id, told.channel, told.params["worker"]) == (seeing.id, "email", "Ann Worker")
    booking_answers.answer_booking(
        book(world, day="2026-02-13"), "acknowledge", worker_id=world.ann.id, uow=world.uow, clock=world.clock
    )
    assert len([m for m in messages(world) if m.kind == "booking_declined"]) == 1


def test_a_push_subscription_the_push_service_says_is_gone_is_dropped(world: TimeWorld) -> None:
    with world.uow() as tx:
        for name in ("old", "new"):
            tx.push_subscriptions.add(
                PushSubscription(world.client.id, world.ann.id, f"https://push.example/{name}", "k", "a", NOW)
            )
        tx.commit()
    book(world)
    make(world)
    push = Recorder(SendResult.ok(gone=("https://push.example/old",)))
    notifier.send_messages(uow=world.uow, clock=world.clock, notifier=Notifier({Channel.PUSH: push}, catalogue_texts))
    assert len(push.sent[0].subscriptions) == 2
    with world.uow(read_only=True) as tx:
        assert [s.endpoint for s in tx.push_subscriptions.of_worker(world.ann.id)] == ["https://push.example/new"]
    assert {m.channel: m.status for m in messages(world)} == {"app": "sent", "push": "sent"}
