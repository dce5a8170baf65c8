"""Rate rules: how a shift's minutes become pay and charge (see shared/design/pricing.md)."""

from __future__ import annotations

from datetime import date, datetime, time
from decimal import Decimal

from attrs import define, field, frozen

PAY_FIELDS: tuple[str, ...] = (
    "pay_rate",
    "overtime_pay_rate",
    "daily_overtime_pay_rate",
    "weekend_pay_rate",
    "sunday_pay_rate",
    "bank_holiday_pay_rate",
    "pre_parity_pay_rate",
    "post_parity_pay_rate",
)
CHARGE_FIELDS: tuple[str, ...] = tuple(name.replace("_pay_rate", "_charge_rate") for name in PAY_FIELDS[1:])
CHARGE_FIELDS = ("charge_rate", *CHARGE_FIELDS)


@frozen
class Rates:
    """One side of the money: the pay rates, or the charge rates (same meaning, other names)."""

    base: Decimal | None = None
    overtime: Decimal | None = None
    daily_overtime: Decimal | None = None
    weekend: Decimal | None = None
    sunday: Decimal | None = None
    bank_holiday: Decimal | None = None
    pre_parity: Decimal | None = None
    post_parity: Decimal | None = None


@frozen
class OvertimeTier:
    after_hours: Decimal
    multiplier: Decimal | None = None
    pay_rate: Decimal | None = None
    charge_multiplier: Decimal | None = None
    charge_rate: Decimal | None = None


@frozen
class NightBand:
    start: time
    end: time
    multiplier: Decimal | None = None
    pay_rate: Decimal | None = None
    premium: Decimal | None = None
    charge_multiplier: Decimal | None = None
    charge_rate: Decimal | None = None
    charge_premium: Decimal | None = None

    def covers(self, clock: time) -> bool:
        if self.start <= self.end:
            return self.start <= clock < self.end
        return clock >= self.start or clock < self.end


@define
class RateRule:
    client_id: int
    name: str
    pay: Rates = field(factory=Rates)
    charge: Rates = field(factory=Rates)
    location_id: int | None = None
    job_role: str | None = None
    cost_code_id: int | None = None
    valid_from: date | None = None
    valid_to: date | None = None
    priority: int = 0
    active: bool = True
    overtime_threshold: Decimal | None = None
    overtime_multiplier: Decimal | None = None
    overtime_tiers: tuple[OvertimeTier, ...] = ()
    daily_overtime_threshold: Decimal | None = None
    daily_overtime_multiplier: Decimal | None = None
    weekend_multiplier: Decimal | None = None
    sunday_multiplier: Decimal | None = None
    bank_holiday_multiplier: Decimal | None = None
    holiday_charge_multiplier: Decimal | None = None  # holiday charged: 12.07% of each hour's pay times this
    guarantee_hours: Decimal | None = None
    paid_break_minutes: int | None = None
    auto_lunch_minutes: int | None = None
    auto_lunch_after_hours: Decimal | None = None
    night_bands: tuple[NightBand, ...] = ()
    created_at: datetime | None = None
    updated_at: datetime | None = None
    id: int = 0

    def applies_on(self, day: date) -> bool:
        return (
            self.active
            and (self.valid_from is None or self.valid_from <= day)
            and (self.valid_to is None or day <= self.valid_to)
        )


@frozen
class PricingSettings:
    premium_stacking: str = "stack"  # or "highest"
    premium_day_basis: str = "shift_start"  # or "calendar"
    site_overtime_mode: str = "off"  # or "per_site"
