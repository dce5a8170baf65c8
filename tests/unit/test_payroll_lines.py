"""The payroll line arithmetic (pricing.md sections 7 and 8) as properties: one rounding per (element, rate)
row, a gross that is exactly the sum of the rows, and nothing that depends on the order shifts come in."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from workforce_core.rules.payroll_lines import Minutes, line_figures
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
