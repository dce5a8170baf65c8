"""Readers for the plain JSON values of a request body: each returns a typed value or raises
``ValidationFailed`` naming the field. ``None`` and ``""`` both mean "no value" for optional fields.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from workforce_core.errors import ValidationFailed
from workforce_core.rules.text import TextKind, single_line

MAX_ID = 2_147_483_647
_EMAIL = re.compile(r"[^@\s]+@[^@\s]+\.[^@\s]+")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _blank(value: Any) -> bool:
    return value is None or value == ""


# ---- one JSON value, named by its field -----------------------------------------------------------


def read_text(value: Any, name: str, *, kind: TextKind, max_length: int, required: bool = False) -> str | None:
    """A string of this ``kind`` (``rules.text``), trimmed, of at most ``max_length`` characters."""
    if _blank(value):
        if required:
            raise ValidationFailed(name, f"{name} is required and cannot be blank.")
        return None
    if not isinstance(value, str):
        raise ValidationFailed(name, f"{name} must be a string.")
    trimmed = kind(value, name).strip()
    if not trimmed:
        if required:
            raise ValidationFailed(name, f"{name} cannot be blank.")
        return None
    if len(trimmed) > max_length:
        raise ValidationFailed(name, f"{name} must be at most {max_length} characters.")
    return trimmed


def read_email(value: Any, name: str = "email") -> str | None:
    found = read_text(value, name, kind=single_line, max_length=254)
    if found is not None and not _EMAIL.fullmatch(found):
        raise ValidationFailed(name, f"{name} is not an email address.")
    return found


def read_id(value: Any, name: str, *, required: bool = False) -> int | None:
    if _blank(value):
        if required:
            raise ValidationFailed(name, f"{name} is required.")
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_ID:
        raise ValidationFailed(name, f"{name} must be a positive integer id.")
    return value


def read_choice(value: Any, name: str, options: tuple[str, ...], *, required: bool = False) -> str | None:
    if _blank(value):
        if required:
            raise ValidationFailed(name, f"{name} is required.")
        return None
    if value not in options:
        raise ValidationFailed(name, f"{name} must be one of {', '.join(options)}.")
    return str(value)


def read_day(value: Any, name: str, *, required: bool = False) -> date | None:
    if _blank(value):
        if required:
            raise ValidationFailed(name, f"{name} is required (YYYY-MM-DD).")
        return None
    if not isinstance(value, str) or not _DATE.fullmatch(value):
        raise ValidationFailed(name, f"{name} must be a date YYYY-MM-DD.")
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise ValidationFailed(name, f"{name} is not a real date.") from None


def read_flag(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise ValidationFailed(name, f"{name} must be true or false.")
    return value


def read_number(value: Any, name: str, low: Decimal, high: Decimal, *, message: str | None = None) -> Decimal | None:
    """A finite JSON number from ``low`` to ``high`` (the one Decimal reader of request values)."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        raise ValidationFailed(name, f"{name} must be a number.")
    try:
        number = Decimal(str(value)) if isinstance(value, float) else Decimal(value)
    except InvalidOperation:
        raise ValidationFailed(name, f"{name} must be a number.") from None
    if not number.is_finite() or not low <= number <= high:
        raise ValidationFailed(name, message or f"{name} must be a number from {low} to {high}.")
    return number


def read_whole(
    value: Any, name: str, low: int, high: int, *, required: bool = False, message: str | None = None
) -> int | None:
    """A JSON integer from ``low`` to ``high`` (the one integer reader of request values); ``required``:
    null is refused with the same message as a value out of range."""
    if value is None and not required:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValidationFailed(name, message or f"{name} must be a whole number from {low} to {high}.")
    return value


def read_money(value: Any, name: str, *, maximum: Decimal = Decimal("9999.99")) -> Decimal | None:
    """A rate: a JSON number from 0 to ``maximum`` with at most 2 decimals."""
    if _blank(value):
        return None
    amount = read_number(value, name, Decimal(0), maximum, message=f"{name} must be from 0 to {maximum}.")
    assert amount is not None
    if amount != amount.quantize(Decimal("0.01")):
        raise ValidationFailed(name, f"{name} has at most 2 decimals.")
    return abs(amount).quantize(Decimal("0.01"))  # abs: -0 is 0


# ---- a console option ------------------------------------------------------------------------------
# (a request body or console input as a whole is read by a command's input kinds: commands/inputs.py)


def text_value(value: str, name: str, *, kind: TextKind, max_length: int) -> str:
    """A string given on its own (a console option): of this ``kind``, trimmed, 1 to ``max_length`` characters."""
    trimmed = kind(value, name).strip()
    if not 1 <= len(trimmed) <= max_length:
        raise ValidationFailed(name, f"{name} must be 1 to {max_length} characters.")
    return trimmed


def day(raw: Mapping[str, Any], name: str) -> date | None:
    """A date under ``name`` in ``raw`` (left for services/bookings.py until booking takes a command)."""
    return read_day(raw.get(name), name)
