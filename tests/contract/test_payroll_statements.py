"""GET /payroll.php runs a fixed number of statements per page: the same for a week of 10 workers as
for one of 1,000, once the week's figures are stored (the background pass prices them, a batch of
workers per transaction; a read stores nothing), and so for a deep page, with the shifts named, and
with the late clocks shown. A settled week's shifts and figures tally, so no read looks for missing
figures shift by shift.

The workers and shifts are inserted through the SQL adapter's tables and row mapping (one
``executemany`` each): a thousand workers through the use cases would take most of a minute.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from sqlalchemy import insert, select
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.helpers import approved_shift
from tests.contract.test_statement_counts import counting
from workforce_adapters.sql import tables
from workforce_adapters.sql.mapping import to_row
from workforce_core.model.workers import Worker
from workforce_core.rules.employee_ids import employee_id_key
from workforce_core.services.figure_refresh import refresh_figures

NOW = datetime(2026, 3, 12, 12, 0, tzinfo=UTC)
WEEK = date(2026, 3, 2)  # a Monday: the last complete pay week at NOW
READS = (
    f"/api/v1/payroll.php?week={WEEK}&limit=5",
    f"/api/v1/payroll.php?week={WEEK}&limit=5&offset=7",
    f"/api/v1/payroll.php?week={WEEK}&limit=5&include_entries=true&adjustments=true",
    "/api/v1/payroll.php?date_from=2026-02-23&date_to=2026-03-08&limit=5",
)


def a_week(world: World, size: int) -> dict[str, str]:
    """A client with ``size`` workers, each with two approved shifts in ``WEEK`` (one on the Saturday)."""
    client = world.account(f"Payroll {size}", walk_in_policy="pay")
    site = world.site(client.id)
    rows = []
    for n in range(size):
        worker = Worker(client.id, f"Worker {n:05d}", f"P{n + 1:05d}", NOW, location_id=site.id)
        row = {**to_row(worker, tables.workers), "hourly_rate": 1200, "charge_rate": 1800}
        rows.append({**row, "employee_id_key": employee_id_key(worker.employee_id)})
    w = tables.workers
    with world.services.engine.begin() as connection:
        connection.execute(insert(w), rows)
        ids = sorted(connection.execute(select(w.c.id).where(w.c.client_id == client.id)).scalars())
        shifts = []
        for worker_id in ids:
            for day in (0, 5):
                start = datetime.combine(WEEK + timedelta(days=day), datetime.min.time(), UTC) + timedelta(hours=8)
                shifts.append(to_row(approved_shift(worker_id, client.id, site.id, start), tables.time_entries))
        connection.execute(insert(tables.time_entries), shifts)
    return world.key(client.id)


@pytest.mark.parametrize("path", READS)
def test_a_payroll_page_runs_the_same_statements_for_10_workers_or_1000(
    api: TestClient, world: World, clock: FakeClock, path: str
) -> None:
    clock.set(NOW)
    counts = []
    for size in (10, 1000):
        headers = a_week(world, size)
        stale = api.get(path, headers=headers)  # the week priced in memory, nothing stored
        refresh_figures(uow=world.services.uow)  # the background pass stores it
        first = api.get(path, headers=headers)
        assert first.json() == stale.json()
        assert first.status_code == 200, first.text
        with counting(world) as counted:
            reply = api.get(path, headers=headers)
        assert reply.status_code == 200, reply.text
        assert reply.json() == first.json()
        assert reply.json()["pagination"]["total"] == size
        # every shift has its figures: they are tallied, not looked for shift by shift
        assert not [sql for sql in counted.statements if "NOT (EXISTS" in sql]
        counts.append(len(counted.statements))
    assert counts[0] == counts[1], f"{path}: {counts[0]} statements over 10 workers, {counts[1]} over 1,000"
