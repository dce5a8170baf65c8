"""GET /timesheets.php: every query parameter of the spec, ownership and site limits, over HTTP."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import World
from tests.contract.helpers import assert_error, data, ids, path
from workforce_core.model.time_entries import TimeEntry

NOON = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)  # a Wednesday, GMT
TIMESHEETS = path("timesheets")
CLOCK = path("clock")

# Every field of the spec's TimeEntry this issue serves (the payroll fields come with pricing).
ENTRY_FIELDS = frozenset(
    {
        "id",
        "worker_id",
        "worker_name",
        "employee_id",
        "department_id",
        "location_id",
        "location_name",
        "client_id",
        "entry_type",
        "clock_in",
        "clock_in_utc",
        "clock_out",
        "clock_out_utc",
        "total_minutes",
        "hours",
        "clock_method",
        "clock_out_method",
        "clock_source",
        "kiosk_id",
        "notes",
        "match_score",
        "cost_code_id",
        "scheduled_shift_id",
        "approval_status",
        "approved",
        "approved_at",
        "approved_by",
        "client_approval",
        "client_approved",
        "client_approved_at",
        "client_approved_by",
        "client_rejected_reason",
        "queried",
        "open_query",
        "locked",
        "exported_batch_id",
        "risk_flags",
        "manual_break_minutes",
        "pay_adjustment_minutes",
        "edited",
        "edit_count",
        "edited_at",
        "original_clock_in",
        "original_clock_out",
        "within_geofence",
        "distance_meters",
        "gps_accuracy",
        "low_gps_confidence",
        "clock_out_within_geofence",
        "clock_out_distance_meters",
        "created_at",
        "updated_at",
        "updated_at_utc",
        "parent_id",
        "approved_at_utc",
        "client_approved_at_utc",
        "edited_at_utc",
        "original_clock_in_utc",
        "original_clock_out_utc",
        "created_at_utc",
        "paid_minutes",
        "paid_hours",
        "unpaid_break_minutes",
        "payroll_status",
        "payroll_excluded_reason",
        "query_text",
        "query_answer",
        "query_answered_at",
        "query_answered_at_utc",
        "open_exceptions",
    }
)


class Setup:
    def __init__(self, api: TestClient, world: World, clock: FakeClock) -> None:
        self.api, self.world, self.clock = api, world, clock
        clock.set(NOON)
        self.account = world.account("Acme Staffing")
        self.depot = world.site(self.account.id, "Depot")
        self.yard = world.site(self.account.id, "Yard")
        self.picking = world.department(self.account.id, "Picking")
        self.ann = world.worker(
            self.account.id, "Ann Shift", location_id=self.depot.id, department_id=self.picking.id
        ).worker
        self.bob = world.worker(self.account.id, "Bob Shift", location_id=self.yard.id).worker
        self.headers = world.key(self.account.id, ("timesheets:read", "clock:write"))

    def get(self, headers: dict[str, str] | None = None, **params: Any) -> Any:
        return self.api.get(TIMESHEETS, headers=headers or self.headers, params=params)

    def clock_(self, worker_id: int, action: str, **body: Any) -> int:
        reply = self.api.post(CLOCK, headers=self.headers, json={"worker_id": worker_id, "action": action, **body})
        assert reply.status_code in (200, 201), reply.text
        return int(reply.json()["data"]["entry_id"])

    def entry(
        self,
        worker_id: int,
        clock_in: datetime,
        clock_out: datetime | None = None,
        *,
        location_id: int | None = None,
        client_id: int | None = None,
        **fields: Any,
    ) -> TimeEntry:
        """A stored entry (a back-dated fixture: the clock rules would refuse it over the API)."""
        entry = TimeEntry(
            worker_id=worker_id,
            client_id=client_id or self.account.id,
            location_id=location_id,
            clock_in=clock_in,
            clock_out=clock_out,
            created_at=clock_in,
            updated_at=fields.pop("updated_at", clock_out or clock_in),
            **fields,
        )
        with self.world.uow() as tx:
            entry = tx.entries.add(entry)
            tx.commit()
        return entry


@pytest.fixture
def s(api: TestClient, world: World, clock: FakeClock) -> Setup:
    return Setup(api, world, clock)


def days_ago(days: int, hour: int = 8) -> datetime:
    return (NOON - timedelta(days=days)).replace(hour=hour)


# ---- the record ---------------------------------------------------------------------------------


def test_a_completed_shift_is_listed_with_every_field(s: Setup) -> None:
    entry_id = s.clock_(s.ann.id, "in", notes="start")
    s.clock.advance(hours=8, minutes=30, seconds=20)
    s.clock_(s.ann.id, "out", notes="done")
    reply = s.get()
    assert reply.status_code == 200
    body = reply.json()
    assert body["pagination"] == {"total": 1, "limit": 50, "offset": 0, "has_more": False}
    [entry] = body["data"]
    assert set(entry) == ENTRY_FIELDS
    assert entry["id"] == entry_id
    assert entry["worker_id"] == s.ann.id
    assert entry["worker_name"] == "Ann Shift"
    assert entry["employee_id"] == s.ann.employee_id
    assert entry["department_id"] == s.picking.id
    assert (entry["location_id"], entry["location_name"]) == (s.depot.id, "Depot")
    assert entry["client_id"] == s.account.id
    assert entry["entry_type"] == "shift"
    assert (entry["clock_in"], entry["clock_in_utc"]) == ("2026-11-18 12:00:00", "2026-11-18T12:00:00Z")
    assert (entry["clock_out"], entry["clock_out_utc"]) == ("2026-11-18 20:30:20", "2026-11-18T20:30:20Z")
    assert (entry["total_minutes"], entry["hours"]) == (510, 8.5)
    assert (entry["clock_method"], entry["clock_out_method"], entry["clock_source"]) == ("api", "api", "api")
    assert entry["notes"] == "start\ndone"
    assert (entry["approval_status"], entry["approved"]) == ("pending", False)
    assert (entry["client_approval"], entry["client_approved"]) == ("pending", None)
    assert (entry["queried"], entry["open_query"], entry["locked"]) == (False, False, False)
    assert (entry["edited"], entry["edit_count"]) == (False, 0)
    assert (entry["query_text"], entry["query_answer"], entry["query_answered_at"]) == (None, None, None)
    assert entry["risk_flags"] == []
    assert entry["open_exceptions"] == ["walk_in", "missed_break"]  # no booking; 8 h 30 min with no break
    assert entry["updated_at_utc"] == "2026-11-18T20:30:20Z"
    assert "pricing" not in entry
    # no booking under the default no_pay walk-in policy: the gate's third rule comes before approval
    assert (entry["payroll_status"], entry["payroll_excluded_reason"]) == ("excluded", "walk_in")
    assert (entry["paid_minutes"], entry["unpaid_break_minutes"]) == (510, 0)
    assert data(s.get(id=entry_id)) == entry


def test_one_entry_by_id_is_an_object_whatever_its_type_or_state(s: Setup) -> None:
    shift = s.entry(s.ann.id, days_ago(1), days_ago(1, 16), location_id=s.depot.id)
    a_break = s.entry(
        s.ann.id, days_ago(1, 12), days_ago(1, 13), location_id=s.depot.id, entry_type="break", parent_id=shift.id
    )
    open_id = s.clock_(s.bob.id, "in")
    for wanted in (shift.id, a_break.id, open_id):
        reply = s.get(id=wanted)
        assert reply.status_code == 200
        assert reply.json()["data"]["id"] == wanted
        assert "pagination" not in reply.json()
    assert data(s.get(id=a_break.id))["entry_type"] == "break"
    assert data(s.get(id=open_id))["clock_out"] is None
    assert_error(s.get(id=open_id, entry_filter="shifts"), 404, "not_found")
    assert_error(s.get(id=999_999), 404, "not_found")


def test_newest_clock_in_first(s: Setup) -> None:
    old = s.entry(s.ann.id, days_ago(3), days_ago(3, 16), location_id=s.depot.id)
    newest = s.entry(s.bob.id, days_ago(1), days_ago(1, 16), location_id=s.yard.id)
    middle = s.entry(s.ann.id, days_ago(2), days_ago(2, 16), location_id=s.depot.id)
    same_time = s.entry(s.bob.id, days_ago(2), days_ago(2, 10), location_id=s.yard.id)
    assert ids(s.get()) == [newest.id, same_time.id, middle.id, old.id]


# ---- entry_filter -------------------------------------------------------------------------------


def test_entry_filter_chooses_completed_shifts_open_shifts_breaks_or_all(s: Setup) -> None:
    done = s.entry(s.ann.id, days_ago(1), days_ago(1, 16), location_id=s.depot.id)
    a_break = s.entry(
        s.ann.id, days_ago(1, 12), days_ago(1, 13), location_id=s.depot.id, entry_type="break", parent_id=done.id
    )
    stale = s.entry(s.bob.id, NOON - timedelta(hours=19), location_id=s.yard.id)  # open, beyond 18 hours
    s.clock.advance(minutes=-30)
    active = s.clock_(s.ann.id, "in")
    s.clock.set(NOON)
    assert ids(s.get()) == [done.id]
    assert ids(s.get(entry_filter="shifts")) == [done.id]
    assert ids(s.get(entry_filter="active")) == [active]
    assert ids(s.get(entry_filter="breaks")) == [a_break.id]
    assert ids(s.get(entry_filter="all")) == [active, stale.id, a_break.id, done.id]


def test_an_open_shift_stops_being_active_18_hours_after_its_clock_in(s: Setup) -> None:
    entry_id = s.clock_(s.ann.id, "in")
    s.clock.advance(hours=18)
    assert ids(s.get(entry_filter="active")) == [entry_id]
    s.clock.advance(seconds=1)
    assert ids(s.get(entry_filter="active")) == []
    assert ids(s.get(entry_filter="all")) == [entry_id]


# ---- filters ------------------------------------------------------------------------------------


def test_dates_are_on_the_local_clock_in_date(s: Setup) -> None:
    s.clock.set(datetime(2026, 7, 20, 12, 0, tzinfo=UTC))
    late = s.entry(  # 00:30 BST on 11 July
        s.ann.id, datetime(2026, 7, 10, 23, 30, tzinfo=UTC), datetime(2026, 7, 11, 7, 0, tzinfo=UTC)
    )
    day = s.entry(s.ann.id, datetime(2026, 7, 10, 8, 0, tzinfo=UTC), datetime(2026, 7, 10, 16, 0, tzinfo=UTC))
    assert ids(s.get(date_from="2026-07-11", date_to="2026-07-11")) == [late.id]
    assert ids(s.get(date_to="2026-07-10")) == [day.id]
    assert ids(s.get(date_from="2026-07-10")) == [late.id, day.id]
    assert ids(s.get(date_from="2026-07-12")) == []


def test_date_to_before_date_from_is_refused(s: Setup) -> None:
    assert_error(s.get(date_from="2026-11-10", date_to="2026-11-09"), 400, "invalid_parameter", parameter="date_to")


def test_updated_since_compares_the_exact_instant(s: Setup) -> None:
    s.entry(s.ann.id, days_ago(3), days_ago(3, 16), updated_at=datetime(2026, 11, 15, 16, 0, tzinfo=UTC))
    edited = s.entry(s.ann.id, days_ago(4), days_ago(4, 16), updated_at=datetime(2026, 11, 17, 9, 0, 5, tzinfo=UTC))
    assert ids(s.get(updated_since="2026-11-17T09:00:05Z")) == [edited.id]
    assert ids(s.get(updated_since="2026-11-17T09:00:06Z")) == []
    assert ids(s.get(updated_since="2026-11-17 09:00:05")) == [edited.id]  # local time (GMT)
    assert_error(s.get(updated_since="soon"), 400, "invalid_parameter", parameter="updated_since")


def test_worker_location_and_department_filters(s: Setup) -> None:
    ann_depot = s.entry(s.ann.id, days_ago(1), days_ago(1, 16), location_id=s.depot.id)
    ann_yard = s.entry(s.ann.id, days_ago(2), days_ago(2, 16), location_id=s.yard.id)
    bob_yard = s.entry(s.bob.id, days_ago(3), days_ago(3, 16), location_id=s.yard.id)
    assert ids(s.get(worker_id=s.ann.id)) == [ann_depot.id, ann_yard.id]
    assert ids(s.get(location_id=s.yard.id)) == [ann_yard.id, bob_yard.id]
    assert ids(s.get(department_id=s.picking.id)) == [ann_depot.id, ann_yard.id]  # the worker's department
    assert ids(s.get(worker_id=s.bob.id, location_id=s.depot.id)) == []


def test_approval_filters(s: Setup) -> None:
    pending = s.entry(s.ann.id, days_ago(1), days_ago(1, 16))
    approved = s.entry(s.ann.id, days_ago(2), days_ago(2, 16), approval_status="approved", client_approval="approved")
    disputed = s.entry(s.ann.id, days_ago(3), days_ago(3, 16), approval_status="disputed", client_approval="rejected")
    assert ids(s.get(approval_status="pending")) == [pending.id]
    assert ids(s.get(approval_status="approved")) == [approved.id]
    assert ids(s.get(approval_status="disputed")) == [disputed.id]
    assert ids(s.get(client_approval="pending")) == [pending.id]
    assert ids(s.get(client_approval="approved")) == [approved.id]
    assert ids(s.get(client_approval="rejected")) == [disputed.id]
    assert data(s.get(id=approved.id))["approved"] is True
    assert data(s.get(id=approved.id))["client_approved"] is True
    assert data(s.get(id=disputed.id))["client_approved"] is False


@pytest.mark.parametrize(
    ("parameter", "value"),
    [
        ("entry_filter", "open"),
        ("approval_status", "rejected"),
        ("client_approval", "disputed"),
        ("date_from", "2026-13-01"),
        ("date_to", "18/11/2026"),
        ("worker_id", "abc"),
        ("location_id", "0"),
        ("department_id", "-1"),
        ("id", "1.5"),
        ("limit", "101"),
        ("offset", "-1"),
    ],
)
def test_a_malformed_parameter_is_400_naming_it(s: Setup, parameter: str, value: str) -> None:
    assert_error(s.get(**{parameter: value}), 400, "invalid_parameter", parameter=parameter)


def test_payroll_status_filters_by_the_pay_gate(s: Setup) -> None:
    s.entry(s.ann.id, days_ago(1), days_ago(1, 16))
    assert ids(s.get(payroll_status="excluded")) == ids(s.get())
    assert ids(s.get(payroll_status="payable")) == []
    assert ids(s.get(payroll_status="on_hold")) == []
    assert_error(s.get(payroll_status="nonsense"), 400, "invalid_parameter", parameter="payroll_status")


def test_paging_with_total(s: Setup) -> None:
    made = [s.entry(s.ann.id, days_ago(day), days_ago(day, 16)).id for day in range(1, 6)]
    reply = s.get(limit=2, offset=1)
    assert ids(reply) == made[1:3]
    assert reply.json()["pagination"] == {"total": 5, "limit": 2, "offset": 1, "has_more": True}
    last = s.get(limit=2, offset=4)
    assert ids(last) == made[4:]
    assert last.json()["pagination"]["has_more"] is False


# ---- ownership, site limits and scope -------------------------------------------------------------


def test_a_record_belongs_to_the_client_owning_its_site_else_the_home_client(
    s: Setup, world: World, api: TestClient
) -> None:
    other = world.account("Other Agency")
    their_site = world.site(other.id, "Their Site")
    their_worker = world.worker(other.id, "Pooled Pat").worker
    their_headers = world.key(other.id, ("timesheets:read",))
    pooled_here = s.entry(their_worker.id, days_ago(1), days_ago(1, 16), location_id=s.depot.id)
    ann_there = s.entry(s.ann.id, days_ago(2), days_ago(2, 16), location_id=their_site.id, client_id=other.id)
    ann_nowhere = s.entry(s.ann.id, days_ago(3), days_ago(3, 16))
    assert ids(s.get()) == [pooled_here.id, ann_nowhere.id]
    assert ids(s.get(headers=their_headers)) == [ann_there.id]
    assert data(s.get(id=pooled_here.id))["worker_name"] == "Pooled Pat"
    assert_error(s.get(id=ann_there.id), 404, "not_found")
    assert_error(s.get(headers=their_headers, id=ann_nowhere.id), 404, "not_found")
    assert_error(s.get(location_id=their_site.id), 404, "location_not_found", parameter="location_id")


def test_a_site_limited_key_sees_only_entries_at_its_sites(s: Setup, world: World) -> None:
    at_depot = s.entry(s.ann.id, days_ago(1), days_ago(1, 16), location_id=s.depot.id)
    at_yard = s.entry(s.bob.id, days_ago(1), days_ago(1, 16), location_id=s.yard.id)
    no_site = s.entry(s.ann.id, days_ago(2), days_ago(2, 16))
    limited = world.key(s.account.id, ("timesheets:read",), location_ids=(s.depot.id,))
    assert ids(s.get(headers=limited)) == [at_depot.id]
    assert ids(s.get(headers=limited, location_id=s.depot.id)) == [at_depot.id]
    assert_error(s.get(headers=limited, location_id=s.yard.id), 403, "location_not_allowed", parameter="location_id")
    assert_error(s.get(headers=limited, id=at_yard.id), 404, "not_found")
    assert_error(s.get(headers=limited, id=no_site.id), 404, "not_found")


def test_timesheets_need_timesheets_read(s: Setup, world: World) -> None:
    headers = world.key(s.account.id, ("workers:read", "onsite:read"))
    assert_error(s.get(headers=headers), 403, "insufficient_scope", required_scope="timesheets:read")
    legacy = world.key(s.account.id, (), legacy=True)
    assert s.get(headers=legacy).status_code == 200


def test_the_path_answers_without_php(s: Setup) -> None:
    entry = s.entry(s.ann.id, days_ago(1), days_ago(1, 16))
    reply = s.api.get(path("timesheets", php=False), headers=s.headers)
    assert ids(reply) == [entry.id]
