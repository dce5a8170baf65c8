"""The payroll line arithmetic (pricing.md sections 7 and 8) as properties: one rounding per (element, rate)
row, a gross that is exactly the sum of the rows, and nothing that depends on the order shifts come in."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from workforce_core.model.holiday import HolidayPay
from workforce_core.rules.holiday_pay import HolidayDue
from workforce_core.rules.payroll_lines import ElementTotal, Minutes, PayRow, line_figures
from workforce_core.rules.pricing import ELEMENTS, pennies

RATES = st.sampled_from([Decimal("12"), Decimal("12.3457"), Decimal("18.5186"), Decimal("3.0001"), Decimal("1")])
PARTS = st.lists(
    st.builds(
        Minutes, element=st.sampled_from(ELEMENTS), pay_rate=RATES, charge_rate=RATES, minutes=st.integers(0, 900)
    ),
    max_size=30,
)


@given(PARTS)
def test_each_row_is_rounded_once_from_its_total_minutes_and_the_gross_is_their_sum(parts: list[Minutes]) -> None:
    figures = line_figures(parts)
    for row in figures.rows:
        minutes = sum(p.minutes for p in parts if (p.element, p.pay_rate) == (row.element, row.pay_rate))
        assert row.minutes == minutes > 0
        assert row.pay == pennies(Fraction(row.pay_rate) * minutes / 60)
    assert figures.gross_pay == sum((row.pay for row in figures.rows), Decimal(0))
    assert figures.gross_pay == sum((element.pay for element in figures.elements), Decimal(0))
    assert figures.margin == figures.charge_total - figures.gross_pay


@given(PARTS, st.randoms())
def test_the_order_of_the_shifts_changes_nothing(parts: list[Minutes], random: object) -> None:
    shuffled = list(parts)
    random.shuffle(shuffled)  # type: ignore[attr-defined]
    assert line_figures(shuffled) == line_figures(parts)


@given(PARTS)
def test_an_elements_rate_is_its_single_rate_or_the_minute_weighted_average(parts: list[Minutes]) -> None:
    for element in line_figures(parts).elements:
        mine = [p for p in parts if p.element == element.element and p.minutes]
        assert element.minutes == sum(p.minutes for p in mine)
        if not mine:
            assert element.pay_rate is None
        elif len({p.pay_rate for p in mine}) == 1:
            assert element.pay_rate == mine[0].pay_rate
        else:
            exact = sum(Fraction(p.pay_rate) * p.minutes for p in mine) / element.minutes
            assert element.pay_rate is not None
            assert abs(Fraction(element.pay_rate) - exact) <= Fraction(1, 20000)


# ---- the charge side and the holiday element, worked by hand ------------------------------------------

D = Decimal
WEEK = [
    Minutes("overtime", D("20.00"), D("30.00"), 15, (3,)),
    Minutes("regular", D("12.00"), D("18.00"), 60, (2, 1)),
    Minutes("overtime", D("18.00"), D("27.00"), 45, (1,)),
    Minutes("regular", D("12.00"), D("18.00"), 30, (2,)),
    Minutes("night", D("1.00"), D("1.50"), 0, (4,)),  # no minutes: no row
    Minutes("holiday", D("0"), D("2.1726"), 60, ()),  # the shifts' holiday charge lines
    Minutes("holiday", D("0"), D("2.1726"), 30, ()),
]
ROWS = (
    PayRow("regular", D("12.00"), 90, D("18.00"), (1, 2)),
    PayRow("overtime", D("18.00"), 45, D("13.50"), (1,)),
    PayRow("overtime", D("20.00"), 15, D("5.00"), (3,)),
)
WORK_ELEMENTS = (
    ElementTotal("regular", 90, D("18.00"), D("12.00"), D("27.00"), D("18.00")),
    ElementTotal("overtime", 60, D("18.50"), D("18.5000"), D("27.75"), D("27.7500")),
    *(ElementTotal(name, 0, D(0), None, D(0), None) for name in ELEMENTS[2:]),
)


def test_a_week_with_holiday_charge_lines_and_no_holiday_pay_charges_them_on_a_holiday_element() -> None:
    figures = line_figures(WEEK)
    assert figures.rows == ROWS
    assert figures.elements == (*WORK_ELEMENTS, ElementTotal("holiday", 0, D(0), None, D("3.26"), D("2.1726")))
    assert (figures.gross_pay, figures.charge_total) == (D("36.50"), D("58.01"))
    without = line_figures(WEEK[:5])
    assert (without.elements, without.charge_total) == (WORK_ELEMENTS, D("54.75"))


def test_rolled_up_holiday_is_a_value_row_and_accrued_leave_a_row_at_its_rate() -> None:
    rolled = line_figures(WEEK, HolidayDue(HolidayPay.ROLLED_UP, pay_rate=D("9.99")))
    assert rolled.rows == (*ROWS, PayRow("holiday", None, 0, D("4.41"), ()))  # 12.07% of 36.50
    assert rolled.elements[-1] == ElementTotal("holiday", 0, D("4.41"), None, D("3.26"), D("2.1726"))
    assert (rolled.gross_pay, rolled.charge_total) == (D("40.91"), D("58.01"))
    accrued = line_figures(WEEK, HolidayDue(HolidayPay.ACCRUED, 120, D("15.0000")))
    assert accrued.rows[-1] == PayRow("holiday", D("15.0000"), 120, D("30.00"), ())
    assert accrued.elements[-1] == ElementTotal("holiday", 120, D("30.00"), D("15.0000"), D("3.26"), D("2.1726"))
    assert (accrued.gross_pay, accrued.charge_total) == (D("66.50"), D("58.01"))


def test_a_weighted_rate_rounds_half_up_to_four_places() -> None:
    parts = [Minutes("regular", D("1.0000"), D("2.0000"), 30), Minutes("regular", D("1.0001"), D("2.0001"), 30)]
    element = line_figures(parts).elements[0]
    assert (element.pay_rate, element.charge_rate) == (D("1.0001"), D("2.0001"))
