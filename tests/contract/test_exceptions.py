"""GET /exceptions.php: each exception type of decisions.md found on a fixture built for it, and the
period, filters, ownership and site limits, over HTTP."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.helpers import assert_error, path
from workforce_core.model.bookings import Booking
from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules.exceptions import EXCEPTION_TYPES

NOON = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)  # a Wednesday, GMT: local time = UTC
EXCEPTIONS = path("exceptions")
CLOCK = path("clock")
SITE = {"latitude": 53.78, "longitude": -1.55}
NEAR = {"latitude": 53.7801, "longitude": -1.5501}  # about 13 m away
FAR = {"latitude": 53.79, "longitude": -1.55}  # about 1.1 km away


def at(day: int, hour: int, minute: int = 0, second: int = 0) -> datetime:
    """An instant in November 2026 (GMT, so the local time too)."""
    return datetime(2026, 11, day, hour, minute, second, tzinfo=UTC)


class Setup:
    def __init__(self, api: TestClient, world: World, clock: FakeClock) -> None:
        self.api, self.world, self.clock = api, world, clock
        clock.set(NOON)
        self.account = world.account("Acme Staffing")
        self.depot = world.site(
            self.account.id, "Depot", geofence_mode="warning", geofence_radius=200, gps_accuracy_threshold=50, **SITE
        )
        self.yard = world.site(self.account.id, "Yard")
        self.headers = world.key(self.account.id, ("timesheets:read", "clock:write"))

    def worker(self, name: str = "Ann Worker") -> int:
        return self.world.worker(self.account.id, name, location_id=self.depot.id).worker.id

    def entry(self, worker_id: int, clock_in: datetime, clock_out: datetime | None = None, **fields: Any) -> TimeEntry:
        fields.setdefault("location_id", self.depot.id)
        with self.world.uow() as tx:
            entry = tx.entries.add(
                TimeEntry(
                    worker_id=worker_id,
                    client_id=fields.pop("client_id", self.account.id),
                    clock_in=clock_in,
                    clock_out=clock_out,
                    created_at=clock_in,
                    updated_at=clock_out or clock_in,
                    **fields,
                )
            )
            tx.commit()
        return entry

    def booking(self, worker_id: int, start: datetime, end: datetime, **fields: Any) -> Booking:
        fields.setdefault("location_id", self.depot.id)
        with self.world.uow() as tx:
            booking = tx.bookings.add(
                Booking(
                    client_id=self.account.id,
                    worker_id=worker_id,
                    shift_date=start.date(),
                    start=start,
                    end=end,
                    created_at=start - timedelta(days=7),
                    **fields,
                )
            )
            tx.commit()
        return booking

    def clocked(self, worker_id: int, clock_in: datetime, minutes: int, **body: Any) -> int:
        """A shift clocked in and out over the API at these times (the clock is moved, then put back)."""
        self.clock.set(clock_in)
        reply = self.api.post(CLOCK, headers=self.headers, json={"worker_id": worker_id, "action": "in", **body})
        assert reply.status_code == 201, reply.text
        self.clock.advance(minutes=minutes)
        body.pop("occurred_at", None)
        body.pop("gps_accuracy", None)
        out = self.api.post(CLOCK, headers=self.headers, json={"worker_id": worker_id, "action": "out", **body})
        assert out.status_code == 200, out.text
        self.clock.set(NOON)
        return int(reply.json()["data"]["entry_id"])

    def get(self, headers: dict[str, str] | None = None, **params: Any) -> Any:
        return self.api.get(EXCEPTIONS, headers=headers or self.headers, params=params)

    def found(self, headers: dict[str, str] | None = None, **params: Any) -> list[str]:
        reply = self.get(headers, **params)
        assert reply.status_code == 200, reply.text
        return [item["id"] for item in reply.json()["data"]]


@pytest.fixture
def s(api: TestClient, world: World, clock: FakeClock) -> Setup:
    return Setup(api, world, clock)


# ---- one fixture per type: each builds a case that is found and near misses that are not ----------


def open_clock_out(s: Setup) -> list[str]:
    found = s.entry(s.worker("Over Twelve"), NOON - timedelta(hours=12, seconds=1))
    s.entry(s.worker("Exactly Twelve"), NOON - timedelta(hours=12))
    s.entry(s.worker("Closed Late"), at(17, 0), at(17, 11))
    return [f"open_clock_out:{found.id}"]


def long_shift(s: Setup) -> list[str]:
    worker = s.worker()
    found = s.entry(worker, at(16, 6), at(16, 20, 0, 1))
    s.entry(worker, at(15, 6), at(15, 20))
    return [f"long_shift:{found.id}"]


def short_shift(s: Setup) -> list[str]:
    worker = s.worker()
    found = s.entry(worker, at(16, 8), at(16, 8, 4, 59))
    s.entry(worker, at(15, 8), at(15, 8, 5))
    return [f"short_shift:{found.id}"]


def walk_in(s: Setup) -> list[str]:
    worker = s.worker()
    found = s.entry(worker, at(16, 8), at(16, 12))
    booked = s.booking(worker, at(15, 8), at(15, 12))
    s.entry(worker, at(15, 8), at(15, 12), scheduled_shift_id=booked.id)
    return [f"walk_in:{found.id}"]


def late_start(s: Setup) -> list[str]:
    worker = s.worker()
    late = s.booking(worker, at(16, 8), at(16, 12))
    found = s.entry(worker, at(16, 8, 15, 1), at(16, 12), scheduled_shift_id=late.id)
    on_time = s.booking(worker, at(15, 8), at(15, 12))
    s.entry(worker, at(15, 8, 15), at(15, 12), scheduled_shift_id=on_time.id)
    return [f"late_start:{found.id}"]


def early_finish(s: Setup) -> list[str]:
    worker = s.worker()
    early = s.booking(worker, at(16, 8), at(16, 12))
    found = s.entry(worker, at(16, 8), at(16, 11, 44, 59), scheduled_shift_id=early.id)
    in_time = s.booking(worker, at(15, 8), at(15, 12))
    s.entry(worker, at(15, 8), at(15, 11, 45), scheduled_shift_id=in_time.id)
    still_open = s.booking(worker, at(18, 8), at(18, 11))
    s.entry(worker, at(18, 8), None, scheduled_shift_id=still_open.id)
    return [f"early_finish:{found.id}"]


def no_show(s: Setup) -> list[str]:
    worker = s.worker()
    missed = s.booking(worker, at(17, 8), at(17, 12))
    s.booking(worker, NOON - timedelta(minutes=15), NOON + timedelta(hours=4))  # grace not passed yet
    s.booking(worker, at(16, 8), at(16, 12), status="cancelled")
    worked = s.booking(worker, at(15, 8), at(15, 12))
    s.entry(worker, at(15, 8, 30), at(15, 12), scheduled_shift_id=worked.id)
    return [f"no_show:shift:{missed.id}"]


def geofence_outside(s: Setup) -> list[str]:
    found = s.clocked(s.worker("Far Away"), at(17, 8), 60, **FAR)
    s.clocked(s.worker("Near By"), at(17, 8), 60, **NEAR)
    s.clocked(s.worker("No Gps"), at(17, 8), 60)
    return [f"geofence_outside:{found}"]


def low_gps_confidence(s: Setup) -> list[str]:
    found = s.clocked(s.worker("Blurry"), at(17, 8), 60, **NEAR, gps_accuracy=51)
    s.clocked(s.worker("Sharp"), at(17, 8), 60, **NEAR, gps_accuracy=50)
    return [f"low_gps_confidence:{found}"]


def backdated(s: Setup) -> list[str]:
    late = s.clocked(s.worker("Late Sender"), at(17, 8), 60, occurred_at="2026-11-17T07:50:00Z")
    s.clocked(s.worker("Prompt Sender"), at(17, 8), 60, occurred_at="2026-11-17T07:59:10Z")
    return [f"backdated:{late}"]


def late_sync(s: Setup) -> list[str]:
    late = s.entry(s.worker("Offline Kiosk"), at(17, 8), at(17, 17), risk_flags=("late_sync",))
    s.entry(s.worker("Online Kiosk"), at(17, 8), at(17, 17), risk_flags=("locked_week",))
    return [f"late_sync:{late.id}"]


def overlap(s: Setup) -> list[str]:
    worker = s.worker()
    s.entry(worker, at(16, 8), at(16, 12))
    found = s.entry(worker, at(16, 11), at(16, 15))
    s.entry(worker, at(15, 8), at(15, 12))
    s.entry(worker, at(15, 12), at(15, 16))  # back to back
    s.entry(s.worker("Someone Else"), at(16, 9), at(16, 13))
    return [f"overlap:{found.id}"]


def missed_break(s: Setup) -> list[str]:
    worker = s.worker()
    found = s.entry(worker, at(16, 8), at(16, 14, 0, 1))
    with_break = s.entry(worker, at(15, 8), at(15, 16))
    s.entry(worker, at(15, 12), at(15, 12, 30), entry_type="break", parent_id=with_break.id)
    s.entry(worker, at(14, 8), at(14, 16), manual_break_minutes=30)
    s.entry(worker, at(13, 8), at(13, 14))
    return [f"missed_break:{found.id}"]


def below_minimum_wage(s: Setup) -> list[str]:
    """A pay week paid below the band (one per worker and week, not per shift); met and unpaid ones are not."""
    low = s.world.worker(s.account.id, "Low Paid", location_id=s.depot.id, hourly_rate=10.00).worker.id
    met = s.world.worker(s.account.id, "Well Paid", location_id=s.depot.id, hourly_rate=12.71).worker.id
    unpaid = s.world.worker(s.account.id, "Not Approved", location_id=s.depot.id, hourly_rate=5.00).worker.id
    for worker, approval in ((low, "approved"), (met, "approved"), (unpaid, "pending")):
        for day in (16, 17):
            booked = s.booking(worker, at(day, 8), at(day, 12))
            s.entry(worker, at(day, 8), at(day, 12), scheduled_shift_id=booked.id, approval_status=approval)
    return [f"below_minimum_wage:{low}:2026-11-16"]


def wtr_average(s: Setup) -> list[str]:
    """Over 48 h a week on average over the 17 weeks ending with a shift of the period (clocked)."""
    worker = s.worker()
    s.entry(worker, at(15, 8) - timedelta(hours=820), at(15, 8))  # 820 h before the period: context
    found = s.entry(worker, at(16, 8), at(16, 12))
    opted = s.world.worker(s.account.id, "Opted Out", location_id=s.depot.id, wtr_opt_out=True).worker.id
    s.entry(opted, at(15, 8) - timedelta(hours=820), at(15, 8))
    s.entry(opted, at(16, 8), at(16, 12))
    return [f"wtr_average:{found.id}"]


def rest_11h(s: Setup) -> list[str]:
    worker = s.worker()
    before = s.entry(worker, at(16, 14), at(16, 23))
    after = s.entry(worker, at(17, 9, 59), at(17, 13))  # 10 h 59 min later: both shifts
    other = s.worker("Rested")
    s.entry(other, at(16, 14), at(16, 23))
    s.entry(other, at(17, 10), at(17, 13))  # 11 h
    return [f"rest_11h:{after.id}", f"rest_11h:{before.id}"]


def weekly_rest(s: Setup) -> list[str]:
    worker = s.worker()
    days = [s.entry(worker, at(day, 0), at(day, 12)) for day in range(12, 19)]  # 12 h off a day for 7 days
    return [f"weekly_rest:{days[-1].id}"]


def young_worker(s: Setup) -> list[str]:
    young = s.world.worker(s.account.id, "Yas Young", location_id=s.depot.id, date_of_birth="2010-01-01").worker.id
    found = s.entry(young, at(16, 8), at(16, 16, 1))  # 8 h 01 min
    s.entry(young, at(15, 8), at(15, 16))  # 8 h
    return [f"young_worker:{found.id}"]


def document_expired(s: Setup) -> list[str]:
    worker = s.worker()
    writer = s.world.key(s.account.id, ("workers:read", "workers:write"))
    kind = {"name": "Right to work", "kind": "right_to_work", "expires": False}
    rtw = s.api.post(path("document-types"), headers=writer, json=kind).json()["data"]
    check = {"check_method": "online_share_code", "checked_on": "2026-11-01", "checked_by": "Carol"}
    document = {"worker_id": worker, "type_id": rtw["id"], "expiry_date": "2026-11-16", **check}
    assert s.api.post(path("worker-documents"), headers=writer, json=document).status_code == 201
    s.booking(worker, at(16, 8), at(16, 16))  # the last day the share code covers
    lapsed = s.booking(worker, at(17, 8), at(17, 16))
    s.booking(worker, at(18, 8), at(18, 16), status="cancelled")  # cancelled: nothing to do
    return [f"document_expired:shift:{lapsed.id}"]


def query(s: Setup) -> list[str]:
    worker = s.worker()
    asked = s.entry(worker, at(16, 8), at(16, 12), queried=True, open_query=True, query_text="Ann left at 11?")
    s.entry(worker, at(15, 8), at(15, 12))  # never queried
    return [f"query:{asked.id}"]


FIXTURES: dict[str, Callable[[Setup], list[str]]] = {
    "open_clock_out": open_clock_out,
    "long_shift": long_shift,
    "short_shift": short_shift,
    "walk_in": walk_in,
    "late_start": late_start,
    "early_finish": early_finish,
    "no_show": no_show,
    "geofence_outside": geofence_outside,
    "low_gps_confidence": low_gps_confidence,
    "backdated": backdated,
    "late_sync": late_sync,
    "overlap": overlap,
    "missed_break": missed_break,
    "below_minimum_wage": below_minimum_wage,
    "document_expired": document_expired,
    "wtr_average": wtr_average,
    "rest_11h": rest_11h,
    "weekly_rest": weekly_rest,
    "young_worker": young_worker,
    "query": query,
}


def test_there_is_a_fixture_for_every_type_of_decisions_md() -> None:
    assert tuple(FIXTURES) == EXCEPTION_TYPES


@pytest.mark.parametrize("kind", EXCEPTION_TYPES)
def test_each_exception_type_is_found_on_its_fixture(s: Setup, kind: str) -> None:
    expected = FIXTURES[kind](s)
    assert s.found(type=kind) == expected
    assert set(expected) <= set(s.found(limit=100))


# ---- the record ---------------------------------------------------------------------------------


def test_an_exception_has_the_fields_of_decisions_md(s: Setup) -> None:
    worker = s.worker()
    booking = s.booking(worker, at(16, 8), at(16, 16))
    entry = s.entry(worker, at(16, 8, 40), at(16, 16), scheduled_shift_id=booking.id, location_id=s.yard.id)
    s.entry(worker, at(16, 12), at(16, 12, 30), entry_type="break", parent_id=entry.id, location_id=s.yard.id)
    reply = s.get()
    assert reply.status_code == 200
    assert reply.json() == {
        "data": [
            {
                "id": f"late_start:{entry.id}",
                "type": "late_start",
                "severity": "warning",
                "entry_id": entry.id,
                "shift_id": booking.id,
                "worker_id": worker,
                "location_id": s.yard.id,
                "date": "2026-11-16",
                "detail": "Clocked in 0 h 40 min after the booked start 08:00.",
                "status": "open",
                "query_text": None,
                "query_answer": None,
            }
        ],
        "pagination": {"total": 1, "limit": 50, "offset": 0, "has_more": False},
    }


def test_severities(s: Setup) -> None:
    worker = s.worker()
    s.entry(worker, NOON - timedelta(hours=13))
    s.entry(worker, at(16, 8), at(16, 12))
    s.entry(worker, at(16, 11), at(16, 11, 2), risk_flags=("api_backdated",))
    severities = {item["type"]: item["severity"] for item in s.get().json()["data"]}
    assert severities == {
        "open_clock_out": "blocking",
        "overlap": "blocking",
        "walk_in": "warning",
        "short_shift": "info",
        "backdated": "info",
    }


def test_an_exception_is_resolved_once_the_agency_approved_the_entry(s: Setup) -> None:
    worker = s.worker()
    approved = s.entry(worker, at(16, 8), at(16, 12), approval_status="approved")
    pending = s.entry(worker, at(15, 8), at(15, 12))
    disputed = s.entry(worker, at(14, 8), at(14, 12), approval_status="disputed")
    by_id = {item["id"]: item["status"] for item in s.get().json()["data"]}
    assert by_id == {
        f"walk_in:{approved.id}": "resolved",
        f"walk_in:{pending.id}": "open",
        f"walk_in:{disputed.id}": "open",
    }
    assert s.found(status="resolved") == [f"walk_in:{approved.id}"]
    assert s.found(status="open") == [f"walk_in:{pending.id}", f"walk_in:{disputed.id}"]


def test_a_booking_marked_no_show_is_a_resolved_no_show(s: Setup) -> None:
    worker = s.worker()
    marked = s.booking(worker, at(17, 8), at(17, 12), status="no_show")
    awol = s.booking(worker, at(16, 8), at(16, 12), status="awol")
    assert s.found(status="resolved") == [f"no_show:shift:{marked.id}", f"no_show:shift:{awol.id}"]
    assert s.found(status="open") == []


def test_ids_are_stable(s: Setup) -> None:
    worker = s.worker()
    s.entry(worker, at(16, 8), at(16, 15))
    first = s.found()
    s.clock.advance(hours=3)
    assert s.found() == first


# ---- the period ---------------------------------------------------------------------------------


def test_the_default_period_is_the_last_7_days(s: Setup) -> None:
    worker = s.worker()
    today = s.entry(worker, at(18, 8), at(18, 9))
    six_days_ago = s.entry(worker, at(12, 0), at(12, 1))
    s.entry(worker, at(11, 23, 59, 59), at(12, 0, 0, 0))
    assert s.found(type="walk_in") == [f"walk_in:{today.id}", f"walk_in:{six_days_ago.id}"]


def test_one_bound_gives_7_days_from_or_to_it(s: Setup) -> None:
    worker = s.worker()
    made = {day: s.entry(worker, at(day, 8), at(day, 9)).id for day in range(1, 19)}
    # (an hour every day is also `weekly_rest` from the 7th day: only the walk-ins are looked at here)
    assert s.found(date_from="2026-11-03", type="walk_in") == [f"walk_in:{made[d]}" for d in range(9, 2, -1)]
    assert s.found(date_to="2026-11-10", type="walk_in") == [f"walk_in:{made[d]}" for d in range(10, 3, -1)]
    assert s.found(date_from="2026-11-05", date_to="2026-11-06", type="walk_in") == [
        f"walk_in:{made[6]}",
        f"walk_in:{made[5]}",
    ]


def test_the_period_is_at_most_93_days(s: Setup) -> None:
    reply = s.get(date_from="2026-08-18", date_to="2026-11-18")  # 93 days
    assert reply.status_code == 200
    assert_error(s.get(date_from="2026-08-17", date_to="2026-11-18"), 400, "invalid_parameter", parameter="date_to")
    assert_error(s.get(date_from="2026-11-18", date_to="2026-11-17"), 400, "invalid_parameter", parameter="date_to")


def test_the_date_is_the_local_clock_in_date(s: Setup) -> None:
    s.clock.set(datetime(2026, 7, 20, 12, tzinfo=UTC))
    late = s.entry(s.worker(), datetime(2026, 7, 10, 23, 30, tzinfo=UTC), datetime(2026, 7, 11, 3, tzinfo=UTC))
    reply = s.get(date_from="2026-07-11", date_to="2026-07-11")
    assert [(item["id"], item["date"]) for item in reply.json()["data"]] == [(f"walk_in:{late.id}", "2026-07-11")]
    assert s.found(date_from="2026-07-10", date_to="2026-07-10") == []


def test_an_overlap_with_a_shift_before_the_period_is_found(s: Setup) -> None:
    worker = s.worker()
    s.entry(worker, at(11, 20), at(12, 6))
    found = s.entry(worker, at(12, 5), at(12, 9))
    assert s.found(type="overlap") == [f"overlap:{found.id}"]


# ---- filters, ownership, site limits ---------------------------------------------------------------


def test_worker_location_and_type_filters(s: Setup) -> None:
    ann, bob = s.worker("Ann"), s.worker("Bob")
    ann_depot = s.entry(ann, at(16, 8), at(16, 9))
    bob_yard = s.entry(bob, at(15, 8), at(15, 9), location_id=s.yard.id)
    assert s.found(worker_id=ann) == [f"walk_in:{ann_depot.id}"]
    assert s.found(location_id=s.yard.id) == [f"walk_in:{bob_yard.id}"]
    assert s.found(type="long_shift") == []


@pytest.mark.parametrize(
    ("parameter", "value"),
    [
        ("type", "late"),
        ("status", "closed"),
        ("date_from", "2026-02-30"),
        ("date_to", "tomorrow"),
        ("worker_id", "x"),
        ("location_id", "0"),
        ("limit", "0"),
    ],
)
def test_a_malformed_parameter_is_400_naming_it(s: Setup, parameter: str, value: str) -> None:
    assert_error(s.get(**{parameter: value}), 400, "invalid_parameter", parameter=parameter)


def test_paging_with_total(s: Setup) -> None:
    worker = s.worker()
    made = [s.entry(worker, at(day, 8), at(day, 9)).id for day in (18, 17, 16, 15, 14)]
    reply = s.get(limit=2, offset=2)
    assert [item["id"] for item in reply.json()["data"]] == [f"walk_in:{made[2]}", f"walk_in:{made[3]}"]
    assert reply.json()["pagination"] == {"total": 5, "limit": 2, "offset": 2, "has_more": True}


def test_another_clients_records_are_not_seen(s: Setup, world: World) -> None:
    other = world.account("Other Agency")
    their_site = world.site(other.id, "Their Site")
    their_headers = world.key(other.id, ("timesheets:read",))
    ann = s.worker()
    there = s.entry(ann, at(16, 8), at(16, 9), location_id=their_site.id, client_id=other.id)
    here = s.entry(ann, at(15, 8), at(15, 9))
    assert s.found() == [f"walk_in:{here.id}"]
    assert s.found(their_headers) == [f"walk_in:{there.id}"]
    assert_error(s.get(location_id=their_site.id), 404, "location_not_found", parameter="location_id")


def test_a_site_limited_key_sees_its_sites_and_overlaps_with_shifts_elsewhere(s: Setup, world: World) -> None:
    limited = world.key(s.account.id, ("timesheets:read",), location_ids=(s.depot.id,))
    ann = s.worker()
    s.entry(ann, at(16, 8), at(16, 12), location_id=s.yard.id)
    at_depot = s.entry(ann, at(16, 11), at(16, 13), location_id=s.depot.id)
    s.entry(ann, at(15, 8), at(15, 9), location_id=None)
    yard_booking = s.booking(ann, at(17, 8), at(17, 9), location_id=s.yard.id)
    assert s.found(limited) == [f"walk_in:{at_depot.id}", f"overlap:{at_depot.id}"]
    assert f"no_show:shift:{yard_booking.id}" in s.found()
    assert_error(s.get(limited, location_id=s.yard.id), 403, "location_not_allowed", parameter="location_id")


def test_a_clock_against_a_booking_at_another_site_is_not_a_no_show(s: Setup, world: World) -> None:
    limited = world.key(s.account.id, ("timesheets:read",), location_ids=(s.depot.id,))
    ann = s.worker()
    booking = s.booking(ann, at(16, 8), at(16, 12))
    s.entry(ann, at(16, 8), at(16, 12), location_id=s.yard.id, scheduled_shift_id=booking.id)
    assert s.found(limited) == []
    assert s.found(type="no_show") == []


def test_exceptions_need_timesheets_read(s: Setup, world: World) -> None:
    headers = world.key(s.account.id, ("onsite:read",))
    assert_error(s.get(headers), 403, "insufficient_scope", required_scope="timesheets:read")


def test_the_exception_date_of_a_booking_is_its_shift_date(s: Setup) -> None:
    worker = s.worker()
    booking = s.booking(worker, at(17, 23, 30), at(18, 7, 30))
    [item] = s.get().json()["data"]
    assert (item["id"], item["date"], item["entry_id"], item["shift_id"]) == (
        f"no_show:shift:{booking.id}",
        date(2026, 11, 17).isoformat(),
        None,
        booking.id,
    )
    assert item["detail"] == "No clock against the booking starting 23:30."
