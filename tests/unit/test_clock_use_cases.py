"""POST /clock.php as a use case (services/clocking.py) on the memory adapter: the spec's clock rules 1-7, the
ClockResult it returns, the events it records, and that a refusal records only its refusal event and no row.

Rule 8 (a clock into a locked pay week is kept and flagged ``locked_week``) has nothing to test yet: the
core has no pay-week lock.
"""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.time_world import NOW, TimeWorld, at, data, refused
from workforce_adapters.json.commands import structure
from workforce_core.commands.clocking import ClockWorker
from workforce_core.commands.surveys import CreateSurvey, SurveyQuestionTerms
from workforce_core.errors import (
    AlreadyClockedIn,
    BlockedBySurvey,
    Conflict,
    GpsRequired,
    LocationNotAllowed,
    LocationNotFound,
    NoOpenClockIn,
    NotFound,
    OutsideGeofence,
    SiteNotMapped,
    ValidationFailed,
    WorkerInactive,
    WorkerPending,
    WorkforceError,
)
from workforce_core.events import Clocked, Event
from workforce_core.model.reference import Location
from workforce_core.model.surveys import Survey
from workforce_core.rules.geofence import haversine_metres
from workforce_core.services.surveys import create_survey
from workforce_core.steps.clocking import WARNING_TEXT
from workforce_core.testing.strategies import case_variants

PIN: dict[str, Any] = {"latitude": Decimal("53.78"), "longitude": Decimal("-1.55")}  # the site's map pin
NEAR: dict[str, Any] = {"latitude": 53.7801, "longitude": -1.5501}  # about 13 m from the pin
FAR: dict[str, Any] = {"latitude": 53.79, "longitude": -1.55}  # about 1.1 km from the pin


@pytest.fixture
def world() -> TimeWorld:
    return TimeWorld()


def fenced(world: TimeWorld, mode: str, *, pinned: bool = True, **fields: Any) -> Location:
    return world.site(f"{mode} site", geofence_mode=mode, geofence_radius=200, **(PIN if pinned else {}), **fields)


def refused_clock(world: TimeWorld, error: type[WorkforceError], **body: Any) -> tuple[WorkforceError, list[Event]]:
    """A clock refused with ``error``: no row changes; returns the error and the events it recorded."""
    tables, mark = world.db.snapshot()[0], len(world.db.outbox)
    with pytest.raises(error) as caught:
        world.clock_(**body)
    assert world.db.snapshot()[0] == tables
    return caught.value, world.db.outbox[mark:]


# ---- rule 1: the worker, named by worker_id or employee_id ---------------------------------------------------


def test_a_clock_in_records_an_api_shift_at_the_home_site_and_the_clock_in_event(world: TimeWorld) -> None:
    result = world.clock_("in")
    entry = result.view.entry
    assert (result.action, result.backdated, result.fence_shown, result.warning) == ("clock_in", False, False, None)
    assert world.entry(entry.id) == entry
    assert (entry.worker_id, entry.client_id, entry.location_id, entry.clock_in) == (
        world.ann.id,
        world.client.id,
        world.north.id,
        NOW,
    )
    assert (entry.clock_out, entry.clock_method, entry.clock_source, entry.scheduled_shift_id) == (
        None,
        "api",
        "api",
        None,
    )
    assert (entry.approval_status, entry.client_approval, entry.risk_flags) == ("pending", "pending", ())
    assert (entry.created_at, entry.updated_at) == (NOW, NOW)
    assert (result.view.worker_name, result.view.employee_id, result.view.location_name) == (
        "Ann Worker",
        "E-1",
        "North Depot",
    )
    [event] = world.db.outbox
    assert (event.name, event.client_id, event.occurred_at) == ("clock_in", world.client.id, NOW)
    assert event.data == Clocked(result.view, "api", "api")
    assert data(event)["clock_in"] == "2026-02-10 12:00:00"
    assert (data(event)["method"], data(event)["source"], data(event)["entry_id"]) == ("api", "api", entry.id)
    assert world.uow.last.committed


def test_a_clock_out_closes_the_open_shift_with_real_elapsed_minutes(world: TimeWorld) -> None:
    entry_id = world.clock_("in").view.entry.id
    world.clock.advance(hours=8, minutes=30, seconds=59)
    result = world.clock_("out")
    entry = world.entry(entry_id)
    assert (result.action, result.view.entry.id) == ("clock_out", entry_id)
    assert (entry.clock_out, entry.clock_out_method, entry.total_minutes) == (
        NOW + timedelta(hours=8, minutes=30, seconds=59),
        "api",
        510,
    )
    assert world.db.event_names() == ["clock_in", "clock_out"]
    out = data(world.db.outbox[1])
    assert (out["clock_out"], out["clock_out_utc"], out["total_minutes"]) == (
        "2026-02-10 20:30:59",
        "2026-02-10T20:30:59Z",
        510,
    )


@settings(max_examples=25, deadline=None)
@given(badge=case_variants("Ab-12x"))
def test_a_worker_is_named_by_employee_id_in_any_letter_case(badge: str) -> None:
    world = TimeWorld()
    worker = world.worker("Cat Worker", "Ab-12x")
    assert world.clock_(employee_id=badge).view.entry.worker_id == worker.id


@pytest.mark.parametrize("body", [{}, {"worker_id": 1, "employee_id": "E-1"}, {"worker_id": ""}])
def test_exactly_one_of_worker_id_or_employee_id(world: TimeWorld, body: dict[str, Any]) -> None:
    raw = {"action": "in", **body}
    error = refused(world, ValidationFailed, structure, ClockWorker, raw)  # the command refuses it
    assert error.extra == {"field": "worker_id"}


def test_a_clock_needs_an_action(world: TimeWorld) -> None:
    error = refused(world, ValidationFailed, world.clock_, "sideways")
    assert error.extra == {"field": "action"}


# ---- rule 3: unknown, pending and inactive workers ---------------------------------------------------------


def test_an_unknown_worker_or_another_clients_worker_is_not_found(world: TimeWorld) -> None:
    theirs = world.db.add_worker(world.other.id, "Theirs", "E-1")
    assert refused(world, NotFound, world.clock_, worker_id=9999).extra == {"field": "worker_id"}
    assert refused(world, NotFound, world.clock_, worker_id=theirs.id).extra == {"field": "worker_id"}
    assert refused(world, NotFound, world.clock_, employee_id="NOPE").extra == {"field": "employee_id"}
    # Rival's key names its own E-1, not Acme's
    rival = world.principal(client_id=world.other.id)
    assert world.clock_(employee_id="e-1", principal=rival).view.entry.worker_id == theirs.id


def test_a_pending_worker_is_refused_worker_pending_and_nothing_is_recorded(world: TimeWorld) -> None:
    pending = world.worker("New Starter", "E-9", status="pending")
    error = refused(world, WorkerPending, world.clock_, worker_id=pending.id)
    assert (error.code, error.status) == ("worker_pending", 409)


@pytest.mark.parametrize("fields", [{"active": False}, {"suspended": True}, {"anonymised_at": NOW}])
def test_leavers_suspended_and_anonymised_workers_are_refused_worker_inactive(
    world: TimeWorld, fields: dict[str, Any]
) -> None:
    worker = world.worker("Gone", "E-9", **fields)
    error = refused(world, WorkerInactive, world.clock_, worker_id=worker.id)
    assert (error.code, error.status) == ("worker_inactive", 409)
    refused(world, WorkerInactive, world.clock_, "out", worker_id=worker.id)


# ---- rule 4: one open shift per worker ---------------------------------------------------------------------


def test_a_second_clock_in_within_18_hours_is_already_clocked_in_naming_the_open_shift(world: TimeWorld) -> None:
    entry_id = world.clock_("in").view.entry.id
    world.clock.advance(hours=18)  # exactly 18 hours: still open
    error = refused(world, AlreadyClockedIn, world.clock_)
    assert (error.code, error.extra) == ("already_clocked_in", {"entry_id": entry_id})
    assert world.db.event_names() == ["clock_in"]


def test_an_open_shift_older_than_18_hours_neither_blocks_a_clock_in_nor_takes_a_clock_out(world: TimeWorld) -> None:
    world.clock_("in")
    world.clock.advance(hours=18, seconds=1)
    refused(world, NoOpenClockIn, world.clock_, "out")
    fresh = world.clock_("in").view.entry
    assert len(world.shifts()) == 2
    world.clock.advance(hours=1)
    assert world.clock_("out").view.entry.id == fresh.id


def test_a_clock_out_with_no_open_shift_is_no_open_clock_in(world: TimeWorld) -> None:
    error = refused(world, NoOpenClockIn, world.clock_, "out")
    assert (error.code, error.status) == ("no_open_clock_in", 409)


def test_each_worker_has_their_own_open_shift(world: TimeWorld) -> None:
    ann = world.clock_("in").view.entry
    bob = world.clock_("in", worker_id=world.bob.id).view.entry
    world.clock.advance(hours=1)
    assert world.clock_("out", worker_id=world.bob.id).view.entry.id == bob.id
    assert world.entry(ann.id).clock_out is None


# ---- rule 7: occurred_at -----------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(offset=st.integers(min_value=-20 * 60, max_value=3 * 60))
def test_occurred_at_is_taken_from_15_minutes_back_to_60_seconds_ahead_and_flagged_after_60_seconds_back(
    offset: int,
) -> None:
    world = TimeWorld()
    moment = NOW + timedelta(seconds=offset)
    text = moment.strftime("%Y-%m-%dT%H:%M:%SZ")
    if not -15 * 60 <= offset <= 60:
        error = refused(world, ValidationFailed, world.clock_, occurred_at=text)
        assert error.extra == {"field": "occurred_at"}
        return
    result = world.clock_(occurred_at=text)
    backdated = offset < -60
    assert result.backdated is backdated
    assert result.view.entry.clock_in == moment
    assert result.view.entry.risk_flags == (("api_backdated",) if backdated else ())
    [event] = world.db.outbox
    assert (event.occurred_at, data(event)["risk_flags"]) == (moment, ["api_backdated"] if backdated else [])


def test_occurred_at_may_be_a_local_time(world: TimeWorld) -> None:
    world.clock.set(at("2026-07-01 09:00"))  # BST
    result = world.clock_(occurred_at="2026-07-01 08:58:00")
    assert result.view.entry.clock_in == at("2026-07-01 08:58")
    assert result.backdated is True


def test_a_clock_in_before_the_end_of_a_recorded_shift_is_a_conflict_naming_it(world: TimeWorld) -> None:
    first = world.clock_("in").view.entry.id
    world.clock.advance(minutes=30)
    world.clock_("out")
    error = refused(world, Conflict, world.clock_, occurred_at="2026-02-10T12:20:00Z")
    assert (error.code, error.extra) == ("conflict", {"entry_id": first})
    assert world.clock_(occurred_at="2026-02-10T12:30:00Z").view.entry.clock_in == NOW + timedelta(minutes=30)


def test_a_clock_out_before_the_clock_in_is_a_conflict(world: TimeWorld) -> None:
    entry_id = world.clock_("in").view.entry.id
    world.clock.advance(minutes=5)
    error = refused(world, Conflict, world.clock_, "out", occurred_at="2026-02-10T11:59:00Z")
    assert error.extra == {"entry_id": entry_id}


# ---- rule 2 and the site defaults: the booking covering the clock ------------------------------------------


def test_a_clock_in_links_the_booking_covering_it_and_takes_its_site(world: TimeWorld) -> None:
    booking = world.book("2026-02-10", "12:00", "20:00", site=world.south)
    result = world.clock_()
    assert (result.view.entry.scheduled_shift_id, result.view.entry.location_id) == (booking.id, world.south.id)
    assert data(world.db.outbox[0])["scheduled_shift_id"] == booking.id
    world.clock.advance(hours=8)
    out = world.clock_("out", location_id=world.north.id)
    assert out.view.entry.location_id == world.south.id  # a clock-out always uses the open shift's site
    assert world.db.bookings[booking.id].status == "completed"


def test_a_booking_is_linked_within_an_hour_either_side_of_its_times(world: TimeWorld) -> None:
    later = world.book("2026-02-10", "13:00", "21:00")
    assert world.clock_().view.entry.scheduled_shift_id == later.id  # an hour before its start
    earlier = world.book("2026-02-10", "03:00", "11:00", worker=world.bob)
    assert world.clock_(worker_id=world.bob.id).view.entry.scheduled_shift_id == earlier.id  # an hour after its end


def test_a_clock_more_than_an_hour_from_any_booking_is_a_walk_in_at_the_home_site(world: TimeWorld) -> None:
    world.book("2026-02-10", "13:01", "21:00", site=world.south)
    entry = world.clock_().view.entry
    assert (entry.scheduled_shift_id, entry.location_id) == (None, world.north.id)


def test_back_to_back_bookings_link_the_clock_to_the_one_that_holds_it(world: TimeWorld) -> None:
    early = world.book("2026-02-10", "06:00", "11:50")
    late = world.book("2026-02-10", "11:50", "20:00")
    world.set_booking(early.id, end=early.end + timedelta(minutes=20))  # overlapping: stored before the rule
    assert world.clock_().view.entry.scheduled_shift_id == late.id  # both hold 12:00; the start nearest wins


def test_a_cancelled_booking_is_not_linked(world: TimeWorld) -> None:
    booking = world.book("2026-02-10", "12:00", "20:00", site=world.south)
    world.set_booking(booking.id, status="client_cancelled")
    entry = world.clock_().view.entry
    assert (entry.scheduled_shift_id, entry.location_id) == (None, world.north.id)


def test_another_workers_booking_is_not_linked(world: TimeWorld) -> None:
    world.book("2026-02-10", "12:00", "20:00", worker=world.bob, site=world.south)
    assert world.clock_().view.entry.scheduled_shift_id is None


def test_a_named_booking_must_be_the_workers_and_live(world: TimeWorld) -> None:
    bobs = world.book("2026-02-10", "12:00", "20:00", worker=world.bob)
    assert refused(world, NotFound, world.clock_, scheduled_shift_id=bobs.id).extra == {"field": "scheduled_shift_id"}
    assert refused(world, NotFound, world.clock_, scheduled_shift_id=999).extra == {"field": "scheduled_shift_id"}
    anns = world.book("2026-02-10", "12:00", "20:00")
    world.set_booking(anns.id, status="completed")
    assert refused(world, Conflict, world.clock_, scheduled_shift_id=anns.id).extra == {"reason_code": "worked"}
    world.set_booking(anns.id, status="sick")
    assert refused(world, Conflict, world.clock_, scheduled_shift_id=anns.id).extra == {}


def test_a_named_booking_far_from_the_clock_is_still_linked(world: TimeWorld) -> None:
    later = world.book("2026-02-11", "08:00", "16:00", site=world.south)
    entry = world.clock_(scheduled_shift_id=later.id).view.entry
    assert (entry.scheduled_shift_id, entry.location_id) == (later.id, world.south.id)


def test_an_explicit_site_beats_the_bookings_site(world: TimeWorld) -> None:
    booking = world.book("2026-02-10", "12:00", "20:00", site=world.south)
    entry = world.clock_(location_id=world.north.id).view.entry
    assert (entry.scheduled_shift_id, entry.location_id) == (booking.id, world.north.id)


def test_an_explicit_site_must_be_the_clients(world: TimeWorld) -> None:
    error = refused(world, LocationNotFound, world.clock_, location_id=world.foreign_site.id)
    assert (error.code, error.extra) == ("location_not_found", {"field": "location_id"})
    refused(world, LocationNotFound, world.clock_, location_id=999)


def test_a_worker_with_no_home_site_and_no_booking_clocks_with_no_site(world: TimeWorld) -> None:
    drifter = world.worker("No Home", "E-9")
    result = world.clock_(worker_id=drifter.id)
    assert (result.view.entry.location_id, result.view.location_name) == (None, None)
    assert result.view.entry.client_id == world.client.id


def test_the_workers_cost_code_is_copied_to_the_shift(world: TimeWorld) -> None:
    code = world.db.add_cost_code(world.client.id)
    world.set_worker(world.ann.id, cost_code_id=code.id)
    assert world.clock_().view.entry.cost_code_id == code.id


# ---- rule 5: geofences ---------------------------------------------------------------------------------------


def test_a_strict_site_needs_coordinates_and_records_only_the_refusal(world: TimeWorld) -> None:
    site = fenced(world, "strict")
    error, recorded = refused_clock(world, GpsRequired, location_id=site.id)
    assert (error.code, error.status) == ("gps_required", 403)
    [event] = recorded
    assert (event.name, event.client_id, event.occurred_at) == ("clock.geofence_refused", world.client.id, NOW)
    assert data(event)["entry_id"] == 0
    assert data(event)["attempted_at"] == "2026-02-10 12:00:00"
    assert (data(event)["action"], data(event)["location_id"], data(event)["location_name"]) == (
        "in",
        site.id,
        "strict site",
    )
    assert (data(event)["worker_id"], data(event)["radius_meters"]) == (world.ann.id, 200)
    assert world.shifts() == []
    first, second = world.uow.opened
    assert (first.committed, second.committed) == (False, True)  # the refusal is a transaction of its own


def test_a_strict_site_without_a_map_pin_refuses_every_clock(world: TimeWorld) -> None:
    site = fenced(world, "strict", pinned=False)
    error, recorded = refused_clock(world, SiteNotMapped, location_id=site.id, **NEAR)
    assert (error.code, error.status) == ("site_not_mapped", 403)
    assert [event.name for event in recorded] == ["clock.geofence_refused"]


def test_outside_a_strict_fence_is_refused_with_the_distance_and_radius(world: TimeWorld) -> None:
    site = fenced(world, "strict")
    error, [event] = refused_clock(world, OutsideGeofence, location_id=site.id, **FAR)
    distance = round(haversine_metres(FAR["latitude"], FAR["longitude"], 53.78, -1.55))
    assert error.extra == {"distance_meters": distance, "radius_meters": 200}
    assert 1100 <= distance <= 1125
    assert (data(event)["within_geofence"], data(event)["distance_meters"]) == (0, distance)


def test_inside_a_strict_fence_is_recorded_with_the_distance(world: TimeWorld) -> None:
    site = fenced(world, "strict")
    result = world.clock_(location_id=site.id, **NEAR)
    entry = result.view.entry
    assert result.fence_shown is True
    assert entry.within_geofence == 1
    assert entry.distance_meters is not None
    assert 5 <= entry.distance_meters <= 20
    assert (entry.latitude, entry.longitude) == (Decimal("53.7801"), Decimal("-1.5501"))
    assert world.db.event_names() == ["clock_in"]


def test_a_strict_fence_checks_the_clock_out_too(world: TimeWorld) -> None:
    site = fenced(world, "strict")
    entry_id = world.clock_(location_id=site.id, **NEAR).view.entry.id
    world.clock.advance(hours=1)
    _, [event] = refused_clock(world, OutsideGeofence, action="out", **FAR)
    assert (event.name, data(event)["action"]) == ("clock.geofence_refused", "out")
    assert world.entry(entry_id).clock_out is None
    refused_clock(world, GpsRequired, action="out")
    out = world.clock_("out", **NEAR).view.entry
    assert (out.clock_out_within_geofence, out.clock_out_latitude) == (1, Decimal("53.7801"))


@settings(max_examples=40, deadline=None)
@given(metres=st.integers(min_value=0, max_value=400))
def test_a_strict_fence_takes_a_clock_within_its_radius_and_refuses_one_beyond(metres: int) -> None:
    world = TimeWorld()
    site = fenced(world, "strict")
    latitude = 53.78 + metres / 111_195  # a degree of latitude is about 111.195 km
    north: dict[str, Any] = {"latitude": latitude, "longitude": -1.55}
    distance = round(haversine_metres(latitude, -1.55, 53.78, -1.55))
    if distance <= 200:
        assert world.clock_(location_id=site.id, **north).view.entry.distance_meters == distance
    else:
        error, recorded = refused_clock(world, OutsideGeofence, location_id=site.id, **north)
        assert error.extra["distance_meters"] == distance
        assert [event.name for event in recorded] == ["clock.geofence_refused"]


def test_outside_a_warning_fence_is_recorded_flagged_with_a_warning(world: TimeWorld) -> None:
    site = fenced(world, "warning")
    result = world.clock_(location_id=site.id, **FAR)
    entry = result.view.entry
    assert (result.warning, result.fence_shown) == (WARNING_TEXT, True)
    assert (entry.within_geofence, entry.risk_flags) == (0, ("geofence_outside",))
    assert world.db.event_names() == ["clock_in", "clock.geofence_breach"]
    breach = data(world.db.outbox[1])
    assert (breach["location_name"], breach["entry_id"], breach["within_geofence"]) == ("warning site", entry.id, 0)
    world.clock.advance(hours=1)
    out = world.clock_("out", **FAR)
    assert (out.warning, out.view.entry.clock_out_within_geofence) == (WARNING_TEXT, 0)
    assert world.db.event_names() == ["clock_in", "clock.geofence_breach", "clock_out"]


def test_inside_a_warning_fence_has_no_warning(world: TimeWorld) -> None:
    site = fenced(world, "warning")
    result = world.clock_(location_id=site.id, **NEAR)
    assert (result.warning, result.view.entry.within_geofence, result.view.entry.risk_flags) == (None, 1, ())


def test_a_warning_fence_without_coordinates_records_an_unknown_position(world: TimeWorld) -> None:
    site = fenced(world, "warning")
    result = world.clock_(location_id=site.id)
    assert (result.fence_shown, result.warning, result.view.entry.within_geofence) == (False, None, None)


def test_a_disabled_fence_checks_nothing(world: TimeWorld) -> None:
    site = fenced(world, "disabled")
    result = world.clock_(location_id=site.id, **FAR)
    assert (result.fence_shown, result.view.entry.within_geofence, result.view.entry.risk_flags) == (False, None, ())


# ---- low GPS confidence --------------------------------------------------------------------------------------


def test_gps_worse_than_the_site_threshold_is_flagged_low_confidence(world: TimeWorld) -> None:
    site = fenced(world, "warning", gps_accuracy_threshold=50)
    result = world.clock_(location_id=site.id, gps_accuracy=80.4, **NEAR)
    entry = result.view.entry
    assert (entry.low_gps_confidence, entry.gps_accuracy, entry.risk_flags) == (True, 80, ("low_gps_confidence",))
    assert world.db.event_names() == ["clock_in", "clock.low_gps_confidence"]
    assert data(world.db.outbox[1])["gps_accuracy"] == 80


@pytest.mark.parametrize(("accuracy", "low"), [(50, False), (50.5, True), (10, False)])
def test_gps_at_the_threshold_is_trusted(world: TimeWorld, accuracy: float, low: bool) -> None:
    site = fenced(world, "disabled", gps_accuracy_threshold=50)
    entry = world.clock_(location_id=site.id, gps_accuracy=accuracy, **NEAR).view.entry
    assert entry.low_gps_confidence is low
    assert world.db.event_names() == (["clock_in", "clock.low_gps_confidence"] if low else ["clock_in"])


def test_a_site_without_a_threshold_never_flags_low_confidence(world: TimeWorld) -> None:
    site = fenced(world, "warning")
    assert world.clock_(location_id=site.id, gps_accuracy=5000, **NEAR).view.entry.low_gps_confidence is False


def test_a_refusal_at_a_strict_fence_records_the_low_confidence_too(world: TimeWorld) -> None:
    site = fenced(world, "strict", gps_accuracy_threshold=50)
    _, [event] = refused_clock(world, OutsideGeofence, location_id=site.id, gps_accuracy=500, **FAR)
    assert data(event)["low_gps_confidence"] is True


# ---- rule 6: surveys -------------------------------------------------------------------------------------------


def survey(world: TimeWorld, client_id: int | None = None) -> Survey:
    command = CreateSurvey(
        name="Fit for work",
        questions=(
            SurveyQuestionTerms(text="Do you feel unwell?", blocking_answers=("yes",)),
            SurveyQuestionTerms(text="Have you got your boots?", blocking_answers=("no", "lost them")),
        ),
    )
    return create_survey(command, client_id=client_id or world.client.id, uow=world.uow, clock=world.clock)


def answers(*pairs: tuple[int, str]) -> list[dict[str, Any]]:
    return [{"question_id": question, "answer_value": value} for question, value in pairs]


def test_a_blocking_answer_refuses_the_clock_in_and_records_only_the_refusal(world: TimeWorld) -> None:
    form = survey(world)
    unwell, boots = form.questions
    error, [event] = refused_clock(
        world, BlockedBySurvey, survey_id=form.id, survey_answers=answers((unwell.id, "No"), (boots.id, " NO "))
    )
    assert (error.code, error.status, error.extra) == ("blocked_by_survey", 403, {"question_id": boots.id})
    assert "Have you got your boots?" in error.message
    assert (event.name, data(event)["survey_id"], data(event)["question_id"]) == (
        "clock.blocked_by_survey",
        form.id,
        boots.id,
    )
    assert (data(event)["entry_id"], data(event)["message"]) == (0, error.message)
    assert world.shifts() == []


def test_answers_that_block_nothing_let_the_clock_in_through(world: TimeWorld) -> None:
    form = survey(world)
    unwell, boots = form.questions
    body: dict[str, Any] = {"survey_id": form.id, "survey_answers": answers((unwell.id, "no"), (boots.id, "yes"))}
    assert world.clock_(**body).view.entry.id > 0
    assert world.db.event_names() == ["clock_in"]


def test_a_survey_is_not_asked_at_clock_out(world: TimeWorld) -> None:
    form = survey(world)
    world.clock_()
    world.clock.advance(hours=1)
    world.clock_("out", survey_id=form.id, survey_answers=answers((form.questions[0].id, "yes")))
    assert world.db.event_names() == ["clock_in", "clock_out"]


def test_survey_answers_must_be_for_a_known_survey_of_the_client(world: TimeWorld) -> None:
    form = survey(world)
    other = survey(world)
    theirs = survey(world, world.other.id)
    unwell = form.questions[0].id
    assert refused(world, ValidationFailed, world.clock_, survey_answers=answers((unwell, "no"))).extra == {
        "field": "survey_id"
    }
    assert refused(world, NotFound, world.clock_, survey_id=999).extra == {"field": "survey_id"}
    assert refused(world, NotFound, world.clock_, survey_id=theirs.id).extra == {"field": "survey_id"}
    foreign_question = answers((other.questions[0].id, "no"))
    error = refused(world, ValidationFailed, world.clock_, survey_id=form.id, survey_answers=foreign_question)
    assert error.extra == {"field": "survey_answers"}


# ---- site-limited keys -----------------------------------------------------------------------------------------


def test_a_site_limited_key_clocks_only_at_its_sites(world: TimeWorld) -> None:
    limited = world.principal(sites=(world.south.id,))
    error = refused(world, LocationNotAllowed, world.clock_, principal=limited)  # Ann's home is North
    assert (error.code, error.extra) == ("location_not_allowed", {"field": "location_id"})
    refused(world, LocationNotAllowed, world.clock_, principal=limited, location_id=world.north.id)
    entry = world.clock_(principal=limited, location_id=world.south.id).view.entry
    assert (entry.worker_id, entry.location_id) == (world.ann.id, world.south.id)


def test_a_site_limited_key_must_name_a_site_for_a_worker_with_none(world: TimeWorld) -> None:
    drifter = world.worker("No Home", "E-9")
    limited = world.principal(sites=(world.south.id,))
    error = refused(world, ValidationFailed, world.clock_, principal=limited, worker_id=drifter.id)
    assert error.extra == {"field": "location_id"}


def test_a_site_limited_key_takes_the_booked_site_when_it_is_its_own(world: TimeWorld) -> None:
    booking = world.book("2026-02-10", "12:00", "20:00", site=world.south)
    limited = world.principal(sites=(world.south.id,))
    entry = world.clock_(principal=limited).view.entry
    assert (entry.location_id, entry.scheduled_shift_id) == (world.south.id, booking.id)


def test_a_site_limited_key_is_not_told_of_an_open_shift_at_a_site_it_cannot_see(world: TimeWorld) -> None:
    entry_id = world.clock_().view.entry.id  # at North
    limited = world.principal(sites=(world.south.id,))
    hidden = refused(world, AlreadyClockedIn, world.clock_, principal=limited, location_id=world.south.id)
    assert hidden.extra == {"entry_id": None}
    assert refused(world, AlreadyClockedIn, world.clock_).extra == {"entry_id": entry_id}


def test_a_site_limited_key_is_not_told_of_a_clashing_shift_at_a_site_it_cannot_see(world: TimeWorld) -> None:
    world.clock_()
    world.clock.advance(minutes=30)
    world.clock_("out")
    limited = world.principal(sites=(world.south.id,))
    body = {"location_id": world.south.id, "occurred_at": "2026-02-10T12:20:00Z"}
    assert refused(world, Conflict, world.clock_, principal=limited, **body).extra == {"entry_id": None}


def test_a_site_limited_key_cannot_clock_out_a_shift_elsewhere_or_with_no_site(world: TimeWorld) -> None:
    world.clock_()
    drifter = world.worker("No Home", "E-9")
    world.clock_(worker_id=drifter.id)
    world.clock.advance(hours=1)
    limited = world.principal(sites=(world.south.id,))
    for worker_id in (world.ann.id, drifter.id):
        error = refused(world, LocationNotAllowed, world.clock_, "out", principal=limited, worker_id=worker_id)
        assert error.extra == {"field": "location_id"}  # and no entry_id


def test_a_site_limited_key_clocks_out_a_shift_at_its_site(world: TimeWorld) -> None:
    limited = world.principal(sites=(world.south.id,))
    entry_id = world.clock_(principal=limited, location_id=world.south.id).view.entry.id
    world.clock.advance(hours=1)
    assert world.clock_("out", principal=limited).view.entry.id == entry_id


# ---- the rest of ClockRequest and ClockResult --------------------------------------------------------------------


def test_a_clock_out_note_is_appended_after_the_clock_in_note(world: TimeWorld) -> None:
    entry_id = world.clock_(notes="  Gate 3 ").view.entry.id
    world.clock.advance(hours=2)
    world.clock_("out", notes="Left early")
    assert world.entry(entry_id).notes == "Gate 3\nLeft early"


def test_a_clock_out_note_alone_is_the_note(world: TimeWorld) -> None:
    entry_id = world.clock_().view.entry.id
    world.clock.advance(hours=2)
    world.clock_("out", notes="Left early")
    assert world.entry(entry_id).notes == "Left early"


def test_notes_longer_than_255_characters_are_refused(world: TimeWorld) -> None:
    assert refused(world, ValidationFailed, world.clock_, notes="x" * 256).extra == {"field": "notes"}


def test_a_dormant_workers_clock_wakes_them_and_is_flagged(world: TimeWorld) -> None:
    world.set_worker(world.ann.id, dormant_since=NOW - timedelta(days=100))
    entry = world.clock_().view.entry
    assert entry.risk_flags == ("dormant_worker",)
    woken = world.db.workers[world.ann.id]
    assert (woken.dormant_since, woken.updated_at) == (None, NOW)


def test_a_clock_out_cannot_cut_a_recorded_break_short(world: TimeWorld) -> None:
    entry_id = world.clock_().view.entry.id
    world.clock.advance(hours=4)
    piece, _ = world.add_break(entry_id, "2026-02-10 15:30", "2026-02-10 15:59")
    error = refused(world, Conflict, world.clock_, "out", occurred_at="2026-02-10T15:50:00Z")
    assert error.extra == {"entry_id": piece.entry.id}
    assert world.clock_("out").view.entry.clock_out == NOW + timedelta(hours=4)


def test_a_night_across_the_autumn_clock_change_counts_real_minutes(world: TimeWorld) -> None:
    world.clock.set(at("2026-10-24 22:00"))  # BST
    world.clock_()
    world.clock.set(at("2026-10-25 06:00"))  # GMT
    assert world.clock_("out").view.entry.total_minutes == 540
