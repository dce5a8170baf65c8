"""What eligibility is fed (rules.worker_facts): the window of facts around a slot, the known facts, the
people at a site, paid minutes, work, and a stored availability rule read as eligibility's rule."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

import attrs

from workforce_core.model.availability import WorkerAvailability
from workforce_core.model.bookings import Booking
from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules.eligibility import AvailabilityRule, Slot, Span
from workforce_core.rules.worker_facts import Facts, known, paid_minutes, people_at, rule_of, window, work_of
from workforce_core.rules.working_time import Work

CREATED = datetime(2026, 1, 1, tzinfo=UTC)


def test_a_stored_rule_keeps_every_field_eligibility_reads() -> None:
    weekly = WorkerAvailability(
        1, 7, "unavailable", time(16), time(20), CREATED, day_of_week=3, valid_from=date(2026, 2, 1),
        valid_to=date(2026, 6, 30), notes="school run",
    )  # fmt: skip
    assert rule_of(weekly) == AvailabilityRule(
        "unavailable", time(16), time(20), day_of_week=3, valid_from=date(2026, 2, 1), valid_to=date(2026, 6, 30)
    )
    dated = WorkerAvailability(1, 7, "available", time(22), time(6), CREATED, date=date(2026, 3, 4))
    assert rule_of(dated) == AvailabilityRule("available", time(22), time(6), date=date(2026, 3, 4))


# ---- the window of facts around a slot, and what eligibility is fed --------------------------------------


MONDAY = datetime(2026, 3, 2, tzinfo=UTC)  # 00:00 GMT
WEDNESDAY = Slot(3, date(2026, 3, 4), MONDAY + timedelta(days=2, hours=9), MONDAY + timedelta(days=2, hours=17))


def _booking(id: int, start: datetime, hours: int = 8, **fields: object) -> Booking:
    return Booking(1, 7, 3, start.date(), start, start + timedelta(hours=hours), CREATED, id=id, **fields)  # type: ignore[arg-type]


def _shift(id: int, clock_in: datetime, hours: float | None, **fields: object) -> TimeEntry:
    clock_out = None if hours is None else clock_in + timedelta(hours=hours)
    return TimeEntry(
        worker_id=7, client_id=1, clock_in=clock_in, clock_out=clock_out, created_at=clock_in, id=id, **fields
    )  # type: ignore[arg-type]


def test_the_window_is_17_weeks_before_the_slot_to_the_end_of_its_pay_week_and_the_days_around_it() -> None:
    span = window(WEDNESDAY, 1)
    assert span.week == date(2026, 3, 2)
    assert (span.week_from, span.week_to) == (MONDAY, MONDAY + timedelta(days=7))
    assert (span.start, span.end) == (WEDNESDAY.start - timedelta(weeks=17), MONDAY + timedelta(days=7))
    assert (span.first_day, span.last_day) == (date(2026, 3, 3), date(2026, 3, 4))


def test_a_slot_ending_after_its_week_reads_12_hours_past_its_end() -> None:
    sunday_night = Slot(3, date(2026, 3, 8), MONDAY + timedelta(days=6, hours=20), MONDAY + timedelta(days=7, hours=4))
    span = window(sunday_night, 1)
    assert span.end == sunday_night.end + timedelta(hours=12)
    assert (span.first_day, span.last_day) == (date(2026, 3, 7), date(2026, 3, 9))


def test_known_counts_the_weeks_booked_and_walked_in_minutes_and_passes_the_site_and_week() -> None:
    facts = Facts(
        bookings=[
            _booking(1, MONDAY + timedelta(hours=8), break_minutes=30),  # 450 minutes in the week
            _booking(12, MONDAY - timedelta(days=3)),  # the week before
            _booking(13, MONDAY + timedelta(days=1, hours=8)),  # the booking being changed: left out
            _booking(14, MONDAY + timedelta(days=4, hours=8), status="completed"),  # worked: hours, not a span
        ],
        shifts=[
            _shift(21, MONDAY + timedelta(days=1, hours=8), 4),  # a walk-in: 240
            _shift(22, MONDAY + timedelta(hours=8), 8, scheduled_shift_id=1),  # counted by its booking
            _shift(23, MONDAY + timedelta(days=3, hours=8), None),  # still open: 0
            _shift(24, MONDAY, 1),  # from the first instant of the week: 60
            _shift(25, MONDAY + timedelta(days=7), 1),  # from the first instant of the next: not counted
        ],
    )
    found = known(7, WEDNESDAY, facts, start_day=1, site_people=frozenset({7, 8}), site_capacity=5, leaving=13)
    assert found.week_minutes == 450 + 480 + 240 + 60
    assert (found.site_people, found.site_capacity) == (1, 5)
    assert found.week_span == (MONDAY, MONDAY + timedelta(days=7))
    assert [(span.start, span.end) for span in found.bookings] == [
        (MONDAY + timedelta(hours=8), MONDAY + timedelta(hours=16)),
        (MONDAY - timedelta(days=3), MONDAY - timedelta(days=3) + timedelta(hours=8)),
    ]
    assert found.shifts == [Span(s.clock_in, s.clock_out) for s in facts.shifts]
    assert found.work == work_of([b for b in facts.bookings if b.id != 13], facts.shifts)
    with_all = known(7, WEDNESDAY, facts, start_day=1)  # nothing left out by default
    assert with_all.week_minutes == 450 + 480 + 480 + 240 + 60
    assert (with_all.site_people, with_all.site_capacity) == (0, None)


def test_the_people_at_a_site_are_the_workers_of_its_live_bookings_but_the_one_being_changed() -> None:
    bookings = [
        _booking(1, MONDAY),
        attrs.evolve(_booking(2, MONDAY, status="cancelled"), worker_id=8),
        attrs.evolve(_booking(3, MONDAY), worker_id=9),
    ]
    assert people_at(bookings) == frozenset({7, 9})
    assert people_at(bookings, leaving=3) == frozenset({7})


def test_a_bookings_paid_minutes_leave_its_break_out() -> None:
    assert paid_minutes(_booking(1, MONDAY, break_minutes=30)) == 450
    assert paid_minutes(_booking(1, MONDAY, hours=2)) == 120


def test_work_is_each_closed_shift_as_clocked_and_each_live_booking_not_clocked_against_as_booked() -> None:
    worked = _booking(11, MONDAY + timedelta(hours=8))
    waiting = _booking(14, MONDAY + timedelta(days=1, hours=8), break_minutes=30)
    cancelled = _booking(15, MONDAY + timedelta(days=2, hours=8), status="cancelled")
    shifts = [
        _shift(21, MONDAY + timedelta(hours=8), 8, scheduled_shift_id=11, manual_break_minutes=45),
        _shift(22, MONDAY + timedelta(days=1, hours=8), None, scheduled_shift_id=14),  # open: the booking counts
        _shift(23, MONDAY + timedelta(days=3, hours=8), 2),  # a walk-in
    ]
    assert work_of([worked, waiting, cancelled], shifts) == [
        Work(MONDAY + timedelta(hours=8), MONDAY + timedelta(hours=16), 435),
        Work(MONDAY + timedelta(days=3, hours=8), MONDAY + timedelta(days=3, hours=10), 120),
        Work(MONDAY + timedelta(days=1, hours=8), MONDAY + timedelta(days=1, hours=16), 450),
    ]
