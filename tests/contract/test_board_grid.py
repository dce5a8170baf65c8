"""The shifts board's week grid and the copy of last week's requirements, through the use cases on
SQLite and PostgreSQL: lines by site, role and times with their requirements per day and the bookings
as chips, filters by site, role and status, the bookings on no requirement on a line of their own; a
copy keeps the series and the local times across the clocks' change, is made once, and leaves out what
was cancelled."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import pytest

from tests.clocks import FakeClock
from tests.contract.conftest import World
from workforce_adapters.json.commands import structure
from workforce_core.commands.bookings import BookShift
from workforce_core.commands.demands import CreateDemand
from workforce_core.errors import InvalidParameter
from workforce_core.model.people import Actor, Role
from workforce_core.model.principal import Principal
from workforce_core.ports import Paging
from workforce_core.rules.london import shown
from workforce_core.services import bookings, demands
from workforce_core.services.board import BoardQuery, board
from workforce_core.services.demands import DemandQuery
from workforce_core.services.sign_in import acting_for
from workforce_core.services.week_copy import copy_last_week
from workforce_entrypoints.bootstrap import Services

NOW = datetime(2026, 3, 18, 12, 0, tzinfo=UTC)  # a Wednesday; the clocks go forward on Sunday 29 March
WEEK = date(2026, 3, 23)


@pytest.fixture
def acme(services: Services, world: World, clock: FakeClock) -> dict[str, Any]:
    clock.set(NOW)
    client = world.account("Acme")
    ids: dict[str, Any] = {"client": client.id}
    ids["north"] = world.site(client.id, "North", geofence_mode="disabled").id
    ids["south"] = world.site(client.id, "South", geofence_mode="disabled").id
    ids["workers"] = [
        world.worker(client.id, name, location_id=ids["north"]).worker.id for name in ("Ann Able", "Bob Brown")
    ]
    ids["principal"] = acting_for(Actor(0, Role.OPERATOR, None), client.id, uow=services.uow)
    return ids


def _require(services: Services, p: Principal, site: int, day: str, start: str, end: str, n: int, **more: Any) -> int:
    given = {"location_id": site, "shift_date": day, "start_time": start, "end_time": end, "headcount": n, **more}
    return demands.create(structure(CreateDemand, given), principal=p, uow=services.uow, clock=services.clock).demand.id


def _book(services: Services, p: Principal, worker: int, **given: Any) -> int:
    command = structure(BookShift, {"worker_id": worker, "status": "published", **given})
    made = bookings.book(command, client_id=p.client_id, uow=services.uow, clock=services.clock)
    return made.booking.id


def test_the_grid_holds_each_sites_lines_by_day_with_chips_and_the_filters_narrow_it(
    services: Services, acme: dict[str, Any]
) -> None:
    p = acme["principal"]
    picker = _require(services, p, acme["north"], "2026-03-24", "08:00", "16:00", 2, job_role="Picker")
    again = _require(services, p, acme["north"], "2026-03-26", "08:00", "16:00", 1, job_role="Picker")
    night = _require(services, p, acme["north"], "2026-03-24", "22:00", "06:00", 1, job_role="Driver")
    south = _require(services, p, acme["south"], "2026-03-25", "09:00", "17:00", 3)
    ann, bob = acme["workers"]
    _book(services, p, ann, demand_id=picker)
    _book(services, p, bob, demand_id=again)
    loose = {"location_id": acme["south"], "shift_date": "2026-03-27", "start_time": "10:00", "end_time": "14:00"}
    _book(services, p, ann, **loose)

    found = board(p, BoardQuery(week=WEEK), queries=services.queries, clock=services.clock)
    assert found.days == tuple(date(2026, 3, 23 + n) for n in range(7))
    lines = [(line.site, line.start, line.end, line.job_role) for line in found.lines]
    assert lines == [
        ("North", "08:00", "16:00", "Picker"),
        ("North", "22:00", "06:00", "Driver"),
        ("South", "09:00", "17:00", None),
        ("South", None, None, None),
    ]
    first = found.lines[0].cells
    assert [(c.day.day, [(x.requirement.demand.id, x.requirement.filled) for x in c.requirements]) for c in first if
            c.requirements] == [(24, [(picker, 1)]), (26, [(again, 1)])]  # fmt: skip
    assert [chip.worker_name for chip in first[1].requirements[0].chips] == ["Ann Able"]
    assert [c.loose[0].worker_name for c in found.lines[3].cells if c.loose] == ["Ann Able"]
    assert (found.headcount, found.filled, found.open_places) == (7, 2, 5)
    assert found.roles == ("Driver", "Picker")
    assert not found.truncated

    def ids(**asked: Any) -> set[int]:
        seen = board(p, BoardQuery(week=WEEK, **asked), queries=services.queries, clock=services.clock)
        return {x.requirement.demand.id for line in seen.lines for c in line.cells for x in c.requirements}

    assert ids(job_role="picker") == {picker, again}
    assert ids(status="filled") == {again}
    assert ids(status="open") == {picker, night, south}
    assert ids(location_id=acme["south"]) == {south}
    by_status = board(p, BoardQuery(week=WEEK, status="open"), queries=services.queries, clock=services.clock)
    assert all(not line.loose for line in by_status.lines)  # a status leaves out the bookings on no requirement
    with pytest.raises(InvalidParameter):
        board(p, BoardQuery(week=WEEK, status="full"), queries=services.queries, clock=services.clock)


def test_last_weeks_requirements_are_copied_once_in_their_series_at_the_same_local_times(
    services: Services, acme: dict[str, Any]
) -> None:
    p = acme["principal"]
    morning = _require(services, p, acme["north"], "2026-03-24", "08:00", "16:00", 2, job_role="Picker")
    sunday = _require(
        services, p, acme["south"], "2026-03-29", "09:00", "17:00", 1
    )  # Sunday: the clocks went forward at 01:00
    gone = _require(services, p, acme["north"], "2026-03-25", "08:00", "12:00", 1)
    demands.cancel(gone, "not needed", uow=services.uow, clock=services.clock)

    copied = copy_last_week(p, date(2026, 3, 30), queries=services.queries, uow=services.uow, clock=services.clock)
    assert (len(copied.made), copied.already, copied.skipped) == (2, 0, 0)
    asked = DemandQuery(paging=Paging(limit=50), date_from=date(2026, 3, 30), date_to=date(2026, 4, 5))
    week = demands.demands(p, asked, queries=services.queries, clock=services.clock).items
    made = sorted((v.demand.shift_date.isoformat(), shown(v.demand.start)[11:], shown(v.demand.end)[11:],
                   v.demand.headcount, v.demand.job_role, v.demand.series_id) for v in week)  # fmt: skip
    assert made == [
        ("2026-03-31", "08:00", "16:00", 2, "Picker", morning),
        ("2026-04-05", "09:00", "17:00", 1, None, sunday),
    ]
    assert next(v for v in week if v.demand.shift_date == date(2026, 3, 31)).demand.start.hour == 7  # 08:00 BST

    twice = copy_last_week(p, date(2026, 3, 30), queries=services.queries, uow=services.uow, clock=services.clock)
    assert (len(twice.made), twice.already) == (0, 2)
    onward = copy_last_week(p, date(2026, 4, 6), queries=services.queries, uow=services.uow, clock=services.clock)
    asked = DemandQuery(paging=Paging(limit=50), date_from=date(2026, 4, 6), date_to=date(2026, 4, 12))
    later = demands.demands(p, asked, queries=services.queries, clock=services.clock).items
    assert len(onward.made) == 2
    assert {v.demand.series_id for v in later} == {v.demand.series_id for v in week}  # one series, week after week
