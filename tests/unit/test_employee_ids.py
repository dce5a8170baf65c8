"""Employee ids (badges) and the WorkerCreate / WorkerUpdate body readers."""

from __future__ import annotations

import re
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from workforce_adapters.json.commands import structure
from workforce_core.commands.workers import CreateWorker, UpdateWorker
from workforce_core.errors import ValidationFailed
from workforce_core.rules.employee_ids import employee_id_key, generated_employee_id, is_valid_employee_id
from workforce_core.testing.strategies import case_variants, invalid_employee_ids, valid_employee_ids, valid_money

BADGE = re.compile(r"[A-Za-z0-9_-]{1,32}")

# ---- employee_ids.py ---------------------------------------------------------------------------


@given(valid_employee_ids)
def test_an_id_of_1_to_32_letters_digits_dashes_or_underscores_is_valid(employee_id: str) -> None:
    assert is_valid_employee_id(employee_id) is True


@given(invalid_employee_ids)
def test_anything_else_is_not_a_valid_id(employee_id: str) -> None:
    assert is_valid_employee_id(employee_id) is False


@given(st.text(max_size=40))
def test_validity_is_exactly_the_badge_pattern(text: str) -> None:
    assert is_valid_employee_id(text) == (BADGE.fullmatch(text) is not None)


@pytest.mark.parametrize(
    ("employee_id", "valid"),
    [
        ("A", True),
        ("0", True),
        ("-", True),
        ("_", True),
        ("AB-12_cd", True),
        ("X" * 32, True),
        ("X" * 33, False),
        ("", False),
        ("AB 12", False),
        ("AB12\n", False),
        ("AB.12", False),
        ("Zoë-1", False),
    ],
)
def test_examples_of_valid_and_invalid_ids(employee_id: str, valid: bool) -> None:
    assert is_valid_employee_id(employee_id) is valid


@given(st.integers(min_value=1, max_value=10**25))
def test_a_generated_id_is_w_and_at_least_five_digits_and_valid(sequence: int) -> None:
    generated = generated_employee_id(sequence)
    assert generated == "W" + str(sequence).rjust(5, "0")
    assert is_valid_employee_id(generated)
    assert int(generated[1:]) == sequence


def test_generated_ids_start_at_w00001() -> None:
    assert [generated_employee_id(n) for n in (1, 2, 99_999, 100_000)] == ["W00001", "W00002", "W99999", "W100000"]


@given(st.integers(min_value=1, max_value=10**12), st.integers(min_value=1, max_value=10**12))
def test_generated_ids_are_distinct_even_ignoring_case(a: int, b: int) -> None:
    assume(a != b)
    assert employee_id_key(generated_employee_id(a)) != employee_id_key(generated_employee_id(b))


@pytest.mark.parametrize("sequence", [0, -1, -100])
def test_a_generated_id_needs_a_positive_sequence(sequence: int) -> None:
    with pytest.raises(ValueError, match="sequence"):
        generated_employee_id(sequence)


@given(st.data(), valid_employee_ids)
def test_the_uniqueness_key_ignores_letter_case(data: st.DataObject, employee_id: str) -> None:
    variant = data.draw(case_variants(employee_id))
    assert employee_id_key(variant) == employee_id_key(employee_id)
    assert employee_id_key(employee_id.upper()) == employee_id_key(employee_id.lower())


@given(valid_employee_ids, valid_employee_ids)
def test_ids_that_differ_other_than_by_case_have_different_keys(a: str, b: str) -> None:
    assume(a.lower() != b.lower())
    assert employee_id_key(a) != employee_id_key(b)


@given(valid_employee_ids)
def test_the_key_of_a_valid_id_is_itself_a_valid_id_and_stable(employee_id: str) -> None:
    key = employee_id_key(employee_id)
    assert is_valid_employee_id(key)
    assert employee_id_key(key) == key
    assert len(key) == len(employee_id)


def test_ab_1_and_lowercase_ab_1_are_one_badge() -> None:
    assert employee_id_key("AB-1") == employee_id_key("ab-1") == "ab-1"


# ---- the WorkerCreate and WorkerUpdate bodies: employee_id and name ------------------------------


def read_worker_fields(raw: dict[str, Any], *, creating: bool) -> dict[str, Any]:
    """The fields a body sent, as the command built from it holds them."""
    return structure(CreateWorker if creating else UpdateWorker, raw).sent()


@given(valid_employee_ids)
def test_a_valid_employee_id_is_read_unchanged_on_create_and_update(employee_id: str) -> None:
    assert read_worker_fields({"name": "Ada", "employee_id": employee_id}, creating=True)["employee_id"] == employee_id
    assert read_worker_fields({"employee_id": employee_id}, creating=False) == {"employee_id": employee_id}


@given(invalid_employee_ids, st.booleans())
def test_an_invalid_employee_id_fails_validation_naming_the_field(employee_id: str, creating: bool) -> None:
    assume(not (creating and not employee_id.strip()))  # blank on POST means "not given": see below
    with pytest.raises(ValidationFailed) as caught:
        read_worker_fields({"name": "Ada", "employee_id": employee_id}, creating=creating)
    assert caught.value.extra == {"field": "employee_id"}


@pytest.mark.parametrize("value", [12345, 1.5, True, ["A1"], {"id": "A1"}])
def test_an_employee_id_that_is_not_a_string_fails_validation(value: Any) -> None:
    with pytest.raises(ValidationFailed) as caught:
        read_worker_fields({"name": "Ada", "employee_id": value}, creating=True)
    assert caught.value.extra["field"] == "employee_id"


def test_an_omitted_employee_id_on_create_is_not_read() -> None:
    assert read_worker_fields({"name": "Ada"}, creating=True) == {"name": "Ada"}


@pytest.mark.parametrize("blank", [None, "", "   "])
def test_a_null_or_blank_employee_id_on_create_means_not_given(blank: Any) -> None:
    # decisions.md: `null` and `""` both mean "not given" on POST; employee_id is optional on POST.
    assert read_worker_fields({"name": "Ada", "employee_id": blank}, creating=True) == {
        "name": "Ada",
        "employee_id": None,
    }


@pytest.mark.parametrize("value", [None, "", "   "])
def test_employee_id_cannot_be_cleared_or_blanked_on_update(value: Any) -> None:
    with pytest.raises(ValidationFailed) as caught:
        read_worker_fields({"employee_id": value}, creating=False)
    assert caught.value.extra == {"field": "employee_id"}


@pytest.mark.parametrize("value", [None, "", "   ", "\t\n"])
def test_name_cannot_be_cleared_or_blanked_on_update(value: Any) -> None:
    with pytest.raises(ValidationFailed) as caught:
        read_worker_fields({"name": value}, creating=False)
    assert caught.value.extra == {"field": "name"}


@pytest.mark.parametrize("body", [{}, {"name": None}, {"name": ""}, {"name": "  "}, {"employee_id": "A1"}])
def test_name_is_required_on_create(body: dict[str, Any]) -> None:
    with pytest.raises(ValidationFailed) as caught:
        read_worker_fields(body, creating=True)
    assert caught.value.extra == {"field": "name"}


@given(st.text(alphabet=st.characters(categories=["L", "N"]), min_size=1, max_size=100), st.text(" \t", max_size=5))
def test_a_name_is_trimmed(name: str, padding: str) -> None:
    assert read_worker_fields({"name": padding + name + padding}, creating=True)["name"] == name


@given(st.integers(min_value=101, max_value=300))
def test_a_name_over_100_characters_fails(length: int) -> None:
    with pytest.raises(ValidationFailed) as caught:
        read_worker_fields({"name": "n" * length}, creating=True)
    assert caught.value.extra == {"field": "name"}


# ---- worker_fields.py: the other fields --------------------------------------------------------


def test_create_ignores_unknown_read_only_and_update_only_fields() -> None:
    values = read_worker_fields(
        {
            "name": "Ada",
            "id": 99,
            "status": "pending",
            "leave_reason": "moved",
            "active": False,
            "favourite_colour": "green",
        },
        creating=True,
    )
    assert values == {"name": "Ada"}


def test_create_reads_each_create_field_given() -> None:
    body = {
        "name": " Ada ",
        "employee_id": "AB-1",
        "email": "ada@example.com",
        "phone": "0777",
        "job_role": "Picker",
        "location_id": 1,
        "department_id": 2,
        "cost_code_id": 3,
        "start_date": "2026-01-05",
        "end_date": "",
        "preferred_language": "pl",
        "hourly_rate": 12.5,
        "charge_rate": 20,
    }
    assert read_worker_fields(body, creating=True) == {
        "name": "Ada",
        "employee_id": "AB-1",
        "email": "ada@example.com",
        "phone": "0777",
        "job_role": "Picker",
        "location_id": 1,
        "department_id": 2,
        "cost_code_id": 3,
        "start_date": date(2026, 1, 5),
        "end_date": None,
        "preferred_language": "pl",
        "hourly_rate": Decimal("12.50"),
        "charge_rate": Decimal("20.00"),
    }


def test_update_reads_only_the_fields_present() -> None:
    assert read_worker_fields({"phone": " 0777 ", "active": False, "id": 3}, creating=False) == {
        "phone": "0777",
        "active": False,
    }


@pytest.mark.parametrize("name", ["email", "phone", "job_role", "leave_reason", "preferred_language", "start_date"])
@pytest.mark.parametrize("blank", [None, ""])
def test_null_or_empty_clears_an_optional_field_on_update(name: str, blank: Any) -> None:
    assert read_worker_fields({name: blank}, creating=False) == {name: None}


@pytest.mark.parametrize(("name", "limit"), [("phone", 32), ("job_role", 100), ("leave_reason", 255)])
def test_text_fields_have_their_limits(name: str, limit: int) -> None:
    assert read_worker_fields({name: "x" * limit}, creating=False) == {name: "x" * limit}
    with pytest.raises(ValidationFailed) as caught:
        read_worker_fields({name: "x" * (limit + 1)}, creating=False)
    assert caught.value.extra == {"field": name}


@pytest.mark.parametrize("address", ["ada@example.com", "a.b+c@mail.example.co.uk"])
def test_an_email_address_is_accepted(address: str) -> None:
    assert read_worker_fields({"email": f"  {address} "}, creating=False) == {"email": address}


@pytest.mark.parametrize("address", ["ada", "ada@", "@example.com", "ada@example", "a da@example.com", 42])
def test_an_email_that_is_not_an_address_fails(address: Any) -> None:
    with pytest.raises(ValidationFailed) as caught:
        read_worker_fields({"email": address}, creating=False)
    assert caught.value.extra == {"field": "email"}


def test_an_email_over_254_characters_fails() -> None:
    address = "a" * 250 + "@x.io"
    with pytest.raises(ValidationFailed) as caught:
        read_worker_fields({"email": address}, creating=False)
    assert caught.value.extra == {"field": "email"}


@pytest.mark.parametrize("language", ["en", "pl", "ro", "lt"])
def test_preferred_language_is_one_of_four(language: str) -> None:
    assert read_worker_fields({"preferred_language": language}, creating=False) == {"preferred_language": language}


@pytest.mark.parametrize("language", ["de", "EN", "english", 1])
def test_another_preferred_language_fails(language: Any) -> None:
    with pytest.raises(ValidationFailed) as caught:
        read_worker_fields({"preferred_language": language}, creating=False)
    assert caught.value.extra == {"field": "preferred_language"}


@pytest.mark.parametrize("value", ["yes", 1, 0, None, "true"])
def test_active_must_be_a_boolean(value: Any) -> None:
    with pytest.raises(ValidationFailed) as caught:
        read_worker_fields({"active": value}, creating=False)
    assert caught.value.extra == {"field": "active"}


@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2100, 1, 1)), st.integers(min_value=1, max_value=3000))
def test_an_end_date_before_the_start_date_fails(start: date, days_before: int) -> None:
    end = date.fromordinal(start.toordinal() - days_before)
    with pytest.raises(ValidationFailed) as caught:
        read_worker_fields({"start_date": start.isoformat(), "end_date": end.isoformat()}, creating=False)
    assert caught.value.extra == {"field": "end_date"}


@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2100, 1, 1)), st.integers(min_value=0, max_value=3000))
def test_an_end_date_on_or_after_the_start_date_is_read(start: date, days_after: int) -> None:
    end = date.fromordinal(start.toordinal() + days_after)
    values = read_worker_fields({"start_date": start.isoformat(), "end_date": end.isoformat()}, creating=False)
    assert values == {"start_date": start, "end_date": end}


@given(valid_money, valid_money)
def test_rates_are_read_as_decimals_with_two_places(hourly: Decimal, charge: Decimal) -> None:
    # A JSON number arrives as a float (or an int); a Decimal is taken as it is.
    values = read_worker_fields({"hourly_rate": float(hourly), "charge_rate": charge}, creating=False)
    assert values == {"hourly_rate": hourly, "charge_rate": charge}
    assert values["hourly_rate"].as_tuple().exponent == -2


@pytest.mark.parametrize("name", ["location_id", "department_id", "cost_code_id"])
def test_reference_ids_are_positive_integers(name: str) -> None:
    assert read_worker_fields({name: 7}, creating=False) == {name: 7}
    for bad in (0, -1, "7", True, 7.0, 2**31):
        with pytest.raises(ValidationFailed) as caught:
            read_worker_fields({name: bad}, creating=False)
        assert caught.value.extra == {"field": name}
