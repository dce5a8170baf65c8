"""Employee IDs (badge numbers): 1 to 32 letters, digits, dashes or underscores; unique per company.

Uniqueness is case-insensitive (``AB-1`` and ``ab-1`` are the same badge): ``employee_id_key``
is the form stored under the unique index.
"""

from __future__ import annotations

import re

EMPLOYEE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


def is_valid_employee_id(value: str) -> bool:
    return bool(EMPLOYEE_ID.fullmatch(value))


def employee_id_key(value: str) -> str:
    return value.lower()


def generated_employee_id(sequence: int) -> str:
    """The employee ID given to a worker created without one: ``W`` and at least 5 digits."""
    if sequence < 1:
        raise ValueError("sequence starts at 1")
    return f"W{sequence:05d}"
