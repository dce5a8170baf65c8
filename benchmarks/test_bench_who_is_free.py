"""Who is free for a slot over 2,000 workers, each booked five days of the slot's week (10,000 bookings),
some absent, some with availability rules, some barred from the site: GET /availability.php over HTTP on
SQLite, the request's SQL statements counted beside the time. Nothing is asserted about time."""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from starlette.testclient import TestClient
from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.databases import SqliteTemplate
from tests.who_is_free_data import team

from benchmarks.report import note
from workforce_entrypoints.app import create_app
from workforce_entrypoints.bootstrap import Settings, bootstrap

WORKERS = 2000
MONDAY = date(2026, 11, 16)
SLOT = "available_from=2026-11-20T07:00:00Z&available_to=2026-11-20T15:00:00Z&job_role=Picker"


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, dict[str, str], str, Any]]:
    template = SqliteTemplate(Path(tmp_path_factory.mktemp("bench-free")))
    services = bootstrap(
        Settings(database_url=template.fresh_url()), clock=FakeClock(datetime(2026, 11, 18, tzinfo=UTC))
    )
    world = World(services)
    account = world.account("Bench Free Ltd")
    site = world.site(account.id, "Depot", capacity=50)
    team(services, account.id, site.id, WORKERS, MONDAY)
    headers = world.key(account.id, rate_limit_per_minute=600)
    with TestClient(create_app(services=services)) as client:
        yield client, headers, f"/api/v1/availability.php?{SLOT}&location_id={site.id}", services.engine
    services.close()


def test_who_is_free_over_two_thousand_workers(
    benchmark: Any, seeded: tuple[TestClient, dict[str, str], str, Any]
) -> None:
    client, headers, url, engine = seeded
    statements: list[str] = []

    def count(*args: Any) -> None:
        statements.append(args[2])

    client.get(url, headers=headers)  # warm
    event.listen(engine, "before_cursor_execute", count)
    try:
        reply = client.get(url, headers=headers)
    finally:
        event.remove(engine, "before_cursor_execute", count)
    assert reply.status_code == 200, reply.text
    assert reply.json()["pagination"]["total"] == WORKERS
    times = []

    def timed() -> Any:
        begun = time.perf_counter()
        answered = client.get(url, headers=headers)
        times.append(time.perf_counter() - begun)
        return answered

    benchmark.pedantic(timed, rounds=5, iterations=1, warmup_rounds=0)
    median = statistics.median(times) * 1000
    note(
        f"who is free: {WORKERS} workers, {WORKERS * 5} bookings: median {median:.0f} ms, {len(statements)} statements"
    )
