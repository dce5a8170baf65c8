"""The dashboard's figures through its use case on SQLite and PostgreSQL: a week against the four before
it, booked hours (cancelled bookings and breaks left out) by week and by site and day, places asked for
(cancelled requirements left out), filled (at most the headcount) and open, and the fill rate."""

from __future__ import annotations

from datetime import date
from typing import Any

from tests.contract.test_board_grid import _book, _require
from tests.contract.test_board_grid import acme as acme
from workforce_adapters.json.commands import structure
from workforce_core.commands.bookings import CancelBooking
from workforce_core.services import bookings, demands
from workforce_core.services.dashboard import dashboard
from workforce_entrypoints.bootstrap import Services

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

    found = dashboard(p, WEEK, queries=services.queries, clock=services.clock)
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
