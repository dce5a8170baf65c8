"""Which booking a clock belongs to: the live one holding it, else the nearest within the grace."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from workforce_core.model.bookings import Booking
from workforce_core.rules.booking_choice import GRACE, closest_booking

T0 = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)


def booking(id: int, start_hours: float, hours: float, status: str = "published") -> Booking:
    start = T0 + timedelta(hours=start_hours)
    return Booking(1, 1, 1, date(2026, 3, 2), start, start + timedelta(hours=hours), T0, status=status, id=id)


def test_back_to_back_bookings_give_the_clock_to_the_one_that_holds_it() -> None:
    early, late = booking(1, 0, 4), booking(2, 4, 4)
    assert closest_booking([early, late], T0 + timedelta(hours=4, minutes=1)) == late
    assert closest_booking([early, late], T0 + timedelta(hours=3, minutes=59)) == early


def test_a_clock_just_outside_a_booking_takes_the_nearest_within_the_grace() -> None:
    morning, evening = booking(1, 0, 4), booking(2, 10, 4)
    assert closest_booking([morning, evening], T0 + timedelta(hours=4, minutes=30)) == morning
    assert closest_booking([morning, evening], T0 + timedelta(hours=9, minutes=20)) == evening
    assert closest_booking([morning, evening], T0 + timedelta(hours=7)) is None


def test_cancelled_and_worked_bookings_are_never_chosen() -> None:
    found = [booking(1, 0, 4, "cancelled"), booking(2, 0, 4, "completed"), booking(3, 0, 4, "sick")]
    assert closest_booking(found, T0 + timedelta(hours=1)) is None


def test_an_unknown_priority_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="multi_shift_priority"):
        closest_booking([], T0, "latest")


@given(st.lists(st.tuples(st.integers(-12, 12), st.integers(1, 10)), max_size=6), st.integers(-14 * 60, 14 * 60))
def test_the_choice_holds_the_clock_when_any_booking_does_and_never_depends_on_order(
    slots: list[tuple[int, int]], minutes: int
) -> None:
    bookings = [booking(n, start, hours) for n, (start, hours) in enumerate(slots, start=1)]
    at = T0 + timedelta(minutes=minutes)
    chosen = closest_booking(bookings, at)
    assert closest_booking(list(reversed(bookings)), at) == chosen
    if any(b.start <= at <= b.end for b in bookings):
        assert chosen is not None
        assert chosen.start <= at <= chosen.end
    elif chosen is not None:
        assert chosen.start - GRACE <= at <= chosen.end + GRACE


def test_a_booking_holds_its_first_and_last_instants() -> None:
    at = T0 + timedelta(hours=2)  # 10:00
    starts_now, earlier_inside = booking(1, 2, 2), booking(2, 1, 2)  # 10:00-12:00, 09:00-11:00
    assert closest_booking([earlier_inside, starts_now], at) is starts_now  # inside both: the later start is nearer
    ends_now, started_before = booking(3, 1.75, 0.25), booking(4, 1.5, 1.5)  # 09:45-10:00, 09:30-11:00
    assert closest_booking([started_before, ends_now], at) is ends_now


def test_outside_every_booking_the_nearest_start_or_end_wins() -> None:
    at = T0 + timedelta(hours=2)  # 10:00
    ended, starts_later = booking(1, 0, 1 + 55 / 60), booking(2, 2 + 10 / 60, 2)  # 08:00-09:55, 10:10-12:10
    assert closest_booking([starts_later, ended], at) is ended


def test_the_grace_given_decides_which_bookings_may_take_the_clock() -> None:
    soon = booking(1, 2 + 5 / 60, 2)  # starts five minutes after the clock
    assert closest_booking([soon], T0 + timedelta(hours=2), grace=timedelta(0)) is None
    assert closest_booking([soon], T0 + timedelta(hours=2)) is soon
