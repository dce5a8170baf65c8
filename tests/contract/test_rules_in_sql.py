"""Each SQL pre-filter that stands for a rule agrees with the rule on random data, on SQLite and PostgreSQL:
the payroll and charge reads' sets of stored gate results, lock coverage, a requirement's status and the
dormancy job's candidates. Each example makes its own client, so examples share one database."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from itertools import count

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import insert, select

from workforce_adapters.json import event_codec
from workforce_adapters.sql import tables
from workforce_adapters.sql.demands import list_demands
from workforce_adapters.sql.engine import make_engine
from workforce_adapters.sql.pay_figures import LATE
from workforce_adapters.sql.pay_weeks import may_cover
from workforce_adapters.sql.payroll_reads import PAID, UNPAID_APPROVED
from workforce_adapters.sql.unit_of_work import SqlUnitOfWork, SqlUnitOfWorkFactory
from workforce_core.model.accounts import ClientAccount, ClientSettings
from workforce_core.model.bookings import Booking, BookingStatus
from workforce_core.model.demands import Demand, DemandStatus
from workforce_core.model.pay_gate import PayrollStatus
from workforce_core.model.pay_weeks import PayWeekLock
from workforce_core.model.reference import Location
from workforce_core.model.time_entries import ApprovalStatus, TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.ports import DemandFilter, Paging
from workforce_core.rules.demands import demand_status
from workforce_core.rules.dormancy import goes_dormant
from workforce_core.rules.locked_figures import source_of
from workforce_core.rules.pay_gate import REASON_STATUS, GateResult, counts_as_paid, is_late, left_unpaid
from workforce_core.rules.week_locks import covers, locked_on
from workforce_core.views import ShiftFigures

NOW = datetime(2026, 3, 25, 12, 0, tzinfo=UTC)
MONDAY = date(2026, 3, 2)
EXAMPLES = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
names = count()


@pytest.fixture
def sql(database_url: str) -> Iterator[SqlUnitOfWorkFactory]:
    engine = make_engine(database_url)
    yield SqlUnitOfWorkFactory(engine, event_codec=event_codec)
    engine.dispose()


def _client(tx: SqlUnitOfWork, sites: int = 2) -> tuple[ClientAccount, list[int]]:
    client = tx.clients.add(ClientAccount(name=f"Acme {next(names)}", created_at=NOW, settings=ClientSettings()))
    made = [tx.locations.add(Location(client_id=client.id, name=f"S{n}", created_at=NOW)).id for n in range(sites)]
    return client, made


def _worker(tx: SqlUnitOfWork, client_id: int, **fields: object) -> Worker:
    number = next(names)
    worker = Worker(client_id=client_id, name=f"W{number}", employee_id=f"E-{number}", created_at=NOW)
    return tx.workers.add(attrs.evolve(worker, **fields))


# ---- the pay gate's named reason sets ----------------------------------------------------------

gates = st.one_of(
    st.just(GateResult(PayrollStatus.PAYABLE, None)),
    st.sampled_from(sorted(REASON_STATUS.items())).map(lambda pair: GateResult(pair[1], pair[0])),
)
stored = st.tuples(
    gates, st.one_of(st.none(), st.just(MONDAY + timedelta(weeks=1))), st.sampled_from(ApprovalStatus), st.booleans()
)


@EXAMPLES
@given(rows=st.lists(stored, min_size=1, max_size=12))
def test_the_reads_sets_of_stored_gate_results_are_the_rules(
    sql: SqlUnitOfWorkFactory, rows: list[tuple[GateResult, date | None, ApprovalStatus, bool]]
) -> None:
    """And a stored figure is shown as locked exactly when a lock froze its shift (``rules.locked_figures``)."""
    with sql() as tx:
        client, _ = _client(tx, sites=0)
        worker = _worker(tx, client.id)
        figures, approvals, frozen = [], {}, set()
        for n, (gate, adjust_week, approval, freeze) in enumerate(rows):
            clock_in = datetime(2026, 3, 2, 8, tzinfo=UTC) + timedelta(hours=n)
            entry = TimeEntry(
                worker_id=worker.id, client_id=client.id, clock_in=clock_in, created_at=NOW, approval_status=approval
            )
            entry = tx.entries.add(attrs.evolve(entry, clock_out=clock_in + timedelta(minutes=30)))
            approvals[entry.id] = approval
            if freeze:
                frozen.add(entry.id)
            figures.append(_figures(entry, gate, adjust_week))
        tx.figures.store([(worker.id, MONDAY)], figures)
        lock = tx.connection.execute(
            insert(tables.pay_week_locks).values(client_id=client.id, week_start=MONDAY, locked_at=NOW)
        ).inserted_primary_key
        for entry_id in frozen:
            tx.connection.execute(insert(tables.frozen_entries).values(lock_id=lock[0], entry_id=entry_id))
        tx.commit()
    by_id = {f.entry_id: f for f in figures}
    f = tables.shift_figures
    with sql(read_only=True) as tx:
        for where, rule in (
            (PAID, lambda e: counts_as_paid(by_id[e].gate, by_id[e].adjust_week)),
            (LATE, lambda e: is_late(by_id[e].gate, by_id[e].adjust_week)),
            (UNPAID_APPROVED, lambda e: left_unpaid(by_id[e].gate, approvals[e])),
        ):
            found = set(tx.connection.execute(select(f.c.entry_id).where(f.c.client_id == client.id, where)).scalars())
            assert found == {e for e in by_id if rule(e)}
        read = tx.figures.of(list(by_id))
    assert {e: (r.gate.status, r.gate.reason) for e, r in read.items()} == {
        e: (f.gate.status, f.gate.reason) for e, f in by_id.items()
    }
    assert all(type(r.gate.status) is PayrollStatus for r in read.values())
    assert {e: r.source for e, r in read.items()} == {e: source_of(e in frozen) for e in by_id}


def _figures(entry: TimeEntry, gate: GateResult, adjust_week: date | None) -> ShiftFigures:
    return ShiftFigures(
        entry_id=entry.id,
        client_id=entry.client_id,
        worker_id=entry.worker_id,
        location_id=None,
        pay_week_start=MONDAY,
        clock_in=entry.clock_in,
        paid_minutes=30,
        unpaid_break_minutes=0,
        gate=gate,
        rule_id=None,
        base_pay=Decimal("12.75"),
        base_charge=Decimal("16.00"),
        parity=False,
        lines=(),
        adjust_week=adjust_week,
    )


# ---- lock coverage -----------------------------------------------------------------------------

locks = st.lists(
    st.tuples(st.integers(0, 20), st.sampled_from([None, 0, 1]), st.booleans()),  # day after MONDAY, site, lifted
    max_size=6,
    unique_by=lambda lock: (lock[0], lock[1]),
)
asked = st.lists(st.tuples(st.sampled_from([None, 0, 1]), st.integers(-2, 28)), min_size=1, max_size=10)


@EXAMPLES
@given(made=locks, questions=asked)
def test_a_site_and_day_is_locked_in_sql_as_the_lock_coverage_rule_says(
    sql: SqlUnitOfWorkFactory,
    made: list[tuple[int, int | None, bool]],
    questions: list[tuple[int | None, int]],
) -> None:
    """Any day may start a lock here (a client's start day can change), so the rule's week is tested whole.
    A clock-in's read of its site with the locks (``LocationRepository.with_week_lock``) decides the same."""
    with sql() as tx:
        client, sites = _client(tx)
        stored = []
        for day, site, lifted in made:
            lock = PayWeekLock(
                client.id,
                MONDAY + timedelta(days=day),
                NOW,
                location_id=sites[site] if site is not None else None,
                unlocked_at=NOW if lifted else None,
            )
            row = {k: v for k, v in attrs.asdict(lock).items() if k != "id"}
            lock.id = tx.connection.execute(
                insert(tables.pay_week_locks).values(**row).returning(tables.pay_week_locks.c.id)
            ).scalar_one()
            stored.append(lock)
        tx.commit()
    locked = locked_on(stored)
    with sql(read_only=True) as tx:
        sites_read = {site_id: tx.locations.get(site_id) for site_id in sites}
        for site, day in questions:
            site_id = sites[site] if site is not None else None
            on = MONDAY + timedelta(days=day)
            kept = {row.id for row in tx.connection.execute(may_cover(client.id, site_id, on))}
            assert {lock.id for lock in stored if covers(lock, site_id, on)} <= kept, (site_id, on)  # the pre-filter
            assert tx.pay_weeks.is_week_locked(client.id, site_id, on) == locked(on, site_id), (site_id, on)
            if site_id is not None:  # a clock-in's site read with its lock: the same pre-filter as a join
                assert tx.locations.with_week_lock(site_id, on) == (sites_read[site_id], locked(on, site_id))


# ---- a requirement's status --------------------------------------------------------------------

demands = st.lists(
    st.tuples(
        st.sampled_from([DemandStatus.OPEN, DemandStatus.CANCELLED]),
        st.integers(-3, 3),  # its end, in hours from now (0: ends now, so finished)
        st.integers(1, 3),  # headcount
        st.lists(st.sampled_from(BookingStatus), max_size=4),  # its bookings
    ),
    min_size=1,
    max_size=6,
)


@EXAMPLES
@given(made=demands)
def test_a_requirements_status_filter_in_sql_is_the_rules_status(
    sql: SqlUnitOfWorkFactory, made: list[tuple[DemandStatus, int, int, list[BookingStatus]]]
) -> None:
    expected: dict[int, str] = {}
    with sql() as tx:
        client, sites = _client(tx, sites=1)
        worker = _worker(tx, client.id)
        for status, end_hours, headcount, bookings in made:
            end = NOW + timedelta(hours=end_hours)
            start = end - timedelta(hours=8)
            demand = tx.demands.add(
                Demand(client.id, sites[0], start.date(), start, end, headcount, headcount, NOW, status=status)
            )
            for booked in bookings:
                tx.bookings.add(
                    Booking(
                        client.id,
                        worker.id,
                        sites[0],
                        start.date(),
                        start,
                        end,
                        NOW,
                        status=booked,
                        demand_id=demand.id,
                    )
                )
            filled = sum(
                1 for b in bookings if b in (BookingStatus.DRAFT, BookingStatus.PUBLISHED, BookingStatus.COMPLETED)
            )
            expected[demand.id] = demand_status(demand, filled, NOW)
        tx.commit()
    engine = sql.engine
    for status in DemandStatus:
        page = list_demands(engine, DemandFilter(client.id, Paging(50), NOW, status=status))
        assert {v.demand.id for v in page.items} == {d for d, s in expected.items() if s == status}
        assert all(v.status == status for v in page.items)


# ---- dormancy ----------------------------------------------------------------------------------

workers = st.lists(
    st.tuples(
        st.fixed_dictionaries(
            {
                "status": st.sampled_from(["active", "pending"]),
                "active": st.booleans(),
                "dormant_since": st.sampled_from([None, NOW]),
                "anonymised_at": st.sampled_from([None, NOW]),
                "created_at": st.sampled_from([NOW - timedelta(days=days) for days in (200, 90, 30)]),
            }
        ),
        st.lists(st.sampled_from([100, 91, 90, 89, 10]), max_size=3),  # clock-ins, in days before now
    ),
    min_size=1,
    max_size=6,
)


@EXAMPLES
@given(made=workers)
def test_the_dormancy_candidates_in_sql_are_the_rules(
    sql: SqlUnitOfWorkFactory, made: list[tuple[dict[str, object], list[int]]]
) -> None:
    cutoff = NOW - timedelta(days=90)
    expected = set()
    with sql() as tx:
        client, _ = _client(tx, sites=0)
        for fields, clocks in made:
            worker = _worker(tx, client.id, **fields)
            for days in clocks:
                tx.entries.add(TimeEntry(worker.id, client.id, NOW - timedelta(days=days), NOW))
            last = max((NOW - timedelta(days=days) for days in clocks), default=None)
            if goes_dormant(worker, last, cutoff):
                expected.add(worker.id)
        tx.commit()
    with sql(read_only=True) as tx:
        assert {w.id for w in tx.workers.idle_since(client.id, cutoff)} == expected
