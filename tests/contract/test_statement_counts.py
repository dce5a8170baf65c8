"""What can be counted is tested: the SQL statements a list request runs do not grow with the data.

Each list endpoint is read once over a small account and once over one ten times larger (more
workers, shifts, bookings, amendments, absences, availability rules, do-not-return marks); the number
of statements of the request must be the same.
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
from tests.contract.console_pages import console as web_console
from tests.contract.console_pages import sign_in_as
from tests.who_is_free_data import team
from workforce_adapters.json.commands import structure
from workforce_core.commands.bookings import BookShift
from workforce_core.commands.demands import SendOffers
from workforce_core.commands.time_records import Backfill, RaiseAmendment
from workforce_core.model.absences import Absence
from workforce_core.model.availability import DoNotReturn, WorkerAvailability
from workforce_core.model.bookings import Booking
from workforce_core.model.demands import Demand
from workforce_core.model.reference import Location
from workforce_core.ports import LocationFilter, Paging, WorkerFilter
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
    "/api/v1/holiday.php",
    "/api/v1/availability.php",
    "/api/v1/absences.php",
    "/api/v1/availability.php?available_from=2026-03-06T08:00:00Z&available_to=2026-03-06T18:00:00Z",
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
        with s.uow() as tx:
            friday = date(2026, 3, 6)
            tx.absences.add(Absence(client.id, worker.worker.id, "holiday", friday, friday, NOW, "approved"))
            tx.availability.add(
                WorkerAvailability(client.id, worker.worker.id, "unavailable", time(7), time(9), NOW, 5)
            )
            tx.do_not_return.add(DoNotReturn(client.id, worker.worker.id, sites[0].id, NOW))
            tx.commit()
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


def test_the_console_timesheets_page_runs_the_same_statements_whatever_the_data(
    api: TestClient, world: World, clock: FakeClock
) -> None:
    """The page's flags (each shift's open exceptions) are read for the whole page at once."""
    counts = []
    with web_console(world.services) as person:
        for size in (2, 20):
            client_id = api.get("/api/v1/me.php", headers=account(world, clock, size)).json()["data"]["client_id"]
            sign_in_as(world.services, "owner", client_id, person)
            page = f"/console/{client_id}/timesheets"
            person.get(page)  # warm
            with counting(world) as counted:
                reply = person.get(page)
            assert reply.status_code == 200
            assert '<span class="flag">' in reply.text
            counts.append(len(counted.statements))
    assert counts[0] == counts[1], f"{counts[0]} statements over 2 workers, {counts[1]} over 20"


def _earlier_bookings(world: World, client_id: int, weeks: int) -> None:
    """Bookings at each of the client's sites in each of the ``weeks`` weeks before NOW's (the dashboard's
    weeks before the one shown), a worker's each."""
    s = world.services
    sites = [site.id for site in s.queries.locations(LocationFilter(client_id, Paging(limit=10))).items]
    workers = [view.worker.id for view in s.queries.workers(WorkerFilter(client_id, Paging(limit=10))).items]
    with s.uow() as tx:
        for week in range(1, weeks + 1):
            for n, site in enumerate(sites):
                start = NOW - timedelta(weeks=week, hours=2)
                tx.bookings.add(
                    Booking(client_id, workers[n], site, start.date(), start, start + timedelta(hours=8), NOW)
                )
        tx.commit()


def test_the_dashboard_runs_the_same_statements_whatever_the_data(
    api: TestClient, world: World, clock: FakeClock
) -> None:
    """Booked hours, requirements, the checks of five weeks and the margin by site: the larger account has
    ten times the workers, shifts, bookings and requirements, and bookings in every week shown, not two."""
    counts = []
    with web_console(world.services) as person:
        for size, weeks in ((2, 0), (20, 4)):
            client_id = api.get("/api/v1/me.php", headers=account(world, clock, size)).json()["data"]["client_id"]
            _earlier_bookings(world, client_id, weeks)
            sign_in_as(world.services, "owner", client_id, person)
            page = f"/console/{client_id}/dashboard"
            person.get(page)  # warm
            with counting(world) as counted:
                reply = person.get(page)
            assert reply.status_code == 200
            for chart in ("hours_by_day", "waiting", "exceptions", "overtime", "late", "margin"):
                assert f'id="{chart}-chart"' in reply.text
            assert "Nothing paid or charged this week." not in reply.text
            counts.append(len(counted.statements))
    assert counts[0] == counts[1], f"dashboard: {counts[0]} statements over 2 workers, {counts[1]} over 20"


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


def test_who_is_free_runs_the_same_statements_for_10_or_500_workers(
    api: TestClient, world: World, clock: FakeClock
) -> None:
    """Every worker with a week of bookings, some absent, some with rules, some barred from the site."""
    clock.set(NOW)
    counts = []
    for size in (10, 500):
        client = world.account(f"Team {size}")
        site = world.site(client.id, "Depot", capacity=5)
        team(world.services, client.id, site.id, size, date(2026, 3, 2))
        headers = world.key(client.id)
        path = (
            "/api/v1/availability.php?available_from=2026-03-06T07:00:00Z&available_to=2026-03-06T15:00:00Z"
            f"&location_id={site.id}&job_role=Picker"
        )
        api.get(path, headers=headers)  # warm: the key's first use, caches
        with counting(world) as counted:
            reply = api.get(path, headers=headers)
        assert reply.status_code == 200, reply.text
        assert reply.json()["pagination"]["total"] == size
        codes = {code for item in reply.json()["data"] for code in item["block_codes"]}
        assert codes >= {"overlap"}
        counts.append(len(counted.statements))
    assert counts[0] == counts[1], f"who is free: {counts[0]} statements over 10 workers, {counts[1]} over 500"


def _kinds(statements: list[str]) -> list[str]:
    """Each statement as its verb and first table (``SELECT workers``), transaction control left out."""
    kinds = []
    for statement in statements:
        words = statement.replace('"', "").split()
        verb = words[0].upper()
        if verb in ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE"):
            continue
        table = {"SELECT": "FROM", "INSERT": "INTO", "UPDATE": "UPDATE", "DELETE": "FROM"}[verb]
        kinds.append(f"{verb} {words[words.index(table) + 1]}")
    return kinds


def _clocker(api: TestClient, world: World, clock: FakeClock, name: str) -> tuple[int, dict[str, str]]:
    """A worker of a new account with one site, and a key of it already used once (its first use warms)."""
    clock.set(NOW)
    client = world.account(name, walk_in_policy="pay")
    site = world.site(client.id)
    worker = world.worker(client.id, f"{name} worker", location_id=site.id)
    headers = world.key(client.id)
    api.get("/api/v1/me.php", headers=headers)
    return worker.worker.id, headers


def test_clocking_in_and_out_runs_only_what_its_rules_need(api: TestClient, world: World, clock: FakeClock) -> None:
    """In: the key (with its account), the worker's lock, the shifts that can refuse it (open, or ending
    later) in one read, the covering booking, the site (its geofence), the shift, the outbox row.
    Out: the key, the lock, the open shift with its breaks (they must fall inside it) and its site in one read,
    the shift, its week's stored pay figures dropped (stale), the outbox row. In, also: the worker's
    documents (a lapsed right to work refuses it; the job role's document types only when there is a role),
    whether its pay week is locked (a late clock is flagged), read with the site. Each writes one audit row.
    Nothing is read twice."""
    worker_id, headers = _clocker(api, world, clock, "Clocking")
    kinds = {}
    for action in ("in", "out"):
        body = {"action": action, "worker_id": worker_id}
        with counting(world) as counted:
            reply = api.post("/api/v1/clock.php", headers=headers, json=body)
        assert reply.status_code in (200, 201), reply.text
        kinds[action] = _kinds(counted.statements)
    assert kinds["in"] == [
        "SELECT api_keys",
        "SELECT workers",
        "SELECT time_entries",
        "SELECT shifts",
        "SELECT worker_documents",
        "SELECT locations",
        "INSERT time_entries",
        "INSERT audit_log",
        "INSERT outbox",
    ]
    assert kinds["out"] == [
        "SELECT api_keys",
        "SELECT workers",
        "SELECT time_entries",
        "UPDATE time_entries",
        "DELETE shift_figure_lines",
        "DELETE shift_figures",
        "INSERT audit_log",
        "INSERT outbox",
    ]


def test_a_clock_request_checks_out_one_connection(api: TestClient, world: World, clock: FakeClock) -> None:
    """The key's read and the clock's write each run in a transaction of their own on the request's one
    connection (``reading.one_connection``), not on one checked out for each."""
    worker_id, headers = _clocker(api, world, clock, "One connection")
    checkouts: list[object] = []

    def note(*args: Any) -> None:
        checkouts.append(args)

    event.listen(world.services.engine, "checkout", note)
    try:
        for action in ("in", "out"):
            reply = api.post("/api/v1/clock.php", headers=headers, json={"action": action, "worker_id": worker_id})
            assert reply.status_code in (200, 201), reply.text
            assert len(checkouts) == 1, f"clock {action}: {len(checkouts)} connections checked out"
            checkouts.clear()
    finally:
        event.remove(world.services.engine, "checkout", note)
