"""Idempotency-Key on POST and PUT: replay, reuse with another request, in progress, bad keys."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from sqlalchemy import func, select
from starlette.testclient import TestClient

from tests.contract.conftest import World
from workforce_adapters.sql import tables
from workforce_core.services import accounts
from workforce_core.services.idempotency import fingerprint

WORKERS = "/api/v1/workers.php"


def test_a_replay_returns_the_byte_identical_reply_and_creates_one_record(api: TestClient, world: World) -> None:
    account = world.account()
    headers = {**world.key(account.id), "Idempotency-Key": "create-ann-1"}
    first = api.post(WORKERS, headers=headers, json={"name": "Ann"})
    again = api.post(WORKERS, headers=headers, json={"name": "Ann"})
    assert first.status_code == again.status_code == 201
    assert again.content == first.content
    assert again.headers["idempotent-replayed"] == "true"
    assert "idempotent-replayed" not in first.headers
    assert again.headers["x-request-id"] != first.headers["x-request-id"]
    listed = api.get(WORKERS, headers=headers).json()
    assert listed["pagination"]["total"] == 1
    assert len(world.outbox("worker.created")) == 1


def test_the_same_key_with_another_request_is_422(api: TestClient, world: World) -> None:
    account = world.account()
    headers = {**world.key(account.id), "Idempotency-Key": "k-1"}
    assert api.post(WORKERS, headers=headers, json={"name": "Ann"}).status_code == 201
    reused = api.post(WORKERS, headers=headers, json={"name": "Bob"})
    assert reused.status_code == 422
    assert reused.json()["error_code"] == "idempotency_key_reused"
    assert api.get(WORKERS, headers=headers).json()["pagination"]["total"] == 1


def test_keys_are_per_api_key(api: TestClient, world: World) -> None:
    account = world.account()
    one = {**world.key(account.id), "Idempotency-Key": "same"}
    two = {**world.key(account.id), "Idempotency-Key": "same"}
    assert api.post(WORKERS, headers=one, json={"name": "Ann"}).status_code == 201
    assert api.post(WORKERS, headers=two, json={"name": "Ann"}).status_code == 201


def test_a_retry_sent_with_the_replacing_key_of_a_rotation_replays_and_other_keys_do_not(
    api: TestClient, world: World
) -> None:
    account = world.account()
    old = world.key(account.id)
    body = {"name": "Ann Rotated"}
    first = api.post(WORKERS, headers={**old, "Idempotency-Key": "hire-ann"}, json=body)
    assert first.status_code == 201
    rotated = accounts.rotate_key(world.key_id(old), uow=world.uow, clock=world.clock)
    newer = {"Authorization": f"Bearer {rotated.secret}"}
    again = api.post(WORKERS, headers={**newer, "Idempotency-Key": "hire-ann"}, json=body)
    assert (again.status_code, again.content, again.headers["idempotent-replayed"]) == (201, first.content, "true")
    twice = accounts.rotate_key(rotated.key.id, uow=world.uow, clock=world.clock)  # the chain, however long
    third = api.post(
        WORKERS, headers={"Authorization": f"Bearer {twice.secret}", "Idempotency-Key": "hire-ann"}, json=body
    )
    assert third.content == first.content
    reused = api.post(WORKERS, headers={**newer, "Idempotency-Key": "hire-ann"}, json={"name": "Bob"})
    assert reused.json()["error_code"] == "idempotency_key_reused"  # the reuse rule holds across the chain
    other = {**world.key(account.id), "Idempotency-Key": "hire-ann"}  # another key of the account: its own
    assert api.post(WORKERS, headers=other, json=body).status_code == 201
    assert api.get(WORKERS, headers=old).json()["pagination"]["total"] == 2


def test_a_refusal_is_replayed_too(api: TestClient, world: World) -> None:
    account = world.account()
    headers = {**world.key(account.id), "Idempotency-Key": "bad"}
    first = api.post(WORKERS, headers=headers, json={"name": ""})
    again = api.post(WORKERS, headers=headers, json={"name": ""})
    assert first.status_code == again.status_code == 400
    assert again.content == first.content


def test_a_put_is_idempotent(api: TestClient, world: World) -> None:
    account = world.account()
    worker = world.worker(account.id, "Ann")
    headers = {**world.key(account.id), "Idempotency-Key": "rename"}
    url = f"{WORKERS}?id={worker.worker.id}"
    assert api.put(url, headers=headers, json={"name": "Anna"}).status_code == 200
    assert api.put(url, headers=headers, json={"name": "Anna"}).headers["idempotent-replayed"] == "true"
    assert len(world.outbox("worker.updated")) == 1


def test_concurrent_requests_with_one_key_create_one_record(api: TestClient, world: World) -> None:
    account = world.account()
    headers = {**world.key(account.id), "Idempotency-Key": "race"}
    with ThreadPoolExecutor(max_workers=8) as pool:
        replies = list(pool.map(lambda _: api.post(WORKERS, headers=headers, json={"name": "Ann"}), range(8)))
    statuses = sorted(r.status_code for r in replies)
    assert statuses.count(201) >= 1
    assert set(statuses) <= {201, 409}
    for reply in replies:
        if reply.status_code == 409:
            assert reply.json()["error_code"] == "idempotency_in_progress"
            assert reply.headers["retry-after"] == "1"
    assert api.get(WORKERS, headers=headers).json()["pagination"]["total"] == 1


def test_while_the_first_is_running_the_second_is_409_in_progress(api: TestClient, world: World) -> None:
    account = world.account()
    headers = world.key(account.id)
    key_id = world.key_id(headers)
    body = b'{"name": "Ann"}'
    store = world.services.idempotency
    print_ = fingerprint("POST", "/api/v1/workers.php", "", body)
    assert store.claim(key_id, "held", print_, now=world.clock.now(), lease_seconds=60).outcome == "new"
    reply = api.post(
        WORKERS, headers={**headers, "Idempotency-Key": "held", "Content-Type": "application/json"}, content=body
    )
    assert reply.status_code == 409
    assert reply.json()["error_code"] == "idempotency_in_progress"
    assert reply.headers["retry-after"] == "1"


def test_a_crashed_claim_does_not_block_for_ever(api: TestClient, world: World) -> None:
    account = world.account()
    headers = world.key(account.id)
    key_id = world.key_id(headers)
    body = b'{"name": "Ann"}'
    print_ = fingerprint("POST", "/api/v1/workers", "", body)
    world.services.idempotency.claim(key_id, "crashed", print_, now=world.clock.now(), lease_seconds=60)
    world.clock.advance(seconds=61)
    reply = api.post(
        "/api/v1/workers",
        headers={**headers, "Idempotency-Key": "crashed", "Content-Type": "application/json"},
        content=body,
    )
    assert reply.status_code == 201


def test_a_key_is_forgotten_after_24_hours(api: TestClient, world: World) -> None:
    account = world.account()
    headers = {**world.key(account.id), "Idempotency-Key": "daily"}
    assert api.post(WORKERS, headers=headers, json={"name": "Ann"}).status_code == 201
    world.clock.advance(hours=24, seconds=1)
    assert api.post(WORKERS, headers=headers, json={"name": "Ann"}).status_code == 201
    assert api.get(WORKERS, headers=headers).json()["pagination"]["total"] == 2
    # the expired record was dropped when the second request came
    assert world.services.idempotency.purge(world.clock.now() - timedelta(hours=24)) == 0
    with world.services.engine.connect() as connection:
        kept = connection.execute(select(func.count()).select_from(tables.idempotency_keys)).scalar_one()
    assert kept == 1


def test_bad_idempotency_keys_are_400_invalid_parameter(api: TestClient, world: World) -> None:
    account = world.account()
    headers = world.key(account.id)
    for bad in ("x" * 300, "tab\there", ""):
        reply = api.post(WORKERS, headers={**headers, "Idempotency-Key": bad}, json={"name": "Ann"})
        assert reply.status_code == 400, bad
        assert reply.json()["error_code"] == "invalid_parameter"
        assert reply.json()["parameter"] == "Idempotency-Key"
    assert api.get(WORKERS, headers=headers).json()["pagination"]["total"] == 0
