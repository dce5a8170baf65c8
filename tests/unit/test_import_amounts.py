"""Package import amounts (rules.import_amounts): the rate written keeps the line's own decimals when it
can, the value lines, and the VAT split's edges."""

from __future__ import annotations

from decimal import Decimal

from workforce_core.rules.import_amounts import _places, quantity_and_rate, split


def test_a_rate_keeps_two_decimals_when_it_has_them_and_else_rounds_half_up_to_the_places() -> None:
    assert str(_places(Decimal("12.75"), 4)) == "12.75"
    assert str(_places(Decimal("12.5"), 4)) == "12.50"
    assert str(_places(Decimal("1E+1"), 4)) == "10.00"
    assert str(_places(Decimal("12.755"), 4)) == "12.7550"
    assert str(_places(Decimal("12.34565"), 4)) == "12.3457"
    assert str(_places(Decimal("12.34565"), 3)) == "12.346"


def test_an_hour_at_the_lines_own_rate_is_written_as_it_is() -> None:
    assert quantity_and_rate(60, Decimal("12.75"), Decimal("12.75")) == (Decimal("1.00"), Decimal("12.75"), True)
    quantity, rate, hourly = quantity_and_rate(60, Decimal("12.75"), Decimal("12.75"))
    assert (str(quantity), str(rate), hourly) == ("1.00", "12.75", True)


def test_two_hours_at_the_lines_own_rate_keep_its_two_decimals() -> None:
    quantity, rate, hourly = quantity_and_rate(120, Decimal("12.75"), Decimal("25.50"))
    assert (str(quantity), str(rate), hourly) == ("2.00", "12.75", True)


def test_the_multiplier_is_taken_out_of_the_lines_rate() -> None:
    quantity, rate, hourly = quantity_and_rate(60, Decimal("18.00"), Decimal("18.00"), multiplier=Decimal("1.5"))
    assert (str(quantity), str(rate), hourly) == ("1.00", "12.00", True)


def test_a_line_without_a_rate_or_without_minutes_is_one_unit_at_its_amount() -> None:
    assert quantity_and_rate(60, None, Decimal("5.00")) == (Decimal(1), Decimal("5.00"), False)
    assert quantity_and_rate(0, Decimal("12.75"), Decimal("5.00")) == (Decimal(1), Decimal("5.00"), False)


def test_with_nothing_to_share_by_the_first_line_takes_the_whole_total() -> None:
    shared = split(Decimal("1.00"), [Decimal(0), Decimal(0), Decimal(0)])
    assert [str(x) for x in shared] == ["1.00", "0.00", "0.00"]
    assert split(Decimal("1.00"), []) == []


def test_a_negative_total_is_shared_rounding_down_then_the_largest_remainders() -> None:
    assert split(Decimal("-1.00"), [Decimal(-1), Decimal(-2)]) == [Decimal("-0.33"), Decimal("-0.67")]
    assert split(Decimal("1.00"), [Decimal(1), Decimal(2)]) == [Decimal("0.33"), Decimal("0.67")]
