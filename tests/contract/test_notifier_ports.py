"""The notifier's ports (``tx.messages``, ``tx.channel_choices``, ``tx.push_subscriptions``,
``tx.notifier_settings``, the outbox's notifier mark) on the memory adapter, SQLite and PostgreSQL,
and the notifier's whole run from a booking to messages on each."""

from __future__ import annotations

import threading
from datetime import time, timedelta

from tests.clocks import FakeClock
from tests.contract import test_ports as ports
from tests.contract.test_ports import T0, Backend, _booking, _client, _site, _worker
from workforce_core.events import Event, ShiftCreated
from workforce_core.model.notifications import (
    ChannelChoice,
    Message,
    MessageStatus,
    NotifierSettings,
    PushSubscription,
)
from workforce_core.ports import Paging
from workforce_core.services import notifier
from workforce_core.views import ShiftView

backend = ports.backend  # the port suite's fixture: memory, SQLite, PostgreSQL


def _message(
    client_id: int, worker_id: int, channel: str = "app", source: str = "event:1", **fields: object
) -> Message:
    message = Message(client_id, "worker", worker_id, channel, "booking_made", source, "pl", T0, params={"site": "N"})
    for name, value in fields.items():
        setattr(message, name, value)
    return message


def test_a_message_reads_back_equal_and_is_stored_once_per_person_channel_and_source(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        ann = _worker(tx, client.id)
        stored = tx.messages.add(_message(client.id, ann.id, next_try_at=T0, status="queued", channel="sms"))
        assert stored is not None
        assert tx.messages.add(_message(client.id, ann.id, next_try_at=T0, status="queued", channel="sms")) is None
        assert tx.messages.add(_message(client.id, ann.id, channel="email")) is not None
        assert tx.messages.add(_message(client.id, ann.id, channel="sms", source="event:2")) is not None
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.messages.get(stored.id) == stored
        assert stored.params == {"site": "N"}


def test_two_transactions_adding_one_message_at_once_store_it_once(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        ann = _worker(tx, client.id)
        tx.commit()
    answers: list[bool] = []
    first_added = threading.Event()

    def second() -> None:
        first_added.wait(timeout=10)
        with backend.uow() as tx:
            answers.append(tx.messages.add(_message(client.id, ann.id)) is not None)
            tx.commit()

    rival = threading.Thread(target=second)
    rival.start()
    with backend.uow() as tx:
        answers.append(tx.messages.add(_message(client.id, ann.id)) is not None)
        first_added.set()
        rival.join(timeout=0.5)
        tx.commit()
    rival.join(timeout=10)
    assert answers == [True, False]


def test_due_messages_unread_counts_texts_this_month_and_a_persons_pages(backend: Backend) -> None:
    with backend.uow() as tx:
        client, other = _client(tx), _client(tx, "Rival")
        ann, bob = _worker(tx, client.id), _worker(tx, client.id, employee_id="E-2")
        late = tx.messages.add(_message(client.id, ann.id, "sms", "a", next_try_at=T0 + timedelta(minutes=5)))
        early = tx.messages.add(_message(client.id, ann.id, "email", "a", next_try_at=T0))
        tx.messages.add(_message(client.id, ann.id, "sms", "b", next_try_at=T0 + timedelta(hours=1)))  # not due
        tx.messages.add(_message(client.id, ann.id, "sms", "c", status="failed"))
        tx.messages.add(_message(client.id, ann.id, "sms", "d", status="sent", created_at=T0 - timedelta(days=40)))
        tx.messages.add(_message(other.id, _worker(tx, other.id).id, "sms", "a", next_try_at=T0))
        inbox = [tx.messages.add(_message(client.id, ann.id, "app", f"i{n}", status="sent")) for n in range(3)]
        tx.messages.add(_message(client.id, bob.id, "app", "i0", status="sent"))
        assert all(inbox)
        tx.commit()
    with backend.uow() as tx:
        due = tx.messages.claim_due(T0 + timedelta(minutes=5), 10)
        assert [m.id for m in due if m.client_id == client.id] == [early.id, late.id]  # type: ignore[union-attr]
        assert tx.messages.texts_since(client.id, T0 - timedelta(days=1)) == 2  # queued ones, not the failed one
        assert tx.messages.unread("worker", ann.id) == 3
        read = inbox[-1]
        assert read is not None
        read.read_at = T0
        tx.messages.update(read)
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.messages.unread("worker", ann.id) == 2
        page = tx.messages.of_person("worker", ann.id, Paging(2, 0))
        assert page.total == 8
        assert [m.id for m in page.items] == sorted((m.id for m in page.items), reverse=True)
        assert tx.messages.of_person("worker", ann.id, Paging(), channel="app").total == 3


def test_choices_subscriptions_and_settings_replace_what_was_there(backend: Backend) -> None:
    with backend.uow() as tx:
        client = _client(tx)
        ann = _worker(tx, client.id)
        assert tx.channel_choices.of("worker", ann.id) is None
        tx.channel_choices.put(ChannelChoice("worker", ann.id, ("sms",), T0))
        tx.channel_choices.put(ChannelChoice("worker", ann.id, ("email", "push"), T0 + timedelta(hours=1)))
        tx.push_subscriptions.add(PushSubscription(client.id, ann.id, "https://push.test/1", "old", "a", T0))
        tx.push_subscriptions.add(PushSubscription(client.id, ann.id, "https://push.test/1", "new", "b", T0))
        tx.push_subscriptions.add(PushSubscription(client.id, ann.id, "https://push.test/2", "k", "c", T0))
        assert tx.notifier_settings.of(client.id) == NotifierSettings(client_id=client.id)
        tx.notifier_settings.put(NotifierSettings(client_id=client.id, kinds_off=("no_show",), sms_monthly_cap=5))
        tx.notifier_settings.put(
            NotifierSettings(client_id=client.id, kinds_off=("offer_sent",), quiet_start=time(21, 30))
        )
        tx.commit()
    with backend.uow() as tx:
        choice = tx.channel_choices.of("worker", ann.id)
        assert choice is not None
        assert (choice.channels, choice.updated_at) == (("email", "push"), T0 + timedelta(hours=1))
        assert [(s.endpoint, s.p256dh) for s in tx.push_subscriptions.of_worker(ann.id)] == [
            ("https://push.test/1", "new"),
            ("https://push.test/2", "k"),
        ]
        tx.push_subscriptions.remove("https://push.test/1")
        settings = tx.notifier_settings.of(client.id)
        assert (settings.kinds_off, settings.sms_monthly_cap, settings.quiet_start) == (
            ("offer_sent",),
            None,
            time(21, 30),
        )
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert [s.endpoint for s in tx.push_subscriptions.of_worker(ann.id)] == ["https://push.test/2"]


def test_a_booking_event_becomes_its_workers_message_once_however_often_the_notifier_runs(backend: Backend) -> None:
    clock = FakeClock(T0)
    with backend.uow() as tx:
        client = _client(tx)
        site = _site(tx, client.id)
        ann = _worker(tx, client.id, preferred_language="ro")
        booking = _booking(tx, ann, site, T0 + timedelta(days=1), 8, status="published")
        tx.record([Event("shift.created", client.id, T0, ShiftCreated(ShiftView.of(booking, ann, site)))])
        tx.commit()
    assert notifier.make_messages(uow=backend.uow, clock=clock) == (1, 1)
    assert notifier.make_messages(uow=backend.uow, clock=clock) == (0, 0)
    with backend.uow(read_only=True) as tx:
        (message,) = tx.messages.of_person("worker", ann.id, Paging()).items
    assert (message.kind, message.language, message.status, message.params["site"]) == (
        "booking_made",
        "ro",
        MessageStatus.SENT,
        "North",
    )


def test_upcoming_shifts_are_the_published_ones_starting_in_the_window_by_start(backend: Backend) -> None:
    with backend.uow() as tx:
        client, other = _client(tx), _client(tx, "Rival")
        site, theirs = _site(tx, client.id), _site(tx, other.id)
        ann, tom = _worker(tx, client.id), _worker(tx, other.id, employee_id="T-1")
        late = _booking(tx, ann, site, T0 + timedelta(hours=2), 1, status="published")
        early = _booking(tx, tom, theirs, T0, 1, status="published")
        _booking(tx, ann, site, T0 + timedelta(hours=1), 1, status="draft")
        _booking(tx, ann, site, T0 + timedelta(hours=3), 1, status="cancelled")
        _booking(tx, ann, site, T0 + timedelta(hours=4), 1, status="published")  # at the window's end
        _booking(tx, ann, site, T0 - timedelta(minutes=1), 1, status="published")  # before it
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert [b.id for b in tx.upcoming.published_starting(T0, T0 + timedelta(hours=4))] == [early.id, late.id]
