"""Shared shapes: numbers for money and rates, dates, and local times with their UTC twins."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from functools import lru_cache

from workforce_core.rules.london import texts


def number(value: Decimal | None) -> float | int | None:
    if value is None:
        return None
    return int(value) if value == value.to_integral_value() and value.as_tuple().exponent == 0 else float(value)


def twin(name: str, moment: datetime | None) -> dict[str, str | None]:
    """``{name: local, name_utc: UTC}`` for one instant."""
    if moment is None:
        return {name: None, f"{name}_utc": None}
    local, in_utc = texts(moment)
    return {name: local, f"{name}_utc": in_utc}


def day(value: date | None) -> str | None:
    return value.isoformat() if value else None


def hours(minutes: int | None) -> float | None:
    return None if minutes is None else _hours(minutes)


@lru_cache(maxsize=8192)
def _hours(minutes: int) -> float:
    """Hours to two places (``round`` of a float costs microseconds; a page asks for a few hundred)."""
    return round(minutes / 60, 2)


def decimal_number(value: Decimal | None) -> float | None:
    return float(value) if value is not None else None
