"""The issue's three requests, product against a bare Starlette app, in one run on this machine.

The product is ``workforce serve`` on a SQLite file holding 1,000 workers and 20,000 approved shifts
(four past pay weeks of five shifts each; the clocking runs on a copy of it, so the reads meet that
data); the baseline is ``benchmarks.bare_server`` under the same uvicorn settings, serving from memory
the bytes the product answered (or, for ``POST /clock.php``, inserting one row). Each is loaded by
``wrk`` (``benchmarks.wrk``) over 8 keep-alive connections to 127.0.0.1 for ``SECONDS`` seconds, after
a warm-up of ``WARM_SECONDS``; one server runs at a time. The servers take turns ``ROUNDS`` times (a
machine shared with others drifts by 10-20% from one run to the next): each round's ratio of answered
requests per second is printed, and their median; no timing is asserted. The two reads are also
measured against the hand-written floor (``benchmarks.floor_server``: the same reads with ``sqlite3``
and ``orjson``), after checking that it answers the very bytes the product answered.

``BENCH_REQUESTS`` (a comma-separated list of ``timesheets``, ``workers`` and ``clock``; all three when
unset) runs only those: ``BENCH_REQUESTS=clock make bench PYTEST_ARGS=benchmarks/test_bench_side_by_side.py``
measures the clocking alone, the floor left out when no read is asked.
"""

from __future__ import annotations

import os
import sqlite3
import statistics
import sys
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from tests.contract.server_process import Server, serving

from benchmarks import wrk
from benchmarks.bare_server import READS, save_reply
from benchmarks.load import Call, Rate, check, fetch
from benchmarks.report import note
from benchmarks.seeding import (
    agency,
    approved_shifts,
    bulk_insert,
    migrated_sqlite,
    week_start,
    workers_through_use_case,
)
from workforce_core.services.figure_refresh import refresh_figures
from workforce_entrypoints.bootstrap import Settings, bootstrap

WORKERS = 1_000
WEEKS = 4  # x 5 shifts x 1,000 workers = 20,000 approved shifts
CONNECTIONS = 8
SECONDS = 8
WARM_SECONDS = 1
ROUNDS = 3
CLOCK = "/api/v1/clock.php"
PATHS = {"timesheets": "/api/v1/timesheets.php?limit=50", "workers": "/api/v1/workers.php?limit=50"}
ROOT = Path(__file__).resolve().parent.parent
REQUESTS_ENV = "BENCH_REQUESTS"


def asked() -> tuple[str, ...]:
    """The requests ``BENCH_REQUESTS`` names (all three when unset), in the run's order."""
    names = (*PATHS, "clock")
    text = os.environ.get(REQUESTS_ENV, "").strip()
    if not text:
        return names
    chosen = {name.strip() for name in text.split(",") if name.strip()}
    unknown = chosen - set(names)
    if unknown:
        raise ValueError(f"{REQUESTS_ENV} names {sorted(unknown)}; it may name {', '.join(names)}")
    return tuple(name for name in names if name in chosen)


class Seeded:
    def __init__(self, url: str, clock_url: str, headers: dict[str, str], clocking: list[int]) -> None:
        self.url = url  # the reads' database, which nothing writes once seeded
        # a copy for the clocking: dozens of clocks a second for one worker make weeks of hundreds of shifts and
        # rest breaks of seconds, whose exceptions a timesheet page would then spend its time on
        self.clock_url = clock_url
        self.headers = headers
        # two workers per connection and round, clocked in and out in turn: a round's first eight
        # through its warm-up (which may leave them clocked in), the next eight through its measured
        # run; the last one clocks once in and out for the reply the bare app serves
        self.clocking = clocking

    def lanes(self, round_: int) -> list[int]:
        """The workers a round clocks: its warm-up's eight, then its measured run's eight."""
        return self.clocking[2 * CONNECTIONS * round_ : 2 * CONNECTIONS * (round_ + 1)]


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Seeded:
    url = migrated_sqlite(tmp_path_factory.mktemp("side-by-side"))
    services = bootstrap(Settings(database_url=url))
    try:
        bench = agency(services, "Bench Ltd")
        worker_ids = workers_through_use_case(services, bench, WORKERS)
        this_week = week_start(date.today())
        weeks = [this_week - timedelta(weeks=n) for n in range(WEEKS, 0, -1)]
        bulk_insert(services, approved_shifts(bench, worker_ids, weeks))
        refresh_figures(uow=services.uow)  # the steady state: the background pass has stored the figures
    finally:
        services.close()
    clock_url = url.replace(".db", "-clocking.db")
    with (
        sqlite3.connect(url.removeprefix("sqlite:///")) as source,
        sqlite3.connect(clock_url.removeprefix("sqlite:///")) as copy,
    ):
        source.backup(copy)
    return Seeded(url, clock_url, bench.headers, worker_ids[: 2 * CONNECTIONS * ROUNDS + 1])


def measure(
    base: str, seeded: Seeded, directory: Path, names: tuple[str, ...] = (*PATHS, "clock"), round_: int = 0
) -> dict[str, Rate]:
    """``wrk``'s requests per second for each of ``names`` (the reads in ``PATHS`` and ``clock``), the
    clocking done by ``round_``'s workers."""

    def rate(seconds: int, path: str, clocking: list[int] | None = None) -> Rate:
        lanes = clocking or []
        return wrk.run(base, path, seeded.headers, directory, connections=CONNECTIONS, seconds=seconds, clocking=lanes)

    rates = {}
    for name in names:
        if name == "clock":
            lanes = seeded.lanes(round_)
            rate(WARM_SECONDS, CLOCK, lanes[:CONNECTIONS])
            rates[name] = rate(SECONDS, CLOCK, lanes[CONNECTIONS:])
        else:
            rate(WARM_SECONDS, PATHS[name])
            rates[name] = rate(SECONDS, PATHS[name])
    return rates


def keep_reads(base: str, seeded: Seeded, directory: Path, reads: tuple[str, ...] = READS) -> None:
    """The product's read replies, for the bare app to serve byte for byte and the floor to match."""
    for name in reads:
        call = Call("GET", PATHS[name], seeded.headers)
        reply = check(call, fetch(base, call))
        save_reply(directory, name, reply.status, reply.headers, reply.body)
        (directory / f"{name}.after").write_bytes(reply.body)


def keep_replies(base: str, seeded: Seeded, directory: Path) -> None:
    """The product's clock-in reply, for the bare app to serve byte for byte."""
    worker = seeded.clocking[-1]
    for action in ("in", "out"):
        call = Call.post_json(CLOCK, seeded.headers, {"action": action, "worker_id": worker})
        reply = check(call, fetch(base, call))
        if action == "in":
            save_reply(directory, "clock", reply.status, reply.headers, reply.body)


def measure_floor(seeded: Seeded, tmp_path: Path, reads: tuple[str, ...] = READS) -> dict[str, Rate]:
    """The two reads from the hand-written floor (``benchmarks.floor_server``), after checking that it
    answers the very bytes the product answered."""
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    database = seeded.url.removeprefix("sqlite:///")
    command = [sys.executable, "-m", "benchmarks.floor_server", "{port}", database]
    floor_server = Server.start(command, environment, tmp_path / "floor.log")
    try:
        for name in reads:
            call = Call("GET", PATHS[name], seeded.headers)
            answered = check(call, fetch(floor_server.base, call)).body
            product = (tmp_path / f"{name}.after").read_bytes()
            at = next((i for i, (a, b) in enumerate(zip(answered, product, strict=False)) if a != b), 0)
            assert answered == product, (
                f"the floor's {name} page differs at byte {at}: {answered[at - 120 : at + 60]!r} "
                f"against the product's {product[at - 120 : at + 60]!r}"
            )
        return measure(floor_server.base, seeded, tmp_path, reads)
    finally:
        floor_server.stop()


Rates = dict[str, Rate]


def test_three_requests_against_a_bare_app(benchmark: Any, seeded: Seeded, tmp_path: Path) -> None:
    names = asked()
    reads = tuple(name for name in READS if name in names)

    def one_round(round_: int) -> tuple[Rates, Rates, Rates]:
        product: Rates = {}
        if "clock" in names:
            # the steady state again: the weeks an earlier round clocked priced and stored, as the
            # background pass leaves them, not by the pass of this round's server while it is measured
            stored = bootstrap(Settings(database_url=seeded.clock_url))
            try:
                refresh_figures(uow=stored.uow)
            finally:
                stored.close()
            with serving(seeded.clock_url, tmp_path) as base:
                keep_replies(base, seeded, tmp_path)
                product.update(measure(base, seeded, tmp_path, ("clock",), round_))
        if reads:  # the product's bytes, the bare app's and the floor's: one page, of a database nothing writes
            with serving(seeded.url, tmp_path) as base:
                keep_reads(base, seeded, tmp_path, reads)
                product.update(measure(base, seeded, tmp_path, reads))
        environment = {**os.environ, "PYTHONPATH": str(ROOT)}
        command = [sys.executable, "-m", "benchmarks.bare_server", "{port}", str(tmp_path)]
        bare_server = Server.start(command, environment, tmp_path / "bare.log")
        try:
            bare = measure(bare_server.base, seeded, tmp_path, names)
        finally:
            bare_server.stop()
        return product, bare, measure_floor(seeded, tmp_path, reads) if reads else {}

    def side_by_side() -> list[tuple[Rates, Rates, Rates]]:
        return [one_round(round_) for round_ in range(ROUNDS)]

    rounds = benchmark.pedantic(side_by_side, rounds=1, iterations=1)
    labels = {
        "timesheets": f"GET {PATHS['timesheets'].removeprefix('/api/v1')}",
        "workers": f"GET {PATHS['workers'].removeprefix('/api/v1')}",
        "clock": "POST /clock.php, in then out (bare: one row inserted)",
    }
    note(
        f"HTTP (wrk), {WORKERS:,} workers, {WORKERS * WEEKS * 5:,} approved shifts, SQLite, "
        f"{CONNECTIONS} connections, {SECONDS} s each, {ROUNDS} rounds (the median ratio, then each round's):"
    )

    def report(name: str, label: str, against: int, baseline: str, key: str) -> None:
        pairs = [(found[0][name].per_second, found[against][name].per_second) for found in rounds]
        ratios = [ours / theirs for ours, theirs in pairs]
        benchmark.extra_info[key] = round(statistics.median(ratios), 4)
        each = "; ".join(
            f"{r:.3f} ({ours:,.1f} vs {theirs:,.1f})" for r, (ours, theirs) in zip(ratios, pairs, strict=True)
        )
        note(f"  {label}: {statistics.median(ratios):.3f} of {baseline} (requests/s: {each})")

    for name, label in labels.items():
        if name in names:
            report(name, label, 1, "bare", f"{name}_ratio")
    if reads:
        note("  against the hand-written floor (sqlite3 and orjson in a bare Starlette app, the same bytes):")
    for name in reads:
        report(name, labels[name], 2, "the floor", f"{name}_floor_ratio")
