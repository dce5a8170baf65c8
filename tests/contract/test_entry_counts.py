"""The completed-entry counts the database keeps (migration 0018's triggers) equal a count of the rows
after any inserts, clock-outs, reopenings, type changes, worker moves and deletes, on SQLite and
PostgreSQL; and a timesheet list's total read from them is the number of rows it pages through."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, func, insert, select, update

from workforce_adapters.json.commands import structure
from workforce_adapters.sql import tables
from workforce_adapters.sql.mapping import to_row
from workforce_core.commands.reference import CreateLocation
from workforce_core.commands.workers import CreateWorker
from workforce_core.model.time_entries import TimeEntry
from workforce_core.ports import EntryFilter, Paging
from workforce_core.services import accounts, reference, workers
from workforce_entrypoints.bootstrap import Services, Settings, bootstrap

START = datetime(2026, 3, 2, 8, tzinfo=UTC)
te, counts = tables.time_entries, tables.completed_entry_counts


class World:
    def __init__(self, services: Services) -> None:
        self.services = services
        uow, clock = services.uow, services.clock
        account = accounts.create_client(accounts.CreateClient(name="Counted Ltd"), uow=uow, clock=clock)
        self.client_id = account.id
        site = reference.create_location(
            structure(CreateLocation, {"name": "Depot"}), client_id=account.id, uow=uow, clock=clock
        )
        self.site_id = site.id
        self.worker_ids = [
            workers.create_worker(
                structure(CreateWorker, {"name": f"Worker {n}", "location_id": site.id}),
                client_id=account.id,
                uow=uow,
                clock=clock,
            ).worker.id
            for n in range(3)
        ]

    def kept(self) -> dict[tuple[int, str], int]:
        with self.services.engine.connect() as connection:
            rows = connection.execute(select(counts.c.worker_id, counts.c.entry_type, counts.c.completed))
            return {(w, t): n for w, t, n in rows if n}

    def counted(self) -> dict[tuple[int, str], int]:
        query = (
            select(te.c.worker_id, te.c.entry_type, func.count())
            .where(te.c.clock_out.is_not(None))
            .group_by(te.c.worker_id, te.c.entry_type)
        )
        with self.services.engine.connect() as connection:
            return {(w, t): n for w, t, n in connection.execute(query)}


@pytest.fixture
def world(database_url: str) -> Iterator[World]:
    services = bootstrap(Settings(database_url=database_url))
    try:
        yield World(services)
    finally:
        services.close()


worker_index = st.integers(0, 2)
steps = st.lists(
    st.one_of(
        st.tuples(st.just("insert"), worker_index, st.sampled_from(["shift", "break"]), st.booleans()),
        st.tuples(st.just("clock_out"), st.integers(0, 50)),
        st.tuples(st.just("reopen"), st.integers(0, 50)),
        st.tuples(st.just("retype"), st.integers(0, 50)),
        st.tuples(st.just("move"), st.integers(0, 50), worker_index),
        st.tuples(st.just("approve"), st.integers(0, 50)),
        st.tuples(st.just("delete"), st.integers(0, 50)),
    ),
    max_size=25,
)


def _apply(world: World, step: tuple[object, ...]) -> None:
    with world.services.engine.begin() as connection:
        ids = sorted(connection.execute(select(te.c.id).where(te.c.client_id == world.client_id)).scalars())
        kind = step[0]
        if kind == "insert":
            _, worker, entry_type, closed = step
            begin = START + timedelta(hours=len(ids))
            entry = TimeEntry(
                worker_id=world.worker_ids[int(worker)],  # type: ignore[call-overload]
                client_id=world.client_id,
                location_id=world.site_id,
                entry_type=str(entry_type),
                clock_in=begin,
                clock_out=begin + timedelta(hours=1) if closed else None,
                created_at=begin,
            )
            connection.execute(insert(te).values(to_row(entry, te)))
            return
        if not ids:
            return
        row = te.c.id == ids[int(step[1]) % len(ids)]  # type: ignore[call-overload]
        if kind == "clock_out":
            connection.execute(update(te).where(row, te.c.clock_out.is_(None)).values(clock_out=te.c.clock_in))
        elif kind == "reopen":
            connection.execute(update(te).where(row).values(clock_out=None))
        elif kind == "retype":
            connection.execute(update(te).where(row).values(entry_type="break"))
        elif kind == "move":
            connection.execute(update(te).where(row).values(worker_id=world.worker_ids[int(step[2])]))  # type: ignore[call-overload]
        elif kind == "approve":  # no change of the count: the triggers do not fire
            connection.execute(update(te).where(row).values(approval_status="approved"))
        else:
            connection.execute(delete(te).where(row))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=steps)
def test_the_kept_counts_equal_a_count_of_the_rows_after_any_writes(
    world: World, steps: list[tuple[object, ...]]
) -> None:
    for step in steps:
        _apply(world, step)
        assert world.kept() == world.counted(), step


def test_a_timesheet_total_read_from_the_counts_is_the_rows_it_pages_through(world: World) -> None:
    for n in range(7):
        _apply(world, ("insert", n % 3, "shift", n != 3))  # one of them still open
    _apply(world, ("insert", 0, "break", True))
    queries = world.services.queries
    everyone = queries.entries(EntryFilter(client_id=world.client_id, paging=Paging(limit=2, offset=0)))
    assert everyone.total == 6
    seen = [
        view.entry.id
        for offset in range(0, 8, 2)
        for view in queries.entries(EntryFilter(client_id=world.client_id, paging=Paging(limit=2, offset=offset))).items
    ]
    assert len(seen) == len(set(seen)) == 6
    first, second = world.worker_ids[:2]
    page = Paging(limit=50, offset=0)
    one = queries.entries(EntryFilter(client_id=world.client_id, paging=page, worker_id=first))
    assert one.total == len(one.items) == 2  # worker 0's shifts 0 and 6 (3 is still open)
    two = queries.entries(EntryFilter(client_id=world.client_id, paging=page, worker_ids=(first, second)))
    assert two.total == len(two.items) == 4
    breaks = queries.entries(EntryFilter(client_id=world.client_id, paging=page, entry_types=("shift", "break")))
    assert breaks.total == len(breaks.items) == 7
    counted = queries.entries(EntryFilter(client_id=world.client_id, paging=page, approval_status="pending"))
    assert counted.total == len(counted.items) == 6  # a filter the kept counts do not answer: rows counted
