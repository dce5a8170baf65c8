"""Reads that never write, on SQLite and PostgreSQL: every GET is answered in one connection and one
read transaction and writes nothing (a statement log over every list), a warm timesheet page takes one
checkout and at most seven statements, and a worker-week a write left stale is priced for the reply (the
same reply as once its figures are stored), by the reads that sum figures in SQL too, and stored only by
the background pass.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import event, func, select
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.test_statement_counts import LISTS, account
from workforce_adapters.sql import tables
from workforce_adapters.sql.reading import WriteInRead
from workforce_core.services.figure_refresh import refresh_figures
from workforce_entrypoints.app import ENDPOINTS

WRITES = ("INSERT", "UPDATE", "DELETE")
# The reads that sum stored figures in SQL (a pay week's lines, its charges, pay weeks, exceptions,
# holiday records, an export's preview): a stale worker-week is priced in memory and summed with them.
SUMMING = (
    "/api/v1/payroll.php?week=2026-03-02&include_entries=true&adjustments=true",
    "/api/v1/charges.php?week_start=2026-03-02&include_entries=true",
    "/api/v1/pay-weeks.php",
    "/api/v1/exceptions.php",
    "/api/v1/holiday.php?date=2026-03-04",
    "/api/v1/export-batches.php?action=preview&kind=pkg_a&week=2026-03-02",
    "/api/v1/export-batches.php?action=preview&kind=pkg_b&week=2026-03-02",
)


@contextmanager
def logged(world: World) -> Iterator[tuple[list[str], list[int]]]:
    """The statements run and the connections checked out in the block."""
    statements: list[str] = []
    checkouts: list[int] = []
    engine = world.services.engine

    def note(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        statements.append(" ".join(statement.split()))

    def checkout(*args: Any) -> None:
        checkouts.append(1)

    event.listen(engine, "before_cursor_execute", note)
    event.listen(engine.pool, "checkout", checkout)
    try:
        yield statements, checkouts
    finally:
        event.remove(engine, "before_cursor_execute", note)
        event.remove(engine.pool, "checkout", checkout)


def _endpoint(path: str) -> str:
    return path.removeprefix("/api/v1/").split("?")[0].removesuffix(".php")


def test_every_get_is_one_read() -> None:
    reads = [endpoint for endpoint in ENDPOINTS if "GET" in endpoint.handlers]
    assert [endpoint.name for endpoint in reads if not endpoint.handlers["GET"].one_read] == []
    assert {"timesheets", "workers", "payroll", "charges", "pay-weeks", "holiday"} <= {e.name for e in reads}


@pytest.mark.parametrize("path", [*LISTS, *SUMMING])
def test_a_get_writes_nothing_and_takes_one_connection(
    api: TestClient, world: World, clock: FakeClock, path: str
) -> None:
    """Over an account whose figures were never stored (each write leaves its worker-weeks stale)."""
    headers = account(world, clock, 3)
    api.get(path, headers=headers)  # the key's first use
    with logged(world) as (statements, checkouts):
        reply = api.get(path, headers=headers)
    assert reply.status_code == 200, reply.text
    assert [s for s in statements if s.upper().startswith(WRITES)] == []
    assert len(checkouts) == 1, statements
    assert _stored(world) == 0


def test_a_warm_timesheet_page_takes_one_checkout_and_at_most_seven_statements(
    api: TestClient, world: World, clock: FakeClock
) -> None:
    headers = account(world, clock, 5)
    refresh_figures(uow=world.services.uow)
    api.get("/api/v1/timesheets.php?limit=50", headers=headers)
    with logged(world) as (statements, checkouts):
        reply = api.get("/api/v1/timesheets.php?limit=50", headers=headers)
    assert reply.status_code == 200
    assert len(reply.json()["data"]) == 20  # four completed shifts each
    assert len(checkouts) == 1
    # (SQLite's BEGIN counted) the key, the count, the page; for its shifts' open exceptions, their
    # workers' shifts in the 48 hours around them, their stretches of work over the 17 weeks of the
    # working time checks, and those workers (no breaks or bookings here)
    assert len(statements) <= 7, statements


def test_a_stale_week_is_priced_for_the_reply_and_stored_by_the_background_pass(
    api: TestClient, world: World, clock: FakeClock
) -> None:
    headers = account(world, clock, 2)
    assert _stored(world) == 0  # every write left its worker-weeks stale
    paths = ("/api/v1/timesheets.php", "/api/v1/timesheets.php?include_pricing=true&explain=true", *SUMMING)
    stale = [api.get(path, headers=headers).json() for path in paths]
    assert _stored(world) == 0  # the reads stored nothing
    assert refresh_figures(uow=world.services.uow) == 8  # two workers' four completed shifts
    assert _stored(world) == 8
    assert refresh_figures(uow=world.services.uow) == 0
    assert [api.get(path, headers=headers).json() for path in paths] == stale
    gates = sorted((row["payroll_status"], row["payroll_excluded_reason"]) for row in stale[0]["data"])
    assert gates == [("on_hold", "pending")] * 2 + [("payable", None)] * 6  # each worker's newest not approved
    payroll = stale[2]["data"]
    assert [line["paid_minutes"] for line in payroll] == [360, 360]  # two approved shifts of 3 hours each


def _stored(world: World) -> int:
    with world.services.engine.connect() as connection:
        return int(connection.execute(select(func.count()).select_from(tables.shift_figures)).scalar_one())


def test_a_write_inside_a_read_request_is_refused(world: World) -> None:
    services = world.services
    with services.one_read(), pytest.raises(WriteInRead), services.uow() as tx:
        tx.commit()
    with services.one_read(), services.uow(read_only=True) as tx:
        assert tx.clients.every() == []
