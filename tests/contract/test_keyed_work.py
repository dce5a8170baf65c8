"""The units of work of a request sent with an Idempotency-Key (the SQL adapter, on both databases):
its change commits only together with its stored reply."""

from __future__ import annotations

from datetime import timedelta

import pytest
from attrs import frozen
from sqlalchemy import func, select

from tests.contract.conftest import World
from workforce_adapters.sql import tables
from workforce_core.commands.workers import CreateWorker
from workforce_core.ports import Claim, KeyedWork, StoredReply
from workforce_core.services.workers import create_worker

REPLY = StoredReply(201, (("content-type", "application/json"),), b'{"data":{}}')


@frozen
class Keyed:
    client_id: int
    owner: int  # the API key holding the claim
    claim: Claim
    work: KeyedWork


def _keyed(world: World, key: str = "k") -> Keyed:
    client_id = world.account().id
    owner = world.key_id(world.key(client_id))
    claim = world.services.idempotency.claim(owner, key, "print", now=world.clock.now(), lease_seconds=60)
    assert claim.outcome == "new"
    return Keyed(client_id, owner, claim, world.services.idempotency.work(owner, key, claim))


def _hire(world: World, keyed: Keyed, name: str = "Ann") -> None:
    create_worker(CreateWorker(name=name), client_id=keyed.client_id, uow=keyed.work, clock=world.clock)


def _count(world: World, table: str) -> int:
    with world.services.engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(tables.metadata.tables[table])).scalar_one())


def _record(world: World) -> dict[str, object]:
    with world.services.engine.connect() as connection:
        return dict(connection.execute(select(tables.idempotency_keys)).mappings().one())


def test_the_change_commits_only_with_its_reply(world: World) -> None:
    keyed = _keyed(world)
    _hire(world, keyed)
    assert _count(world, "workers") == 0  # the use case has committed, but its change is held
    assert keyed.work.keep(REPLY) is True
    assert _count(world, "workers") == 1
    assert _count(world, "outbox") == 1
    record = _record(world)
    assert (record["state"], record["status"], record["body"]) == ("done", 201, REPLY.body)


def test_a_reply_with_no_change_is_kept_alone(world: World) -> None:
    keyed = _keyed(world)
    assert keyed.work.keep(REPLY) is True
    assert _record(world)["state"] == "done"


def test_dropping_rolls_the_change_back_and_lets_the_claim_go(world: World) -> None:
    keyed = _keyed(world)
    _hire(world, keyed)
    keyed.work.drop()
    assert _count(world, "workers") == 0
    assert _count(world, "outbox") == 0
    assert _count(world, "idempotency_keys") == 0


def test_a_claim_taken_over_after_its_lease_lapsed_keeps_nothing(world: World) -> None:
    keyed = _keyed(world)
    later = world.clock.now() + timedelta(seconds=61)
    retry = world.services.idempotency.claim(keyed.owner, "k", "print", now=later, lease_seconds=60)
    assert retry.outcome == "new"
    _hire(world, keyed)  # the first holder, slow, finishes its change only now
    assert keyed.work.keep(REPLY) is False
    assert _count(world, "workers") == 0
    keyed.work.drop()  # and cannot let go of the retry's claim
    record = _record(world)
    assert (record["state"], record["lease_until"]) == ("running", retry.lease_until)
    assert keyed.claim.lease_until != retry.lease_until


def test_a_keyed_request_commits_at_most_one_change(world: World) -> None:
    keyed = _keyed(world)
    _hire(world, keyed, "Ann")
    with pytest.raises(RuntimeError):
        _hire(world, keyed, "Bob")
    keyed.work.drop()
    assert _count(world, "workers") == 0
