"""Pricing one pay week in process, against the raw ``SELECT`` of the same rows, with peak memory.

Three clients on one SQLite file, each with one pay week of approved shifts (five per worker): 1,000,
10,000 and 50,000 shifts. Pricing is what a read of that week costs today: the week's shifts read as
time entries, ``PricingInputs`` read as ``GET /timesheets.php`` reads them, then ``steps.pricing.price_shifts`` over
every shift. The raw ``SELECT`` fetches the same rows and maps nothing. Times come from untraced runs
(the ``SELECT`` the best of three, pricing one run); peak memory from a second run of each under
tracemalloc. The ratios are printed, not asserted.
"""

from __future__ import annotations

import gc
import time
import tracemalloc
from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from attrs import frozen
from sqlalchemy import select

from benchmarks.report import note
from benchmarks.seeding import Agency, agency, approved_shifts, bulk_insert, bulk_workers, migrated_sqlite
from workforce_adapters.sql import tables
from workforce_adapters.sql.mapping import from_row
from workforce_core.model.time_entries import TimeEntry
from workforce_core.steps.pay_figures import week_figures
from workforce_core.steps.pricing import price_shifts
from workforce_entrypoints.bootstrap import Services, Settings, bootstrap

SIZES = (1_000, 10_000, 50_000)
WEEK = date(2026, 11, 2)  # a Monday, the default pay week's first day
SHIFTS_PER_WORKER = 5
MB = 1024 * 1024


@frozen
class Week:
    services: Services
    agencies: dict[int, Agency]


@pytest.fixture(scope="module")
def week(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Week]:
    services = bootstrap(Settings(database_url=migrated_sqlite(tmp_path_factory.mktemp("week-pricing"))))
    agencies = {}
    for size in SIZES:
        bench = agency(services, f"Week of {size} shifts")
        worker_ids = bulk_workers(services, bench, size // SHIFTS_PER_WORKER)
        bulk_insert(services, approved_shifts(bench, worker_ids, [WEEK]))
        agencies[size] = bench
    yield Week(services, agencies)
    services.close()


def _the_week(client_id: int) -> Any:
    te = tables.time_entries
    start = datetime.combine(WEEK, datetime.min.time(), UTC)
    return select(te).where(te.c.client_id == client_id, te.c.clock_in >= start, te.c.clock_in < start + timedelta(7))


def raw_select(services: Services, bench: Agency) -> int:
    with services.engine.connect() as connection:
        return len(connection.execute(_the_week(bench.account.id)).all())


@frozen
class Priced:
    count: int
    inputs_seconds: float
    engine_seconds: float


def pricing(services: Services, bench: Agency) -> Priced:
    started = time.perf_counter()
    with services.engine.connect() as connection:
        entries = tuple(from_row(TimeEntry, row) for row in connection.execute(_the_week(bench.account.id)).mappings())
    inputs = services.queries.pricing_inputs(bench.account, entries)  # as GET /timesheets.php reads them
    read = time.perf_counter()
    priced = price_shifts([e.id for e in entries], bench.account, inputs)
    return Priced(len(priced), read - started, time.perf_counter() - read)


def timed(run: Callable[[], Any], times: int = 1) -> tuple[float, Any]:
    best, result = float("inf"), None
    for _ in range(times):
        gc.collect()
        started = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - started)
    return best, result


def peak(run: Callable[[], Any]) -> int:
    gc.collect()
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("size", SIZES)
def test_price_a_pay_week_against_the_raw_select(benchmark: Any, week: Week, size: int) -> None:
    bench = week.agencies[size]
    select_seconds, selected = timed(lambda: raw_select(week.services, bench), times=3)
    assert selected == size
    pricing_seconds, priced = benchmark.pedantic(lambda: timed(lambda: pricing(week.services, bench)), rounds=1)
    assert priced.count == size
    select_peak = peak(lambda: raw_select(week.services, bench))
    pricing_peak = peak(lambda: pricing(week.services, bench))
    ratio = pricing_seconds / select_seconds
    benchmark.extra_info.update(time_ratio=round(ratio, 2), pricing_peak_mb=round(pricing_peak / MB, 1))
    if size == SIZES[0]:
        note("In process, one pay week on SQLite (pricing = read the week + PricingInputs + price_shifts):")
    note(
        f"  {size:,} shifts: pricing {pricing_seconds:.2f} s (inputs {priced.inputs_seconds:.2f} s, engine "
        f"{priced.engine_seconds:.2f} s) vs SELECT {select_seconds * 1000:.1f} ms = {ratio:.1f}x; peak memory "
        f"{pricing_peak / MB:,.1f} MB vs {select_peak / MB:,.1f} MB = {pricing_peak / select_peak:.1f}x"
    )


def stored_read(services: Services, bench: Agency) -> int:
    """The week's stored figures summed per worker (what payroll lines are made of); nothing is stale."""
    weeks = week_figures(bench.account, WEEK, queries=services.queries, uow=services.uow, status=None)
    return sum(worker.shifts for worker in weeks)


@pytest.mark.parametrize("size", SIZES)
def test_read_the_stored_figures_of_a_pay_week_against_the_raw_select(benchmark: Any, week: Week, size: int) -> None:
    bench = week.agencies[size]
    first_seconds, priced = timed(lambda: stored_read(week.services, bench))  # prices and stores every shift
    assert priced == size
    select_seconds, selected = timed(lambda: raw_select(week.services, bench), times=3)
    assert selected == size
    read_seconds, read = benchmark.pedantic(lambda: timed(lambda: stored_read(week.services, bench), times=3), rounds=1)
    assert read == size
    select_peak = peak(lambda: raw_select(week.services, bench))
    read_peak = peak(lambda: stored_read(week.services, bench))
    ratio = read_seconds / select_seconds
    benchmark.extra_info.update(time_ratio=round(ratio, 2), read_peak_mb=round(read_peak / MB, 1))
    if size == SIZES[0]:
        note("In process, one pay week's stored figures summed per worker (after the first read priced them):")
    note(
        f"  {size:,} shifts: read {read_seconds * 1000:.1f} ms vs SELECT {select_seconds * 1000:.1f} ms = "
        f"{ratio:.2f}x; peak memory {read_peak / MB:,.1f} MB vs {select_peak / MB:,.1f} MB; "
        f"the first read (pricing and storing the week) took {first_seconds:.2f} s"
    )
