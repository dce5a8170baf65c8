"""Closing a 50,000-shift pay week end to end, against the bare ``SELECT`` of its rows.

One client on a SQLite file with 10,000 workers and 50,000 completed shifts waiting for approval in one
ended pay week (five each, every third worker on nights), nothing priced yet. In one run, on one copy
of that week:

- close the week (``services.pay_weeks.close_week``, what the console's Close pay week and ``workforce
  pay-week close`` run): every waiting shift approved, the week priced and locked, in one transaction;
- ``workforce export create --kind payroll`` for the locked week, in process through the console's
  Typer app (the file streamed and stored, the shifts stamped);
- the bare ``SELECT`` of those 50,000 ``time_entries`` rows, fetched and mapped to nothing (the best of
  three).

The close and the export change the week, so each runs once. The ratios are printed, never asserted.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from benchmarks.report import note
from benchmarks.test_bench_payroll_export import SHIFTS, WEEK, WORKERS, BigWeek, export, raw_select, seeded_week
from benchmarks.test_bench_week_pricing import timed
from workforce_core.commands.pay_weeks import ClosePayWeek
from workforce_core.services import pay_weeks
from workforce_entrypoints.app import create_app


@pytest.fixture(scope="module")
def waiting_week(tmp_path_factory: pytest.TempPathFactory) -> Iterator[BigWeek]:
    folder = tmp_path_factory.mktemp("close-week")
    services, bench, url = seeded_week(folder, "Closing week", approved=False)
    with TestClient(create_app(services=services)) as api:
        yield BigWeek(services, bench, api, url, folder / "payroll.csv", 0.0)
    services.close()


def close(week: BigWeek) -> int:
    """The console's Close pay week: approve what waits, price, lock; the shifts approved."""
    command = ClosePayWeek(client_id=week.bench.account.id, week=WEEK)
    change = pay_weeks.close_week(command, uow=week.services.uow, clock=week.services.clock)
    return len(change.approved_entry_ids)


def test_closing_a_big_week_end_to_end_against_the_raw_select(benchmark: Any, waiting_week: BigWeek) -> None:
    select_seconds, selected = timed(lambda: raw_select(waiting_week), times=3)
    assert selected == SHIFTS
    close_seconds, approved = benchmark.pedantic(lambda: timed(lambda: close(waiting_week)), rounds=1)
    assert approved == SHIFTS
    export_seconds, batch = timed(lambda: export(waiting_week, "payroll"))
    assert (batch["entry_count"], batch["line_count"]) == (SHIFTS, WORKERS)
    whole = close_seconds + export_seconds
    benchmark.extra_info.update(
        close_ratio=round(close_seconds / select_seconds, 2),
        export_ratio=round(export_seconds / select_seconds, 2),
        end_to_end_seconds=round(whole, 2),
    )
    note(f"Closing one pay week on SQLite, {WORKERS:,} workers and {SHIFTS:,} shifts waiting, in process:")
    note(f"  bare SELECT of the {SHIFTS:,} rows: {select_seconds:.2f} s")
    note(
        f"  close (approve all {approved:,}, price, lock; one transaction): {close_seconds:.2f} s = "
        f"{close_seconds / select_seconds:.1f}x the SELECT"
    )
    note(f"  export create --kind payroll: {export_seconds:.2f} s = {export_seconds / select_seconds:.1f}x the SELECT")
    note(f"  end to end: {whole:.2f} s = {whole / select_seconds:.1f}x the SELECT")
