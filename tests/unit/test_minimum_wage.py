"""The minimum wage rule (rules.minimum_wage): bands as dated rows, the band at the week's start, the check."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from workforce_core.errors import WeekNotReady
from workforce_core.model.pay_weeks import WeekCounts
from workforce_core.rules.minimum_wage import (
    WAGE_BANDS,
    BandRate,
    WageBand,
    _year,
    band_of,
    check_minutes,
    check_week,
    open_shortfall,
    rate_of,
    wage_status,
)
from workforce_core.rules.pay_week_states import WeekFacts, lock
from workforce_core.rules.payroll_lines import Minutes

MONDAY = date(2026, 4, 13)


@pytest.mark.parametrize(
    ("week", "band", "rate"),
    [
        (date(2024, 4, 1), WageBand.ADULT, "11.44"),
        (date(2025, 3, 31), WageBand.ADULT, "11.44"),
        (date(2025, 4, 7), WageBand.YOUNG_ADULT, "10.00"),
        (date(2026, 4, 6), WageBand.YOUTH, "8.00"),
        (date(2026, 4, 6), WageBand.APPRENTICE, "8.00"),
        (date(2024, 5, 6), WageBand.YOUTH, "6.40"),
    ],
)
def test_each_band_takes_the_row_in_force_on_the_first_day_of_the_week(week: date, band: WageBand, rate: str) -> None:
    assert rate_of(band, week) == Decimal(rate)


def test_adding_a_year_is_one_row_per_band() -> None:
    rows = (*WAGE_BANDS, BandRate(WageBand.ADULT, date(2027, 4, 1), Decimal("13.00")))
    assert rate_of(WageBand.ADULT, date(2027, 4, 5), rows) == Decimal("13.00")
    assert rate_of(WageBand.ADULT, date(2027, 3, 29), rows) == Decimal("12.71")
    assert rate_of(WageBand.ADULT, date(2024, 3, 25)) is None  # before the first row: no check


def test_the_band_is_the_age_on_the_first_day_of_the_pay_week() -> None:
    assert band_of(MONDAY, date(2005, 4, 13), None) == WageBand.ADULT  # 21 that Monday
    assert band_of(MONDAY, date(2005, 4, 14), None) == WageBand.YOUNG_ADULT  # 21 on the Tuesday: not yet
    assert band_of(MONDAY, date(2008, 4, 13), None) == WageBand.YOUNG_ADULT
    assert band_of(MONDAY, date(2008, 4, 14), None) == WageBand.YOUTH
    assert band_of(MONDAY, date(2010, 4, 14), None) is None  # under 16: no minimum wage
    assert band_of(MONDAY, None, None) == WageBand.ADULT  # unknown: checked at 21 and over


def test_the_apprentice_rate_applies_under_19_or_in_the_first_year() -> None:
    assert band_of(MONDAY, date(1990, 1, 1), date(2025, 4, 14)) == WageBand.APPRENTICE  # first year
    assert band_of(MONDAY, date(1990, 1, 1), date(2025, 4, 13)) == WageBand.ADULT  # a year to the day
    assert band_of(MONDAY, date(2007, 6, 1), date(2024, 9, 1)) == WageBand.APPRENTICE  # 18, second year
    assert band_of(MONDAY, date(2007, 4, 1), date(2024, 9, 1)) == WageBand.YOUNG_ADULT  # 19, second year
    assert band_of(MONDAY, date(1990, 1, 1), date(2026, 4, 14)) == WageBand.ADULT  # starts after the week


def test_the_holiday_element_does_not_count_and_premiums_do() -> None:
    elements = [("regular", 600, Decimal("100.00")), ("night", 120, Decimal("2.00")), ("holiday", 0, Decimal("50"))]
    check = check_week(MONDAY, elements, date_of_birth=None, apprentice_since=None)
    assert check is not None
    assert (check.minutes, check.pay, check.rate) == (600, Decimal("102.00"), Decimal("12.71"))
    assert check.short == Decimal("25.10")  # 10 h x 12.71 = 127.10


def test_paid_exactly_at_the_rate_is_met_and_a_penny_under_is_short() -> None:
    at_rate = check_week(MONDAY, [("regular", 60, Decimal("12.71"))], date_of_birth=None, apprentice_since=None)
    assert at_rate is not None
    assert not at_rate.below
    under = check_week(MONDAY, [("regular", 60, Decimal("12.70"))], date_of_birth=None, apprentice_since=None)
    assert under is not None
    assert under.short == Decimal("0.01")


money = st.integers(0, 200_000).map(lambda p: Decimal(p).scaleb(-2))
elements = st.lists(
    st.tuples(
        st.sampled_from(["regular", "overtime", "guarantee", "night", "weekend", "holiday"]),
        st.integers(0, 3000),
        money,
    ),
    max_size=6,
)
born = st.one_of(st.none(), st.dates(date(1950, 1, 1), date(2012, 1, 1)))
started = st.one_of(st.none(), st.dates(date(2020, 1, 1), date(2027, 1, 1)))
weeks = st.dates(date(2024, 4, 1), date(2027, 12, 31))


@given(weeks, elements, born, started)
def test_the_amount_short_is_the_least_whole_penny_that_reaches_the_rate(
    week: date, parts: list[tuple[str, int, Decimal]], dob: date | None, since: date | None
) -> None:
    check = check_week(week, parts, date_of_birth=dob, apprentice_since=since)
    if check is None:
        return
    owed = check.rate * check.minutes / 60
    assert check.pay + check.short >= owed
    if check.below:
        assert check.pay + check.short - Decimal("0.01") < owed
    else:
        assert check.pay >= owed


accepted = st.one_of(st.none(), money)


@given(st.lists(st.tuples(weeks, elements, born, started, accepted), max_size=8))
def test_no_locked_week_has_a_worker_below_their_band_without_an_accepted_shortfall(
    workers: list[tuple[date, list[tuple[str, int, Decimal]], date | None, date | None, Decimal | None]],
) -> None:
    checks = [
        (check_week(week, parts, date_of_birth=dob, apprentice_since=since), taken)
        for week, parts, dob, since, taken in workers
    ]
    left = sum(open_shortfall(check, taken) for check, taken in checks)
    facts = WeekFacts(ended=True, counts=WeekCounts(exceptions_open=left))
    try:
        locked = lock(facts)
    except WeekNotReady:
        assert left > 0
        return
    assert locked.locked
    for check, taken in checks:
        assert check is None or not check.below or (taken is not None and taken >= check.short)


def test_a_year_of_rates_is_one_row_per_band_in_the_bands_order() -> None:
    assert _year(date(2027, 4, 1), "13.00", "11.00", "9.00", "8.50") == (
        BandRate(WageBand.ADULT, date(2027, 4, 1), Decimal("13.00")),
        BandRate(WageBand.YOUNG_ADULT, date(2027, 4, 1), Decimal("11.00")),
        BandRate(WageBand.YOUTH, date(2027, 4, 1), Decimal("9.00")),
        BandRate(WageBand.APPRENTICE, date(2027, 4, 1), Decimal("8.50")),
    )


def test_sixteen_on_the_first_day_is_the_youth_band_and_an_apprenticeship_counts_from_its_first_day() -> None:
    assert band_of(MONDAY, date(2010, 4, 13), None) == WageBand.YOUTH
    assert band_of(MONDAY, date(2010, 4, 14), None) is None
    assert band_of(MONDAY, date(1990, 1, 1), MONDAY) == WageBand.APPRENTICE


def test_the_check_takes_the_workers_band_from_the_date_of_birth_and_the_apprenticeship() -> None:
    worked = [("regular", 60, Decimal("20.00"))]
    young = check_week(MONDAY, worked, date_of_birth=date(2008, 4, 13), apprentice_since=None)
    assert young is not None
    assert (young.band, young.rate, young.assumed_adult) == (WageBand.YOUNG_ADULT, Decimal("10.85"), False)
    apprentice = check_week(MONDAY, worked, date_of_birth=date(1990, 1, 1), apprentice_since=date(2026, 1, 5))
    assert apprentice is not None
    assert (apprentice.band, apprentice.rate) == (WageBand.APPRENTICE, Decimal("8.00"))
    unknown = check_week(MONDAY, worked, date_of_birth=None, apprentice_since=None)
    assert unknown is not None
    assert (unknown.band, unknown.assumed_adult) == (WageBand.ADULT, True)


def test_the_check_uses_the_rows_it_is_given_and_none_before_the_first() -> None:
    worked = [("regular", 60, Decimal("20.00"))]
    rows = (BandRate(WageBand.ADULT, date(2026, 1, 1), Decimal("30.00")),)
    check = check_week(MONDAY, worked, date_of_birth=None, apprentice_since=None, rows=rows)
    assert check is not None
    assert (check.rate, check.short) == (Decimal("30.00"), Decimal("10.00"))
    assert check_week(date(2024, 3, 25), worked, date_of_birth=None, apprentice_since=None) is None


def test_overtime_and_guarantee_minutes_are_time_worked_and_premium_minutes_are_not_counted_again() -> None:
    elements = [
        ("regular", 60, Decimal("12.71")),
        ("overtime", 60, Decimal("12.71")),
        ("guarantee", 60, Decimal("12.71")),
        ("night", 60, Decimal("0")),
    ]
    check = check_week(MONDAY, elements, date_of_birth=None, apprentice_since=None)
    assert check is not None
    assert (check.minutes, check.pay, check.short) == (180, Decimal("38.13"), Decimal(0))


def test_the_detail_says_what_was_paid_against_which_rate() -> None:
    met = check_week(MONDAY, [("regular", 90, Decimal("20.00"))], date_of_birth=date(1990, 1, 1), apprentice_since=None)
    assert met is not None
    assert met.detail() == "paid 20.00 for 1.50 h (13.3333/h), at least the 21 and over rate of 12.71/h"
    short = check_week(MONDAY, [("regular", 60, Decimal("10.00"))], date_of_birth=None, apprentice_since=None)
    assert short is not None
    assert short.detail() == (
        "paid 10.00 for 1.00 h (10.0000/h), below the 21 and over rate of 12.71/h: 2.71 short"
        "; no date of birth, so the 21-and-over rate"
    )


def test_a_shortfall_accepted_for_exactly_the_amount_short_no_longer_blocks() -> None:
    short = check_week(MONDAY, [("regular", 60, Decimal("10.00"))], date_of_birth=None, apprentice_since=None)
    assert open_shortfall(short, None)
    assert open_shortfall(short, Decimal("2.70"))
    assert not open_shortfall(short, Decimal("2.71"))
    assert not open_shortfall(None, None)


def test_the_check_leaves_out_late_clocks_paid_in_the_week_and_has_no_verdict_without_time_of_its_own() -> None:
    """docs/decisions.md: late clocks paid as adjustments are in neither week's check. 2 hours of the week's
    own at 12.00 (24.00 against 2 x 12.71) are 1.42 short, whatever the 4 late hours paid beside them."""
    own = Minutes("regular", Decimal("12.00"), Decimal("18.00"), 120)
    late = Minutes("regular", Decimal("20.00"), Decimal("30.00"), 240, late=True)
    check = check_minutes(MONDAY, [own, late], date_of_birth=None, apprentice_since=None)
    assert check is not None
    assert (check.minutes, check.pay, check.short, check.hourly_pay) == (120, Decimal("24.00"), Decimal("1.42"), 12)
    assert wage_status(check, None) == "open"
    assert wage_status(check, Decimal("1.42")) == "accepted"
    assert check_minutes(MONDAY, [late], date_of_birth=None, apprentice_since=None) is None
    assert wage_status(None, None) is None
