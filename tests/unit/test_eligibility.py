"""Eligibility: every block and warning code, real-time lengths across midnight and the clock changes,
and the overlap property (never for disjoint slots, always for overlapping ones)."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal

import attrs
import pytest
from hypothesis import given

from workforce_core.errors import ValidationFailed
from workforce_core.model.workers import Worker
from workforce_core.rules.eligibility import (
    AbsenceDays,
    AvailabilityRule,
    Known,
    Slot,
    Span,
    eligibility,
)
from workforce_core.rules.slots import instant, slot_times
from workforce_core.testing.strategies import booked_slots

MONDAY = date(2026, 3, 2)
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # 09:00 GMT, a Monday


def worker(**fields: object) -> Worker:
    return Worker(client_id=1, name="Ada", employee_id="E-1", created_at=T0, id=7, **fields)  # type: ignore[arg-type]


def slot(day: date = MONDAY, start: str = "09:00", end: str = "17:00", **fields: object) -> Slot:
    times = slot_times(day, time.fromisoformat(start), time.fromisoformat(end))
    return Slot(location_id=3, shift_date=day, start=times.start, end=times.end, **fields)  # type: ignore[arg-type]


def codes(w: Worker | None = None, s: Slot | None = None, **known: object) -> tuple[tuple[str, ...], tuple[str, ...]]:
    found = eligibility(w or worker(), s or slot(), Known(**known))  # type: ignore[arg-type]
    return found.block_codes, found.warning_codes


def test_a_free_active_worker_is_eligible_with_no_warnings() -> None:
    assert codes() == ((), ())


@pytest.mark.parametrize(
    ("fields", "code"),
    [
        ({"active": False}, "inactive"),
        ({"anonymised_at": T0}, "inactive"),
        ({"status": "pending"}, "pending"),
        ({"dormant_since": T0}, "dormant"),
        ({"suspended": True}, "suspended"),
    ],
)
def test_the_workers_own_state_blocks(fields: dict[str, object], code: str) -> None:
    assert codes(worker(**fields)) == ((code,), ())


def test_do_not_return_at_the_site_blocks_only_there() -> None:
    assert codes(dnr_sites=frozenset({3})) == (("dnr",), ())
    assert codes(dnr_sites=frozenset({4})) == ((), ())


def test_an_approved_absence_on_any_day_the_slot_touches_blocks() -> None:
    night = slot(MONDAY, "22:00", "06:00")
    assert codes(s=night, absences=[AbsenceDays(MONDAY + timedelta(1), MONDAY + timedelta(3))])[0] == ("absence",)
    assert codes(absences=[AbsenceDays(MONDAY - timedelta(3), MONDAY - timedelta(1))])[0] == ()


def test_an_absence_blocks_on_its_first_and_last_days_and_not_a_day_outside() -> None:
    assert codes(absences=[AbsenceDays(MONDAY, MONDAY)])[0] == ("absence",)
    assert codes(absences=[AbsenceDays(MONDAY - timedelta(2), MONDAY)])[0] == ("absence",)  # its last day
    assert codes(absences=[AbsenceDays(MONDAY, MONDAY + timedelta(2))])[0] == ("absence",)  # its first day
    assert codes(absences=[AbsenceDays(MONDAY + timedelta(1), MONDAY + timedelta(2))])[0] == ()
    assert codes(absences=[AbsenceDays(MONDAY - timedelta(2), MONDAY - timedelta(1))])[0] == ()


def test_a_slot_ending_at_midnight_does_not_touch_the_next_day_but_a_night_slot_does() -> None:
    to_midnight = slot(MONDAY, "16:00", "00:00")
    tuesday_off = [AbsenceDays(MONDAY + timedelta(1), MONDAY + timedelta(1))]
    assert codes(s=to_midnight, absences=tuesday_off)[0] == ()
    assert codes(s=slot(MONDAY, "16:00", "00:01"), absences=tuesday_off)[0] == ("absence",)
    # a slot dated Monday but lying wholly on Tuesday in real time is blocked by Monday's absence too
    dated_monday = attrs.evolve(slot(MONDAY + timedelta(1)), shift_date=MONDAY)
    assert codes(s=dated_monday, absences=[AbsenceDays(MONDAY, MONDAY)])[0] == ("absence",)
    assert codes(s=dated_monday, absences=tuesday_off)[0] == ("absence",)


def test_an_unavailable_rule_is_in_force_from_its_first_day_to_its_last_day_inclusive() -> None:
    def rule(**valid: date) -> list[AvailabilityRule]:
        return [AvailabilityRule("unavailable", time(16), time(20), day_of_week=1, **valid)]

    assert codes(availability=rule(valid_from=MONDAY))[0] == ("unavailable",)
    assert codes(availability=rule(valid_to=MONDAY))[0] == ("unavailable",)
    assert codes(availability=rule(valid_from=MONDAY, valid_to=MONDAY))[0] == ("unavailable",)
    assert codes(availability=rule(valid_from=MONDAY + timedelta(1)))[0] == ()
    assert codes(availability=rule(valid_to=MONDAY - timedelta(1)))[0] == ()
    tuesday = [AvailabilityRule("unavailable", time(16), time(20), day_of_week=2)]
    assert codes(availability=tuesday)[0] == ()
    other_date = [AvailabilityRule("unavailable", time(0), time(0), date=MONDAY + timedelta(7), day_of_week=1)]
    assert codes(availability=other_date)[0] == ()  # a dated rule holds on its date only


def test_a_rule_of_the_day_before_reaching_past_midnight_blocks_and_one_ending_at_the_start_does_not() -> None:
    sunday_night = AvailabilityRule("unavailable", time(22), time(9), day_of_week=7)
    assert codes(availability=[sunday_night])[0] == ()  # ends at 09:00 Monday, as the slot starts
    sunday_late = AvailabilityRule("unavailable", time(22), time(9, 1), day_of_week=7)
    assert codes(availability=[sunday_late])[0] == ("unavailable",)
    monday_evening = AvailabilityRule("unavailable", time(17), time(18), day_of_week=1)
    assert codes(availability=[monday_evening])[0] == ()  # starts at 17:00, as the slot ends
    night = slot(MONDAY, "22:00", "06:00")
    tuesday_morning = AvailabilityRule("unavailable", time(5), time(7), day_of_week=2)
    assert codes(s=night, availability=[tuesday_morning])[0] == ("unavailable",)


def test_an_unavailable_rule_overlapping_the_slot_blocks_and_an_available_one_does_not() -> None:
    evening_off = AvailabilityRule("unavailable", time(16, 0), time(20, 0), day_of_week=1)
    assert codes(availability=[evening_off])[0] == ("unavailable",)
    assert codes(s=slot(start="08:00", end="16:00"), availability=[evening_off])[0] == ()
    assert codes(availability=[AvailabilityRule("available", time(16), time(20), day_of_week=1)])[0] == ()
    dated = AvailabilityRule("unavailable", time(0), time(0), date=MONDAY)
    assert codes(availability=[dated])[0] == ("unavailable",)
    expired = AvailabilityRule("unavailable", time(16), time(20), day_of_week=1, valid_to=MONDAY - timedelta(1))
    assert codes(availability=[expired])[0] == ()


def test_an_overnight_unavailable_rule_reaches_into_the_next_morning() -> None:
    sunday_night = AvailabilityRule("unavailable", time(22), time(7), day_of_week=7)
    assert codes(s=slot(MONDAY, "06:00", "10:00"), availability=[sunday_night])[0] == ("unavailable",)


def test_an_overlapping_booking_or_worked_shift_blocks_and_a_touching_one_does_not() -> None:
    morning = slot(start="05:00", end="09:00")
    assert codes(bookings=[Span(morning.start, morning.end + timedelta(minutes=1))])[0] == ("overlap",)
    assert codes(shifts=[Span(T0 - timedelta(hours=1), None)])[0] == ("overlap",)  # still clocked in
    assert "overlap" not in codes(bookings=[Span(morning.start, morning.end)])[0]


def test_blocks_come_in_the_specs_order() -> None:
    w = worker(active=False, suspended=True, status="pending", dormant_since=T0)
    found = codes(w, dnr_sites=frozenset({3}), bookings=[Span(T0, T0 + timedelta(hours=1))])[0]
    assert found == ("dnr", "overlap", "inactive", "pending", "dormant", "suspended")


def test_a_different_job_role_warns() -> None:
    assert codes(worker(job_role="Picker"), slot(job_role="Forklift")) == ((), ("role",))
    assert codes(worker(job_role="picker "), slot(job_role="Picker")) == ((), ())
    assert codes(worker(job_role=None), slot(job_role="Forklift")) == ((), ("role",))
    assert codes(worker(job_role="Picker"), slot(job_role=None)) == ((), ())


def test_under_eleven_hours_rest_since_the_previous_booking_or_shift_warns() -> None:
    previous_end = T0 - timedelta(hours=10, minutes=59)
    assert codes(bookings=[Span(previous_end - timedelta(hours=8), previous_end)])[1] == ("rest",)
    assert codes(shifts=[Span(previous_end - timedelta(hours=8), previous_end)])[1] == ("rest",)
    assert codes(last_end=previous_end)[1] == ("rest",)
    assert codes(last_end=T0 - timedelta(hours=11))[1] == ()


def test_going_over_the_weekly_maximum_warns() -> None:
    assert codes(worker(max_hours_per_week=Decimal(48)), week_minutes=40 * 60)[1] == ()  # 8 h slot: 48
    assert codes(worker(max_hours_per_week=Decimal(48)), week_minutes=40 * 60 + 1)[1] == ("hours",)
    paid = slot(break_minutes=30)
    assert codes(worker(max_hours_per_week=Decimal("47.5")), paid, week_minutes=40 * 60)[1] == ()
    assert codes(worker(max_hours_per_week=None), week_minutes=100 * 60)[1] == ()


def test_a_full_site_warns() -> None:
    assert codes(site_capacity=3, site_people=2)[1] == ()
    assert codes(site_capacity=3, site_people=3)[1] == ("capacity",)
    assert codes(site_capacity=None, site_people=300)[1] == ()


def test_all_warnings_come_in_order() -> None:
    w = worker(job_role="Picker", max_hours_per_week=Decimal(1))
    found = codes(w, slot(job_role="Driver"), last_end=T0, site_capacity=1, site_people=1)
    assert found == ((), ("role", "rest", "hours", "capacity"))


# ---- real time -------------------------------------------------------------------------------


def test_a_night_slot_is_measured_in_real_time_across_both_clock_changes() -> None:
    assert slot_times(date(2026, 10, 24), time(22), time(6)).minutes == 9 * 60
    assert slot_times(date(2026, 3, 28), time(22), time(6)).minutes == 7 * 60
    assert slot_times(MONDAY, time(22), time(6)).minutes == 8 * 60


def test_weekly_hours_count_the_real_length_of_the_autumn_night() -> None:
    autumn = slot(date(2026, 10, 24), "22:00", "06:00")
    assert codes(worker(max_hours_per_week=Decimal(9)), autumn)[1] == ()
    assert codes(worker(max_hours_per_week=Decimal("8.99")), autumn)[1] == ("hours",)


def test_equal_times_and_skipped_wall_times_are_refused_naming_the_field() -> None:
    with pytest.raises(ValidationFailed) as equal:
        slot_times(MONDAY, time(9), time(9))
    assert equal.value.extra["field"] == "end_time"
    with pytest.raises(ValidationFailed) as skipped:
        slot_times(date(2026, 3, 29), time(1, 30), time(6))
    assert skipped.value.extra["field"] == "start_time"


# ---- the overlap property ----------------------------------------------------------------------


def _real(written: tuple[date, time, time]) -> Slot:
    day, start, end = written
    times = slot_times(day, start, end)
    return Slot(location_id=3, shift_date=day, start=times.start, end=times.end)


def _seconds(moment: datetime) -> int:
    return int(moment.timestamp())


@given(booked_slots(), booked_slots())
def test_overlap_is_blocked_exactly_when_the_real_times_intersect(
    one: tuple[date, time, time], other: tuple[date, time, time]
) -> None:
    a, b = _real(one), _real(other)
    intersect = _seconds(a.start) < _seconds(b.end) and _seconds(b.start) < _seconds(a.end)
    found = eligibility(worker(), a, Known(bookings=[Span(b.start, b.end)])).block_codes
    assert ("overlap" in found) == intersect


@given(booked_slots(), booked_slots())
def test_a_slot_starting_when_another_ends_never_overlaps_it(
    one: tuple[date, time, time], other: tuple[date, time, time]
) -> None:
    a = _real(one)
    end_day = one[0] if one[2] > one[1] else one[0] + timedelta(1)
    start = instant(end_day, one[2], "start_time")  # the wall time the other ends, on the day it ends
    b = Slot(3, end_day, start, start + (_real(other).end - _real(other).start))
    assert b.start == a.end
    assert "overlap" not in eligibility(worker(), b, Known(bookings=[Span(a.start, a.end)])).block_codes
    assert "overlap" not in eligibility(worker(), a, Known(bookings=[Span(b.start, b.end)])).block_codes


@given(booked_slots(), booked_slots())
def test_a_slot_holding_a_minute_of_another_always_overlaps_it(
    one: tuple[date, time, time], other: tuple[date, time, time]
) -> None:
    a = _real(one)
    inside = Slot(3, one[0], a.start + (a.end - a.start) / 2, a.start + (a.end - a.start) / 2 + timedelta(minutes=1))
    assert "overlap" in eligibility(worker(), inside, Known(bookings=[Span(a.start, a.end)])).block_codes
    assert "overlap" in eligibility(worker(), a, Known(bookings=[Span(inside.start, inside.end)])).block_codes
    b = _real(other)
    assert ("overlap" in eligibility(worker(), a, Known(bookings=[Span(b.start, b.end)])).block_codes) == (
        "overlap" in eligibility(worker(), b, Known(bookings=[Span(a.start, a.end)])).block_codes
    )


def test_a_young_workers_slot_counts_its_hours_without_its_break() -> None:
    long_day = slot(start="08:00", end="17:00", break_minutes=60)  # 8 hours worked
    assert "young_worker" not in codes(worker(date_of_birth=date(2010, 1, 1)), long_day)[0]


def test_a_worker_without_a_role_matches_no_slot_asking_for_one() -> None:
    assert codes(s=slot(job_role="XXXX"))[1] == ("role",)


def test_a_booking_ending_as_the_slot_starts_leaves_no_rest() -> None:
    assert "rest" in codes(bookings=[Span(T0 - timedelta(hours=8), T0)])[1]
