"""A rate rule as the API's RateRule shape (``pay`` and ``charge`` objects), read and checked.

Refused with the field at fault: a negative rate, a multiplier below 1, ``valid_to`` before
``valid_from``, a night band with a bad time, overtime tiers that overlap or do not rise.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import time
from decimal import Decimal, InvalidOperation
from typing import Any

from workforce_core.errors import ValidationFailed
from workforce_core.model.rates import CHARGE_FIELDS, PAY_FIELDS, NightBand, OvertimeTier, RateRule, Rates
from workforce_core.rules import fields, text

_TIME = re.compile(r"([01]\d|2[0-3]):([0-5]\d)(?::00)?")
RATE_NAMES = ("base", "overtime", "daily_overtime", "weekend", "sunday", "bank_holiday", "pre_parity", "post_parity")
MULTIPLIERS = (
    "overtime_multiplier",
    "daily_overtime_multiplier",
    "weekend_multiplier",
    "sunday_multiplier",
    "bank_holiday_multiplier",
)
HOURS = ("overtime_threshold", "daily_overtime_threshold", "guarantee_hours", "auto_lunch_after_hours")
MINUTES = ("paid_break_minutes", "auto_lunch_minutes")


def _decimal(value: Any, name: str, *, low: Decimal, high: Decimal, what: str) -> Decimal | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal | str):
        raise ValidationFailed(name, f"{name} must be a number.")
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        raise ValidationFailed(name, f"{name} must be a number.") from None
    if not number.is_finite() or not low <= number <= high:
        raise ValidationFailed(name, f"{name} must be {what}.")
    if number.as_tuple().exponent < -4:  # type: ignore[operator]
        raise ValidationFailed(name, f"{name} has at most 4 decimals.")
    return number


def _rate(value: Any, name: str) -> Decimal | None:
    return _decimal(value, name, low=Decimal(0), high=Decimal("9999.9999"), what="a rate from 0 to 9999.9999")


def _multiplier(value: Any, name: str) -> Decimal | None:
    return _decimal(value, name, low=Decimal(1), high=Decimal(10), what="a multiplier from 1 to 10")


def _time(value: Any, name: str) -> time:
    match = _TIME.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        raise ValidationFailed(name, f"{name} must be a time HH:MM.")
    return time(int(match.group(1)), int(match.group(2)))


def _rates(raw: Any, side: str, names: tuple[str, ...]) -> Rates:
    if raw is None:
        return Rates()
    if not isinstance(raw, Mapping):
        raise ValidationFailed(side, f"{side} must be an object.")
    return Rates(
        **{short: _rate(raw.get(name), f"{side}.{name}") for short, name in zip(RATE_NAMES, names, strict=True)}
    )


def _tiers(raw: Any, threshold: Decimal | None) -> tuple[OvertimeTier, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ValidationFailed("overtime_tiers", "overtime_tiers must be a list.")
    tiers, floor = [], threshold
    for n, item in enumerate(raw):
        where = f"overtime_tiers[{n}]"
        if not isinstance(item, Mapping):
            raise ValidationFailed(where, f"{where} must be an object.")
        after = _decimal(
            item.get("after_hours"), f"{where}.after_hours", low=Decimal(0), high=Decimal(168), what="0 to 168 hours"
        )
        if after is None:
            raise ValidationFailed(f"{where}.after_hours", "after_hours is required.")
        if floor is not None and after <= floor:
            raise ValidationFailed(
                f"{where}.after_hours", "overtime tiers must start after the threshold and each other."
            )
        floor = after
        tier = OvertimeTier(
            after_hours=after,
            multiplier=_multiplier(item.get("multiplier"), f"{where}.multiplier"),
            pay_rate=_rate(item.get("pay_rate"), f"{where}.pay_rate"),
            charge_multiplier=_multiplier(item.get("charge_multiplier"), f"{where}.charge_multiplier"),
            charge_rate=_rate(item.get("charge_rate"), f"{where}.charge_rate"),
        )
        if tier.multiplier is None and tier.pay_rate is None:
            raise ValidationFailed(where, f"{where} needs a multiplier or a pay_rate.")
        tiers.append(tier)
    return tuple(tiers)


def _bands(raw: Any) -> tuple[NightBand, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ValidationFailed("night_bands", "night_bands must be a list.")
    bands = []
    for n, item in enumerate(raw):
        where = f"night_bands[{n}]"
        if not isinstance(item, Mapping):
            raise ValidationFailed(where, f"{where} must be an object.")
        band = NightBand(
            start=_time(item.get("start"), f"{where}.start"),
            end=_time(item.get("end"), f"{where}.end"),
            multiplier=_multiplier(item.get("multiplier"), f"{where}.multiplier"),
            pay_rate=_rate(item.get("pay_rate"), f"{where}.pay_rate"),
            premium=_rate(item.get("premium"), f"{where}.premium"),
            charge_multiplier=_multiplier(item.get("charge_multiplier"), f"{where}.charge_multiplier"),
            charge_rate=_rate(item.get("charge_rate"), f"{where}.charge_rate"),
            charge_premium=_rate(item.get("charge_premium"), f"{where}.charge_premium"),
        )
        if band.start == band.end:
            raise ValidationFailed(f"{where}.end", "a night band cannot start and end at the same time.")
        if sum(v is not None for v in (band.multiplier, band.pay_rate, band.premium)) != 1:
            raise ValidationFailed(where, f"{where} needs exactly one of multiplier, pay_rate or premium.")
        bands.append(band)
    return tuple(bands)


def read_rate_rule(raw: Mapping[str, Any], *, client_id: int) -> RateRule:
    name = fields.text(raw, "name", kind=text.name, max_length=150, required=True)
    assert name is not None
    numbers: dict[str, Any] = {n: _multiplier(raw.get(n), n) for n in MULTIPLIERS}
    numbers.update(
        {n: _decimal(raw.get(n), n, low=Decimal(0), high=Decimal(168), what="0 to 168 hours") for n in HOURS}
    )
    for n in MINUTES:
        value = raw.get(n)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 600):
            raise ValidationFailed(n, f"{n} must be whole minutes from 0 to 600.")
        numbers[n] = value
    valid_from, valid_to = fields.day(raw, "valid_from"), fields.day(raw, "valid_to")
    if valid_from and valid_to and valid_to < valid_from:
        raise ValidationFailed("valid_to", "valid_to cannot be before valid_from.")
    priority = raw.get("priority", 0)
    if isinstance(priority, bool) or not isinstance(priority, int) or not -1000 <= priority <= 1000:
        raise ValidationFailed("priority", "priority must be a whole number from -1000 to 1000.")
    active = raw.get("active", True)
    if not isinstance(active, bool):
        raise ValidationFailed("active", "active must be true or false.")
    pay = _rates(raw.get("pay"), "pay", PAY_FIELDS)
    if pay.base is None and pay.pre_parity is None:
        raise ValidationFailed("pay.pay_rate", "a rule needs pay.pay_rate (or parity rates).")
    return RateRule(
        client_id=client_id,
        name=name,
        pay=pay,
        charge=_rates(raw.get("charge"), "charge", CHARGE_FIELDS),
        location_id=fields.identifier(raw, "location_id"),
        job_role=fields.text(raw, "job_role", kind=text.single_line, max_length=100),
        cost_code_id=fields.identifier(raw, "cost_code_id"),
        valid_from=valid_from,
        valid_to=valid_to,
        priority=priority,
        active=active,
        overtime_tiers=_tiers(raw.get("overtime_tiers"), numbers["overtime_threshold"]),
        night_bands=_bands(raw.get("night_bands")),
        **numbers,
    )
