"""pricing.md section 10 ("Readings fixed"): one test per sentence, each on the real engine.

Rule R and the shift builder are those of the worked examples (tests/pricing_support.py); the
parity sentences run the whole pricing service (rule selection, AWR count, base rates, engine).
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal

from tests.pricing_support import local, rule_r, shift
from workforce_core.model.accounts import ClientAccount, ClientSettings
from workforce_core.model.rates import NightBand, OvertimeTier, PricingSettings, RateRule, Rates
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.ports import PricingInputs
from workforce_core.rules.calendar import day_type, is_bank_holiday
from workforce_core.rules.pricing import ELEMENTS, ShiftPrice, ShiftToPrice, pennies, price_week
from workforce_core.steps.pricing import price_shifts

D = Decimal
STACK = PricingSettings(premium_stacking="stack", premium_day_basis="shift_start")
HIGHEST = PricingSettings(premium_stacking="highest", premium_day_basis="shift_start")
TUESDAY = "2026-11-17"
SATURDAY = "2026-11-21"
SUNDAY = "2026-11-22"


def price(s: ShiftToPrice, settings: PricingSettings = STACK) -> ShiftPrice:
    [priced] = price_week([s], settings)
    return priced


def lines(p: ShiftPrice, element: str) -> list[tuple[int, Decimal, Decimal]]:
    return [(line.minutes, line.pay_rate, line.charge_rate) for line in p.lines if line.element == element]


# --- Guarantee -------------------------------------------------------------------------------


def test_section_10_guarantee_shortfall_counts_the_paid_minutes_before_the_guarantee_adjustments_included() -> None:
    # 180 minutes, a 30-minute unpaid break, +15 adjustment: 165 paid before the guarantee, so 75 short of 4 hours.
    s = shift(
        1,
        local(TUESDAY, "08:00"),
        local(TUESDAY, "11:00"),
        rule_r(guarantee_hours=D(4)),
        manual_break_minutes=30,
        pay_adjustment_minutes=15,
    )
    p = price(s)
    assert (s.paid.total_minutes, s.paid.unpaid_break_minutes) == (180, 30)
    assert (p.minutes("regular"), p.minutes("guarantee")) == (165, 75)
    assert p.paid_minutes == 240


def test_section_10_a_positive_and_a_negative_adjustment_count_alike() -> None:
    rule = rule_r(guarantee_hours=D(4))
    plus = price(shift(1, local(TUESDAY, "08:00"), local(TUESDAY, "10:00"), rule, pay_adjustment_minutes=30))
    minus = price(shift(1, local(TUESDAY, "08:00"), local(TUESDAY, "11:00"), rule, pay_adjustment_minutes=-30))
    assert (plus.minutes("regular"), plus.minutes("guarantee")) == (150, 90)
    assert (minus.minutes("regular"), minus.minutes("guarantee")) == (150, 90)
    assert plus.pay() == minus.pay()


def test_section_10_two_hours_worked_and_a_30_minute_adjustment_with_a_4_hour_guarantee_is_240_paid() -> None:
    s = shift(
        1, local(TUESDAY, "08:00"), local(TUESDAY, "10:00"), rule_r(guarantee_hours=D(4)), pay_adjustment_minutes=30
    )
    p = price(s)
    assert (p.minutes("regular"), p.minutes("guarantee")) == (150, 90)
    assert p.paid_minutes == 240  # 270 before section 10
    assert pennies(p.pay()) == D("48.00")
    assert pennies(p.charge()) == D("72.00")


# --- Explicit premium rate below B -----------------------------------------------------------


def test_section_10_an_explicit_premium_rate_below_b_never_pays_less_than_b() -> None:
    rule = rule_r(pay=Rates(base=D("12.00"), weekend=D("10.00")), charge=Rates(base=D("18.00"), weekend=D("15.00")))
    p = price(shift(1, local(SATURDAY, "08:00"), local(SATURDAY, "12:00"), rule))
    assert lines(p, "weekend") == [(240, D(0), D(0))]  # uplift max(0, 10.00 - 12.00), never negative
    assert pennies(p.pay()) == D("48.00")  # 4 h at B
    assert pennies(p.charge()) == D("72.00")


def test_section_10_an_explicit_premium_rate_is_the_least_that_minute_pays() -> None:
    rule = rule_r(pay=Rates(base=D("12.00"), weekend=D("15.00")), charge=Rates(base=D("18.00"), weekend=D("20.00")))
    p = price(shift(1, local(SATURDAY, "08:00"), local(SATURDAY, "12:00"), rule))
    assert lines(p, "weekend") == [(240, D("3.00"), D("2.00"))]
    assert pennies(p.pay()) == D("60.00")  # exactly 15.00/h
    # at night the night uplift stacks on top: the explicit rate is a floor, not a cap
    night = price(shift(1, local(SATURDAY, "20:00"), local(SATURDAY, "23:00"), rule))
    assert pennies(night.pay()) == D("46.00")  # 3 h at 15.00 + 1 h night at 1.00


def test_section_10_multipliers_and_flat_premiums_are_as_written() -> None:
    # weekend multiplier 1.25 on B 12.00 = uplift 3.00; the night band's flat premium 1.00 whatever B is
    for base, weekend_uplift in ((D("12.00"), D("3.00")), (D("20.00"), D("5.00"))):
        rule = rule_r(pay=Rates(base=base), charge=Rates(base=D("18.00")))
        p = price(shift(1, local(SATURDAY, "20:00"), local(SATURDAY, "23:00"), rule))
        assert lines(p, "weekend") == [(180, weekend_uplift, D("4.50"))]
        assert lines(p, "night") == [(60, D("1.00"), D("1.50"))]


# --- A minute that is both weekly and daily overtime ----------------------------------------


def _both_overtimes(**changes: object) -> ShiftPrice:
    # one 10.5-hour Tuesday (600 paid after the auto lunch): minutes 480 on are weekly and daily overtime
    rule = rule_r(overtime_threshold=D(8), daily_overtime_threshold=D(8), **changes)
    return price(shift(1, local(TUESDAY, "08:00"), local(TUESDAY, "18:30"), rule))


def test_section_10_a_minute_both_weekly_and_daily_overtime_takes_the_kind_with_the_higher_pay_rate() -> None:
    p = _both_overtimes(daily_overtime_multiplier=D(2))
    assert {run.overtime for run in p.runs if run.overtime} == {"daily"}
    assert lines(p, "overtime") == [(120, D("24.00"), D("36.00"))]
    weekly = _both_overtimes(daily_overtime_multiplier=D("1.25"))
    assert {run.overtime for run in weekly.runs if run.overtime} == {"weekly"}
    assert lines(weekly, "overtime") == [(120, D("18.00"), D("27.00"))]


def test_section_10_a_tie_between_weekly_and_daily_overtime_goes_to_weekly() -> None:
    # same pay rate (1.5 x 12.00) both ways; daily's explicit charge rate is higher but does not decide
    p = _both_overtimes(daily_overtime_multiplier=D("1.5"), charge=Rates(base=D("18.00"), daily_overtime=D("30.00")))
    assert {run.overtime for run in p.runs if run.overtime} == {"weekly"}
    assert lines(p, "overtime") == [(120, D("18.00"), D("27.00"))]


def test_section_10_an_overtime_minutes_charge_is_its_kinds_charge_rate() -> None:
    # daily pays more (24.00 > 18.00) so the minute is daily, and charges daily's 20.00 though weekly's is 27.00
    p = _both_overtimes(daily_overtime_multiplier=D(2), charge=Rates(base=D("18.00"), daily_overtime=D("20.00")))
    assert {run.overtime for run in p.runs if run.overtime} == {"daily"}
    assert lines(p, "overtime") == [(120, D("24.00"), D("20.00"))]


def test_section_10_under_highest_the_element_chosen_by_the_pay_uplift_carries_its_own_charge_uplift() -> None:
    # Saturday evening: weekend uplift 3.00 (charge 4.50) beats night's 1.00 (charge 5.00) on pay
    bands = (NightBand(time(22, 0), time(6, 0), premium=D("1.00"), charge_premium=D("5.00")),)
    p = price(shift(1, local(SATURDAY, "20:00"), local(SATURDAY, "23:00"), rule_r(night_bands=bands)), HIGHEST)
    assert lines(p, "weekend") == [(180, D("3.00"), D("4.50"))]
    assert lines(p, "night") == []


# --- Bank holidays ---------------------------------------------------------------------------


def _bank_holidays_of(year: int) -> list[str]:
    day, found = date(year, 1, 1), []
    while day.year == year:
        if is_bank_holiday(day):
            found.append(day.isoformat())
        day += timedelta(days=1)
    return found


def test_section_10_bank_holidays_are_englands_as_published_with_observed_days_monday_to_friday() -> None:
    # gov.uk's lists: 2022 had New Year's Day on a Saturday and Christmas Day on a Sunday, two one-off holidays
    assert _bank_holidays_of(2022) == [
        "2022-01-03",
        "2022-04-15",
        "2022-04-18",
        "2022-05-02",
        "2022-06-02",
        "2022-06-03",
        "2022-08-29",
        "2022-09-19",
        "2022-12-26",
        "2022-12-27",
    ]
    assert _bank_holidays_of(2026) == [
        "2026-01-01",
        "2026-04-03",
        "2026-04-06",
        "2026-05-04",
        "2026-05-25",
        "2026-08-31",
        "2026-12-25",
        "2026-12-28",
    ]


def test_section_10_christmas_day_or_boxing_day_at_a_weekend_is_priced_as_that_weekend_day() -> None:
    assert day_type(date(2026, 12, 26)) == "weekend"  # Boxing Day 2026, a Saturday
    assert (day_type(date(2021, 12, 25)), day_type(date(2021, 12, 26))) == ("weekend", "sunday")
    assert day_type(date(2022, 12, 25)) == "sunday"
    p = price(shift(1, local("2026-12-26", "08:00"), local("2026-12-26", "12:00"), rule_r()))
    assert lines(p, "bank_holiday") == []
    assert lines(p, "weekend") == [(240, D("3.00"), D("4.50"))]
    assert pennies(p.pay()) == D("60.00")  # as example 2, not 96.00


def test_section_10_its_weekday_substitute_is_the_bank_holiday() -> None:
    assert day_type(date(2026, 12, 28)) == "bank_holiday"  # Boxing Day (substitute day), Monday
    assert (day_type(date(2021, 12, 27)), day_type(date(2021, 12, 28))) == ("bank_holiday", "bank_holiday")
    p = price(shift(1, local("2026-12-28", "09:00"), local("2026-12-28", "13:00"), rule_r()))
    assert lines(p, "bank_holiday") == [(240, D("12.00"), D("18.00"))]
    assert pennies(p.pay()) == D("96.00")  # as example 7


# --- Pay adjustments -------------------------------------------------------------------------


def test_section_10_a_positive_adjustment_is_regular_minutes_at_b_after_the_last_paid_minute_with_no_premium() -> None:
    s = shift(1, local(SATURDAY, "20:00"), local(SATURDAY, "23:00"), rule_r(), pay_adjustment_minutes=30)
    p = price(s)
    extra = p.runs[-1]
    assert (extra.kind, extra.start, extra.minutes) == ("extra", local(SATURDAY, "23:00"), 30)
    assert (extra.pay_rate, extra.charge_rate, extra.uplifts, extra.overtime) == (D("12.00"), D("18.00"), (), None)
    assert lines(p, "regular") == [(210, D("12.00"), D("18.00"))]
    assert lines(p, "weekend") == [(180, D("3.00"), D("4.50"))]  # not the adjustment's 30
    assert lines(p, "night") == [(60, D("1.00"), D("1.50"))]  # 22:00-23:00 only


def test_section_10_a_positive_adjustment_is_never_overtime_itself() -> None:
    # daily overtime after 4 hours and weekly after 4 hours: the shift reaches both, its adjustment stays regular
    rule = rule_r(overtime_threshold=D(4), daily_overtime_threshold=D(4))
    p = price(shift(1, local(TUESDAY, "08:00"), local(TUESDAY, "12:00"), rule, pay_adjustment_minutes=60))
    assert (p.minutes("regular"), p.minutes("overtime")) == (300, 0)


def test_section_10_a_positive_adjustment_counts_toward_the_weeks_overtime_position() -> None:
    rule = rule_r(overtime_threshold=D("4.5"))
    monday = shift(1, local("2026-11-16", "08:00"), local("2026-11-16", "12:00"), rule, pay_adjustment_minutes=60)
    tuesday = shift(2, local(TUESDAY, "08:00"), local(TUESDAY, "12:00"), rule)
    first, second = price_week([monday, tuesday], STACK)
    assert (first.minutes("regular"), first.minutes("overtime")) == (300, 0)
    assert (second.minutes("regular"), second.minutes("overtime")) == (0, 240)  # 300 already counted, past 270
    plain = price_week([shift(1, local("2026-11-16", "08:00"), local("2026-11-16", "12:00"), rule), tuesday], STACK)
    assert (plain[1].minutes("regular"), plain[1].minutes("overtime")) == (30, 210)


def test_section_10_a_negative_adjustment_removes_the_shifts_last_paid_minutes_premiums_included_down_to_0() -> None:
    rule = rule_r()
    evening = price(shift(1, local(TUESDAY, "18:00"), local(TUESDAY, "23:00"), rule, pay_adjustment_minutes=-60))
    assert evening.paid.runs == ((0, 240),)  # 22:00-23:00 removed
    assert lines(evening, "night") == []
    assert evening.minutes("regular") == 240
    gone = shift(1, local(TUESDAY, "08:00"), local(TUESDAY, "10:00"), rule, pay_adjustment_minutes=-200)
    assert (gone.paid.paid_minutes, price(gone).lines) == (0, ())
    # and with a guarantee the whole guarantee is the shortfall (paid minutes never go below 0)
    topped = price(
        shift(
            1,
            local(TUESDAY, "08:00"),
            local(TUESDAY, "10:00"),
            rule_r(guarantee_hours=D(4)),
            pay_adjustment_minutes=-200,
        )
    )
    assert (topped.minutes("regular"), topped.minutes("guarantee")) == (0, 240)


# --- Smaller points --------------------------------------------------------------------------


def test_section_10_a_manual_break_of_0_is_a_break_that_exists() -> None:
    s = shift(1, local(TUESDAY, "08:00"), local(TUESDAY, "16:30"), rule_r(), manual_break_minutes=0)
    assert (s.paid.break_source, s.paid.unpaid_break_minutes) == ("manual", 0)
    assert price(s).paid_minutes == 510  # no auto lunch


def test_section_10_the_auto_lunch_applies_at_exactly_its_threshold() -> None:
    at = shift(1, local(TUESDAY, "08:00"), local(TUESDAY, "14:00"), rule_r())
    before = shift(1, local(TUESDAY, "08:00"), local(TUESDAY, "13:59"), rule_r())
    assert (at.paid.break_source, price(at).paid_minutes) == ("auto_lunch", 330)
    assert (before.paid.break_source, price(before).paid_minutes) == ("none", 359)


def test_section_10_an_odd_gap_is_centred_with_the_earlier_half_rounded_down() -> None:
    odd_shift = shift(1, local(TUESDAY, "08:00"), local(TUESDAY, "16:01"), rule_r())  # 481 - 30: 225 before, 226 after
    assert odd_shift.paid.runs == ((0, 225), (255, 481))
    odd_break = shift(1, local(TUESDAY, "08:00"), local(TUESDAY, "16:00"), rule_r(), manual_break_minutes=31)
    assert odd_break.paid.runs == ((0, 224), (255, 480))  # 449: 224 before, 225 after


def test_section_10_sunday_minutes_at_weekend_rates_are_in_the_weekend_element() -> None:
    p = price(shift(1, local(SUNDAY, "08:00"), local(SUNDAY, "12:00"), rule_r(sunday_multiplier=None)))
    assert lines(p, "sunday") == []
    assert lines(p, "weekend") == [(240, D("3.00"), D("4.50"))]
    assert {run.day_type for run in p.runs} == {"sunday"}


def test_section_10_a_night_band_with_only_a_pay_multiplier_uses_it_on_the_charge_side_too() -> None:
    bands = (NightBand(time(22, 0), time(6, 0), multiplier=D("1.5")),)
    p = price(shift(1, local(TUESDAY, "20:00"), local("2026-11-18", "00:00"), rule_r(night_bands=bands)))
    assert lines(p, "night") == [(120, D("6.00"), D("9.00"))]
    # "only": a band that also names a charge premium charges that premium, not the pay multiplier
    mixed = (NightBand(time(22, 0), time(6, 0), multiplier=D("1.5"), charge_premium=D("2.00")),)
    p = price(shift(1, local(TUESDAY, "20:00"), local("2026-11-18", "00:00"), rule_r(night_bands=mixed)))
    assert lines(p, "night") == [(120, D("6.00"), D("2.00"))]


def test_section_10_an_overtime_tier_with_only_a_pay_multiplier_uses_it_on_the_charge_side_too() -> None:
    rule = rule_r(overtime_threshold=D(4), overtime_tiers=(OvertimeTier(D(6), multiplier=D(2)),))
    p = price(shift(1, local(TUESDAY, "08:00"), local(TUESDAY, "16:30"), rule))  # 480 paid
    assert lines(p, "overtime") == [(120, D("18.00"), D("27.00")), (120, D("24.00"), D("36.00"))]


def test_section_10_a_night_band_with_only_a_pay_premium_has_no_charge_uplift() -> None:
    bands = (NightBand(time(22, 0), time(6, 0), premium=D("1.00")),)
    p = price(shift(1, local(TUESDAY, "20:00"), local("2026-11-18", "00:00"), rule_r(night_bands=bands)))
    assert lines(p, "night") == [(120, D("1.00"), D(0))]
    assert pennies(p.charge()) == D("72.00")  # 4 h at 18.00, nothing more


def test_section_10_overlapping_night_bands_the_first_listed_wins() -> None:
    early = NightBand(time(20, 0), time(23, 0), premium=D("2.00"), charge_premium=D("3.00"))
    late = NightBand(time(22, 0), time(6, 0), premium=D("1.00"), charge_premium=D("1.50"))
    start, end = local(TUESDAY, "21:00"), local("2026-11-18", "00:00")
    p = price(shift(1, start, end, rule_r(night_bands=(early, late))))
    assert lines(p, "night") == [(60, D("1.00"), D("1.50")), (120, D("2.00"), D("3.00"))]  # 21-23 early, 23-24 late
    p = price(shift(1, start, end, rule_r(night_bands=(late, early))))
    assert lines(p, "night") == [(120, D("1.00"), D("1.50")), (60, D("2.00"), D("3.00"))]  # 21-22 early, 22-24 late


def test_section_10_of_a_recorded_break_the_first_paid_break_minutes_are_the_paid_ones() -> None:
    breaks = (
        (local(TUESDAY, "10:00"), local(TUESDAY, "10:20")),
        (local(TUESDAY, "12:00"), local(TUESDAY, "12:30")),
    )
    s = shift(
        1, local(TUESDAY, "08:00"), local(TUESDAY, "16:00"), rule_r(paid_break_minutes=15), recorded_breaks=breaks
    )
    assert (s.paid.break_source, s.paid.break_minutes, s.paid.unpaid_break_minutes) == ("recorded", 50, 35)
    # 10:00-10:15 paid; 10:15-10:20 and 12:00-12:30 unpaid
    assert s.paid.runs == ((0, 135), (140, 240), (270, 480))
    assert price(s).paid_minutes == 445


# --- Parity (the whole pricing service: rule, AWR weeks, B, engine) --------------------------

CLIENT = ClientAccount(
    name="Agency", created_at=datetime(2026, 1, 1, tzinfo=UTC), settings=ClientSettings(walk_in_policy="pay"), id=1
)
PARITY_RULE = RateRule(
    client_id=1,
    name="AWR",
    pay=Rates(pre_parity=D("11.00"), post_parity=D("13.00")),
    charge=Rates(base=D("18.00")),
    id=1,
)
SHIFT_WEEK = date(2026, 11, 16)


def _priced_base(worked_weeks_before: range, hourly_rate: Decimal | None = None) -> tuple[Decimal | None, bool]:
    """B of a Tuesday shift after pay weeks worked ``n`` weeks before its own, and whether parity was reached."""
    worker = Worker(
        client_id=1, name="A Worker", employee_id="W1", created_at=CLIENT.created_at, hourly_rate=hourly_rate, id=1
    )
    entry = TimeEntry(
        worker_id=1,
        client_id=1,
        clock_in=local(TUESDAY, "08:00"),
        clock_out=local(TUESDAY, "12:00"),
        created_at=CLIENT.created_at,
        location_id=1,
        approval_status="approved",
        id=10,
    )
    weeks = tuple(SHIFT_WEEK - timedelta(weeks=n) for n in worked_weeks_before)
    inputs = PricingInputs(
        shifts=(entry,), breaks={}, bookings={}, workers={1: worker}, rules=[PARITY_RULE], payable_weeks={1: weeks}
    )
    priced = price_shifts([10], CLIENT, inputs)[10]
    assert priced.gate.status == "payable"
    assert priced.price is not None
    assert lines(priced.price, "regular") == [(240, priced.base_pay, D("18.00"))]
    return priced.base_pay, priced.parity


def test_section_10_a_workers_own_hourly_rate_beats_the_parity_rates() -> None:
    assert _priced_base(range(1, 13)) == (D("13.00"), True)  # 12 qualifying weeks: post-parity
    assert _priced_base(range(1, 13), hourly_rate=D("14.50"))[0] == D("14.50")
    assert _priced_base(range(1, 3), hourly_rate=D("10.50"))[0] == D("10.50")  # before parity too


def test_section_10_a_gap_of_more_than_6_weeks_right_before_the_shifts_own_week_also_restarts_the_parity_count() -> (
    None
):
    assert _priced_base(range(7, 19)) == (D("13.00"), True)  # 12 weeks, the last 7 weeks back: a gap of 6
    assert _priced_base(range(8, 20)) == (D("11.00"), False)  # the last 8 weeks back: a gap of 7 restarts


# --- PayrollLine elements --------------------------------------------------------------------


def test_section_10_payroll_line_elements_has_all_seven_keys() -> None:
    spec_five = {"regular", "overtime", "weekend", "bank_holiday", "night"}
    assert set(ELEMENTS) == spec_five | {"sunday", "guarantee"}
    assert len(ELEMENTS) == 7
    # every element the engine can produce is one of them
    sunday = price(shift(1, local(SUNDAY, "20:00"), local(SUNDAY, "23:00"), rule_r(guarantee_hours=D(4))))
    produced = {line.element for line in sunday.lines}
    assert produced == {"regular", "sunday", "night", "guarantee"}
