"""The exception checks of decisions.md as pure rules: each threshold on both sides, exact to the second."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from workforce_core.model.bookings import Booking
from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules import exceptions as rules
from workforce_core.rules.exceptions import EXCEPTION_TYPES, SEVERITY, TimeException, find_exceptions

START = datetime(2026, 11, 16, 8, 0, tzinfo=UTC)  # a Monday, GMT: local time = UTC
NOW = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)
SECONDS_AROUND = st.integers(min_value=-3 * 3600, max_value=3 * 3600)


def shift(
    clock_in: datetime = START,
    clock_out: datetime | None = None,
    *,
    id: int = 1,
    worker_id: int = 7,
    **fields: Any,
) -> TimeEntry:
    return TimeEntry(
        worker_id=worker_id,
        client_id=1,
        location_id=fields.pop("location_id", 3),
        clock_in=clock_in,
        clock_out=clock_out,
        created_at=clock_in,
        id=id,
        **fields,
    )


def booking(start: datetime = START, end: datetime | None = None, *, id: int = 40, **fields: Any) -> Booking:
    return Booking(
        client_id=1,
        worker_id=fields.pop("worker_id", 7),
        location_id=3,
        shift_date=start.date(),
        start=start,
        end=end or start + timedelta(hours=8),
        created_at=start - timedelta(days=3),
        id=id,
        **fields,
    )


def a_break(parent: int, start: datetime) -> TimeEntry:
    return TimeEntry(
        worker_id=7,
        client_id=1,
        entry_type="break",
        parent_id=parent,
        clock_in=start,
        clock_out=start + timedelta(minutes=30),
        created_at=start,
        id=900,
    )


# ---- thresholds (hypothesis around each) ----------------------------------------------------------


@given(SECONDS_AROUND)
def test_open_clock_out_is_an_open_shift_of_more_than_12_hours(offset: int) -> None:
    age = timedelta(hours=12, seconds=offset)
    found = rules.open_clock_out(shift(NOW - age), NOW)
    assert (found is not None) == (age > timedelta(hours=12))
    assert rules.open_clock_out(shift(NOW - age, NOW - age + timedelta(minutes=1)), NOW) is None


@given(SECONDS_AROUND)
def test_long_shift_is_a_closed_shift_over_14_hours(offset: int) -> None:
    length = timedelta(hours=14, seconds=offset)
    found = rules.long_shift(shift(START, START + length))
    assert (found is not None) == (length > timedelta(hours=14))
    assert rules.long_shift(shift(START)) is None


@given(st.integers(min_value=0, max_value=900))
def test_short_shift_is_a_closed_shift_under_5_minutes(seconds: int) -> None:
    found = rules.short_shift(shift(START, START + timedelta(seconds=seconds)))
    assert (found is not None) == (seconds < 300)
    if found is not None:
        assert found.detail == f"Shift of {seconds} s (under 5 min)."


@given(SECONDS_AROUND)
def test_late_start_is_a_clock_in_over_15_minutes_after_the_booked_start(offset: int) -> None:
    delay = timedelta(minutes=15, seconds=offset)
    found = rules.late_start(shift(START + delay, scheduled_shift_id=40), booking(START))
    assert (found is not None) == (delay > timedelta(minutes=15))


@given(SECONDS_AROUND)
def test_early_finish_is_a_clock_out_over_15_minutes_before_the_booked_end(offset: int) -> None:
    early = timedelta(minutes=15, seconds=offset)
    end = START + timedelta(hours=8)
    found = rules.early_finish(shift(START, end - early, scheduled_shift_id=40), booking(START, end))
    assert (found is not None) == (early > timedelta(minutes=15))


@given(SECONDS_AROUND, st.booleans())
def test_missed_break_is_over_6_hours_with_no_break(offset: int, took_break: bool) -> None:
    length = timedelta(hours=6, seconds=offset)
    breaks = [a_break(1, START + timedelta(hours=3))] if took_break else []
    found = rules.missed_break(shift(START, START + length), breaks)
    assert (found is not None) == (length > timedelta(hours=6) and not took_break)


@given(st.integers(min_value=0, max_value=3600))
def test_no_show_waits_15_minutes_after_the_booked_start(seconds_since_start: int) -> None:
    start = NOW - timedelta(seconds=seconds_since_start)
    found = rules.no_shows([booking(start)], set(), NOW)
    assert len(found) == (1 if seconds_since_start > 15 * 60 else 0)


# ---- each check's record ------------------------------------------------------------------------


def test_an_exception_of_a_shift_carries_its_stable_id_and_the_shift_fields() -> None:
    entry = shift(START, START + timedelta(hours=14, minutes=1), id=55, scheduled_shift_id=40, location_id=9)
    found = rules.long_shift(entry)
    assert found == TimeException(
        id="long_shift:55",
        type="long_shift",
        severity="warning",
        worker_id=7,
        date=date(2026, 11, 16),
        detail="Shift of 14 h 01 min (over 14 h).",
        status="open",
        at=START,
        entry_id=55,
        shift_id=40,
        location_id=9,
    )


def test_an_exception_is_resolved_once_the_agency_approved_the_entry() -> None:
    entry = shift(START, START + timedelta(minutes=2), approval_status="approved")
    found = rules.short_shift(entry)
    assert found is not None
    assert found.status == "resolved"
    disputed = rules.short_shift(shift(START, START + timedelta(minutes=2), approval_status="disputed"))
    assert disputed is not None
    assert disputed.status == "open"


def test_a_query_is_open_until_answered_whatever_the_approval_and_every_exception_carries_it() -> None:
    assert rules.query(shift(START, START + timedelta(hours=1))) is None
    asked = shift(
        START,
        START + timedelta(hours=15),
        queried=True,
        open_query=True,
        approval_status="approved",
        query_text="Was Ann there at 22:00?",
    )
    found = rules.query(asked)
    assert found is not None
    assert (found.id, found.severity, found.status, found.query_text) == (
        "query:1",
        "warning",
        "open",
        "Was Ann there at 22:00?",
    )
    long = rules.long_shift(asked)
    assert long is not None
    assert (long.status, long.query_text, long.query_answer) == ("resolved", "Was Ann there at 22:00?", None)
    answered = attrs.evolve(asked, open_query=False, approval_status="pending", query_answer="Yes, on nights.")
    settled = rules.query(answered)
    assert settled is not None
    assert (settled.status, settled.detail, settled.query_answer) == ("resolved", "Query answered.", "Yes, on nights.")


def test_the_date_is_the_local_clock_in_date() -> None:
    summer_night = datetime(2026, 7, 10, 23, 30, tzinfo=UTC)  # 00:30 BST on 11 July
    found = rules.walk_in(shift(summer_night, summer_night + timedelta(hours=8)))
    assert found is not None
    assert found.date == date(2026, 7, 11)


def test_a_shift_across_the_autumn_clock_change_is_measured_in_real_time() -> None:
    clock_in = datetime(2026, 10, 24, 17, 0, tzinfo=UTC)  # 18:00 BST
    clock_out = datetime(2026, 10, 25, 7, 1, tzinfo=UTC)  # 07:01 GMT: 13 h 01 on the wall, 14 h 01 real
    found = rules.long_shift(shift(clock_in, clock_out))
    assert found is not None
    assert found.detail == "Shift of 14 h 01 min (over 14 h)."


def test_a_shift_across_the_spring_clock_change_is_measured_in_real_time() -> None:
    clock_in = datetime(2026, 3, 28, 17, 0, tzinfo=UTC)  # 17:00 GMT
    clock_out = datetime(2026, 3, 29, 7, 30, tzinfo=UTC)  # 08:30 BST: 15 h 30 on the wall, 14 h 30 real
    assert rules.long_shift(shift(clock_in, clock_out)) is not None
    clock_out = datetime(2026, 3, 29, 6, 30, tzinfo=UTC)  # 07:30 BST: 14 h 30 on the wall, 13 h 30 real
    assert rules.long_shift(shift(clock_in, clock_out)) is None


def test_walk_in_is_a_shift_with_no_booking() -> None:
    assert rules.walk_in(shift(scheduled_shift_id=40)) is None
    found = rules.walk_in(shift(id=3))
    assert found is not None
    assert (found.id, found.severity, found.detail) == ("walk_in:3", "warning", "Clocked in with no booking.")


def test_late_start_and_early_finish_need_the_booking() -> None:
    late = shift(START + timedelta(minutes=40), START + timedelta(hours=7), scheduled_shift_id=40)
    assert rules.late_start(late, None) is None
    assert rules.early_finish(late, None) is None
    found = rules.late_start(late, booking(START))
    assert found is not None
    assert found.detail == "Clocked in 0 h 40 min after the booked start 08:00."
    early = rules.early_finish(late, booking(START))
    assert early is not None
    assert early.detail == "Clocked out 1 h 00 min before the booked end 16:00."


def test_early_finish_waits_for_the_clock_out() -> None:
    assert rules.early_finish(shift(START, None, scheduled_shift_id=40), booking(START)) is None


def test_geofence_outside_on_clock_in_or_out() -> None:
    inside = shift(START, START + timedelta(hours=1), within_geofence=1, clock_out_within_geofence=1)
    assert rules.geofence_outside(inside) is None
    assert rules.geofence_outside(shift(within_geofence=None)) is None
    found = rules.geofence_outside(shift(within_geofence=0, distance_meters=1113, risk_flags=("geofence_outside",)))
    assert found is not None
    assert found.detail == "Clocked in 1113 m away, outside the geofence."
    out = rules.geofence_outside(
        shift(START, START + timedelta(hours=1), clock_out_within_geofence=0, clock_out_distance_meters=250)
    )
    assert out is not None
    assert out.detail == "Clocked out 250 m away, outside the geofence."
    flagged = rules.geofence_outside(shift(risk_flags=("geofence_outside",)))
    assert flagged is not None


def test_low_gps_confidence_and_backdated_come_from_the_clock() -> None:
    assert rules.low_gps_confidence(shift(low_gps_confidence=False)) is None
    low = rules.low_gps_confidence(shift(low_gps_confidence=True, gps_accuracy=120))
    assert low is not None
    assert (low.severity, low.detail) == ("info", "GPS accuracy (120 m) worse than the site's threshold.")
    assert rules.backdated(shift(risk_flags=("geofence_outside",))) is None
    late = rules.backdated(shift(risk_flags=("api_backdated",)))
    assert late is not None
    assert (late.id, late.severity) == ("backdated:1", "info")


def test_a_manual_break_counts_as_a_break() -> None:
    long_day = shift(START, START + timedelta(hours=9))
    assert rules.missed_break(long_day, []) is not None
    assert rules.missed_break(shift(START, START + timedelta(hours=9), manual_break_minutes=30), []) is None
    assert rules.missed_break(shift(START, START + timedelta(hours=9), manual_break_minutes=0), []) is not None
    assert rules.missed_break(shift(START), []) is None  # still open


# ---- overlaps -----------------------------------------------------------------------------------

INSTANTS = st.integers(min_value=0, max_value=48 * 60).map(lambda m: START + timedelta(minutes=m))
LENGTHS = st.integers(min_value=0, max_value=16 * 60).map(lambda m: timedelta(minutes=m))


@given(INSTANTS, LENGTHS, INSTANTS, LENGTHS, st.booleans())
def test_two_shifts_overlap_when_their_times_intersect(
    in1: datetime, len1: timedelta, in2: datetime, len2: timedelta, reverse: bool
) -> None:
    first, second = shift(in1, in1 + len1, id=1), shift(in2, in2 + len2, id=2)
    found = rules.overlaps([second, first] if reverse else [first, second], NOW)
    intersect = (in1 < in2 + len2 and in2 < in1 + len1) or in1 == in2
    assert len(found) == (1 if intersect else 0)
    if found:
        later = 2 if (in2, 2) > (in1, 1) else 1
        assert found[0].id == f"overlap:{later}"
        assert found[0].severity == "blocking"


def test_back_to_back_shifts_do_not_overlap_and_other_workers_never_do() -> None:
    one = shift(START, START + timedelta(hours=4), id=1)
    two = shift(START + timedelta(hours=4), START + timedelta(hours=8), id=2)
    other = shift(START + timedelta(hours=1), START + timedelta(hours=3), id=3, worker_id=8)
    assert rules.overlaps([one, two, other], NOW) == []


def test_an_open_shift_overlaps_until_now_but_at_most_18_hours() -> None:
    open_shift = shift(NOW - timedelta(hours=2), None, id=1)
    later = shift(NOW - timedelta(hours=1), NOW - timedelta(minutes=30), id=2)
    found = rules.overlaps([open_shift, later], NOW)
    assert [f.id for f in found] == ["overlap:2"]
    assert found[0].detail == "Overlaps shift 1 (10:00-12:00)."
    stale = shift(NOW - timedelta(hours=30), None, id=3)
    next_day = shift(NOW - timedelta(hours=6), NOW - timedelta(hours=2), id=4)
    assert rules.overlaps([stale, next_day], NOW) == []


# ---- no-shows -----------------------------------------------------------------------------------


def test_a_no_show_has_the_booking_in_its_id() -> None:
    found = rules.no_shows([booking(START, id=41)], set(), NOW)
    assert found == [
        TimeException(
            id="no_show:shift:41",
            type="no_show",
            severity="warning",
            worker_id=7,
            date=date(2026, 11, 16),
            detail="No clock against the booking starting 08:00.",
            status="open",
            at=START,
            shift_id=41,
            location_id=3,
        )
    ]


@pytest.mark.parametrize(
    ("status", "expected"),
    [
        ("published", ["open"]),
        ("draft", ["open"]),
        ("no_show", ["resolved"]),
        ("awol", ["resolved"]),
        ("cancelled", []),
        ("client_cancelled", []),
        ("sick", []),
        ("completed", []),
    ],
)
def test_which_bookings_can_be_no_shows(status: str, expected: list[str]) -> None:
    found = rules.no_shows([booking(START, status=status)], set(), NOW)
    assert [f.status for f in found] == expected


def test_a_clock_against_the_booking_is_not_a_no_show() -> None:
    assert rules.no_shows([booking(START, id=41)], {41}, NOW) == []


# ---- everything together ------------------------------------------------------------------------


def test_find_exceptions_reports_only_the_given_shifts_newest_first() -> None:
    earlier = shift(START - timedelta(days=1), START - timedelta(days=1) + timedelta(hours=2), id=1)
    early_clash = shift(START, START + timedelta(hours=3), id=2, scheduled_shift_id=40)
    later_clash = shift(START + timedelta(hours=2), START + timedelta(hours=4), id=3, scheduled_shift_id=41)
    found = find_exceptions(
        [later_clash, earlier],
        breaks={},
        bookings=[booking(START + timedelta(hours=1), id=42)],
        now=NOW,
        context=[early_clash],
        booking_context=[booking(START, id=40), booking(START + timedelta(hours=2), START + timedelta(hours=4), id=41)],
    )
    assert [f.id for f in found] == ["overlap:3", "no_show:shift:42", "walk_in:1"]


def test_every_type_has_a_severity() -> None:
    assert set(SEVERITY) == set(EXCEPTION_TYPES)
    assert {SEVERITY["open_clock_out"], SEVERITY["overlap"]} == {"blocking"}
    assert set(SEVERITY.values()) <= set(rules.SEVERITIES)


# ---- every one-shift check of a shift at once -------------------------------------------------------


def test_of_shift_runs_every_one_shift_check_with_the_booking_and_the_breaks() -> None:
    odd = shift(
        START + timedelta(minutes=30),
        START + timedelta(hours=15),
        scheduled_shift_id=40,
        within_geofence=0,
        low_gps_confidence=True,
        risk_flags=("api_backdated",),
    )
    booked = booking(START, START + timedelta(hours=16))
    found = rules.of_shift(odd, breaks=[], booking=booked, now=NOW)
    assert [e.type for e in found] == [
        "long_shift", "late_start", "early_finish", "geofence_outside", "low_gps_confidence", "backdated",
        "missed_break",
    ]  # fmt: skip
    with_break = rules.of_shift(odd, breaks=[a_break(1, START + timedelta(hours=4))], booking=booked, now=NOW)
    assert "missed_break" not in [e.type for e in with_break]
    brief = rules.of_shift(shift(START, START + timedelta(minutes=2)), breaks=[], booking=None, now=NOW)
    assert [e.type for e in brief] == ["short_shift", "walk_in"]
    still_open = rules.of_shift(shift(START), breaks=[], booking=None, now=NOW)
    assert [e.type for e in still_open] == ["open_clock_out", "walk_in"]


def test_geofence_outside_without_a_distance_says_only_in_or_out() -> None:
    found = rules.geofence_outside(shift(START, START + timedelta(hours=1), within_geofence=0))
    assert found is not None
    assert found.detail == "Clocked in, outside the geofence."
    both = rules.geofence_outside(
        shift(START, START + timedelta(hours=1), within_geofence=0, distance_meters=300, clock_out_within_geofence=0)
    )
    assert both is not None
    assert both.detail == "Clocked in 300 m away and out, outside the geofence."
    flagged = rules.geofence_outside(shift(risk_flags=("geofence_outside",)))
    assert flagged is not None
    assert flagged.detail == "Clocked in or out, outside the geofence."


@pytest.mark.parametrize("flags", [("low_gps_confidence",), ("low_gps",), ("api_backdated", "low_gps")])
def test_low_gps_confidence_is_read_from_either_risk_flag(flags: tuple[str, ...]) -> None:
    found = rules.low_gps_confidence(shift(risk_flags=flags))
    assert found is not None
    assert found.detail == "GPS accuracy worse than the site's threshold."
    assert rules.low_gps_confidence(shift(risk_flags=("geofence_outside", "low_gps_confidence_x"))) is None


def test_backdated_names_the_risk_flag() -> None:
    found = rules.backdated(shift(risk_flags=("api_backdated",)))
    assert found is not None
    assert found.detail == "Clock sent with a past occurred_at (api_backdated)."


# ---- working time over what was clocked ---------------------------------------------------------------

ADULT = (date(1990, 1, 1), False)
WEEK = (START, START + timedelta(days=7))


def _working_time(
    shifts: list[TimeEntry], context: Sequence[TimeEntry] = (), **workers: tuple[date, bool]
) -> list[tuple[str, int | None]]:
    known = {int(worker.removeprefix("w")): facts for worker, facts in workers.items()}
    found = rules.working_time_exceptions(shifts, rules.stretches_of(context), known, lambda entry: WEEK)
    for exception in found:
        assert exception.detail == rules.WORKING_TIME_DETAIL[exception.type]
        assert exception.severity == "warning"
    return [(e.type, e.entry_id) for e in found]


def test_two_clocked_shifts_under_eleven_hours_apart_each_warn_of_short_rest() -> None:
    day = shift(START, START + timedelta(hours=8), id=1)
    night = shift(START + timedelta(hours=12), START + timedelta(hours=20), id=2)
    assert _working_time([day, night], w7=ADULT) == [("rest_11h", 1), ("rest_11h", 2)]
    assert _working_time([day], [night], w7=ADULT) == [("rest_11h", 1)]  # the context is not reported
    assert _working_time([day], [day], w7=ADULT) == []  # the same shift in both is one shift


def test_a_young_workers_long_day_warns() -> None:
    long_day = shift(START, START + timedelta(hours=9, minutes=30), id=3, worker_id=8)
    assert _working_time([long_day], w8=(date(2010, 1, 1), True)) == [("young_worker", 3)]
    assert _working_time([long_day], w8=ADULT) == []


def test_seventeen_weeks_over_48_hours_on_average_and_no_weekly_rest_warn_unless_opted_out() -> None:
    endless = shift(START - timedelta(days=35), START, id=4)
    assert _working_time([endless], w7=ADULT) == [("wtr_average", 4), ("weekly_rest", 4)]
    assert _working_time([endless], w7=(date(1990, 1, 1), True)) == [("weekly_rest", 4)]


def test_open_shifts_breaks_and_workers_not_given_are_not_checked() -> None:
    day = shift(START, START + timedelta(hours=8), id=1)
    evening_break = attrs.evolve(a_break(1, START + timedelta(hours=9)), worker_id=7)
    assert _working_time([day], [evening_break], w7=ADULT) == []
    assert _working_time([shift(START, None, id=5)], [day], w7=ADULT) == []
    assert _working_time([day, shift(START + timedelta(hours=12), START + timedelta(hours=20), id=2)]) == []
    open_evening = shift(START + timedelta(hours=12), None, id=6)
    assert _working_time([day], [open_evening], w7=ADULT) == []
    with_break = shift(START, START + timedelta(hours=10), id=9, worker_id=8, manual_break_minutes=120)
    assert _working_time([with_break], w8=(date(2010, 1, 1), False)) == []  # 8 h worked: not over


def test_find_exceptions_links_each_shift_to_its_booking_and_its_breaks() -> None:
    late = shift(START + timedelta(minutes=20), START + timedelta(hours=6), id=1, scheduled_shift_id=40)
    long_day = shift(START + timedelta(days=1), START + timedelta(days=1, hours=9), id=2, scheduled_shift_id=41)
    found = find_exceptions(
        [late, long_day],
        breaks={2: [a_break(2, START + timedelta(days=1, hours=4))]},
        bookings=[],
        now=NOW,
        booking_context=[
            booking(START, START + timedelta(hours=6), id=40),
            booking(START + timedelta(days=1), START + timedelta(days=1, hours=9), id=41),
        ],
    )
    assert [f.id for f in found] == ["late_start:1"]
    unbroken = find_exceptions([long_day], breaks={1: [a_break(1, START)]}, bookings=[], now=NOW)
    assert [f.id for f in unbroken] == ["missed_break:2"]


def test_an_open_shift_overlaps_a_later_one_and_its_booking_is_clocked_against() -> None:
    still_open = shift(START, None, id=1, scheduled_shift_id=40)
    later = shift(START + timedelta(hours=2), START + timedelta(hours=3), id=2, scheduled_shift_id=41)
    found = find_exceptions(
        [later],
        breaks={},
        bookings=[booking(START, id=40), booking(START + timedelta(hours=2), START + timedelta(hours=3), id=41)],
        now=NOW,
        context=[still_open],
    )
    assert [f.id for f in found] == ["overlap:2"]


def test_the_clients_grace_decides_a_no_show_and_every_booking_is_looked_at() -> None:
    now = START + timedelta(minutes=30)
    clocked = shift(START, START + timedelta(hours=5), id=1, scheduled_shift_id=40)
    waiting = [booking(START, START + timedelta(hours=5), id=40), booking(START, id=41)]
    assert [f.id for f in find_exceptions([clocked], breaks={}, bookings=waiting, now=now)] == ["no_show:shift:41"]
    within_grace = find_exceptions([clocked], breaks={}, bookings=waiting, now=now, no_show_grace=timedelta(hours=1))
    assert within_grace == []
    assert [f.id for f in rules.no_shows(waiting, {40}, now)] == ["no_show:shift:41"]


def test_the_details_name_the_local_times_and_the_lengths() -> None:
    summer = datetime(2026, 6, 1, 8, 0, tzinfo=UTC)  # 09:00 BST
    late = rules.late_start(shift(summer + timedelta(minutes=20)), booking(summer))
    assert late is not None
    assert late.detail == "Clocked in 0 h 20 min after the booked start 09:00."
    still_open = rules.open_clock_out(shift(START), START + timedelta(hours=13, minutes=5))
    assert still_open is not None
    assert still_open.detail == "Open for 13 h 05 min with no clock-out."
    no_break = rules.missed_break(shift(START, START + timedelta(hours=6, minutes=1)), [])
    assert no_break is not None
    assert no_break.detail == "Shift of 6 h 01 min with no break."


def test_a_booking_that_is_neither_live_nor_a_recorded_no_show_is_passed_over_and_the_next_looked_at() -> None:
    found = rules.no_shows([booking(START, id=40, status="cancelled"), booking(START, id=41)], set(), NOW)
    assert [f.id for f in found] == ["no_show:shift:41"]


def test_working_time_counts_a_shift_without_a_manual_break_whole_and_looks_past_an_open_one() -> None:
    young = (date(2010, 1, 1), False)
    seven_hours = shift(START, START + timedelta(hours=7), id=1, worker_id=8)
    assert _working_time([seven_hours], w8=young) == []
    just_over = shift(START, START + timedelta(hours=8, minutes=1), id=2, worker_id=8)
    still_open = shift(START - timedelta(days=2), None, id=3, worker_id=8)
    assert _working_time([still_open, just_over], w8=young) == [("young_worker", 2)]
    assert _working_time([shift(START, START + timedelta(hours=8), id=4, worker_id=8)], w8=young) == []


def test_the_week_a_shift_is_checked_in_is_its_own() -> None:
    young = {8: (date(2010, 1, 1), False)}
    days = [
        shift(START + timedelta(days=n), START + timedelta(days=n, hours=8), id=n + 1, worker_id=8) for n in range(5)
    ]
    extra = shift(START + timedelta(days=5), START + timedelta(days=5, minutes=1), id=9, worker_id=8)

    def own_week(entry: TimeEntry) -> tuple[datetime, datetime]:
        return (entry.clock_in - timedelta(days=1), entry.clock_in + timedelta(days=1))

    found = rules.working_time_exceptions([days[4]], rules.stretches_of([*days[:4], extra]), young, own_week)
    assert found == []  # only the day before and after are its week here: 24 h 01, not over 40 h


# ---- which shifts a read of open exceptions needs to check ------------------------------------------


@given(
    st.lists(
        st.tuples(
            st.integers(min_value=0, max_value=96),  # start, hours after START
            st.one_of(st.none(), st.integers(min_value=1, max_value=20 * 60)),  # minutes worked, None: open
            st.sampled_from(["pending", "approved", "rejected", "disputed"]),
            st.booleans(),  # queried
            st.booleans(),  # the query still open
            st.lists(st.sampled_from(["geofence_outside", "low_gps_confidence", "api_backdated", "late_sync"])),
            st.integers(min_value=1, max_value=3),  # worker
        ),
        min_size=1,
        max_size=12,
    )
)
def test_a_shift_may_be_open_whenever_the_rules_find_an_open_exception_on_it(drawn: list[Any]) -> None:
    entries = [
        shift(
            START + timedelta(hours=start),
            None if minutes is None else START + timedelta(hours=start, minutes=minutes),
            id=n + 1,
            worker_id=worker,
            approval_status=status,
            queried=queried or open_query,
            open_query=open_query,
            risk_flags=tuple(flags),
        )
        for n, (start, minutes, status, queried, open_query, flags, worker) in enumerate(drawn)
    ]
    found = find_exceptions(entries, breaks={}, bookings=(), now=NOW)
    found += rules.working_time_exceptions(entries, {}, dict.fromkeys((1, 2, 3), (None, False)), lambda e: (START, NOW))
    checked = {e.id for e in entries if rules.may_be_open(e)}
    assert {f.entry_id for f in found if f.status == "open"} <= checked
    assert all(not rules.may_be_open(e) for e in entries if e.approval_status == "approved" and not e.open_query)
