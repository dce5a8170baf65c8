"""Read speed over HTTP on SQLite: a page of workers from a thousand, a priced page of timesheets."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.databases import SqliteTemplate

from benchmarks.seeding import BASE_RULE
from workforce_adapters.json.commands import structure
from workforce_core.commands.rate_rules import RateRuleDefinition
from workforce_core.model.time_entries import TimeEntry
from workforce_core.services import rate_rules
from workforce_entrypoints.app import create_app
from workforce_entrypoints.bootstrap import Settings, bootstrap


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, dict[str, str]]]:
    template = SqliteTemplate(Path(tmp_path_factory.mktemp("bench")))
    services = bootstrap(Settings(database_url=template.fresh_url()), clock=FakeClock())
    world = World(services)
    account = world.account("Bench Ltd", walk_in_policy="pay")
    site = world.site(account.id, "Depot")
    rule = structure(RateRuleDefinition, BASE_RULE)
    rate_rules.create_rate_rule(rule, client_id=account.id, uow=services.uow, clock=services.clock)
    workers = [world.worker(account.id, f"Worker {n:04d}", location_id=site.id).worker for n in range(1000)]
    start = datetime(2026, 11, 2, 8, 0, tzinfo=UTC)
    with services.uow() as tx:
        for n, worker in enumerate(workers[:100]):
            for day in range(5):
                clock_in = start + timedelta(days=day, minutes=n)
                tx.entries.add(
                    TimeEntry(worker_id=worker.id, client_id=account.id, location_id=site.id, clock_in=clock_in,
                              clock_out=clock_in + timedelta(hours=9), created_at=clock_in, approval_status="approved")
                )  # fmt: skip
        tx.commit()
    headers = world.key(account.id, rate_limit_per_minute=600)
    with TestClient(create_app(services=services)) as client:
        yield client, headers
    services.close()


def test_a_page_of_workers_from_a_thousand(benchmark: Any, seeded: tuple[TestClient, dict[str, str]]) -> None:
    client, headers = seeded
    reply = benchmark(client.get, "/api/v1/workers.php?limit=100&offset=500", headers=headers)
    assert reply.status_code == 200


def test_a_priced_page_of_a_hundred_shifts(benchmark: Any, seeded: tuple[TestClient, dict[str, str]]) -> None:
    client, headers = seeded
    url = "/api/v1/timesheets.php?limit=100&include_pricing=true&date_from=2026-11-02&date_to=2026-11-08"
    reply = benchmark(client.get, url, headers=headers)
    assert reply.status_code == 200
    assert len(reply.json()["data"]) == 100
