"""The holiday pay rules (``rules.holiday_pay``) and the holiday element of payroll lines: rolled-up pay
is 12.07% of the pay for work done to the penny, the accrued balance stays between zero and the cap,
the average hourly pay looks at the last 52 weeks with pay within 104, leave years and leave days."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from tests.conftest import Mirror
from tests.unit.test_pricing_use_cases import RULE_R, Pricing
from workforce_core.model.holiday import HOLIDAY, HolidayPay
from workforce_core.rules.holiday_pay import (
    CAP_WEEKS,
    ROLLED_UP_RATE,
    HolidayDue,
    Leave,
    WeekWork,
    average_hourly_pay,
    holiday_charge_lines,
    holiday_pay_of,
    leave_ledger,
    leave_year,
    leave_year_start_of,
    pay_weeks_of,
    rolled_up,
)
from workforce_core.rules.payroll_lines import Minutes, line_figures
from workforce_core.rules.pricing import Line

MONDAY = date(2026, 1, 5)
WEEK = timedelta(days=7)
rates = st.decimals(min_value=Decimal("5.00"), max_value=Decimal("60.00"), places=2)
minutes = st.integers(min_value=1, max_value=3000)
elements = st.sampled_from(["regular", "overtime", "weekend", "night", "guarantee"])


@given(st.lists(st.tuples(elements, rates, minutes), min_size=1, max_size=8))
def test_rolled_up_holiday_is_12_07_percent_of_the_work_pay_to_the_penny(
    parts: list[tuple[str, Decimal, int]],
) -> None:
    stored = [Minutes(element, rate, rate, count) for element, rate, count in parts]
    work = line_figures(stored)
    paid = line_figures(stored, HolidayDue(HolidayPay.ROLLED_UP))
    holiday = paid.rows[-1]
    assert (holiday.element, holiday.minutes, holiday.pay_rate) == (HOLIDAY, 0, None)
    assert abs(holiday.pay - work.gross_pay * ROLLED_UP_RATE) <= Decimal("0.005")
    assert holiday.pay == rolled_up(work.gross_pay)
    assert paid.gross_pay == work.gross_pay + holiday.pay
    assert paid.rows[:-1] == work.rows  # the work rows are untouched
    assert line_figures(stored, HolidayDue(HolidayPay.NONE)) == work


def test_rolled_up_rounds_half_up_once() -> None:
    assert rolled_up(Decimal("510.00")) == Decimal("61.56")  # 61.557
    assert rolled_up(Decimal("50.00")) == Decimal("6.04")  # 6.035: half up
    assert rolled_up(Decimal("0")) == Decimal("0.00")


def test_accrued_leave_taken_is_its_minutes_at_the_average_rate() -> None:
    stored = [Minutes("regular", Decimal("12.75"), Decimal("18"), 1920)]
    paid = line_figures(stored, HolidayDue(HolidayPay.ACCRUED, 480, Decimal("12.7500")))
    holiday = paid.elements[-1]
    assert (holiday.element, holiday.minutes, holiday.pay, holiday.pay_rate) == (HOLIDAY, 480, Decimal("102.00"), 12.75)
    assert paid.gross_pay == Decimal("510.00")
    assert line_figures(stored, HolidayDue(HolidayPay.ACCRUED, 0, Decimal("12.75"))) == line_figures(stored)


def test_the_worker_s_setting_wins_over_the_client_s() -> None:
    assert holiday_pay_of("accrued", None) is HolidayPay.ACCRUED
    assert holiday_pay_of("accrued", "none") is HolidayPay.NONE
    assert holiday_pay_of("none", "rolled_up") is HolidayPay.ROLLED_UP


def test_leave_years_start_on_the_client_s_day() -> None:
    assert leave_year(date(2026, 4, 5), "04-06") == (date(2025, 4, 6), date(2026, 4, 5))
    assert leave_year(date(2026, 4, 6), "04-06") == (date(2026, 4, 6), date(2027, 4, 5))
    assert leave_year(date(2026, 12, 31), "01-01") == (date(2026, 1, 1), date(2026, 12, 31))
    assert leave_year_start_of("02-29") is None
    assert leave_year_start_of("13-01") is None
    assert leave_year_start_of("1-1") is None
    assert leave_year_start_of("12-31") == (12, 31)
    assert pay_weeks_of(date(2026, 1, 1), date(2026, 1, 31), MONDAY) == [
        date(2026, 1, 5), date(2026, 1, 12), date(2026, 1, 19), date(2026, 1, 26)
    ]  # fmt: skip


def test_the_average_skips_weeks_without_pay_and_looks_back_at_most_104_weeks() -> None:
    before = MONDAY + 200 * WEEK
    history = [
        WeekWork(before - 105 * WEEK, 2400, 2400, Decimal("9999.00")),  # too far back
        WeekWork(before - 104 * WEEK, 2400, 2400, Decimal("400.00")),  # the oldest week looked at
        WeekWork(before - 3 * WEEK, 0, 0, Decimal("0")),  # no pay: skipped
        WeekWork(before - WEEK, 1200, 1200, Decimal("300.00")),
        WeekWork(before, 2400, 2400, Decimal("1000.00")),  # the week itself: not before it
    ]
    average = average_hourly_pay(history, before)
    assert average.weeks == (before - WEEK, before - 104 * WEEK)
    assert average.rate == Decimal("11.6667")  # 700.00 for 60 h
    assert average_hourly_pay([], before).rate == 0


def test_the_average_takes_the_last_52_weeks_with_pay() -> None:
    before = MONDAY + 100 * WEEK
    history = [WeekWork(before - n * WEEK, 60, 60, Decimal(n)) for n in range(1, 80)]
    average = average_hourly_pay(history, before)
    assert len(average.weeks) == 52
    assert average.weeks[0] == before - WEEK
    assert average.rate == Decimal(sum(range(1, 53))) * 60 / (52 * 60)


@given(
    st.integers(min_value=1, max_value=9),
    st.decimals(min_value=Decimal("0.5"), max_value=Decimal("40"), places=2) | st.none(),
)
def test_a_leave_s_hours_are_shared_over_its_weeks_exactly(days: int, hours: Decimal | None) -> None:
    leave = Leave(MONDAY + timedelta(days=3), MONDAY + timedelta(days=3 + days - 1), hours)
    shares = [leave.minutes_in(MONDAY + n * WEEK, Decimal(2400)) for n in range(3)]
    if hours is not None:
        assert sum(shares) == int((hours * 60).to_integral_value())
    else:  # a fifth of the average week for each weekday
        weekdays = sum(1 for n in range(days) if (leave.first + timedelta(days=n)).weekday() < 5)
        assert sum(shares) == 480 * weekdays


def test_a_leave_s_last_day_counts() -> None:
    leave = Leave(MONDAY, MONDAY + timedelta(days=4))  # Monday to Friday
    assert leave.minutes_in(MONDAY, Decimal(2400)) == 5 * 480
    assert Leave(MONDAY + timedelta(days=7), MONDAY + timedelta(days=7)).minutes_in(MONDAY, Decimal(2400)) == 0


weeks_of_work = st.lists(st.sampled_from([0, 0, 600, 1200, 2400, 2880, 3300]), min_size=1, max_size=60)
leave_days = st.lists(
    st.tuples(st.integers(min_value=0, max_value=420), st.integers(min_value=0, max_value=13), st.none() | rates),
    max_size=6,
)


@given(weeks_of_work, leave_days)
def test_the_accrued_balance_never_goes_below_zero_nor_above_the_cap(
    worked: list[int], leave: list[tuple[int, int, Decimal | None]]
) -> None:
    weeks = [MONDAY + n * WEEK for n in range(len(worked))]
    history = [WeekWork(week, m, m, Decimal(m) / 4) for week, m in zip(weeks, worked, strict=True)]
    leaves = [Leave(MONDAY + timedelta(days=d), MONDAY + timedelta(days=d + n), h) for d, n, h in leave]
    year = leave_ledger(weeks, history, leaves, first=date(2026, 1, 1), last=date(2026, 12, 31))
    balance = Decimal(0)
    accrued = Decimal(0)
    for row in year.weeks:
        assert row.taken <= row.asked
        assert row.taken <= balance  # taken from what was there at the start of the week
        assert Decimal(0) <= row.balance <= row.cap
        assert Decimal(0) <= row.accrued <= ROLLED_UP_RATE * row.worked_minutes
        accrued += row.accrued
        assert accrued <= max(row.cap, accrued - row.accrued)  # the year's accrual stops at the cap
        assert row.pay == (row.average.rate * row.taken / 60).quantize(Decimal("0.01"), "ROUND_HALF_UP")
        balance = row.balance
    assert year.taken == sum(row.taken for row in year.weeks)


def test_accrual_stops_at_5_6_weeks_of_the_average_week() -> None:
    weeks = [MONDAY + n * WEEK for n in range(52)]
    history = [WeekWork(week, 2400, 2400, Decimal("600.00")) for week in weeks]
    year = leave_ledger(weeks, history, [], first=date(2026, 1, 1), last=date(2026, 12, 31))
    assert year.accrued == CAP_WEEKS * 2400  # 224 h: reached in week 47 (46.4 weeks x 12.07%)
    assert year.weeks[45].accrued == ROLLED_UP_RATE * 2400
    assert year.weeks[47].accrued == 0
    assert year.balance == CAP_WEEKS * 2400


def test_holiday_charge_lines_are_12_07_percent_of_each_line_s_pay_times_the_multiplier() -> None:
    lines = (
        Line("regular", 480, Decimal("12.75"), Decimal("19")),
        Line("weekend", 120, Decimal("3.1875"), Decimal("4.75")),
        Line("regular", 60, Decimal("12.75"), Decimal("19")),
    )
    charged = holiday_charge_lines(lines, Decimal("1.25"), HolidayPay.ROLLED_UP)
    assert charged == (
        Line(HOLIDAY, 120, Decimal(0), Decimal("0.4809140625")),
        Line(HOLIDAY, 540, Decimal(0), Decimal("1.92365625")),
    )
    assert holiday_charge_lines(lines, None, HolidayPay.ACCRUED) == ()
    assert holiday_charge_lines(lines, Decimal("1.25"), HolidayPay.NONE) == ()


def test_pricing_a_shift_of_a_worker_paid_holiday_adds_its_charge_lines(mirror: Mirror) -> None:
    """Through the pricing use case on the memory adapter: a rule with a holiday charge multiplier, a
    rolled-up client; the shift's lines gain `holiday` charge lines, paying nothing."""
    world = Pricing(mirror, {**RULE_R, "holiday_charge_multiplier": Decimal("1.25")}, holiday_pay="rolled_up")
    entry = world.shift("2026-11-24 09:00", "2026-11-24 13:00")  # 4 h, under the auto lunch's 6
    price = world.price(entry)
    holiday = [line for line in price.lines if line.element == HOLIDAY]
    assert holiday == [Line(HOLIDAY, 240, Decimal(0), Decimal("12.00") * ROLLED_UP_RATE * Decimal("1.25"))]
    assert price.pay() == price.pay("regular")  # no pay in them
    plain = Pricing(mirror, {**RULE_R, "holiday_charge_multiplier": Decimal("1.25")})  # holiday_pay none
    assert all(
        line.element != HOLIDAY for line in plain.price(plain.shift("2026-11-24 09:00", "2026-11-24 13:00")).lines
    )


# ---- edges the mutation run found untested ---------------------------------------------------------------


def test_a_leave_year_start_that_is_not_a_day_every_year_has_falls_back_to_1_january() -> None:
    assert leave_year(date(2026, 5, 5), "02-29") == (date(2026, 1, 1), date(2026, 12, 31))
    assert leave_year(date(2026, 5, 5), "nonsense") == (date(2026, 1, 1), date(2026, 12, 31))


def test_the_average_counts_only_weeks_with_both_pay_and_paid_minutes_and_says_how_it_was_worked_out() -> None:
    history = [
        WeekWork(date(2026, 3, 2), 60, 60, Decimal("30.00")),
        WeekWork(date(2026, 3, 9), 0, 0, Decimal("50.00")),  # pay with no paid minutes: skipped
        WeekWork(date(2026, 3, 16), 600, 600, Decimal("0")),  # minutes with no pay: skipped
        WeekWork(date(2026, 3, 23), 1, 1, Decimal("0.20")),  # one minute counts
    ]
    average = average_hourly_pay(history, date(2026, 3, 30))
    assert (average.pay, average.minutes, average.weeks) == (
        Decimal("30.20"),
        61,
        (date(2026, 3, 23), date(2026, 3, 2)),
    )
    assert average.rate == Decimal("29.7049")  # 30.20 / 61 min x 60
    assert average.explain() == (
        "average hourly pay 29.7049: 30.20 for 1.02 h over 2 week(s) with pay from 2026-03-02 to 2026-03-23"
    )
    nothing = average_hourly_pay([], date(2026, 3, 30))
    assert nothing.explain() == "no week with pay in the 104 weeks before: holiday is not paid"
    assert (nothing.rate, nothing.pay, nothing.minutes) == (Decimal(0), Decimal(0), 0)


def test_half_minutes_of_leave_round_half_up() -> None:
    monday = date(2026, 3, 2)
    assert Leave(monday, monday, Decimal("7.875")).minutes_in(monday, Decimal(0)) == 473  # 472.5 minutes
    assert Leave(monday, monday).minutes_in(monday, Decimal("2402.5")) == 481  # a fifth is 480.5


def test_pay_weeks_start_on_the_first_pay_week_day_in_the_leave_year() -> None:
    weeks = pay_weeks_of(date(2026, 1, 1), date(2026, 12, 31), date(2025, 12, 29))
    assert (weeks[0], weeks[-1], len(weeks)) == (date(2026, 1, 5), date(2026, 12, 28), 52)
    assert pay_weeks_of(date(2026, 1, 5), date(2026, 1, 5), date(2026, 1, 5)) == [date(2026, 1, 5)]
    assert pay_weeks_of(date(2026, 1, 6), date(2026, 1, 8), date(2026, 1, 5)) == []


def test_a_ledger_with_weeks_without_work_takes_leave_at_a_fifth_of_the_average_week_worked() -> None:
    weeks = [date(2026, 1, 5) + n * timedelta(days=7) for n in range(5)]
    history = [
        WeekWork(weeks[1], 2400, 2400, Decimal("600.00")),
        WeekWork(weeks[3], 1200, 1200, Decimal("300.00")),
    ]
    leave = [Leave(weeks[4], weeks[4] + timedelta(days=1))]  # Monday and Tuesday
    year = leave_ledger(weeks, history, leave, first=date(2026, 1, 1), last=date(2026, 12, 31))
    assert (year.first, year.last) == (date(2026, 1, 1), date(2026, 12, 31))
    assert [row.week_start for row in year.weeks] == weeks
    assert [row.worked_minutes for row in year.weeks] == [0, 2400, 0, 1200, 0]
    assert [row.cap for row in year.weeks] == [0, 13440, 13440, 10080, 10080]
    accrued = [Decimal("289.68"), Decimal("144.84")]
    assert [row.accrued for row in year.weeks] == [0, accrued[0], 0, accrued[1], 0]
    last = year.weeks[-1]
    assert (last.asked, last.taken) == (720, 434)  # 1800 minutes a week on average: 360 a day; 434 held
    assert last.balance == accrued[0] + accrued[1] - 434
    assert year.week(weeks[4]) is last
    assert year.week(weeks[0]) is year.weeks[0]
    assert year.week(date(2026, 3, 2)) is None
    assert last.explain() == (
        "leave taken 7.23 h of 12.00 h asked; average hourly pay 15.0000: 900.00 for 60.00 h over 2 week(s) with "
        "pay from 2026-01-12 to 2026-01-26: 7.23 h x 15.0000 = 108.50; accrued 0.00 h (12.07% of 0.00 h worked, "
        "cap 168.00 h); balance 0.01 h"
    )
    assert year.weeks[1].explain() == "accrued 4.83 h (12.07% of 40.00 h worked, cap 224.00 h); balance 4.83 h"


def test_holiday_due_pays_nothing_without_a_rate_or_without_holiday_pay() -> None:
    assert HolidayDue(HolidayPay.NONE, 60, Decimal("10.00")).pay(Decimal("100")) == Decimal(0)
    assert HolidayDue(HolidayPay.ACCRUED, 60, None).pay(Decimal("100")) == Decimal(0)
    assert HolidayDue(HolidayPay.ACCRUED, 60, Decimal("10.00")).pay(Decimal("100")) == Decimal("10.00")


def test_lines_without_minutes_or_without_a_pay_rate_give_no_holiday_charge() -> None:
    lines = (Line("regular", 0, Decimal("12.75"), Decimal("19")), Line("guarantee", 60, Decimal(0), Decimal("19")))
    assert holiday_charge_lines(lines, Decimal("1.25"), HolidayPay.ROLLED_UP) == ()


def test_the_explanation_names_the_oldest_and_newest_weeks_of_the_average() -> None:
    history = [WeekWork(date(2026, 3, 2) + timedelta(days=7 * n), 60, 60, Decimal("12.00")) for n in range(3)]
    assert (
        average_hourly_pay(history, date(2026, 3, 30))
        .explain()
        .endswith("over 3 week(s) with pay from 2026-03-02 to 2026-03-16")
    )
