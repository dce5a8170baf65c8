"""Paid minutes of a shift (rules.paid_time, pricing.md section 5) worked by hand: which break is taken,
where the unpaid minutes come out, the paid part of a recorded break, and adjustments at the end."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

from workforce_core.model.rates import RateRule
from workforce_core.rules.paid_time import PaidTime, paid_time

IN = datetime(2026, 3, 4, 8, 0, tzinfo=UTC)
EIGHT_HOURS = IN + timedelta(hours=8)
LUNCH = RateRule(client_id=1, name="R", auto_lunch_minutes=30, auto_lunch_after_hours=Decimal(6))


def _at(minutes: int) -> datetime:
    return IN + timedelta(minutes=minutes)


def test_no_break_pays_every_minute_from_the_clock_in() -> None:
    assert paid_time(IN, EIGHT_HOURS, None) == PaidTime(480, 0, "none", 0, ((0, 480),), 0)
    assert paid_time(IN, IN + timedelta(minutes=10, seconds=59), None).total_minutes == 10
    assert paid_time(IN, IN, None) == PaidTime(0, 0, "none", 0, (), 0)


def test_a_manual_break_wins_then_recorded_breaks_then_the_bookings_then_the_auto_lunch() -> None:
    recorded = ((_at(120), _at(135)),)
    assert paid_time(IN, EIGHT_HOURS, LUNCH, manual_break_minutes=20, recorded_breaks=recorded).break_source == "manual"
    assert paid_time(IN, EIGHT_HOURS, LUNCH, manual_break_minutes=0).break_source == "manual"
    both = paid_time(IN, EIGHT_HOURS, LUNCH, recorded_breaks=recorded, booking_break_minutes=45)
    assert (both.break_source, both.break_minutes) == ("recorded", 15)
    booked = paid_time(IN, EIGHT_HOURS, LUNCH, booking_break_minutes=45)
    assert (booked.break_source, booked.break_minutes) == ("booking", 45)
    lunch = paid_time(IN, EIGHT_HOURS, LUNCH, booking_break_minutes=0)
    assert (lunch.break_source, lunch.break_minutes) == ("auto_lunch", 30)


def test_the_auto_lunch_needs_a_shift_of_its_hours_and_both_settings() -> None:
    assert paid_time(IN, IN + timedelta(hours=6), LUNCH).break_source == "auto_lunch"
    assert paid_time(IN, IN + timedelta(hours=6) - timedelta(minutes=1), LUNCH).break_source == "none"
    no_hours = RateRule(client_id=1, name="R", auto_lunch_minutes=30)
    assert paid_time(IN, EIGHT_HOURS, no_hours).break_source == "none"
    no_minutes = RateRule(client_id=1, name="R", auto_lunch_minutes=0, auto_lunch_after_hours=Decimal(6))
    assert paid_time(IN, EIGHT_HOURS, no_minutes).break_source == "none"


def test_an_unpaid_break_comes_out_of_the_middle_of_the_shift() -> None:
    assert paid_time(IN, EIGHT_HOURS, None, manual_break_minutes=30) == PaidTime(
        480, 30, "manual", 30, ((0, 225), (255, 480)), 0
    )
    odd = paid_time(IN, EIGHT_HOURS, None, manual_break_minutes=31)
    assert odd.runs == ((0, 224), (255, 480))  # the earlier half rounded down


def test_the_paid_break_minutes_of_a_rule_are_paid() -> None:
    paid_ten = RateRule(client_id=1, name="R", paid_break_minutes=10)
    found = paid_time(IN, EIGHT_HOURS, paid_ten, manual_break_minutes=30)
    assert (found.unpaid_break_minutes, found.runs) == (20, ((0, 230), (250, 480)))
    all_paid = paid_time(
        IN, EIGHT_HOURS, RateRule(client_id=1, name="R", paid_break_minutes=45), manual_break_minutes=30
    )
    assert (all_paid.unpaid_break_minutes, all_paid.runs, all_paid.paid_minutes) == (0, ((0, 480),), 480)


def test_recorded_breaks_come_out_where_they_were_taken_their_first_paid_minutes_kept() -> None:
    breaks = ((_at(300), _at(320)), (_at(120), _at(135)))  # given out of order
    found = paid_time(IN, EIGHT_HOURS, None, recorded_breaks=breaks)
    assert (found.break_minutes, found.unpaid_break_minutes) == (35, 35)
    assert found.runs == ((0, 120), (135, 300), (320, 480))
    paid_ten = paid_time(
        IN, EIGHT_HOURS, RateRule(client_id=1, name="R", paid_break_minutes=20), recorded_breaks=breaks
    )
    assert paid_ten.runs == ((0, 305), (320, 480))  # 15 paid minutes of the first break, 5 of the second
    assert paid_ten.unpaid_break_minutes == 15
    assert paid_ten.worked_minutes == 480 - 15


def test_recorded_breaks_outside_the_shift_are_cut_to_it_and_empty_ones_ignored() -> None:
    breaks = ((IN - timedelta(minutes=10), _at(5)), (_at(470), EIGHT_HOURS + timedelta(minutes=10)), (_at(60), _at(60)))
    found = paid_time(IN, EIGHT_HOURS, None, recorded_breaks=breaks)
    assert (found.break_source, found.break_minutes, found.runs) == ("recorded", 15, ((5, 470),))
    empty_only = paid_time(IN, EIGHT_HOURS, None, recorded_breaks=((_at(60), _at(60)),), booking_break_minutes=20)
    assert empty_only.break_source == "booking"


def test_a_break_as_long_as_the_shift_takes_every_minute_and_is_flagged() -> None:
    whole = paid_time(IN, IN + timedelta(minutes=30), None, manual_break_minutes=30)
    assert (whole.break_minutes, whole.runs, whole.break_exceeds_shift) == (30, (), True)
    longer = paid_time(IN, IN + timedelta(minutes=30), None, booking_break_minutes=45)
    assert (longer.break_minutes, longer.unpaid_break_minutes, longer.break_exceeds_shift) == (30, 30, True)
    shorter = paid_time(IN, IN + timedelta(minutes=30), None, manual_break_minutes=29)
    assert (shorter.break_exceeds_shift, shorter.worked_minutes) == (False, 1)
    assert not paid_time(IN, IN, None).break_exceeds_shift


def test_an_adjustment_adds_minutes_after_the_end_or_trims_from_the_end_across_runs() -> None:
    added = paid_time(IN, EIGHT_HOURS, None, pay_adjustment_minutes=15)
    assert (added.extra_minutes, added.paid_minutes, added.runs) == (15, 495, ((0, 480),))
    trimmed = paid_time(IN, EIGHT_HOURS, None, manual_break_minutes=30, pay_adjustment_minutes=-225)
    assert (trimmed.runs, trimmed.extra_minutes) == (((0, 225),), 0)
    across = paid_time(IN, EIGHT_HOURS, None, manual_break_minutes=30, pay_adjustment_minutes=-250)
    assert across.runs == ((0, 200),)
    everything = paid_time(IN, EIGHT_HOURS, None, pay_adjustment_minutes=-600)
    assert (everything.runs, everything.paid_minutes) == ((), 0)


def test_a_recorded_break_of_one_minute_is_one_unpaid_minute_out_of_the_shift() -> None:
    paid = paid_time(IN, _at(60), None, recorded_breaks=((_at(30), _at(31)),))
    assert (paid.break_source, paid.unpaid_break_minutes) == ("recorded", 1)
    assert paid.runs == ((0, 30), (31, 60))
    assert paid.paid_minutes == 59


def test_a_one_minute_break_in_a_one_minute_shift_leaves_nothing_to_work_and_is_flagged() -> None:
    paid = paid_time(IN, _at(1), None, booking_break_minutes=1)
    assert (paid.break_minutes, paid.runs, paid.paid_minutes) == (1, (), 0)
    assert paid.break_exceeds_shift
    assert not paid_time(IN, _at(2), None, booking_break_minutes=1).break_exceeds_shift
