"""The console's shifts board over a week of 1,000 bookings at one site (200 workers, five days, and a
requirement of 200 people each day), and one requirement's page with who is free among the 200: the
time on the server, in process. The issue's bar is a page under 100 ms; the figures are printed,
never asserted."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.console_pages import Person, make_user
from tests.databases import SqliteTemplate

from benchmarks.report import median_seconds, note
from workforce_adapters.passwords import Argon2PasswordHasher
from workforce_core.model.bookings import Booking
from workforce_core.model.demands import Demand
from workforce_entrypoints.app import create_app
from workforce_entrypoints.bootstrap import Settings, bootstrap

WEEK = "2026-11-02"
PEOPLE = 200


@pytest.fixture(scope="module")
def board(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Person, int, int]]:
    template = SqliteTemplate(Path(tmp_path_factory.mktemp("board")))
    services = bootstrap(
        Settings(database_url=template.fresh_url()), clock=FakeClock(datetime(2026, 10, 29, 12, tzinfo=UTC))
    )
    services.hasher = Argon2PasswordHasher(fast=True)
    world = World(services)
    account = world.account("Bench Ltd")
    site = world.site(account.id, "Depot")
    workers = [world.worker(account.id, f"Worker {n:04d}", location_id=site.id).worker for n in range(PEOPLE)]
    made = datetime(2026, 10, 1, tzinfo=UTC)
    with services.uow() as tx:
        for day in range(5):  # a requirement of 200 a day, filled: 1,000 bookings at one site
            start = datetime(2026, 11, 2, 8, 0, tzinfo=UTC) + timedelta(days=day)
            shift_date = date(2026, 11, 2) + timedelta(days=day)
            slot = {"shift_date": shift_date, "start": start, "end": start + timedelta(hours=9)}
            demand = tx.demands.add(
                Demand(client_id=account.id, location_id=site.id, headcount=PEOPLE, requested=PEOPLE,
                       created_at=made, **slot)
            )  # fmt: skip
            for worker in workers:
                tx.bookings.add(
                    Booking(client_id=account.id, worker_id=worker.id, location_id=site.id, created_at=made,
                            demand_id=demand.id, **slot)
                )  # fmt: skip
        open_day = start + timedelta(days=1)
        spare = tx.demands.add(
            Demand(client_id=account.id, location_id=site.id, shift_date=open_day.date(), start=open_day,
                   end=open_day + timedelta(hours=9), headcount=5, requested=5, created_at=made)
        )  # fmt: skip
        tx.commit()
    user, password = make_user(services, "coordinator", account.id)
    with TestClient(create_app(services=services)) as client:
        person = Person(client)
        assert person.sign_in(user.email, password).status_code == 303
        yield person, account.id, spare.id
    services.close()


def test_the_shifts_board_of_a_week_of_a_thousand_bookings(benchmark: Any, board: tuple[Person, int, int]) -> None:
    person, client_id, spare = board
    page = f"/console/{client_id}/shifts?week={WEEK}"
    requirement = f"/console/{client_id}/shifts/requirements/{spare}"
    first = person.get(page)
    assert first.status_code == 200
    assert "1000 bookings this week" in first.text
    assert "200/200" in first.text
    listed = person.get(requirement)
    assert listed.status_code == 200
    assert "200 workers, best matches first (100 shown)" in listed.text
    shown = median_seconds(lambda: person.get(page))
    free = median_seconds(lambda: person.get(requirement))
    note(
        f"console shifts board, 1,000-booking week at one site (100 rows, 6 requirements): {shown * 1000:.1f} ms "
        f"median in process; a requirement's page with who is free among 200 workers: {free * 1000:.1f} ms "
        "(bar: under 100 ms)"
    )
    reply = benchmark(person.get, page)
    assert reply.status_code == 200
