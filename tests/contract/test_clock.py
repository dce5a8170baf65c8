"""POST /clock.php: every clock rule and error code of the spec, over HTTP."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, date, datetime, timedelta
from typing import Any

import attrs
import pytest
from sqlalchemy import func, select
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import World
from workforce_adapters.sql import tables
from workforce_core.model.bookings import Booking
from workforce_core.model.reference import Location
from workforce_core.model.surveys import Survey, SurveyQuestion
from workforce_core.model.time_entries import TimeEntry

CLOCK = "/api/v1/clock.php"
NOON = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)  # a Wednesday, GMT
SITE = {"latitude": 53.78, "longitude": -1.55}
NEAR = {"latitude": 53.7801, "longitude": -1.5501}  # about 13 m away
FAR = {"latitude": 53.79, "longitude": -1.55}  # about 1.1 km away


class Setup:
    def __init__(self, api: TestClient, world: World, clock: FakeClock) -> None:
        self.api, self.world, self.clock = api, world, clock
        clock.set(NOON)
        self.account = world.account()
        self.site = world.site(self.account.id, "Depot", geofence_mode="disabled")
        self.worker = world.worker(self.account.id, "Ann Clock", location_id=self.site.id).worker
        self.headers = world.key(self.account.id)

    def clock_(self, action: str = "in", **body: Any) -> Any:
        body.setdefault("worker_id", self.worker.id)
        return self.api.post(CLOCK, headers=self.headers, json={"action": action, **body})

    def fenced_site(self, mode: str, **fields: Any) -> Location:
        return self.world.site(self.account.id, f"{mode} site", geofence_mode=mode, geofence_radius=200, **fields)

    def entries(self) -> int:
        with self.world.services.engine.connect() as connection:
            return int(connection.execute(select(func.count()).select_from(tables.time_entries)).scalar_one())


@pytest.fixture
def s(api: TestClient, world: World, clock: FakeClock) -> Setup:
    return Setup(api, world, clock)


def test_clock_in_is_201_with_the_full_clock_result(s: Setup) -> None:
    reply = s.clock_("in")
    assert reply.status_code == 201
    body = reply.json()
    assert body["message"]
    data = body["data"]
    assert data["action"] == "clock_in"
    assert data["worker_id"] == s.worker.id
    assert data["employee_id"] == s.worker.employee_id
    assert data["worker_name"] == "Ann Clock"
    assert data["clock_in"] == "2026-11-18 12:00:00"
    assert data["clock_in_utc"] == "2026-11-18T12:00:00Z"
    assert data["location_id"] == s.site.id
    assert data["scheduled_shift_id"] is None
    assert data["risk_flags"] == []
    assert data["backdated"] is False
    assert data["entry_id"] > 0
    assert "clock_out" not in data
    assert "within_geofence" not in data


def test_clock_out_is_200_with_real_elapsed_minutes(s: Setup) -> None:
    entry_id = s.clock_("in").json()["data"]["entry_id"]
    s.clock.advance(hours=8, minutes=30, seconds=59)
    reply = s.clock_("out")
    assert reply.status_code == 200
    data = reply.json()["data"]
    assert data["entry_id"] == entry_id
    assert data["action"] == "clock_out"
    assert data["clock_out"] == "2026-11-18 20:30:59"
    assert data["total_minutes"] == 510
    assert data["hours"] == 8.5


def test_a_worker_can_be_named_by_employee_id_in_any_letter_case(s: Setup) -> None:
    reply = s.api.post(CLOCK, headers=s.headers, json={"action": "in", "employee_id": s.worker.employee_id.lower()})
    assert reply.status_code == 201
    assert reply.json()["data"]["worker_id"] == s.worker.id


@pytest.mark.parametrize(
    "body",
    [
        {"action": "in"},
        {"action": "in", "worker_id": 1, "employee_id": "W00001"},
        {"action": "in", "worker_id": ""},
        {"action": "out", "worker_id": "", "employee_id": None},
    ],
)
def test_exactly_one_of_worker_id_or_employee_id(s: Setup, body: dict[str, Any]) -> None:
    reply = s.api.post(CLOCK, headers=s.headers, json=body)
    assert reply.status_code == 400
    assert (reply.json()["error_code"], reply.json()["field"]) == ("validation_failed", "worker_id")


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"action": "sideways"}, "action"),
        ({"latitude": 91, "longitude": 0}, "latitude"),
        ({"latitude": 0, "longitude": -180.5}, "longitude"),
        ({"latitude": "53.1", "longitude": -1.5}, "latitude"),
        ({"latitude": 53.1}, "longitude"),
        ({"gps_accuracy": -1, **NEAR}, "gps_accuracy"),
        ({"notes": "x" * 256}, "notes"),
        ({"occurred_at": "yesterday"}, "occurred_at"),
        ({"location_id": "abc"}, "location_id"),
        ({"survey_answers": [{"question_id": 1}]}, "survey_answers"),
    ],
)
def test_bad_input_is_400_validation_failed_with_the_field(s: Setup, extra: dict[str, Any], field: str) -> None:
    body = {"action": "in", "worker_id": s.worker.id, **extra}
    reply = s.api.post(CLOCK, headers=s.headers, json=body)
    assert reply.status_code == 400, reply.text
    assert (reply.json()["error_code"], reply.json()["field"]) == ("validation_failed", field)
    assert s.entries() == 0


def test_nan_coordinates_are_400_naming_the_field(s: Setup) -> None:
    body = b'{"action": "in", "worker_id": %d, "latitude": NaN, "longitude": 1}' % s.worker.id
    reply = s.api.post(CLOCK, headers={**s.headers, "Content-Type": "application/json"}, content=body)
    assert reply.status_code == 400
    assert (reply.json()["error_code"], reply.json()["field"]) == ("validation_failed", "latitude")


def test_unknown_and_other_clients_workers_are_404(s: Setup) -> None:
    other = s.world.account("Other")
    stranger = s.world.worker(other.id, "Stranger").worker
    for worker_id in (999_999, stranger.id):
        reply = s.clock_(worker_id=worker_id)
        assert (reply.status_code, reply.json()["error_code"]) == (404, "not_found")
    badge = s.api.post(CLOCK, headers=s.headers, json={"action": "in", "employee_id": "NOPE-1"})
    assert (badge.status_code, badge.json()["error_code"]) == (404, "not_found")


def test_pending_workers_are_409_worker_pending(s: Setup) -> None:
    pending = s.world.worker(s.account.id, "New Starter", pending=True).worker
    reply = s.clock_(worker_id=pending.id)
    assert (reply.status_code, reply.json()["error_code"]) == (409, "worker_pending")


def test_leavers_and_suspended_workers_are_409_worker_inactive(s: Setup, console: Any) -> None:
    leaver = s.world.worker(s.account.id, "Leaver").worker
    assert (
        s.api.put(f"/api/v1/workers.php?id={leaver.id}", headers=s.headers, json={"active": False}).status_code == 200
    )
    suspended = s.world.worker(s.account.id, "Suspended").worker
    assert console("worker", "suspend", str(suspended.id))[0] == 0
    for worker_id in (leaver.id, suspended.id):
        reply = s.clock_(worker_id=worker_id)
        assert (reply.status_code, reply.json()["error_code"]) == (409, "worker_inactive")


def test_a_second_clock_in_within_18_hours_is_409_already_clocked_in(s: Setup) -> None:
    entry_id = s.clock_("in").json()["data"]["entry_id"]
    s.clock.advance(hours=17, minutes=59)
    reply = s.clock_("in")
    assert reply.status_code == 409
    assert reply.json()["error_code"] == "already_clocked_in"
    assert reply.json()["entry_id"] == entry_id


def test_an_open_shift_older_than_18_hours_does_not_block_a_new_clock_in(s: Setup) -> None:
    s.clock_("in")
    s.clock.advance(hours=18, minutes=1)
    assert s.clock_("in").status_code == 201
    assert s.entries() == 2


def test_a_clock_in_closes_the_workers_shift_left_open_over_18_hours_as_a_missed_clock_out(s: Setup) -> None:
    stale = s.clock_("in").json()["data"]["entry_id"]
    s.clock.advance(hours=20)
    fresh = s.clock_("in")
    assert fresh.status_code == 201, fresh.text
    closed = s.api.get(f"/api/v1/timesheets.php?id={stale}", headers=s.headers).json()["data"]
    assert (closed["clock_out_utc"], closed["clock_out_method"]) == ("2026-11-18T20:00:00Z", "auto")  # 8 h default
    (event,) = s.world.outbox("time_entry.auto_closed")
    assert (event["data"]["entry_id"], event["data"]["change"]) == (stale, "missed_clockout")
    assert s.clock_("out").json()["data"]["entry_id"] == fresh.json()["data"]["entry_id"]


def test_clock_out_without_an_open_shift_is_409_no_open_clock_in(s: Setup) -> None:
    reply = s.clock_("out")
    assert (reply.status_code, reply.json()["error_code"]) == (409, "no_open_clock_in")
    s.clock_("in")
    s.clock.advance(hours=18, minutes=1)
    stale = s.clock_("out")
    assert (stale.status_code, stale.json()["error_code"]) == (409, "no_open_clock_in")


def test_occurred_at_may_be_iso_with_an_offset_or_local_time(s: Setup) -> None:
    reply = s.clock_(occurred_at="2026-11-18T12:00:30+00:00")
    assert reply.status_code == 201
    assert reply.json()["data"]["clock_in_utc"] == "2026-11-18T12:00:30Z"
    s.clock.advance(hours=1)
    out = s.clock_("out", occurred_at="2026-11-18 12:59:00")
    assert out.json()["data"]["clock_out_utc"] == "2026-11-18T12:59:00Z"
    assert out.json()["data"]["total_minutes"] == 58


def test_occurred_at_between_60_seconds_and_15_minutes_back_is_flagged_backdated(s: Setup) -> None:
    reply = s.clock_(occurred_at="2026-11-18T11:50:00Z")
    data = reply.json()["data"]
    assert reply.status_code == 201
    assert data["backdated"] is True
    assert data["risk_flags"] == ["api_backdated"]
    assert s.world.outbox("clock_in")[0]["data"]["risk_flags"] == ["api_backdated"]


def test_occurred_at_within_60_seconds_is_not_backdated(s: Setup) -> None:
    data = s.clock_(occurred_at="2026-11-18T11:59:01Z").json()["data"]
    assert (data["backdated"], data["risk_flags"]) == (False, [])


@pytest.mark.parametrize("occurred_at", ["2026-11-18T11:44:59Z", "2026-11-18T12:01:01Z"])
def test_occurred_at_over_15_minutes_back_or_60_seconds_ahead_is_400(s: Setup, occurred_at: str) -> None:
    reply = s.clock_(occurred_at=occurred_at)
    assert reply.status_code == 400
    assert (reply.json()["error_code"], reply.json()["field"]) == ("validation_failed", "occurred_at")


def test_a_clock_in_before_the_end_of_a_recorded_shift_is_409_conflict(s: Setup) -> None:
    first = s.clock_("in").json()["data"]["entry_id"]
    s.clock.advance(minutes=30)
    s.clock_("out")
    reply = s.clock_("in", occurred_at="2026-11-18T12:20:00Z")
    assert reply.status_code == 409
    assert (reply.json()["error_code"], reply.json()["entry_id"]) == ("conflict", first)


def test_a_clock_in_defaults_to_the_booked_shifts_site_else_the_home_site(s: Setup) -> None:
    booked_site = s.world.site(s.account.id, "Booked Site")
    with s.world.uow() as tx:
        booking = tx.bookings.add(
            Booking(
                client_id=s.account.id,
                worker_id=s.worker.id,
                location_id=booked_site.id,
                shift_date=date(2026, 11, 18),
                start=NOON,
                end=NOON + timedelta(hours=8),
                created_at=NOON,
            )
        )
        tx.commit()
    data = s.clock_("in").json()["data"]
    assert (data["location_id"], data["scheduled_shift_id"]) == (booked_site.id, booking.id)
    s.clock.advance(hours=9)
    out = s.clock_("out", location_id=s.site.id).json()["data"]
    assert out["location_id"] == booked_site.id  # clock-out always uses the open shift's site
    s.clock.advance(hours=20)
    assert s.clock_("in").json()["data"]["location_id"] == s.site.id


def test_an_explicit_location_must_be_the_clients_site(s: Setup) -> None:
    other = s.world.account("Other")
    foreign = s.world.site(other.id, "Foreign")
    reply = s.clock_(location_id=foreign.id)
    assert (reply.status_code, reply.json()["error_code"]) == (404, "location_not_found")


def test_a_site_limited_key_cannot_clock_at_another_site(s: Setup) -> None:
    second = s.world.site(s.account.id, "Second")
    limited = s.world.key(s.account.id, ("clock:write",), location_ids=(second.id,))
    reply = s.api.post(CLOCK, headers=limited, json={"action": "in", "worker_id": s.worker.id})
    assert (reply.status_code, reply.json()["error_code"]) == (403, "location_not_allowed")
    ok = s.api.post(CLOCK, headers=limited, json={"action": "in", "worker_id": s.worker.id, "location_id": second.id})
    assert ok.status_code == 201


def test_a_site_limited_key_clocks_a_worker_based_elsewhere_at_its_site_but_cannot_read_them(s: Setup) -> None:
    # ownership rule 2: the shift worked at the key's site is that site's record, whoever's worker it is
    second = s.world.site(s.account.id, "Second")
    limited = s.world.key(s.account.id, ("clock:write", "workers:read"), location_ids=(second.id,))
    body = {"action": "in", "worker_id": s.worker.id, "location_id": second.id}
    reply = s.api.post(CLOCK, headers=limited, json=body)
    assert reply.status_code == 201
    assert (reply.json()["data"]["worker_name"], reply.json()["data"]["location_id"]) == ("Ann Clock", second.id)
    read = s.api.get("/api/v1/workers.php", headers=limited, params={"id": s.worker.id})
    assert (read.status_code, read.json()["error_code"]) == (404, "not_found")


def test_already_clocked_in_does_not_name_a_shift_at_a_site_the_key_cannot_see(s: Setup) -> None:
    second = s.world.site(s.account.id, "Second")
    limited = s.world.key(s.account.id, ("clock:write",), location_ids=(second.id,))
    entry_id = s.clock_("in").json()["data"]["entry_id"]  # at the worker's home site, not the key's
    body = {"action": "in", "worker_id": s.worker.id, "location_id": second.id}
    hidden = s.api.post(CLOCK, headers=limited, json=body)
    assert (hidden.status_code, hidden.json()["error_code"]) == (409, "already_clocked_in")
    assert hidden.json()["entry_id"] is None
    assert s.clock_("in").json()["entry_id"] == entry_id  # a key that sees the site is told which


def test_a_clash_with_a_shift_at_a_site_the_key_cannot_see_does_not_name_it(s: Setup) -> None:
    second = s.world.site(s.account.id, "Second")
    limited = s.world.key(s.account.id, ("clock:write",), location_ids=(second.id,))
    s.clock_("in")
    s.clock.advance(minutes=30)
    s.clock_("out")
    body = {"action": "in", "worker_id": s.worker.id, "location_id": second.id, "occurred_at": "2026-11-18T12:20:00Z"}
    reply = s.api.post(CLOCK, headers=limited, json=body)
    assert (reply.status_code, reply.json()["error_code"]) == (409, "conflict")
    assert reply.json()["entry_id"] is None


def test_a_site_limited_key_clocking_out_a_shift_at_another_site_learns_no_entry_id(s: Setup) -> None:
    second = s.world.site(s.account.id, "Second")
    limited = s.world.key(s.account.id, ("clock:write",), location_ids=(second.id,))
    s.clock_("in")
    s.clock.advance(minutes=5)
    body = {"action": "out", "worker_id": s.worker.id, "occurred_at": "2026-11-18T11:59:00Z"}  # before the clock-in
    reply = s.api.post(CLOCK, headers=limited, json=body)
    assert (reply.status_code, reply.json()["error_code"]) == (403, "location_not_allowed")
    assert "entry_id" not in reply.json()


def test_clocking_needs_clock_write(s: Setup) -> None:
    reader = s.world.key(s.account.id, ("timesheets:read",))
    reply = s.api.post(CLOCK, headers=reader, json={"action": "in", "worker_id": s.worker.id})
    assert reply.status_code == 403
    assert (reply.json()["error_code"], reply.json()["required_scope"]) == ("insufficient_scope", "clock:write")


def test_a_strict_site_needs_coordinates(s: Setup) -> None:
    site = s.fenced_site("strict", **SITE)
    reply = s.clock_(location_id=site.id)
    assert (reply.status_code, reply.json()["error_code"]) == (403, "gps_required")
    refused = s.world.outbox("clock.geofence_refused")
    assert len(refused) == 1
    assert refused[0]["data"]["entry_id"] == 0
    assert refused[0]["data"]["action"] == "in"
    assert s.entries() == 0


def test_a_strict_site_without_a_map_pin_refuses_every_clock(s: Setup) -> None:
    site = s.fenced_site("strict")
    reply = s.clock_(location_id=site.id, **NEAR)
    assert (reply.status_code, reply.json()["error_code"]) == (403, "site_not_mapped")
    assert len(s.world.outbox("clock.geofence_refused")) == 1


def test_outside_a_strict_fence_is_403_with_the_distance_and_radius(s: Setup) -> None:
    site = s.fenced_site("strict", **SITE)
    reply = s.clock_(location_id=site.id, **FAR)
    body = reply.json()
    assert (reply.status_code, body["error_code"]) == (403, "outside_geofence")
    assert 1100 <= body["distance_meters"] <= 1125
    assert body["radius_meters"] == 200
    event = s.world.outbox("clock.geofence_refused")[0]["data"]
    assert (event["radius_meters"], event["location_name"], event["within_geofence"]) == (200, site.name, 0)
    assert s.entries() == 0


def test_inside_a_strict_fence_is_accepted_with_the_distance(s: Setup) -> None:
    site = s.fenced_site("strict", **SITE)
    data = s.clock_(location_id=site.id, **NEAR).json()["data"]
    assert data["within_geofence"] == 1
    assert 5 <= data["distance_meters"] <= 20


def test_a_strict_fence_checks_the_clock_out_too(s: Setup) -> None:
    site = s.fenced_site("strict", **SITE)
    s.clock_(location_id=site.id, **NEAR)
    s.clock.advance(hours=1)
    reply = s.clock_("out", **FAR)
    assert (reply.status_code, reply.json()["error_code"]) == (403, "outside_geofence")
    assert s.world.outbox("clock.geofence_refused")[0]["data"]["action"] == "out"
    assert s.clock_("out", **NEAR).status_code == 200


def test_outside_a_warning_fence_is_accepted_and_flagged(s: Setup) -> None:
    site = s.fenced_site("warning", **SITE)
    reply = s.clock_(location_id=site.id, **FAR)
    data = reply.json()["data"]
    assert reply.status_code == 201
    assert data["within_geofence"] == 0
    assert data["warning"]
    assert "geofence_outside" in data["risk_flags"]
    breach = s.world.outbox("clock.geofence_breach")
    assert len(breach) == 1
    assert breach[0]["data"]["location_name"] == site.name


def test_a_disabled_fence_checks_nothing(s: Setup) -> None:
    site = s.fenced_site("disabled", **SITE)
    data = s.clock_(location_id=site.id, **FAR).json()["data"]
    assert "within_geofence" not in data
    assert data["risk_flags"] == []


def test_gps_worse_than_the_site_threshold_is_flagged_low_confidence(s: Setup) -> None:
    site = s.fenced_site("warning", gps_accuracy_threshold=50, **SITE)
    data = s.clock_(location_id=site.id, gps_accuracy=80, **NEAR).json()["data"]
    assert data["low_gps_confidence"] is True
    assert "low_gps_confidence" in data["risk_flags"]
    event = s.world.outbox("clock.low_gps_confidence")[0]["data"]
    assert event["gps_accuracy"] == 80
    s.clock.advance(hours=1)
    s.clock_("out")
    s.clock.advance(hours=1)
    good = s.clock_(location_id=site.id, gps_accuracy=20, **NEAR).json()["data"]
    assert good["low_gps_confidence"] is False


def _survey(s: Setup) -> Survey:
    with s.world.uow() as tx:
        survey = tx.surveys.add(
            Survey(
                client_id=s.account.id,
                name="Fit for work",
                created_at=NOON,
                questions=(
                    SurveyQuestion(0, "Do you feel unwell?", ("yes",)),
                    SurveyQuestion(0, "Have you got your boots?", ("no",)),
                ),
            )
        )
        tx.commit()
    return survey


def test_a_blocking_survey_answer_refuses_the_clock_in(s: Setup) -> None:
    survey = _survey(s)
    unwell, boots = survey.questions
    answers = [
        {"question_id": unwell.id, "answer_value": "No"},
        {"question_id": boots.id, "answer_value": "No"},
    ]
    reply = s.clock_(survey_id=survey.id, survey_answers=answers)
    assert reply.status_code == 403
    assert (reply.json()["error_code"], reply.json()["question_id"]) == ("blocked_by_survey", boots.id)
    event = s.world.outbox("clock.blocked_by_survey")[0]["data"]
    assert (event["survey_id"], event["question_id"], event["entry_id"]) == (survey.id, boots.id, 0)
    assert event["attempted_at"] == "2026-11-18 12:00:00"
    assert s.entries() == 0
    fine = [{"question_id": unwell.id, "answer_value": "no"}, {"question_id": boots.id, "answer_value": "yes"}]
    assert s.clock_(survey_id=survey.id, survey_answers=fine).status_code == 201


def test_answers_for_another_survey_are_400(s: Setup) -> None:
    survey = _survey(s)
    other = _survey(s)
    answers = [{"question_id": other.questions[0].id, "answer_value": "no"}]
    reply = s.clock_(survey_id=survey.id, survey_answers=answers)
    assert reply.status_code == 400
    assert (reply.json()["error_code"], reply.json()["field"]) == ("validation_failed", "survey_answers")


def test_a_clock_out_note_is_appended_after_the_clock_in_note(s: Setup) -> None:
    s.clock_("in", notes="Gate 3")
    s.clock.advance(hours=2)
    s.clock_("out", notes="Left early")
    with s.world.services.engine.connect() as connection:
        notes = connection.execute(select(tables.time_entries.c.notes)).scalar_one()
    assert notes == "Gate 3\nLeft early"


def test_a_dormant_workers_clock_makes_them_active(s: Setup) -> None:
    with s.world.uow() as tx:
        worker = tx.workers.get(s.worker.id)
        assert worker is not None
        tx.workers.update(attrs.evolve(worker, dormant_since=NOON - timedelta(days=100)))
        tx.commit()
    data = s.clock_("in").json()["data"]
    assert "dormant_worker" in data["risk_flags"]
    shown = s.api.get(f"/api/v1/workers.php?id={s.worker.id}", headers=s.headers).json()["data"]
    assert shown["dormant"] is False


def test_clock_events_carry_the_spec_fields(s: Setup) -> None:
    s.clock_("in")
    s.clock.advance(hours=1)
    s.clock_("out")
    clock_in = s.world.outbox("clock_in")[0]["data"]
    assert {
        "entry_id", "worker_id", "worker_name", "employee_id", "location_id", "scheduled_shift_id", "method",
        "kiosk_id", "source", "within_geofence", "distance_meters", "low_gps_confidence", "client_id",
        "clock_in", "clock_in_utc", "risk_flags",
    } <= set(clock_in)  # fmt: skip
    assert (clock_in["method"], clock_in["source"], clock_in["client_id"]) == ("api", "api", s.account.id)
    clock_out = s.world.outbox("clock_out")[0]["data"]
    assert (clock_out["total_minutes"], clock_out["clock_out_utc"]) == (60, "2026-11-18T13:00:00Z")


def test_a_night_across_the_spring_clock_change_is_60_minutes_shorter(s: Setup) -> None:
    s.clock.set(datetime(2026, 3, 28, 23, 0, tzinfo=UTC))  # 23:00 GMT Saturday
    assert s.clock_("in").status_code == 201
    s.clock.set(datetime(2026, 3, 29, 6, 0, tzinfo=UTC))  # 07:00 BST: wall clock says 8 hours
    data = s.clock_("out").json()["data"]
    assert (data["clock_in"], data["clock_out"]) == ("2026-03-28 23:00:00", "2026-03-29 07:00:00")
    assert data["total_minutes"] == 420


def test_a_night_across_the_autumn_clock_change_is_60_minutes_longer(s: Setup) -> None:
    s.clock.set(datetime(2026, 10, 24, 21, 0, tzinfo=UTC))  # 22:00 BST Saturday
    assert s.clock_("in").status_code == 201
    s.clock.set(datetime(2026, 10, 25, 6, 0, tzinfo=UTC))  # 06:00 GMT: wall clock says 8 hours
    data = s.clock_("out").json()["data"]
    assert (data["clock_in"], data["clock_out"]) == ("2026-10-24 22:00:00", "2026-10-25 06:00:00")
    assert data["total_minutes"] == 540


def test_a_clock_out_in_the_repeated_hour_keeps_real_time(s: Setup) -> None:
    s.clock.set(datetime(2026, 10, 25, 0, 10, tzinfo=UTC))  # 01:10 BST, first pass
    s.clock_("in")
    s.clock.set(datetime(2026, 10, 25, 1, 5, tzinfo=UTC))  # 01:05 GMT, second pass
    data = s.clock_("out").json()["data"]
    assert (data["clock_in"], data["clock_out"]) == ("2026-10-25 01:10:00", "2026-10-25 01:05:00")
    assert data["total_minutes"] == 55


def test_two_concurrent_clock_ins_for_one_worker_give_one_201_and_one_409(s: Setup) -> None:
    with ThreadPoolExecutor(max_workers=2) as pool:
        replies = list(pool.map(lambda _: s.clock_("in"), range(2)))
    statuses = sorted(r.status_code for r in replies)
    assert statuses == [201, 409]
    refused = next(r for r in replies if r.status_code == 409)
    assert refused.json()["error_code"] == "already_clocked_in"
    assert s.entries() == 1


def test_an_idempotent_clock_in_is_recorded_once(s: Setup) -> None:
    headers = {**s.headers, "Idempotency-Key": "clock-1"}
    body = {"action": "in", "worker_id": s.worker.id}
    first = s.api.post(CLOCK, headers=headers, json=body)
    again = s.api.post(CLOCK, headers=headers, json=body)
    assert (first.status_code, again.status_code) == (201, 201)
    assert again.content == first.content
    assert s.entries() == 1
    assert len(s.world.outbox("clock_in")) == 1


def test_an_idempotent_refused_clock_records_its_refusal_once_and_replays_it(s: Setup) -> None:
    # the refusal event is written in a second transaction, after the first was rolled back
    site = s.fenced_site("strict", **SITE)
    headers = {**s.headers, "Idempotency-Key": "clock-far"}
    body = {"action": "in", "worker_id": s.worker.id, "location_id": site.id, **FAR}
    first = s.api.post(CLOCK, headers=headers, json=body)
    again = s.api.post(CLOCK, headers=headers, json=body)
    assert (first.status_code, first.json()["error_code"]) == (403, "outside_geofence")
    assert again.content == first.content
    assert again.headers["idempotent-replayed"] == "true"
    assert len(s.world.outbox("clock.geofence_refused")) == 1
    assert s.entries() == 0


def _book(s: Setup, start: datetime, hours: float, status: str = "published") -> Booking:
    with s.world.uow() as tx:
        booking = tx.bookings.add(
            Booking(
                client_id=s.account.id,
                worker_id=s.worker.id,
                location_id=s.site.id,
                shift_date=start.date(),
                start=start,
                end=start + timedelta(hours=hours),
                created_at=start,
                status=status,
            )
        )
        tx.commit()
    return booking


@pytest.mark.parametrize(("status", "reason_code"), [("cancelled", None), ("sick", None), ("completed", "worked")])
def test_a_clock_against_a_booking_that_is_not_live_is_409(s: Setup, status: str, reason_code: str | None) -> None:
    booking = _book(s, NOON, 4, status)
    reply = s.clock_(scheduled_shift_id=booking.id)
    assert (reply.status_code, reply.json()["error_code"]) == (409, "conflict")
    assert reply.json().get("reason_code") == reason_code
    assert s.entries() == 0


def test_back_to_back_bookings_link_the_clock_to_the_one_that_covers_it(s: Setup) -> None:
    early = _book(s, NOON - timedelta(hours=6), 6.5)  # 06:00 to 12:30
    late = _book(s, NOON + timedelta(minutes=30), 7.5)  # 12:30 to 20:00
    s.clock.set(NOON + timedelta(minutes=40))
    data = s.clock_().json()["data"]
    assert data["scheduled_shift_id"] == late.id
    assert early.id != late.id


def test_a_local_time_in_the_second_pass_of_the_repeated_hour_is_accepted(s: Setup) -> None:
    s.clock.set(datetime(2026, 10, 25, 1, 30, tzinfo=UTC))  # 01:30 GMT, the second 01:30 of the night
    reply = s.clock_(occurred_at="2026-10-25 01:30:00")
    assert reply.status_code == 201
    assert reply.json()["data"]["clock_in_utc"] == "2026-10-25T01:30:00Z"


def test_an_api_clock_out_cannot_cut_a_recorded_break_short(s: Setup) -> None:
    entry_id = s.clock_().json()["data"]["entry_id"]
    with s.world.uow() as tx:
        pause = tx.entries.add(
            TimeEntry(
                worker_id=s.worker.id,
                client_id=s.account.id,
                location_id=s.site.id,
                entry_type="break",
                parent_id=entry_id,
                clock_in=NOON + timedelta(hours=3, minutes=30),
                clock_out=NOON + timedelta(hours=3, minutes=59),
                created_at=NOON,
            )
        )
        tx.commit()
    s.clock.set(NOON + timedelta(hours=4))
    reply = s.clock_("out", occurred_at="2026-11-18T15:50:00Z")
    assert (reply.status_code, reply.json()["error_code"], reply.json()["entry_id"]) == (409, "conflict", pause.id)
    assert s.clock_("out").status_code == 200


def test_a_site_limited_key_cannot_clock_out_a_shift_with_no_site(s: Setup) -> None:
    drifter = s.world.worker(s.account.id, "No Home").worker
    assert s.clock_(worker_id=drifter.id).json()["data"]["location_id"] is None
    limited = s.world.key(s.account.id, ("clock:write",), location_ids=(s.site.id,))
    reply = s.api.post(CLOCK, headers=limited, json={"action": "out", "worker_id": drifter.id})
    assert (reply.status_code, reply.json()["error_code"]) == (403, "location_not_allowed")
