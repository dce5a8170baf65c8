"""The week counts against the rule they stand for, over random shifts: the SQL pre-filter of the blocking
exceptions never drops one that ``rules.exceptions`` finds, and the memory adapter counts as SQL does."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.databases import PostgresSchema, SqliteTemplate
from workforce_adapters.json import event_codec
from workforce_adapters.memory import MemoryUnitOfWorkFactory
from workforce_adapters.sql.engine import make_engine
from workforce_adapters.sql.unit_of_work import SqlUnitOfWorkFactory
from workforce_core.model.accounts import ClientAccount, ClientSettings
from workforce_core.model.reference import Location
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.ports import UnitOfWorkFactory
from workforce_core.rules.exceptions import find_exceptions
from workforce_core.rules.pay_weeks import week_of
from workforce_core.steps.pay_week_views import pay_week_views

FIRST = date(2026, 3, 2)  # a Monday; three weeks from it
NOW = datetime(2026, 3, 25, 12, 0, tzinfo=UTC)
STARTS = [FIRST + timedelta(weeks=n) for n in range(3)]

shift = st.tuples(
    st.integers(0, 1),  # worker
    st.integers(0, 1),  # site
    # clock-in, hours after FIRST (the day before the weeks: context only), on a few starts a day so shifts meet
    st.builds(lambda day, hour: day * 24 + hour, st.integers(-1, 20), st.sampled_from([0, 6, 9, 14, 22])),
    st.one_of(st.none(), st.integers(1, 16)),  # hours worked, or still open
    st.sampled_from(["pending", "approved", "disputed"]),
)


def _store(
    uow: UnitOfWorkFactory, shifts: list[tuple[int, int, int, int | None, str]]
) -> tuple[ClientAccount, list[int], list[int]]:
    """A new client (so examples share one database) with its two sites, three workers and the shifts."""
    ids = []
    with uow() as tx:
        client = tx.clients.add(ClientAccount(name="Acme", created_at=NOW, settings=ClientSettings()))
        sites = [tx.locations.add(Location(client_id=client.id, name=f"S{n}", created_at=NOW)).id for n in range(2)]
        workers = [
            tx.workers.add(Worker(client_id=client.id, name=f"W{n}", employee_id=f"E-{n}", created_at=NOW)).id
            for n in range(3)
        ]
        for worker, site, start, hours, approval in shifts:
            clock_in = datetime(2026, 3, 2, tzinfo=UTC) + timedelta(hours=start, minutes=7 * worker)
            entry = TimeEntry(worker_id=workers[worker], client_id=client.id, clock_in=clock_in, created_at=NOW)
            clock_out = clock_in + timedelta(hours=hours) if hours is not None else None
            stored = attrs.evolve(entry, location_id=sites[site], clock_out=clock_out, approval_status=approval)
            ids.append(tx.entries.add(stored).id)
        tx.commit()
    return client, sites, ids


def _expected(uow: UnitOfWorkFactory, ids: list[int], sites: tuple[int, ...] | None) -> Counter[date]:
    """The blocking open exceptions per week as /exceptions.php's rule finds them over every shift."""
    with uow(read_only=True) as tx:
        every = list(tx.entries.get_many(ids).values())
    reported = [e for e in every if (sites is None or e.location_id in sites) and week_of(e.clock_in, 1) in STARTS]
    found = find_exceptions(reported, breaks={}, bookings=(), now=NOW, context=every)
    return Counter(
        week_of(e.clock_in, 1)
        for e in reported
        if any(x.entry_id == e.id and x.severity == "blocking" and x.status == "open" for x in found)
    )


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def sql(request: pytest.FixtureRequest) -> Iterator[SqlUnitOfWorkFactory]:
    if request.param == "sqlite":
        template: SqliteTemplate = request.getfixturevalue("sqlite_template")
        url = template.fresh_url()
    else:
        schema: PostgresSchema = request.getfixturevalue("postgres_schema")
        url = schema.fresh_url()
    engine = make_engine(url)
    yield SqlUnitOfWorkFactory(engine, event_codec=event_codec)
    engine.dispose()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(shifts=st.lists(shift, max_size=16), limited=st.booleans())
def test_the_counts_match_the_exception_rule_and_the_memory_adapter(
    sql: SqlUnitOfWorkFactory, shifts: list[tuple[int, int, int, int | None, str]], limited: bool
) -> None:
    counted = []
    for uow in (sql, MemoryUnitOfWorkFactory(event_codec=event_codec)):
        client, sites, ids = _store(uow, shifts)
        scope = (sites[1],) if limited else None
        with uow(read_only=True) as tx:
            views = pay_week_views(tx.pay_weeks, client, STARTS, scope, NOW, tx.wages, tx.wages)
        expected = _expected(uow, ids, scope)
        assert {v.week_start: v.counts.exceptions_open for v in views} == {s: expected[s] for s in STARTS}
        counted.append([v.counts for v in views])
    assert counted[0] == counted[1]
