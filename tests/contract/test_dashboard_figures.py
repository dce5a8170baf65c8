"""The dashboard's figures through its use case on SQLite and PostgreSQL: a week against the four before
it, booked hours (cancelled bookings and breaks left out) by week and by site and day, places asked for
(cancelled requirements left out), filled (at most the headcount) and open, and the fill rate."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, date, datetime, timedelta
from typing import Any

from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.test_board_grid import _book, _require
from tests.contract.test_board_grid import acme as acme
from workforce_adapters.json.commands import structure
from workforce_core.commands.bookings import CancelBooking
from workforce_core.commands.pay_weeks import LockPayWeek
from workforce_core.commands.rate_rules import RateRuleDefinition
from workforce_core.commands.time_records import Backfill
from workforce_core.model.people import Actor, Role
from workforce_core.services import approvals, bookings, demands, pay_weeks, rate_rules, time_records
from workforce_core.services.dashboard import dashboard
from workforce_core.services.sign_in import acting_for
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.web.console.dashboard_checks import week_checks

WEEK = date(2026, 3, 23)


def test_a_week_against_the_four_before_it(services: Services, acme: dict[str, Any]) -> None:
    p = acme["principal"]
    ann, bob = acme["workers"]
    this = _require(services, p, acme["north"], "2026-03-24", "08:00", "16:00", 3, break_minutes=30)
    _book(services, p, ann, demand_id=this)
    _book(services, p, bob, demand_id=this)
    gone = _require(services, p, acme["south"], "2026-03-25", "08:00", "12:00", 5)
    demands.cancel(gone, None, uow=services.uow, clock=services.clock)
    loose = {"location_id": acme["south"], "shift_date": "2026-03-27", "start_time": "10:00", "end_time": "14:00"}
    cancelled = _book(services, p, bob, **loose)
    bookings.cancel(
        cancelled, structure(CancelBooking, {"status": "cancelled"}), client_id=p.client_id, uow=services.uow,
        clock=services.clock,
    )  # fmt: skip
    _book(services, p, ann, **{**loose, "shift_date": "2026-03-28"})
    earlier = _require(services, p, acme["north"], "2026-03-19", "09:00", "17:00", 1)  # two weeks are shown
    _book(services, p, bob, demand_id=earlier)

    found = services.run(dashboard, p, WEEK)
    assert [w.week for w in found.weeks] == [
        date(2026, 2, 23),
        date(2026, 3, 2),
        date(2026, 3, 9),
        date(2026, 3, 16),
        WEEK,
    ]
    figures = [(w.booked_minutes, w.headcount, w.filled, w.open_places, w.fill_rate) for w in found.weeks]
    assert figures[:3] == [(0, 0, 0, 0, None)] * 3
    assert figures[3] == (480, 1, 1, 0, 100.0)
    assert figures[4] == (2 * 450 + 240, 3, 2, 1, 66.7)
    assert found.this_week is found.weeks[-1]
    assert found.sites == ("North", "South")
    assert found.minutes("North", date(2026, 3, 24)) == 900
    assert found.minutes("South", date(2026, 3, 27)) == 0  # cancelled
    assert found.minutes("South", date(2026, 3, 28)) == 240


def _api(api: TestClient, headers: dict[str, str], path: str, **params: Any) -> dict[str, Any]:
    reply = api.get(f"/api/v1/{path}", params=params, headers=headers)
    assert reply.status_code == 200, reply.text
    return dict(reply.json())


def test_the_checks_of_each_week_equal_the_apis(
    services: Services, world: World, api: TestClient, clock: FakeClock
) -> None:
    client = world.account("Acme", walk_in_policy="pay")
    north = world.site(client.id, "North", geofence_mode="disabled").id
    south = world.site(client.id, "South", geofence_mode="disabled").id  # nothing worked there
    ann, bob = (world.worker(client.id, name, location_id=north).worker.id for name in ("Ann Able", "Bob Brown"))
    p = acting_for(Actor(0, Role.OPERATOR, None), client.id, uow=services.uow)
    clock.set(datetime(2026, 3, 10, 9, tzinfo=UTC))
    _book(services, p, bob, location_id=north, shift_date="2026-03-17", start_time="07:00", end_time="12:00")
    clock.set(datetime(2026, 3, 30, 9, tzinfo=UTC))  # the week shown has ended
    standard = {"name": "Standard", "overtime_threshold": 40, "overtime_multiplier": 1.5,
                "pay": {"pay_rate": 15.00}, "charge": {"charge_rate": 21.00}}  # fmt: skip
    rate_rules.create_rate_rule(structure(RateRuleDefinition, standard), client_id=client.id, uow=services.uow,
                                clock=services.clock)  # fmt: skip
    worked = (
        (ann, "2026-03-23", 13), (ann, "2026-03-24", 12), (bob, "2026-03-24", 9), (ann, "2026-03-25", 12),
        (ann, "2026-03-26", 12), (ann, "2026-03-27", 13), (bob, "2026-03-17", 5),
    )  # fmt: skip
    for worker, day, hours in worked:
        start = datetime.fromisoformat(f"{day}T07:00:00+00:00")
        paper = Backfill(worker_id=worker, location_id=north, clock_in=start,
                         clock_out=start + timedelta(hours=hours))  # fmt: skip
        made = time_records.backfill(paper, uow=services.uow, clock=services.clock).entry.id
        if day != "2026-03-26":  # one left to approve
            approvals.approve([made], uow=services.uow, clock=services.clock)
    pay_weeks.lock_week(LockPayWeek(client_id=client.id, week=date(2026, 3, 16)), uow=services.uow, clock=clock)
    late = Backfill(worker_id=bob, location_id=north, clock_in=datetime(2026, 3, 18, 7, tzinfo=UTC),
                    clock_out=datetime(2026, 3, 18, 11, tzinfo=UTC))  # fmt: skip
    time_records.backfill(late, uow=services.uow, clock=services.clock)  # a late clock into the locked week
    headers = world.key(client.id)

    found = week_checks(services, p, WEEK)
    assert [w.week for w in found] == [WEEK - timedelta(days=7 * n) for n in (4, 3, 2, 1, 0)]
    assert found[-1].paid_minutes == (13 + 12 + 9 + 12 + 13) * 60  # the approved shifts, no breaks clocked
    assert found[-1].overtime_minutes == (50 - 40) * 60  # Ann's hours over the rule's 40
    assert found[-1].overtime_share == 16.9
    assert found[-1].not_approved == 1
    assert found[-1].exceptions
    assert [w.awaiting_sign_off for w in found] == [0, 0, 0, 2, 6]  # completed shifts the hirer has not signed
    assert found[-2].late_clocks == 1
    for w in found:
        last = str(w.week + timedelta(days=6))
        (listed,) = _api(api, headers, "pay-weeks.php", week_start=str(w.week))["data"]
        assert w.not_approved == listed["shifts_not_approved"]
        assert w.late_clocks == (listed["late_clocks_in_week"] or 0)
        signing = _api(api, headers, "timesheets.php", date_from=str(w.week), date_to=last, client_approval="pending")
        assert w.awaiting_sign_off == signing["pagination"]["total"]
        kinds = Counter(e["type"] for e in _api(api, headers, "exceptions.php", date_from=str(w.week), date_to=last,
                                                  limit=100)["data"])  # fmt: skip
        assert dict(w.exceptions or ()) == dict(kinds)
        lines = _api(api, headers, "payroll.php", week=str(w.week), limit=100)["data"]
        assert w.paid_minutes == sum(line["paid_minutes"] for line in lines)
        overtime = sum(line["elements"]["overtime"]["minutes"] or 0 for line in lines)
        assert w.overtime_minutes == overtime
    for w in (WEEK, WEEK - timedelta(days=7), WEEK - timedelta(days=14)):  # lines (and a late clock's), and none
        paying = tuple(
            site for site in (north, south)
            if _api(api, headers, "payroll.php", week=str(w), location_id=site, limit=1)["data"]
        )  # fmt: skip
        assert services.run(dashboard, p, w).paid_sites == paying
        assert paying == ((north,) if w != WEEK - timedelta(days=14) else ())
