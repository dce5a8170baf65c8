"""``workforce serve --workers 2`` on SQLite: the rate limits hold across the two processes (the
database limiter is chosen for them), in-memory limits with several processes are refused, and
overlapping bookings of one worker sent at once give one booking."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from tests.contract.booking_race import book_overlapping_pairs_at_once
from tests.contract.conftest import World
from tests.contract.server_process import SERVER_ENV, free_port, serving
from tests.databases import SqliteTemplate
from workforce_entrypoints.bootstrap import Settings, bootstrap

ME = "/api/v1/me.php"


@pytest.fixture(scope="module")
def two_processes(
    sqlite_template: SqliteTemplate, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[World, str]]:
    url = sqlite_template.fresh_url()
    services = bootstrap(Settings(database_url=url))
    try:
        with serving(url, tmp_path_factory.mktemp("servers"), "--workers", "2", processes=2) as base:
            yield World(services), base
    finally:
        services.close()


def _burst(count: int, request: object) -> list[httpx.Response]:
    with ThreadPoolExecutor(max_workers=40) as pool:
        return list(pool.map(request, range(count)))  # type: ignore[arg-type]


def test_a_key_gets_exactly_60_of_80_through_two_processes_on_sqlite(two_processes: tuple[World, str]) -> None:
    world, base = two_processes
    headers = world.key(world.account().id, ("workers:read",))
    replies = _burst(80, lambda _: httpx.get(f"{base}{ME}", headers=headers, timeout=30))
    statuses = [r.status_code for r in replies]
    assert (statuses.count(200), statuses.count(429)) == (60, 20)


def test_the_unknown_key_throttle_holds_across_two_processes_on_sqlite(two_processes: tuple[World, str]) -> None:
    _, base = two_processes
    replies = _burst(
        30, lambda n: httpx.get(f"{base}{ME}", headers={"Authorization": f"Bearer wfk_unknown-{n}"}, timeout=30)
    )
    codes = [r.json()["error_code"] for r in replies]
    assert (codes.count("invalid_api_key"), codes.count("rate_limited")) == (20, 10)


def test_overlapping_bookings_of_one_worker_at_once_give_one_201_and_one_409_on_sqlite(
    two_processes: tuple[World, str],
) -> None:
    world, base = two_processes
    book_overlapping_pairs_at_once(world, [base])


def test_in_memory_rate_limits_with_several_processes_are_refused(
    sqlite_template: SqliteTemplate, tmp_path: Path
) -> None:
    environment = {k: v for k, v in os.environ.items() if k not in SERVER_ENV}
    environment.update(
        {"WORKFORCE_DATABASE_URL": sqlite_template.fresh_url(), "WORKFORCE_RATE_LIMIT_STORAGE": "memory"}
    )
    command = [sys.executable, "-m", "workforce_entrypoints.cli", "serve", "--workers", "2", "--port", str(free_port())]
    process = subprocess.Popen(command, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        _, stderr = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.terminate()
        process.communicate(timeout=15)
        pytest.fail("serve started several processes with in-memory rate limits")
    assert process.returncode == 1
    error = json.loads(stderr)
    assert error["error_code"] == "invalid_rate_limit_storage"
    assert "WORKFORCE_RATE_LIMIT_STORAGE" in error["message"]
