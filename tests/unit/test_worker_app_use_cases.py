"""The worker app's use cases on the memory adapter: sign-in links used once and ending, sessions that
end and stop for a worker who may no longer use the app, a worker's own absence requests, and an app
clock refused outside every mapped site."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.time_world import TimeWorld, data
from workforce_core.commands.absences import CreateAbsence
from workforce_core.commands.clocking import ClockOrigin, ClockWorker
from workforce_core.errors import (
    GpsRequired,
    NotFound,
    OutsideGeofence,
    SessionEnded,
    SiteNotMapped,
    ValidationFailed,
    WorkerInactive,
)
from workforce_core.model.worker_app import WorkerSession
from workforce_core.rules import worker_app as rules
from workforce_core.rules.worker_app import APP_LINK_LIFE
from workforce_core.services import absences
from workforce_core.services.clocking import clock_worker
from workforce_core.services.worker_app_links import make_app_link
from workforce_core.services.worker_sessions import open_app_link, sign_out_worker, signed_worker

DEVICE = "abcdef123456"
APP = ClockOrigin("mobile", "app", f"mobile:{DEVICE}")


@pytest.fixture
def world() -> TimeWorld:
    return TimeWorld()


def token_of(url: str) -> str:
    return url.rsplit("/", 1)[1]


def test_a_link_opens_one_session_once_and_not_after_it_ends(world: TimeWorld) -> None:
    made = make_app_link(world.ann.id, link_base="https://staff.example", uow=world.uow, clock=world.clock)
    assert made.url.startswith("https://staff.example/app/link/")
    token = token_of(made.url)
    me = open_app_link(token, device=DEVICE, address="192.0.2.1", uow=world.uow, clock=world.clock)
    assert (me.worker.id, me.kiosk_id) == (world.ann.id, f"mobile:{DEVICE}")
    with pytest.raises(NotFound):
        open_app_link(token, device=DEVICE, address="192.0.2.1", uow=world.uow, clock=world.clock)
    late = token_of(make_app_link(world.ann.id, link_base="", uow=world.uow, clock=world.clock).url)
    world.clock.advance(seconds=APP_LINK_LIFE.total_seconds())
    with pytest.raises(NotFound):
        open_app_link(late, device=DEVICE, address="192.0.2.1", uow=world.uow, clock=world.clock)


def test_a_session_stops_for_a_suspended_worker_and_at_sign_out(world: TimeWorld) -> None:
    token = token_of(make_app_link(world.ann.id, link_base="", uow=world.uow, clock=world.clock).url)
    me = open_app_link(token, device=DEVICE, address="192.0.2.1", uow=world.uow, clock=world.clock)
    assert me.token is not None
    assert signed_worker(me.token, uow=world.uow, clock=world.clock).worker.id == world.ann.id
    world.set_worker(world.ann.id, suspended=True)
    with pytest.raises(SessionEnded):
        signed_worker(me.token, uow=world.uow, clock=world.clock)
    world.set_worker(world.ann.id, suspended=False)
    assert signed_worker(me.token, uow=world.uow, clock=world.clock).worker.id == world.ann.id
    sign_out_worker(me.token, uow=world.uow, clock=world.clock)
    with pytest.raises(SessionEnded):
        signed_worker(me.token, uow=world.uow, clock=world.clock)


def test_no_link_for_a_leaver_and_none_opens_for_one(world: TimeWorld) -> None:
    token = token_of(make_app_link(world.bob.id, link_base="", uow=world.uow, clock=world.clock).url)
    world.set_worker(world.bob.id, active=False)
    with pytest.raises(WorkerInactive):
        make_app_link(world.bob.id, link_base="", uow=world.uow, clock=world.clock)
    with pytest.raises(NotFound):
        open_app_link(token, device=DEVICE, address="192.0.2.1", uow=world.uow, clock=world.clock)


def test_a_worker_asks_for_holiday_or_reports_sickness_only(world: TimeWorld) -> None:
    day = world.clock.now().date() + timedelta(days=10)
    asked = absences.request_absence(
        CreateAbsence(worker_id=world.ann.id, type="holiday", start_date=day, end_date=day),
        uow=world.uow,
        clock=world.clock,
    )
    assert (asked.absence.status, asked.absence.type) == ("requested", "holiday")
    with pytest.raises(ValidationFailed) as refused:
        absences.request_absence(
            CreateAbsence(worker_id=world.ann.id, type="other", start_date=day, end_date=day),
            uow=world.uow,
            clock=world.clock,
        )
    assert refused.value.extra["field"] == "type"


def test_an_app_clock_is_refused_outside_every_mapped_site_and_records_its_event(world: TimeWorld) -> None:
    world.site("Mapped", latitude=Decimal("51.5"), longitude=Decimal("-0.1"), geofence_radius=100)
    command = ClockWorker(
        action="in", worker_id=world.ann.id, latitude=Decimal("51.6"), longitude=Decimal("-0.1"), origin=APP
    )
    with pytest.raises(OutsideGeofence):
        clock_worker(command, principal=world.key, uow=world.uow, clock=world.clock)
    [event] = world.events("clock.geofence_refused")
    shown = data(event)
    assert (shown["method"], shown["kiosk_id"], shown["action"]) == ("mobile", APP.kiosk_id, "in")


@given(st.lists(st.integers(min_value=1, max_value=14 * 60 - 1), min_size=1, max_size=40))
def test_a_session_used_within_its_idle_time_lives_until_its_longest_life(gaps: list[int]) -> None:
    """Each visit comes sooner than the idle limit after the last: the session is live exactly while it
    is younger than its longest life, and a visit refreshes its last use at most once a minute."""
    start = datetime(2026, 3, 2, 8, tzinfo=UTC)
    session = WorkerSession(1, 1, "h" * 64, "c", "abcdef123456", start, start)
    now = start
    for minutes in gaps:
        now += timedelta(minutes=minutes)
        live = rules.session_live(session, now)
        assert live == (now - start < rules.APP_SESSION_LONGEST)
        if not live:
            break
        if rules.due_touch(session, now):
            session.last_seen_at = now
    assert not rules.session_live(session, start + rules.APP_SESSION_LONGEST)
    assert not rules.session_live(session, session.last_seen_at + rules.APP_SESSION_IDLE)


def test_an_app_clock_with_no_mapped_site_or_no_position_is_refused_and_recorded(world: TimeWorld) -> None:
    blind = ClockWorker(action="in", worker_id=world.ann.id, origin=APP)
    with pytest.raises(SiteNotMapped):
        clock_worker(blind, principal=world.key, uow=world.uow, clock=world.clock)
    world.site("Mapped", latitude=Decimal("51.5"), longitude=Decimal("-0.1"), geofence_radius=100)
    with pytest.raises(GpsRequired):
        clock_worker(blind, principal=world.key, uow=world.uow, clock=world.clock)
    refused = [data(event) for event in world.events("clock.geofence_refused")]
    assert [(r["location_id"], r["within_geofence"]) for r in refused if r is not None] == [(None, None), (None, None)]
    assert world.shifts() == []
    inside = ClockWorker(
        action="in", worker_id=world.ann.id, latitude=Decimal("51.5003"), longitude=Decimal("-0.1"), origin=APP
    )
    result = clock_worker(inside, principal=world.key, uow=world.uow, clock=world.clock)
    assert (result.view.entry.clock_method, result.view.entry.kiosk_id) == ("mobile", APP.kiosk_id)
    assert result.view.location_name == "Mapped"
