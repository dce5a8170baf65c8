"""What can be counted is tested: the SQL statements a list request runs do not grow with the data.

Each list endpoint is read once over a small account and once over one ten times larger (more
workers, shifts, bookings, amendments); the number of statements of the request must be the same.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import pytest
from sqlalchemy import event
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import World
from workforce_adapters.json.commands import structure
from workforce_core.commands.bookings import BookShift
from workforce_core.commands.demands import SendOffers
from workforce_core.commands.time_records import Backfill, RaiseAmendment
from workforce_core.model.demands import Demand
from workforce_core.model.reference import Location
from workforce_core.rules.slots import slot_times
from workforce_core.services import amendments, approvals, bookings, offers, time_records

NOW = datetime(2026, 3, 4, 12, 0, tzinfo=UTC)
LISTS = (
    "/api/v1/workers.php",
    "/api/v1/locations.php",
    "/api/v1/departments.php",
    "/api/v1/cost-codes.php",
    "/api/v1/timesheets.php",
    "/api/v1/timesheets.php?include_pricing=true",
    "/api/v1/timesheets.php?entry_filter=all",
    "/api/v1/timesheets.php?payroll_status=payable",
    "/api/v1/on-site-now.php",
    "/api/v1/exceptions.php",
    "/api/v1/amendments.php",
    "/api/v1/rate-rules.php",
    "/api/v1/shifts.php",
    "/api/v1/payroll.php?date_from=2026-02-23&date_to=2026-03-08",
    "/api/v1/payroll.php?week=2026-03-02&include_entries=true",
    "/api/v1/demands.php",
    "/api/v1/demands.php?status=open",
    "/api/v1/offers.php",
    "/api/v1/pay-weeks.php",
    "/api/v1/export-batches.php",
    "/api/v1/export-batches.php?kind=pkg_a&from=2026-01-01&to=2026-12-31",
)


class Counted:
    def __init__(self) -> None:
        self.statements: list[str] = []


@contextmanager
def counting(world: World) -> Iterator[Counted]:
    counted = Counted()
    engine = world.services.engine

    def note(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        counted.statements.append(statement)

    event.listen(engine, "before_cursor_execute", note)
    try:
        yield counted
    finally:
        event.remove(engine, "before_cursor_execute", note)


def account(world: World, clock: FakeClock, size: int) -> dict[str, str]:
    """A client with ``size`` workers at two sites, each with three closed shifts (approved), one
    open shift, an amendment request, a booking and a department; returns a key's headers."""
    clock.set(NOW)
    client = world.account(f"Size {size}", walk_in_policy="pay")
    sites = [world.site(client.id, f"Site {n}") for n in range(2)]
    for n in range(size):
        world.department(client.id, f"Team {n}", location_id=sites[n % 2].id)
        world.cost_code(client.id, f"CC-{n}")
    s = world.services
    for n in range(size):
        worker = world.worker(client.id, f"Worker {n:03}", location_id=sites[n % 2].id, hourly_rate=12)
        ids = []
        for day in range(3):
            start = NOW - timedelta(days=day + 1, hours=4)
            shift = Backfill(
                worker_id=worker.worker.id,
                location_id=sites[n % 2].id,
                clock_in=start,
                clock_out=start + timedelta(hours=3),
            )
            ids.append(time_records.backfill(shift, uow=s.uow, clock=s.clock).entry.id)
        approvals.approve(ids, uow=s.uow, clock=s.clock)
        asked = RaiseAmendment(entry_id=ids[0], reason="left early", break_minutes=20)
        amendments.raise_amendment(asked, uow=s.uow, clock=s.clock)
        open_shift = Backfill(
            worker_id=worker.worker.id,
            location_id=sites[n % 2].id,
            clock_in=NOW - timedelta(hours=2),
            clock_out=NOW - timedelta(hours=1),
        )
        time_records.backfill(open_shift, uow=s.uow, clock=s.clock)
        slot = {"location_id": sites[n % 2].id, "shift_date": "2026-03-06", "start_time": "09:00", "end_time": "17:00"}
        booked = structure(BookShift, {**slot, "worker_id": worker.worker.id})
        bookings.book(booked, client_id=client.id, uow=s.uow, clock=s.clock)
        demand_id = _requirement(world, sites[n % 2], "2026-03-07")
        onto = structure(BookShift, {"worker_id": worker.worker.id, "demand_id": demand_id})
        bookings.book(onto, client_id=client.id, uow=s.uow, clock=s.clock)
        offers.send(SendOffers(demand_id=demand_id, worker_ids=(worker.worker.id,)), uow=s.uow, clock=s.clock)
    return world.key(client.id)


def _requirement(world: World, site: Location, day: str) -> int:
    """A requirement of two at the site (seeded through the port: its use case wants a key)."""
    times = slot_times(date.fromisoformat(day), time(9), time(17))
    with world.services.uow() as tx:
        demand = tx.demands.add(
            Demand(site.client_id, site.id, times.start.date(), times.start, times.end, 2, 2, created_at=NOW)
        )
        tx.commit()
    return demand.id


@pytest.mark.parametrize("path", LISTS)
def test_a_list_request_runs_the_same_statements_whatever_the_data(
    api: TestClient, world: World, clock: FakeClock, path: str
) -> None:
    counts = []
    for size in (2, 20):
        headers = account(world, clock, size)
        api.get(path, headers=headers)  # warm: the key's first use, caches
        with counting(world) as counted:
            reply = api.get(path, headers=headers)
        assert reply.status_code == 200, reply.text
        counts.append(len(counted.statements))
    assert counts[0] == counts[1], f"{path}: {counts[0]} statements over 2 workers, {counts[1]} over 20"


def test_approving_shifts_runs_the_same_statements_for_three_or_thirty(world: World, console: Any) -> None:
    counts = []
    for size in (3, 30):
        client = world.account(f"Approve {size}")
        site = world.site(client.id)
        worker = world.worker(client.id, f"Many {size}", location_id=site.id)
        ids = []
        for day in range(size):
            start = NOW - timedelta(days=day + 1, hours=6)
            paper = Backfill(
                worker_id=worker.worker.id, location_id=site.id, clock_in=start, clock_out=start + timedelta(hours=2)
            )
            ids.append(time_records.backfill(paper, uow=world.uow, clock=world.clock).entry.id)
        with counting(world) as counted:
            code, reply = console("timesheet", "approve", *map(str, ids))
        assert code == 0, reply
        assert reply["count"] == size
        counts.append(len(counted.statements))
    assert counts[0] == counts[1], f"approve: {counts[0]} statements for 3 shifts, {counts[1]} for 30"


def test_closing_a_pay_week_runs_the_same_statements_for_three_shifts_or_thirty(world: World, console: Any) -> None:
    counts = []
    for size in (3, 30):
        client = world.account(f"Close {size}")
        site = world.site(client.id)
        ids = []
        for n in range(size):
            worker = world.worker(client.id, f"Closer {size}-{n}", location_id=site.id)
            start = datetime(2026, 2, 23, 8, 0, tzinfo=UTC) + timedelta(days=n % 7)  # the week before NOW's
            paper = Backfill(
                worker_id=worker.worker.id, location_id=site.id, clock_in=start, clock_out=start + timedelta(hours=2)
            )
            ids.append(time_records.backfill(paper, uow=world.uow, clock=world.clock).entry.id)
        with counting(world) as counted:
            code, reply = console("pay-week", "close", "--client", str(client.id), "--week", "2026-02-23")
        assert code == 0, reply
        assert reply["approved_entry_ids"] == ids
        counts.append(len(counted.statements))
    assert counts[0] == counts[1], f"close: {counts[0]} statements for 3 shifts, {counts[1]} for 30"
