"""A server killed in the middle of a keyed write: the retry never acts twice (payroll is never paid twice).

A real server process dies at a chosen point (``crash_server``); the retry goes to a fresh process.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

import httpx
import pytest
from sqlalchemy import update

from tests.contract.conftest import World
from tests.contract.server_process import Server
from workforce_adapters.sql import tables

WORKERS = "/api/v1/workers.php"


class Start(Protocol):
    def __call__(self, point: str) -> Server: ...


@pytest.fixture
def start(database_url: str, tmp_path: Path) -> Iterator[Start]:
    started: list[Server] = []

    def server(point: str) -> Server:
        command = [sys.executable, "-m", "tests.contract.crash_server", database_url, "{port}", point]
        started.append(Server.start(command, os.environ, tmp_path / "server.log"))
        return started[-1]

    yield server
    for each in started:
        each.stop()


def _post_until_killed(server: Server, headers: dict[str, str], body: dict[str, str]) -> None:
    with pytest.raises(httpx.TransportError):
        httpx.post(f"{server.base}{WORKERS}", headers=headers, json=body, timeout=30)
    assert server.process.wait(timeout=15) == 137


def _workers_named(world: World, name: str) -> int:
    return len([e for e in world.outbox("worker.created") if e["data"]["name"] == name])


def test_killed_after_the_change_before_its_reply_was_kept_the_retry_acts_once(start: Start, world: World) -> None:
    account = world.account()
    headers = {**world.key(account.id, ("workers:write",)), "Idempotency-Key": "hire-ann"}
    _post_until_killed(start("storing"), headers, {"name": "Ann"})
    with world.services.engine.begin() as connection:  # the claim's lease lapses
        connection.execute(update(tables.idempotency_keys).values(lease_until=tables.idempotency_keys.c.created_at))

    server = start("never")
    retry = httpx.post(f"{server.base}{WORKERS}", headers=headers, json={"name": "Ann"}, timeout=30)
    assert retry.status_code == 201
    again = httpx.post(f"{server.base}{WORKERS}", headers=headers, json={"name": "Ann"}, timeout=30)
    assert again.headers["idempotent-replayed"] == "true"
    assert again.content == retry.content
    assert _workers_named(world, "Ann") == 1


def test_killed_after_everything_was_kept_the_retry_replays(start: Start, world: World) -> None:
    account = world.account()
    headers = {**world.key(account.id, ("workers:write",)), "Idempotency-Key": "hire-bob"}
    _post_until_killed(start("replying"), headers, {"name": "Bob"})

    server = start("never")
    retry = httpx.post(f"{server.base}{WORKERS}", headers=headers, json={"name": "Bob"}, timeout=30)
    assert retry.status_code == 201
    assert retry.headers["idempotent-replayed"] == "true"
    assert retry.json()["data"]["name"] == "Bob"
    assert _workers_named(world, "Bob") == 1
