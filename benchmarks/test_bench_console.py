"""The console's timesheet page over a week of 1,000 shifts at one site, on SQLite, side by side with
the API's read of the same page (100 shifts, their figures): what the HTML costs over the JSON. The
issue's bar is a page under 100 ms on the server; the figure is printed, never asserted."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.console_pages import Person, make_user
from tests.databases import SqliteTemplate

from benchmarks.report import median_seconds, note
from benchmarks.seeding import BASE_RULE
from workforce_adapters.json.commands import structure
from workforce_adapters.passwords import Argon2PasswordHasher
from workforce_core.commands.rate_rules import RateRuleDefinition
from workforce_core.model.time_entries import TimeEntry
from workforce_core.services import rate_rules
from workforce_entrypoints.app import create_app
from workforce_entrypoints.bootstrap import Settings, bootstrap

WEEK = "2026-11-02"


@pytest.fixture(scope="module")
def week(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Person, dict[str, str], int]]:
    template = SqliteTemplate(Path(tmp_path_factory.mktemp("console")))
    services = bootstrap(
        Settings(database_url=template.fresh_url()), clock=FakeClock(datetime(2026, 11, 12, 12, tzinfo=UTC))
    )
    services.hasher = Argon2PasswordHasher(fast=True)
    world = World(services)
    account = world.account("Bench Ltd", walk_in_policy="pay")
    site = world.site(account.id, "Depot")
    rule = structure(RateRuleDefinition, BASE_RULE)
    rate_rules.create_rate_rule(rule, client_id=account.id, uow=services.uow, clock=services.clock)
    workers = [world.worker(account.id, f"Worker {n:04d}", location_id=site.id).worker for n in range(200)]
    start = datetime(2026, 11, 2, 8, 0, tzinfo=UTC)
    with services.uow() as tx:
        for n, worker in enumerate(workers):
            for day in range(5):  # 200 workers x 5 days: 1,000 shifts at one site
                clock_in = start + timedelta(days=day, minutes=n)
                tx.entries.add(
                    TimeEntry(worker_id=worker.id, client_id=account.id, location_id=site.id, clock_in=clock_in,
                              clock_out=clock_in + timedelta(hours=9), created_at=clock_in)
                )  # fmt: skip
        tx.commit()
    user, password = make_user(services, "owner", account.id)
    headers = world.key(account.id, rate_limit_per_minute=600)
    with TestClient(create_app(services=services)) as client:
        person = Person(client)
        assert person.sign_in(user.email, password).status_code == 303
        yield person, headers, account.id
    services.close()


def test_the_timesheet_page_of_a_week_of_a_thousand_shifts(
    benchmark: Any, week: tuple[Person, dict[str, str], int]
) -> None:
    person, headers, client_id = week
    page = f"/console/{client_id}/timesheets?week={WEEK}"
    api = f"/api/v1/timesheets.php?limit=100&include_pricing=true&date_from={WEEK}&date_to=2026-11-08"
    first = person.get(page)
    assert first.status_code == 200
    assert "1000 shifts this week" in first.text
    assert person.client.get(api, headers=headers).status_code == 200
    html = median_seconds(lambda: person.get(page))
    json = median_seconds(lambda: person.client.get(api, headers=headers))
    note(
        f"console timesheet page, 1,000-shift week (100 rows): {html * 1000:.1f} ms median in process "
        f"vs the API's same page as JSON {json * 1000:.1f} ms: {html / json:.2f}x (bar: under 100 ms)"
    )
    reply = benchmark(person.get, page)
    assert reply.status_code == 200
