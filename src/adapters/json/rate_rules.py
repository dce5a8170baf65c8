"""Rate rules and the client's pricing settings (GET /rate-rules.php)."""

from __future__ import annotations

from typing import Any

import attrs

from workforce_adapters.json.shapes import day, decimal_number
from workforce_core.model.accounts import ClientSettings
from workforce_core.model.rates import CHARGE_FIELDS, PAY_FIELDS, NightBand, RateRule, Rates


def _rate_side(rates: Rates, names: tuple[str, ...]) -> dict[str, float | None]:
    return {
        name: decimal_number(getattr(rates, short.name)) for name, short in zip(names, attrs.fields(Rates), strict=True)
    }


def _band(band: NightBand) -> dict[str, Any]:
    return {
        "start": band.start.strftime("%H:%M:%S"),
        "end": band.end.strftime("%H:%M:%S"),
        **{k: decimal_number(v) for k, v in attrs.asdict(band, recurse=False).items() if k not in ("start", "end")},
    }


def rate_rule_record(rule: RateRule) -> dict[str, Any]:
    """A RateRule with both halves of the money; the HTTP layer drops ``pay`` or ``charge`` by scope."""
    return {
        "id": rule.id,
        "name": rule.name,
        "client_id": rule.client_id,
        "location_id": rule.location_id,
        "job_role": rule.job_role,
        "cost_code_id": rule.cost_code_id,
        "valid_from": day(rule.valid_from),
        "valid_to": day(rule.valid_to),
        "priority": rule.priority,
        "active": rule.active,
        "overtime_threshold": decimal_number(rule.overtime_threshold),
        "overtime_multiplier": decimal_number(rule.overtime_multiplier),
        "overtime_tiers": [
            {k: decimal_number(v) for k, v in attrs.asdict(tier, recurse=False).items()} for tier in rule.overtime_tiers
        ],
        "daily_overtime_threshold": decimal_number(rule.daily_overtime_threshold),
        "daily_overtime_multiplier": decimal_number(rule.daily_overtime_multiplier),
        "weekend_multiplier": decimal_number(rule.weekend_multiplier),
        "sunday_multiplier": decimal_number(rule.sunday_multiplier),
        "bank_holiday_multiplier": decimal_number(rule.bank_holiday_multiplier),
        "holiday_charge_multiplier": decimal_number(rule.holiday_charge_multiplier),
        "guarantee_hours": decimal_number(rule.guarantee_hours),
        "paid_break_minutes": rule.paid_break_minutes,
        "auto_lunch_minutes": rule.auto_lunch_minutes,
        "auto_lunch_after_hours": decimal_number(rule.auto_lunch_after_hours),
        "night_bands": [_band(band) for band in rule.night_bands],
        "pay": _rate_side(rule.pay, PAY_FIELDS),
        "charge": _rate_side(rule.charge, CHARGE_FIELDS),
    }


def pricing_settings_record(settings: ClientSettings) -> dict[str, Any]:
    return {
        "premium_stacking": settings.premium_stacking,
        "premium_day_basis": settings.premium_day_basis,
        "site_overtime_mode": settings.site_overtime_mode,
        "walk_in_policy": settings.walk_in_policy,
        "cancelled_policy": settings.cancelled_policy,
        "multi_shift_priority": settings.multi_shift_priority,
        "pay_week_start_day": settings.pay_week_start_day,
        "holiday_pay": settings.holiday_pay,
        "leave_year_start": settings.leave_year_start,
    }
