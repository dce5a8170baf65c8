"""A form's fields as the values the one JSON converter reads: blanks left out, ids, minutes and
counts as whole numbers, rates and hours as decimals (a bad one is 400 naming the field)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from workforce_core.errors import ValidationFailed
from workforce_entrypoints.web.common.visits import Visit

WHOLE = frozenset({"worker_id", "location_id", "break_minutes", "headcount", "day_of_week"})
DECIMAL = frozenset({"hourly_rate", "charge_rate", "hours"})


def filled(visit: Visit, *names: str) -> dict[str, Any]:
    """The form's non-blank fields among ``names``."""
    given: dict[str, Any] = {}
    for name in names:
        text = visit.value(name)
        if text is None:
            continue
        if name in WHOLE:
            if not text.isdigit():
                raise ValidationFailed(name, f"{name} must be a whole number.")
            given[name] = int(text)
        elif name in DECIMAL:
            given[name] = _decimal(text, name)
        else:
            given[name] = text
    return given


def _decimal(text: str, name: str) -> Decimal:
    try:
        number = Decimal(text)
    except InvalidOperation:
        raise ValidationFailed(name, f"{name} must be a number.") from None
    if not number.is_finite():
        raise ValidationFailed(name, f"{name} must be a number.")
    return number
