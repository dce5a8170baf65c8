"""Webhook delivery end to end, on SQLite and PostgreSQL: events recorded by the API and the console are
fanned out, signed and sent to a local HTTPS receiver (127.0.0.0/8 trusted, a ``trustme`` CA named by
SSL_CERT_FILE), retried on the spec's schedule (an injected clock), refused once the key stops working;
``action=test`` and ``action=redeliver`` over HTTP; ``workforce webhooks dispatch``; and two
dispatchers sharing one PostgreSQL database."""

from __future__ import annotations

import hashlib
import hmac
import json
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import trustme
from standardwebhooks import Webhook
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.helpers import assert_error, data, path
from tests.resolvers import DNS, TableResolver
from tests.webhook_receiver import HOST_NAME, Received, Receiver, receiving, write_ca
from workforce_core.rules.receiver_urls import parse_networks
from workforce_core.services import accounts
from workforce_core.services.dispatch import DispatchReport, dispatch
from workforce_core.steps.fan_out import fan_out
from workforce_entrypoints.bootstrap import Services, Settings, bootstrap

WEBHOOKS = path("webhooks")
CLOCK = path("clock")
WORKERS = path("workers")
LOOPBACK = parse_networks("127.0.0.0/8")


@pytest.fixture(scope="module")
def ca() -> trustme.CA:
    return trustme.CA()


def _local_receivers(services: Services) -> None:
    services.webhooks.resolver = TableResolver({**DNS.table, HOST_NAME: ["127.0.0.1"]})
    services.webhooks.trusted_networks = LOOPBACK
    services.webhooks.timeout = 5.0


@pytest.fixture
def receiver(ca: trustme.CA, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, services: Services) -> Iterator[Receiver]:
    monkeypatch.setenv("SSL_CERT_FILE", str(write_ca(ca, tmp_path)))
    _local_receivers(services)
    with receiving(ca) as running:
        yield running


def _dispatch(services: Services, concurrency: int = 4) -> DispatchReport:
    s = services
    return dispatch(uow=s.uow, clock=s.clock, sender=s.webhooks.sender(s.clock), concurrency=concurrency)


def _subscribe(api: TestClient, key: dict[str, str], url: str, events: list[str]) -> dict[str, Any]:
    made: dict[str, Any] = data(api.post(WEBHOOKS, headers=key, json={"url": url, "events": events}), 201)
    return made


def _log(api: TestClient, key: dict[str, str], subscription_id: int) -> list[dict[str, Any]]:
    reply = api.get(WEBHOOKS, headers=key, params={"id": subscription_id, "action": "deliveries"})
    assert reply.status_code == 200
    log: list[dict[str, Any]] = reply.json()["data"]
    return log


def _verifies(got: Received, secret: str) -> bool:
    expected = "sha256=" + hmac.new(secret.encode(), got.body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(got.headers["X-Service-Signature"], expected)


def _body(got: Received) -> dict[str, Any]:
    parsed: dict[str, Any] = json.loads(got.body)
    return parsed


def test_clocks_approvals_and_workers_arrive_signed_and_verify_both_ways(
    api: TestClient, world: World, console: Console, receiver: Receiver
) -> None:
    account = world.account()
    site = world.site(account.id, geofence_mode="disabled")
    key = world.key(account.id)
    events = ["clock_in", "clock_out", "timesheet.approved", "worker.created"]
    made = _subscribe(api, key, receiver.url("/ok"), events)
    worker = data(api.post(WORKERS, headers=key, json={"name": "Ann Hook", "location_id": site.id}), 201)
    world.clock.set(datetime.now(UTC) - timedelta(hours=1))
    entry = data(api.post(CLOCK, headers=key, json={"action": "in", "worker_id": worker["id"]}), 201)["entry_id"]
    world.clock.set(datetime.now(UTC))  # deliveries carry the time they are sent: standardwebhooks wants it recent
    assert api.post(CLOCK, headers=key, json={"action": "out", "worker_id": worker["id"]}).status_code == 200
    assert console("timesheet", "approve", str(entry))[0] == 0

    report = _dispatch(world.services)
    assert (report.fanned_out, report.attempts, report.delivered) == (5, 4, 4)  # and the legacy worker_created
    got = receiver.received
    assert sorted(_body(r)["event"] for r in got) == sorted(events)
    for request in got:
        body = _body(request)
        assert _verifies(request, made["secret"])
        assert Webhook(made["secret"]).verify(request.body, request.headers) == body
        assert request.headers["X-Service-Event"] == body["event"]
        assert request.headers["X-Service-Delivery"] == str(body["delivery_id"])
        assert request.headers["User-Agent"] == "Service-Webhooks/1.0"
        assert body["data"]["client_id"] == account.id
    clock_in = next(_body(r) for r in got if _body(r)["event"] == "clock_in")
    assert (clock_in["data"]["entry_id"], clock_in["data"]["worker_id"]) == (entry, worker["id"])
    approved = next(_body(r) for r in got if _body(r)["event"] == "timesheet.approved")
    assert approved["data"]["entry_ids"] == [entry]
    log = _log(api, key, made["id"])
    assert {(d["status"], d["attempt"], d["response_code"], d["response_body"]) for d in log} == {
        ("delivered", 1, 200, "thanks")
    }
    assert _dispatch(world.services).attempts == 0  # nothing is sent twice


def test_a_failing_receiver_sees_its_attempts_at_the_scheduled_delays(
    api: TestClient, world: World, clock: FakeClock, receiver: Receiver
) -> None:
    start = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    clock.set(start)
    account = world.account()
    key = world.key(account.id)
    made = _subscribe(api, key, receiver.url("/fail"), ["worker.created"])
    world.worker(account.id)
    assert _dispatch(world.services).attempts == 1  # attempt 1 at once
    last = start
    for delay in (timedelta(minutes=1), timedelta(minutes=5), timedelta(minutes=30), timedelta(hours=2)):
        clock.set(last + delay - timedelta(seconds=1))
        assert _dispatch(world.services).attempts == 0  # not a second early
        last += delay
        clock.set(last)
        assert _dispatch(world.services).attempts == 1
    sent_at = [int(r.headers["webhook-timestamp"]) - int(start.timestamp()) for r in receiver.received]
    assert sent_at == [0, 60, 60 + 300, 60 + 300 + 1800, 60 + 300 + 1800 + 7200]
    [delivery] = _log(api, key, made["id"])
    assert (delivery["status"], delivery["attempt"], delivery["response_code"]) == ("failed", 5, 500)
    assert (delivery["response_body"], delivery["next_retry_at_utc"]) == ("receiver broke", None)
    clock.set(start + timedelta(days=1))
    assert _dispatch(world.services).attempts == 0
    assert len(receiver.received) == 5


def test_rotating_the_secret_stops_the_old_one_at_once(api: TestClient, world: World, receiver: Receiver) -> None:
    account = world.account()
    key = world.key(account.id)
    made = _subscribe(api, key, receiver.url("/ok"), ["worker.created"])
    world.worker(account.id)
    _dispatch(world.services)
    world.worker(account.id, "Second Worker")
    rotated = data(api.post(WEBHOOKS, headers=key, params={"id": made["id"], "action": "rotate_secret"}))
    _dispatch(world.services)
    before, after = receiver.received
    assert _verifies(before, made["secret"])
    assert _verifies(after, rotated["secret"])
    assert not _verifies(after, made["secret"])
    assert Webhook(rotated["secret"]).verify(after.body, after.headers)["data"]["name"] == "Second Worker"


def test_a_revoked_keys_subscription_records_its_waiting_deliveries_as_refused(
    api: TestClient, world: World, receiver: Receiver
) -> None:
    account = world.account()
    key, reader = world.key(account.id), world.key(account.id)
    made = _subscribe(api, key, receiver.url("/fail"), ["worker.created"])
    world.worker(account.id)
    assert _dispatch(world.services).retrying == 1  # attempt 1 failed: waiting for attempt 2
    accounts.revoke_key(world.key_id(key), uow=world.uow, clock=world.clock)
    world.clock.advance(minutes=2)
    world.worker(account.id, "After Revoke")
    report = _dispatch(world.services)
    assert (report.fanned_out, report.attempts, report.refused) == (1, 0, 1)
    [refused] = _log(api, reader, made["id"])
    assert (refused["status"], refused["response_code"], refused["next_retry_at"]) == ("refused", 0, None)
    assert refused["response_body"] == "refused: the subscription's API key was revoked"
    assert len(receiver.received) == 1


def test_a_slow_receiver_does_not_hold_up_the_others(api: TestClient, world: World, receiver: Receiver) -> None:
    account = world.account()
    key = world.key(account.id)
    hanging = _subscribe(api, key, receiver.url("/hang"), ["worker.created"])
    quick = _subscribe(api, key, receiver.url("/ok"), ["worker.created"])
    world.services.webhooks.timeout = 30.0
    world.worker(account.id)
    running = threading.Thread(target=_dispatch, args=(world.services, 2))
    running.start()
    try:
        for _ in range(600):  # until the quick receiver's answer is recorded (at most a minute)
            if [d["status"] for d in _log(api, key, quick["id"])] == ["delivered"]:
                break
            threading.Event().wait(0.1)
        assert [d["status"] for d in _log(api, key, quick["id"])] == ["delivered"]
        [held] = _log(api, key, hanging["id"])
        assert (held["status"], held["attempt"], held["response_code"]) == ("pending", 1, None)  # still waiting
    finally:
        receiver.stop_hanging()
        running.join(60)


def test_action_test_delivers_a_ping_now_and_says_how_it_went(
    api: TestClient, world: World, receiver: Receiver
) -> None:
    account = world.account()
    key = world.key(account.id)
    made = _subscribe(api, key, receiver.url("/ok"), ["clock_in"])
    reply = api.post(WEBHOOKS, headers=key, params={"id": made["id"], "action": "test"})
    result = data(reply)
    assert reply.status_code == 200
    assert (result["subscription_id"], result["delivered"], result["response_code"], result["error"]) == (
        made["id"],
        True,
        200,
        None,
    )
    [ping] = receiver.received
    body = Webhook(made["secret"]).verify(ping.body, ping.headers)
    assert body["event"] == "ping"
    assert body["delivery_id"] == result["delivery_id"]
    assert body["data"] == {
        "client_id": account.id,
        "message": "This is a test delivery.",
        "subscription_id": made["id"],
    }
    [logged] = _log(api, key, made["id"])
    assert (logged["event"], logged["status"], logged["attempt"]) == ("ping", "delivered", 1)


def test_action_test_answers_200_when_the_receiver_fails_or_is_refused(
    api: TestClient, world: World, receiver: Receiver
) -> None:
    account = world.account()
    key = world.key(account.id)
    failing = _subscribe(api, key, receiver.url("/fail"), ["clock_in"])
    result = data(api.post(WEBHOOKS, headers=key, params={"id": failing["id"], "action": "test"}))
    assert (result["delivered"], result["response_code"], result["error"]) == (False, 500, "the receiver answered 500")
    [logged] = _log(api, key, failing["id"])
    assert (logged["status"], logged["next_retry_at"]) == ("failed", None)  # a ping is not retried
    world.services.webhooks.trusted_networks = ()  # loopback is no longer allowed
    blocked = data(api.post(WEBHOOKS, headers=key, params={"id": failing["id"], "action": "test"}))
    assert (blocked["delivered"], blocked["response_code"]) == (False, 0)
    assert blocked["error"].startswith("blocked: ")
    other = world.key(account.id)
    assert_error(api.post(WEBHOOKS, headers=other, params={"id": failing["id"], "action": "test"}), 403, "forbidden")
    assert len(receiver.received) == 1


def test_redeliver_sends_a_past_delivery_again_with_the_same_id(
    api: TestClient, world: World, receiver: Receiver
) -> None:
    account = world.account()
    key = world.key(account.id)
    made = _subscribe(api, key, receiver.url("/ok"), ["worker.created"])
    other_made = _subscribe(api, key, receiver.url("/ok"), ["worker.created"])
    world.worker(account.id)
    _dispatch(world.services)
    [first] = _log(api, key, made["id"])
    [theirs] = _log(api, key, other_made["id"])
    params = {"id": made["id"], "action": "redeliver", "delivery_id": first["id"]}
    again = data(api.post(WEBHOOKS, headers=key, params=params))
    assert (again["id"], again["attempt"], again["status"], again["response_code"]) == (
        first["id"],
        2,
        "delivered",
        200,
    )
    assert again["payload"]["delivery_id"] == first["id"]
    mine = [r for r in receiver.received if r.headers["X-Service-Delivery"] == str(first["id"])]
    assert len(mine) == 2
    assert mine[0].body == mine[1].body
    assert_error(api.post(WEBHOOKS, headers=key, params={**params, "delivery_id": 999999}), 404, "not_found")
    assert_error(api.post(WEBHOOKS, headers=key, params={**params, "delivery_id": theirs["id"]}), 404, "not_found")
    missing = {"id": made["id"], "action": "redeliver"}
    assert_error(api.post(WEBHOOKS, headers=key, params=missing), 400, "invalid_parameter", parameter="delivery_id")
    assert_error(api.post(WEBHOOKS, headers=world.key(account.id), params=params), 403, "forbidden")
    assert len(receiver.received) == 3


def test_the_console_dispatches_once_and_prints_what_it_did(
    api: TestClient, world: World, console: Console, receiver: Receiver
) -> None:
    account = world.account()
    _subscribe(api, world.key(account.id), receiver.url("/ok"), ["worker.created"])
    world.worker(account.id)
    code, printed = console("webhooks", "dispatch", "--once")
    assert (code, printed) == (
        0,
        {"fanned_out": 1, "attempts": 1, "delivered": 1, "retrying": 0, "failed": 0, "refused": 0},
    )
    code, shown = console("webhooks", "dispatch", "--help")
    assert code == 0
    assert "--once" in shown


@pytest.mark.parametrize("database_url", [pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True)
def test_two_dispatchers_on_one_postgresql_database_make_each_attempt_once(
    api: TestClient, world: World, database_url: str, receiver: Receiver
) -> None:
    account = world.account()
    key = world.key(account.id)
    _subscribe(api, key, receiver.url("/slow"), ["worker.created"])
    failing = _subscribe(api, key, receiver.url("/fail"), ["worker.created"])
    for n in range(20):
        world.worker(account.id, f"Worker {n}")
    second = bootstrap(Settings(database_url=database_url), clock=world.clock)
    _local_receivers(second)
    try:
        reports: list[DispatchReport] = []
        both = [threading.Thread(target=lambda s=s: reports.append(_dispatch(s))) for s in (world.services, second)]
        for thread in both:
            thread.start()
        for thread in both:
            thread.join(120)
        world.clock.advance(minutes=1)  # the failing receiver's second attempt is due
        both = [threading.Thread(target=lambda s=s: reports.append(_dispatch(s))) for s in (world.services, second)]
        for thread in both:
            thread.start()
        for thread in both:
            thread.join(120)
    finally:
        second.close()
    sent = [(r.path, r.headers["X-Service-Delivery"]) for r in receiver.received]
    assert len(sent) == 20 + 20 + 20  # each delivery's first attempt, and the failing ones' second, once
    assert len({(p, d) for p, d in sent if p == "/slow"}) == 20
    assert sorted(d for p, d in sent if p == "/fail") == sorted(
        2 * [str(d["id"]) for d in _log(api, key, failing["id"])]
    )
    assert sum(r.attempts for r in reports) == 60
    assert {d["attempt"] for d in _log(api, key, failing["id"])} == {2}


def test_a_subscription_receives_only_the_events_recorded_after_it_was_created_or_resumed(
    api: TestClient, world: World
) -> None:
    account = world.account()
    key = world.key(account.id)
    site = world.site(account.id, geofence_mode="disabled")
    url = "https://hooks.example.com/in"

    def hire(name: str) -> None:
        data(api.post(WORKERS, headers=key, json={"name": name, "location_id": site.id}), 201)

    older = _subscribe(api, key, url, ["worker.created"])
    hire("Before")  # no dispatcher runs until the end: every event waits in the outbox
    newer = _subscribe(api, key, url, ["worker.created"])
    hire("Between")
    assert api.put(f"{WEBHOOKS}?id={older['id']}", headers=key, json={"active": False}).status_code == 200
    hire("Paused")
    assert api.put(f"{WEBHOOKS}?id={older['id']}", headers=key, json={"active": True}).status_code == 200
    hire("After")
    fan_out(uow=world.uow, clock=world.clock)

    def names(subscription: dict[str, Any]) -> list[str]:
        return sorted(delivery["payload"]["data"]["name"] for delivery in _log(api, key, subscription["id"]))

    assert names(older) == ["After"]  # resumed: the events from then on (those before were not fanned out yet)
    assert names(newer) == ["After", "Between", "Paused"]  # not the one recorded before it was made
