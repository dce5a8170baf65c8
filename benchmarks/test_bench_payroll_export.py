"""Payroll and the pay file of one big pay week, against the bare ``SELECT`` of its rows, with peak memory.

One client on a SQLite file with 10,000 workers and 50,000 approved shifts in one pay week (five each,
every third worker on nights). Its figures are priced and stored by the background pass (reads store
nothing), then the week is locked (``services.pay_weeks.lock_week``, what ``workforce pay-week lock``
runs). Side by side in one run:

- ``GET /payroll.php`` over every page (200 lines a page), in process through the app (routing, auth,
  rate limit, the storage thread and JSON included) by httpx's ASGI transport: the reply bodies are
  read whole and only the first page's is parsed (for the total), so the time is the product's; the
  pages are then read as a test client does, printed beside (Starlette's ``TestClient``, which hops to
  a portal thread for every call), every reply parsed and its lines counted;
- ``workforce export create --kind pkg_a --out FILE`` for that week, in process through the console's
  Typer app on the same services (the file streamed, stored, 50,000 shifts stamped, one transaction);
- the bare ``SELECT`` of those 50,000 ``time_entries`` rows, fetched and mapped to nothing.

Times come from untraced runs (the ``SELECT`` and the payroll pages the best of three, the others one
run each); peak memory from a second run of each under tracemalloc (Python allocations; SQLite's own
cache is not counted). The ratios are printed, never asserted.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from attrs import frozen
from sqlalchemy import select
from starlette.testclient import TestClient
from tests.clocks import FakeClock
from typer.testing import CliRunner

from benchmarks.report import note
from benchmarks.seeding import Agency, agency, approved_shifts, bulk_insert, bulk_workers, migrated_sqlite
from benchmarks.test_bench_week_pricing import MB, peak, timed
from workforce_adapters.sql import tables
from workforce_core.commands.pay_weeks import LockPayWeek
from workforce_core.services import pay_weeks
from workforce_core.services.figure_refresh import refresh_figures
from workforce_entrypoints.app import create_app
from workforce_entrypoints.bootstrap import Services, Settings, bootstrap
from workforce_entrypoints.cli.main import app as cli_app

WORKERS = 10_000
SHIFTS = 50_000
WEEK = date(2026, 11, 2)  # a Monday, the default pay week's first day
PAGE = 200


@frozen
class BigWeek:
    services: Services
    bench: Agency
    api: TestClient
    database_url: str
    out: Path
    refresh_seconds: float


def seeded_week(folder: Path, name: str, *, approved: bool) -> tuple[Services, Agency, str]:
    """A SQLite file in ``folder`` with one client, ``WORKERS`` workers and their ``SHIFTS`` shifts in
    ``WEEK`` (approved, or waiting for approval), seen from the Thursday after that week ended."""
    url = migrated_sqlite(folder)
    services = bootstrap(Settings(database_url=url), clock=FakeClock(datetime(2026, 11, 12, 12, 0, tzinfo=UTC)))
    bench = agency(services, name)
    workers = bulk_workers(services, bench, WORKERS)
    bulk_insert(services, approved_shifts(bench, workers, [WEEK], approved=approved))
    return services, bench, url


@pytest.fixture(scope="module")
def big_week(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BigWeek]:
    folder = tmp_path_factory.mktemp("payroll-export")
    services, bench, url = seeded_week(folder, "Big week", approved=True)
    with TestClient(create_app(services=services)) as api:
        week = BigWeek(services, bench, api, url, folder / "pkg_a.csv", 0.0)
        refresh_seconds, priced = timed(lambda: refresh_figures(uow=services.uow))  # the background pass
        assert priced == SHIFTS
        pay_weeks.lock_week(LockPayWeek(client_id=bench.account.id, week=WEEK), uow=services.uow, clock=services.clock)
        yield BigWeek(services, bench, api, url, week.out, refresh_seconds)
    services.close()


def _page(offset: int) -> str:
    return f"/api/v1/payroll.php?week={WEEK}&limit={PAGE}&offset={offset}"


def payroll_pages(week: BigWeek) -> int:
    """Every page of the week's payroll lines, as an API client reads them: each reply parsed, its lines counted."""
    read, total = 0, None
    while total is None or read < total:
        reply = week.api.get(_page(read), headers=week.bench.headers)
        assert reply.status_code == 200, reply.text
        body = reply.json()
        total = body["pagination"]["total"]
        read += len(body["data"])
    return read


def payroll_bytes(week: BigWeek) -> int:
    """Every page of the week's payroll lines from the app in process, each body read whole: the pages read."""

    async def pages() -> int:
        transport = httpx.ASGITransport(app=week.api.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://bench") as client:
            first = await client.get(_page(0), headers=week.bench.headers)
            assert first.status_code == 200, first.text
            total = int(first.json()["pagination"]["total"])
            for offset in range(PAGE, total, PAGE):
                reply = await client.get(_page(offset), headers=week.bench.headers)
                assert reply.status_code == 200, reply.text
                assert reply.content
            return -(-total // PAGE)

    return asyncio.run(pages())


def export(week: BigWeek, kind: str = "pkg_a") -> dict[str, Any]:
    """``workforce export create --kind KIND`` of the week, in process through the console's Typer app."""
    runner = CliRunner()
    args = ["--db", week.database_url, "export", "create", "--client", str(week.bench.account.id)]
    args += ["--week", WEEK.isoformat(), "--kind", kind, "--out", str(week.out)]
    result = runner.invoke(cli_app, args, obj={"db": week.database_url, "services": week.services})
    assert result.exit_code == 0, result.stderr
    return dict(json.loads(result.stdout))


def raw_select(week: BigWeek) -> int:
    """The bare ``SELECT`` of the week's ``time_entries`` rows, fetched and mapped to nothing."""
    te = tables.time_entries
    start = datetime.combine(WEEK, datetime.min.time(), UTC)
    query = select(te).where(
        te.c.client_id == week.bench.account.id, te.c.clock_in >= start, te.c.clock_in < start + timedelta(7)
    )
    with week.services.engine.connect() as connection:
        return len(connection.execute(query).all())


def test_payroll_and_the_pkg_a_export_of_a_big_week_against_the_raw_select(benchmark: Any, big_week: BigWeek) -> None:
    select_seconds, selected = timed(lambda: raw_select(big_week), times=3)
    assert selected == SHIFTS
    payroll_seconds, pages = timed(lambda: payroll_bytes(big_week), times=3)
    assert pages == WORKERS // PAGE
    client_seconds, lines = timed(lambda: payroll_pages(big_week))
    assert lines == WORKERS
    export_seconds, batch = benchmark.pedantic(lambda: timed(lambda: export(big_week)), rounds=1)
    assert (batch["entry_count"], batch["line_count"]) == (SHIFTS, WORKERS)
    file_bytes = big_week.out.stat().st_size
    select_peak = peak(lambda: raw_select(big_week))
    payroll_peak = peak(lambda: payroll_bytes(big_week))
    export_peak = peak(lambda: export(big_week))
    benchmark.extra_info.update(
        payroll_ratio=round(payroll_seconds / select_seconds, 2),
        payroll_test_client_ratio=round(client_seconds / select_seconds, 2),
        export_ratio=round(export_seconds / select_seconds, 2),
        payroll_peak_mb=round(payroll_peak / MB, 1),
        export_peak_mb=round(export_peak / MB, 1),
    )
    note(f"One pay week on SQLite, {WORKERS:,} workers and {SHIFTS:,} approved shifts, locked, in process:")
    note(f"  bare SELECT of the {SHIFTS:,} rows: {select_seconds:.2f} s; peak memory {select_peak / MB:,.1f} MB")
    note(
        f"  GET /payroll.php, {pages} pages of {PAGE} (ASGI, in process): {payroll_seconds:.2f} s = "
        f"{payroll_seconds / select_seconds:.2f}x the SELECT; peak memory {payroll_peak / MB:,.1f} MB "
        f"(the background pass, pricing and storing the week, took {big_week.refresh_seconds:.2f} s)"
    )
    note(
        f"  the same pages through TestClient, every reply parsed: {client_seconds:.2f} s = "
        f"{client_seconds / select_seconds:.2f}x the SELECT"
    )
    note(
        f"  export create --kind pkg_a (console, {file_bytes / MB:,.1f} MB file, {SHIFTS:,} shifts stamped): "
        f"{export_seconds:.2f} s = {export_seconds / select_seconds:.1f}x the SELECT, "
        f"{export_seconds / payroll_seconds:.1f}x the payroll read; peak memory {export_peak / MB:,.1f} MB"
    )
