"""The body field readers: each returns a typed value or raises ValidationFailed naming the field."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from workforce_core.errors import ValidationFailed
from workforce_core.rules import fields
from workforce_core.rules.fields import MAX_ID
from workforce_core.rules.text import free_text, single_line
from workforce_core.testing.strategies import MAX_RATE, out_of_range_money, over_two_decimals, valid_money

CENT = Decimal("0.01")


def _by_key(read: Any, default_name: str | None = None) -> Any:
    """A reader of one value as a command's input kind calls it: the value under ``name`` in a JSON object."""

    def reader(raw: dict[str, Any], name: str | None = default_name, *args: Any, **options: Any) -> Any:
        assert name is not None
        return read(raw.get(name), name, *args, **options)

    return reader


text = _by_key(fields.read_text)
email = _by_key(fields.read_email, "email")
identifier = _by_key(fields.read_id)
choice = _by_key(fields.read_choice)
flag = _by_key(fields.read_flag)
day = _by_key(fields.read_day)
money = _by_key(fields.read_money)


def fails(reader: Any, raw: dict[str, Any], name: str = "f", **options: Any) -> ValidationFailed:
    with pytest.raises(ValidationFailed) as caught:
        reader(raw, name, **options)
    assert caught.value.extra == {"field": name}
    assert caught.value.code == "validation_failed"
    assert caught.value.status == 400
    return caught.value


# ---- text --------------------------------------------------------------------------------------

printable = st.text(alphabet=st.characters(categories=["L", "N", "P", "S", "Zs"]))


@given(printable, st.integers(min_value=1, max_value=60))
def test_text_is_trimmed_and_kept_within_its_limit(value: str, limit: int) -> None:
    trimmed = value.strip()
    if not trimmed:
        assert text({"f": value}, "f", kind=single_line, max_length=limit) is None
    elif len(trimmed) <= limit:
        assert text({"f": value}, "f", kind=single_line, max_length=limit) == trimmed
    else:
        fails(text, {"f": value}, kind=single_line, max_length=limit)


@given(st.integers(min_value=1, max_value=300), st.text(" \t\n", max_size=6))
def test_the_limit_counts_characters_after_trimming(limit: int, padding: str) -> None:
    exact = "é" * limit
    assert text({"f": padding + exact + padding}, "f", kind=free_text, max_length=limit) == exact
    fails(text, {"f": exact + "x"}, kind=free_text, max_length=limit)


@pytest.mark.parametrize("raw", [{}, {"f": None}, {"f": ""}, {"f": "   "}, {"f": "\t "}])
def test_missing_null_empty_or_spaces_is_no_value(raw: dict[str, Any]) -> None:
    assert text(raw, "f", kind=single_line, max_length=10) is None


@pytest.mark.parametrize("raw", [{}, {"f": None}, {"f": ""}, {"f": "   "}])
def test_a_required_text_cannot_be_missing_or_blank(raw: dict[str, Any]) -> None:
    fails(text, raw, kind=single_line, max_length=10, required=True)


@pytest.mark.parametrize("value", [1, 1.5, True, False, ["a"], {"a": 1}])
def test_text_must_be_a_string(value: Any) -> None:
    fails(text, {"f": value}, kind=single_line, max_length=10)


@pytest.mark.parametrize("value", ["ab\x00cd", "ab\x1bcd", "ab\x85", "\r", "line\nbreak", "  padded\n"])
def test_text_is_checked_against_its_kind_before_it_is_trimmed(value: str) -> None:
    fails(text, {"f": value}, kind=single_line, max_length=10)


def test_unicode_text_is_kept_as_it_is() -> None:
    assert text({"f": "  Zoë Łukasiewicz 李 "}, "f", kind=single_line, max_length=20) == "Zoë Łukasiewicz 李"


@pytest.mark.parametrize("value", ["a@b.co\n", "a@b.co\x00", "a\x01@b.co"])
def test_an_email_with_a_control_character_fails(value: str) -> None:
    fails(email, {"email": value}, "email")


def test_a_text_value_is_trimmed_and_must_hold_1_to_max_length_characters() -> None:
    assert fields.text_value(" Reason\nwhy ", "reason", kind=free_text, max_length=10) == "Reason\nwhy"
    with pytest.raises(ValidationFailed):
        fields.text_value(" \t ", "reason", kind=free_text, max_length=10)
    with pytest.raises(ValidationFailed):
        fields.text_value("x" * 11, "reason", kind=free_text, max_length=10)
    with pytest.raises(ValidationFailed) as caught:
        fields.text_value("Why\x00", "reason", kind=free_text, max_length=10)
    assert caught.value.extra == {"field": "reason"}


# ---- email -------------------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["a@b.co", " ada.l@example.org ", "x+tag@sub.example.com"])
def test_an_email_address_is_trimmed_and_kept(value: str) -> None:
    assert email({"email": value}) == value.strip()


@pytest.mark.parametrize("value", ["ada", "ada@", "@b.co", "ada@b", "a b@c.de", "a@b@c.de", "a@b .de"])
def test_an_email_that_is_not_an_address_fails(value: str) -> None:
    fails(email, {"email": value}, "email")


def test_an_email_may_be_left_out() -> None:
    assert email({"email": ""}) is None
    assert email({}) is None


# ---- identifiers -------------------------------------------------------------------------------


@given(st.integers(min_value=1, max_value=MAX_ID))
def test_an_id_from_1_to_2147483647_is_read(value: int) -> None:
    assert identifier({"f": value}, "f") == value


@given(st.one_of(st.integers(max_value=0), st.integers(min_value=MAX_ID + 1)))
def test_zero_negative_or_too_large_ids_fail(value: int) -> None:
    fails(identifier, {"f": value})


@pytest.mark.parametrize("value", [True, False, 1.0, "1", "abc", [1], Decimal(1)])
def test_an_id_must_be_a_json_integer(value: Any) -> None:
    fails(identifier, {"f": value})


def test_an_optional_id_may_be_null_or_empty_and_a_required_one_not() -> None:
    assert identifier({"f": None}, "f") is None
    assert identifier({"f": ""}, "f") is None
    assert identifier({}, "f") is None
    fails(identifier, {}, required=True)
    fails(identifier, {"f": None}, required=True)


# ---- choices and flags -------------------------------------------------------------------------


def test_a_choice_is_one_of_its_options() -> None:
    assert choice({"f": "b"}, "f", ("a", "b")) == "b"
    assert choice({"f": ""}, "f", ("a", "b")) is None
    fails(choice, {"f": "c"}, options=("a", "b"))
    fails(choice, {"f": "B"}, options=("a", "b"))
    fails(choice, {}, options=("a", "b"), required=True)


def test_a_choice_refused_says_it_is_required_or_names_its_options() -> None:
    assert fails(choice, {"mode": ""}, "mode", options=("strict", "warning"), required=True).message == (
        "mode is required."
    )
    assert fails(choice, {"mode": "loose"}, "mode", options=("strict", "warning")).message == (
        "mode must be one of strict, warning."
    )


@pytest.mark.parametrize("value", [True, False])
def test_a_flag_is_a_json_boolean(value: bool) -> None:
    assert flag({"f": value}, "f") is value


@pytest.mark.parametrize("value", [None, 0, 1, "true", "false", ""])
def test_a_flag_is_nothing_but_a_boolean(value: Any) -> None:
    fails(flag, {"f": value})


def test_a_missing_flag_fails() -> None:
    fails(flag, {})


# ---- dates -------------------------------------------------------------------------------------


@given(st.dates())
def test_an_iso_date_is_read(written: date) -> None:
    assert day({"f": written.isoformat()}, "f") == written


@pytest.mark.parametrize(
    "value",
    [
        "2026-02-29",
        "2026-02-30",
        "2026-13-01",
        "2026-00-10",
        "2026-1-1",
        "26-01-01",
        "2026/01/01",
        "2026-01-01T00:00:00",
        "2026-01-01 ",
        "2026-01-01\n",
        "20260101",
        "0000-01-01",
        "\uff12\uff10\uff12\uff16-01-01",  # full-width digits
        20260101,
        True,
    ],
)
def test_a_date_that_is_not_a_real_yyyy_mm_dd_fails(value: Any) -> None:
    fails(day, {"f": value})


def test_a_date_may_be_left_out() -> None:
    assert day({"f": None}, "f") is None
    assert day({"f": ""}, "f") is None
    assert day({}, "f") is None


def test_a_leap_day_is_a_real_date() -> None:
    assert day({"f": "2028-02-29"}, "f") == date(2028, 2, 29)


# ---- money -------------------------------------------------------------------------------------


@given(valid_money)
def test_money_with_at_most_two_decimals_from_0_to_9999_99_is_read_exactly(amount: Decimal) -> None:
    read = money({"r": amount}, "r")
    assert read == amount
    assert read is not None
    assert read.as_tuple().exponent == -2


@given(st.integers(min_value=0, max_value=999_999))
def test_money_sent_as_a_json_number_is_exact_to_the_penny(cents: int) -> None:
    # JSON numbers arrive as floats: 12.3 must be 12.30, never 12.2999999999999989...
    expected = Decimal(cents) / 100
    assert money({"r": cents / 100}, "r") == expected
    if cents % 100 == 0:
        assert money({"r": cents // 100}, "r") == expected


@given(st.integers(min_value=0, max_value=9_999))
def test_whole_pounds_are_read_with_two_decimals(pounds: int) -> None:
    read = money({"r": pounds}, "r")
    assert read == Decimal(pounds)
    assert str(read) == f"{pounds}.00"


@given(over_two_decimals)
def test_money_with_more_than_two_decimals_fails(amount: Decimal) -> None:
    fails(money, {"r": amount}, "r")
    fails(money, {"r": float(amount)}, "r")


@given(st.integers(min_value=0, max_value=999_999), st.sampled_from([1, 5, 9]))
def test_a_fraction_of_a_penny_fails(cents: int, thousandths: int) -> None:
    amount = Decimal(cents) / 100 + Decimal(thousandths) / 1000
    assume(amount <= MAX_RATE)
    fails(money, {"r": float(amount)}, "r")


@given(out_of_range_money)
def test_money_below_0_or_above_9999_99_fails(amount: Decimal) -> None:
    fails(money, {"r": amount}, "r")
    fails(money, {"r": float(amount)}, "r")


def test_the_bounds_are_inclusive() -> None:
    assert money({"r": 0}, "r") == Decimal("0.00")
    assert money({"r": 9999.99}, "r") == Decimal("9999.99")
    fails(money, {"r": 10000}, "r")
    fails(money, {"r": -0.01}, "r")


@given(st.decimals(min_value=0, max_value=100, places=2), st.decimals(min_value=0, max_value=200, places=2))
def test_a_lower_maximum_is_honoured(maximum: Decimal, amount: Decimal) -> None:
    if amount <= maximum:
        assert money({"r": amount}, "r", maximum=maximum) == amount
    else:
        fails(money, {"r": amount}, "r", maximum=maximum)


@pytest.mark.parametrize(
    "value",
    [
        True,
        False,
        float("nan"),
        float("inf"),
        float("-inf"),
        Decimal("NaN"),
        Decimal("sNaN"),
        Decimal("Infinity"),
        Decimal("-Infinity"),
        "12.50",
        "12",
        "NaN",
        [12],
        {"amount": 12},
    ],
)
def test_money_rejects_booleans_nan_infinity_and_strings(value: Any) -> None:
    fails(money, {"r": value}, "r")


def test_money_may_be_left_out() -> None:
    assert money({"r": None}, "r") is None
    assert money({"r": ""}, "r") is None
    assert money({}, "r") is None


def test_an_address_that_is_not_one_is_refused_naming_email_by_default() -> None:
    with pytest.raises(ValidationFailed) as refused:
        fields.read_email("not an address")
    assert (refused.value.extra["field"], refused.value.message) == ("email", "email is not an email address.")
    with pytest.raises(ValidationFailed) as named:
        fields.read_email("ada@", "contact_email")
    assert (named.value.extra["field"], named.value.message) == (
        "contact_email",
        "contact_email is not an email address.",
    )
    assert fields.read_email(" ada@example.com ") == "ada@example.com"


@pytest.mark.parametrize("value", ["", "   ", "x" * 41])
def test_a_console_text_option_is_1_to_its_maximum_characters(value: str) -> None:
    with pytest.raises(ValidationFailed) as refused:
        fields.text_value(value, "name", kind=single_line, max_length=40)
    assert (refused.value.extra["field"], refused.value.message) == ("name", "name must be 1 to 40 characters.")
    assert fields.text_value(" " + "x" * 40 + " ", "name", kind=single_line, max_length=40) == "x" * 40


def test_a_day_is_read_from_its_name_in_the_body() -> None:
    assert fields.day({"shift_date": "2026-03-02"}, "shift_date") == date(2026, 3, 2)
    assert fields.day({}, "shift_date") is None
    with pytest.raises(ValidationFailed) as refused:
        fields.day({"shift_date": "2 March"}, "shift_date")
    assert refused.value.extra["field"] == "shift_date"


def test_money_out_of_range_or_past_the_penny_is_refused_saying_which() -> None:
    """The two refusals of a rate say what is wrong with it: its range (the maximum given) or its decimals."""
    assert fails(money, {"rate": 10000}, "rate").message == "rate must be from 0 to 9999.99."
    assert fails(money, {"rate": -1}, "rate").message == "rate must be from 0 to 9999.99."
    assert fails(money, {"rate": 50.5}, "rate", maximum=Decimal("50.00")).message == "rate must be from 0 to 50.00."
    assert fails(money, {"rate": 12.345}, "rate").message == "rate has at most 2 decimals."


def test_a_date_not_in_the_form_or_not_on_the_calendar_is_refused_saying_which() -> None:
    assert fails(day, {"from": "27/11/2026"}, "from").message == "from must be a date YYYY-MM-DD."
    assert fails(day, {"from": 20261127}, "from").message == "from must be a date YYYY-MM-DD."
    assert fails(day, {"from": "2026-02-30"}, "from").message == "from is not a real date."


def test_a_whole_number_is_read_from_low_to_high_inclusive_and_may_be_null_unless_required() -> None:
    assert fields.read_whole(None, "count", 1, 10) is None
    assert fields.read_whole(1, "count", 1, 10) == 1
    assert fields.read_whole(10, "count", 1, 10) == 10
    for value in (0, 11, None):
        with pytest.raises(ValidationFailed) as refused:
            fields.read_whole(value, "count", 1, 10, required=True)
        assert (refused.value.extra["field"], refused.value.message) == (
            "count",
            "count must be a whole number from 1 to 10.",
        )


def test_an_id_is_read_up_to_its_maximum_and_a_required_one_missing_says_so() -> None:
    assert fields.read_id(1, "worker_id") == 1
    assert fields.read_id(MAX_ID, "worker_id") == MAX_ID
    assert (
        fails(identifier, {"worker_id": MAX_ID + 1}, "worker_id").message == "worker_id must be a positive integer id."
    )
    assert fails(identifier, {"worker_id": ""}, "worker_id", required=True).message == "worker_id is required."
