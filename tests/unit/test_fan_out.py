"""Fan-out through its ports on the memory adapter: one delivery row per active subscription that should
get each new outbox event, and waiting deliveries refused once the subscription's key stops working."""

from __future__ import annotations

from typing import Any

import attrs

from tests.clocks import FakeClock
from tests.fakes import EPOCH, FakeDatabase, FakeUnitOfWorkFactory
from workforce_adapters.json import stored_payload
from workforce_core.events import Event, Shaped
from workforce_core.model.webhooks import Delivery, Subscription
from workforce_core.steps.fan_out import fan_out

ALL_READS = ("timesheets:read", "shifts:read", "workers:read", "payroll:read", "pay:read", "charges:read")


class Setup:
    def __init__(self) -> None:
        self.db = FakeDatabase()
        self.uow = FakeUnitOfWorkFactory(self.db)
        self.clock = FakeClock(EPOCH)
        self.client = self.db.add_client()
        self.key = self.db.add_key(self.client.id, ALL_READS).key

    def subscribe(self, events: tuple[str, ...], *, client_id: int | None = None, **fields: Any) -> Subscription:
        made = Subscription(
            client_id=client_id or self.client.id,
            url="https://hooks.example.com/in",
            events=events,
            secret="whsec_x",
            created_at=EPOCH,
            api_key_id=fields.pop("api_key_id", self.key.id),
        )
        with self.uow() as tx:
            stored = tx.subscriptions.add(attrs.evolve(made, **fields))
            tx.commit()
        return stored

    def happen(self, *names: str, client_id: int | None = None, **extra: Any) -> None:
        with self.uow() as tx:
            client = client_id or self.client.id
            data = Shaped({"client_id": client, **extra})  # a payload as it is: fan-out never reads inside it
            tx.record([Event(name, client, self.clock.now(), data) for name in names])
            tx.commit()

    def deliveries(self, subscription: Subscription | None = None) -> list[Delivery]:
        rows: dict[int, Delivery] = self.db.tables["deliveries"]
        return [d for _, d in sorted(rows.items()) if subscription is None or d.subscription_id == subscription.id]

    def fan_out(self) -> int:
        return fan_out(uow=self.uow, clock=self.clock).events


def test_each_event_becomes_one_pending_delivery_per_subscription_that_asked_for_it() -> None:
    s = Setup()
    clocks = s.subscribe(("clock_in", "clock_out"))
    everything = s.subscribe(("*",))
    legacy = s.subscribe(("worker_created",))
    s.subscribe(("clock_in",), active=False)  # paused
    s.happen("clock_in", "worker.created", "worker_created", shift=7)
    assert s.fan_out() == 3
    assert [d.event for d in s.deliveries(clocks)] == ["clock_in"]
    assert [d.event for d in s.deliveries(everything)] == ["clock_in", "worker.created"]
    assert [d.event for d in s.deliveries(legacy)] == ["worker_created"]
    assert len(s.deliveries()) == 4
    first = s.deliveries(clocks)[0]
    assert (first.status, first.attempt, first.next_retry_at, first.occurred_at) == ("pending", 0, EPOCH, EPOCH)
    assert stored_payload(first.event, first.client_id, first.data) == {"client_id": s.client.id, "shift": 7}
    assert first.outbox_id == 1
    assert s.fan_out() == 0  # each event is fanned out once
    assert len(s.deliveries()) == 4


def test_a_subscription_gets_only_its_own_clients_events() -> None:
    s = Setup()
    other = s.db.add_client("Other")
    theirs = s.subscribe(("*",), client_id=other.id, api_key_id=s.db.add_key(other.id, ALL_READS).key.id)
    ours = s.subscribe(("*",))
    s.happen("clock_in", client_id=other.id)
    s.fan_out()
    assert [d.client_id for d in s.deliveries(theirs)] == [other.id]
    assert s.deliveries(ours) == []


def test_a_console_subscription_without_a_key_gets_its_events() -> None:
    s = Setup()
    console = s.subscribe(("pay_week.locked",), api_key_id=None)
    s.happen("pay_week.locked")
    s.fan_out()
    assert [d.event for d in s.deliveries(console)] == ["pay_week.locked"]


def test_events_come_in_batches_until_the_outbox_is_drained() -> None:
    s = Setup()
    subscription = s.subscribe(("clock_in",))
    s.happen(*["clock_in"] * 7)
    assert fan_out(uow=s.uow, clock=s.clock, batch=3).events == 7
    assert len(s.deliveries(subscription)) == 7


def test_a_revoked_keys_subscription_gets_nothing_new_and_its_waiting_deliveries_are_refused() -> None:
    s = Setup()
    subscription = s.subscribe(("clock_in",))
    s.happen("clock_in")
    s.fan_out()
    s.clock.advance(minutes=1)
    s.db.keys[s.key.id].revoked_at = s.clock.now()
    s.happen("clock_in")
    assert fan_out(uow=s.uow, clock=s.clock).refused == 1
    [waiting] = s.deliveries(subscription)
    assert (waiting.status, waiting.response_code, waiting.next_retry_at) == ("refused", 0, None)
    assert waiting.response_body == "refused: the subscription's API key was revoked"


def test_an_expired_key_or_api_access_switched_off_refuses_the_same_way() -> None:
    s = Setup()
    expired = s.subscribe(("clock_in",))
    s.happen("clock_in")
    s.fan_out()
    s.db.keys[s.key.id].expires_at = s.clock.now()
    s.happen("clock_in")
    s.fan_out()
    assert [d.response_body for d in s.deliveries(expired)] == ["refused: the subscription's API key has expired"]

    t = Setup()
    off = t.subscribe(("clock_in",), api_key_id=None)
    t.happen("clock_in")
    t.fan_out()
    t.db.clients[t.client.id].api_access = False
    t.happen("clock_in")
    t.fan_out()
    assert [d.response_body for d in t.deliveries(off)] == ["refused: API access is switched off for the account"]


def test_a_key_that_lost_an_events_read_scope_gets_none_of_it_and_its_waiting_ones_are_refused() -> None:
    s = Setup()
    subscription = s.subscribe(("clock_in", "worker.created"))
    s.happen("clock_in", "worker.created")
    s.fan_out()
    s.db.keys[s.key.id].scopes = ("workers:read",)
    s.happen("clock_in", "worker.created")
    s.fan_out()
    rows = s.deliveries(subscription)
    assert [(d.event, d.status) for d in rows] == [
        ("clock_in", "refused"),
        ("worker.created", "pending"),
        ("worker.created", "pending"),
    ]
    assert rows[0].response_body == "refused: the subscription's API key lacks timesheets:read"


def test_a_deleted_key_refuses_like_a_revoked_one() -> None:
    s = Setup()
    subscription = s.subscribe(("clock_in",))
    s.happen("clock_in")
    s.fan_out()
    del s.db.keys[s.key.id]
    s.clock.advance(minutes=1)
    s.happen("clock_in")
    s.fan_out()
    assert [d.status for d in s.deliveries(subscription)] == ["refused"]
