"""Figures read in plain sight (issue 36), on SQLite and PostgreSQL.

- No statement is rewritten behind its author's back: once the services are bootstrapped, and after every read
  that sums figures has run over stale worker-weeks, nothing listens on the engine or its dialect in a way that
  can change what is executed (a ``before_execute`` or ``before_cursor_execute`` listener returning a statement
  of its own, or a dialect's ``do_execute``), and a plain read of the figures table reads the stored rows only.
- Every read that sums figures, with some worker-weeks stale and the others stored, replies what it replies once
  the background pass has priced and stored the stale ones (a fresh pricing of the same shifts), and the
  stale worker-weeks' new figures are in that reply, not their old ones.
"""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import Engine, event, func, select
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.test_reads_never_write import SUMMING
from tests.contract.test_statement_counts import NOW, account
from workforce_adapters.json.commands import structure
from workforce_adapters.sql import tables
from workforce_core.commands.time_records import Backfill
from workforce_core.commands.workers import UpdateWorker
from workforce_core.services import approvals, time_records
from workforce_core.services.figure_refresh import refresh_figures
from workforce_core.services.workers import update_worker

STATEMENT_EVENTS = ("before_execute", "before_cursor_execute")
# SQLAlchemy wraps a listener registered without ``retval=True`` in one of these, which returns the statement
# it was given: any other listener of those events may return another statement
OBSERVERS = ("wrap_before_execute", "wrap_before_cursor_execute")
DIALECT_EVENTS = ("do_execute", "do_executemany", "do_execute_no_params")
# the pay week of NOW (Wednesday 4 March 2026) and the one before: the shifts of ``account`` are in both
PATHS = (*SUMMING, "/api/v1/payroll.php?week=2026-02-23&adjustments=true", "/api/v1/charges.php?week_start=2026-02-23")


def _rewriters(engine: Engine) -> list[str]:
    """The listeners on ``engine`` (and on every engine) and its dialect that can change what is executed."""
    found = [
        f"{name}: {getattr(fn, '__qualname__', fn)}"
        for name in STATEMENT_EVENTS
        for fn in getattr(engine.dispatch, name)
        if getattr(fn, "__name__", "") not in OBSERVERS
    ]
    found += [
        f"{name}: {getattr(fn, '__qualname__', fn)}"
        for name in DIALECT_EVENTS
        for fn in getattr(engine.dialect.dispatch, name)
    ]
    return found


def _stored(engine: Engine) -> int:
    with engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(tables.shift_figures)).scalar_one())


def _unpriced(engine: Engine) -> int:
    with engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(tables.shifts_without_figures)).scalar_one())


def _replies(api: TestClient, headers: dict[str, str]) -> dict[str, Any]:
    replies = {}
    for path in PATHS:
        reply = api.get(path, headers=headers)
        assert reply.status_code == 200, (path, reply.text)
        replies[path] = reply.json()
    return replies


def _make_some_stale(world: World) -> None:
    """The first worker's rate changes (their worker-weeks are dropped) and the second works a new shift (one
    unpriced shift in a stored week); the others' figures stay stored."""
    s = world.services
    w = tables.workers
    with s.engine.connect() as connection:
        first, second = connection.execute(
            select(w.c.id, w.c.client_id, w.c.location_id).order_by(w.c.name).limit(2)
        ).all()
    command = structure(UpdateWorker, {"hourly_rate": Decimal("15.25")})
    update_worker(first.id, command, client_id=first.client_id, uow=s.uow, clock=s.clock)
    start = NOW - timedelta(days=5, hours=6)
    shift = Backfill(
        worker_id=second.id, location_id=second.location_id, clock_in=start, clock_out=start + timedelta(hours=5)
    )
    found = time_records.backfill(shift, uow=s.uow, clock=s.clock)
    approvals.approve([found.entry.id], uow=s.uow, clock=s.clock)


def test_no_listener_can_rewrite_a_statement_after_bootstrap_nor_after_the_reads_that_sum_figures(
    api: TestClient, world: World, clock: FakeClock
) -> None:
    engine = world.services.engine
    assert _rewriters(engine) == []
    headers = account(world, clock, 2)
    assert _unpriced(engine) > 0  # every shift is stale: each read prices them
    _replies(api, headers)
    assert _rewriters(engine) == []
    with engine.connect() as connection:  # a statement of the figures table reads what is stored: nothing
        assert connection.execute(select(tables.shift_figures)).all() == []


def test_the_check_finds_a_listener_that_returns_a_statement_of_its_own(world: World) -> None:
    engine = world.services.engine

    def swap(conn: Any, statement: Any, multiparams: Any, params: Any, options: Any) -> tuple[Any, Any, Any]:
        return statement, multiparams, params

    def watch(conn: Any, statement: Any, *args: Any) -> None:
        pass

    event.listen(engine, "before_execute", watch)
    assert _rewriters(engine) == []  # a listener that only watches cannot change the statement
    event.listen(engine, "before_execute", swap, retval=True)
    try:
        assert [found.split(": ")[0] for found in _rewriters(engine)] == ["before_execute"]
    finally:
        event.remove(engine, "before_execute", swap)
        event.remove(engine, "before_execute", watch)
    assert _rewriters(engine) == []


def test_each_read_that_sums_figures_with_some_weeks_stale_replies_as_once_they_are_stored(
    api: TestClient, world: World, clock: FakeClock
) -> None:
    engine = world.services.engine
    headers = account(world, clock, 4)
    refresh_figures(uow=world.services.uow)
    assert _unpriced(engine) == 0
    before = _replies(api, headers)
    _make_some_stale(world)
    stored = _stored(engine)
    assert _unpriced(engine) > 0  # some worker-weeks stale
    assert stored > 0  # the others stored
    stale = _replies(api, headers)
    assert _stored(engine) == stored  # the reads stored nothing
    assert refresh_figures(uow=world.services.uow) > 0
    assert _unpriced(engine) == 0
    assert _replies(api, headers) == stale
    changed = [path for path in PATHS if stale[path] != before[path]]
    # the new rate is in this week's pay, the new shift in last week's pay and charges
    assert {PATHS[0], PATHS[-2], PATHS[-1]} <= set(changed)
