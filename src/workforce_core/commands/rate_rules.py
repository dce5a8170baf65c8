"""A rate rule's definition in the API's RateRule shape (``pay`` and ``charge`` objects, overtime tiers,
night bands), as the console reads it from a file.

Refused with the field at fault, named by its path (``pay.pay_rate``, ``night_bands[0].start``): a rate
outside 0 to 9999.9999, a multiplier outside 1 to 10, hours outside 0 to 168, minutes outside 0 to 600,
more than 4 decimals (what storage keeps exactly), ``valid_to`` before ``valid_from``, a night band
with a bad time or not exactly one of ``multiplier``, ``pay_rate``, ``premium``, overtime tiers that
do not rise above the threshold and each other.
"""

from __future__ import annotations

import re
from datetime import date, time
from decimal import Decimal
from typing import Any

import attrs
from attrs import frozen

from workforce_core.commands.inputs import Day, Flag, Id, Input, Items, Nested, Number, Text, Whole, given, needed
from workforce_core.errors import ValidationFailed
from workforce_core.model.rates import NightBand, OvertimeTier, RateRule, Rates
from workforce_core.rules import text

RATE = Number(low=Decimal(0), high=Decimal("9999.9999"), what="a rate from 0 to 9999.9999", places=4)
MULTIPLIER = Number(low=Decimal(1), high=Decimal(10), what="a multiplier from 1 to 10", places=4)
HOURS = Number(low=Decimal(0), high=Decimal(168), what="0 to 168 hours", places=4)
MINUTES = Whole(low=0, high=600, what="whole minutes from 0 to 600")
MAX_TIERS = 20
MAX_BANDS = 20

_TIME = re.compile(r"([01]\d|2[0-3]):([0-5]\d)(?::00)?")


@frozen
class TimeOfDay(Input):
    """``HH:MM`` (or ``HH:MM:00``, as replies write it)."""

    def read(self, value: Any, field: str) -> time:
        match = _TIME.fullmatch(value) if isinstance(value, str) else None
        if match is None:
            raise ValidationFailed(field, f"{field} must be a time HH:MM.")
        return time(int(match.group(1)), int(match.group(2)))


@frozen(kw_only=True)
class PayRates:
    """The ``pay`` side: the rates a worker is paid."""

    pay_rate: Decimal | None = given(RATE)
    overtime_pay_rate: Decimal | None = given(RATE)
    daily_overtime_pay_rate: Decimal | None = given(RATE)
    weekend_pay_rate: Decimal | None = given(RATE)
    sunday_pay_rate: Decimal | None = given(RATE)
    bank_holiday_pay_rate: Decimal | None = given(RATE)
    pre_parity_pay_rate: Decimal | None = given(RATE)
    post_parity_pay_rate: Decimal | None = given(RATE)

    def rates(self) -> Rates:
        return Rates(
            base=self.pay_rate,
            overtime=self.overtime_pay_rate,
            daily_overtime=self.daily_overtime_pay_rate,
            weekend=self.weekend_pay_rate,
            sunday=self.sunday_pay_rate,
            bank_holiday=self.bank_holiday_pay_rate,
            pre_parity=self.pre_parity_pay_rate,
            post_parity=self.post_parity_pay_rate,
        )


@frozen(kw_only=True)
class ChargeRates:
    """The ``charge`` side: the rates the client is charged (the same meanings, other names)."""

    charge_rate: Decimal | None = given(RATE)
    overtime_charge_rate: Decimal | None = given(RATE)
    daily_overtime_charge_rate: Decimal | None = given(RATE)
    weekend_charge_rate: Decimal | None = given(RATE)
    sunday_charge_rate: Decimal | None = given(RATE)
    bank_holiday_charge_rate: Decimal | None = given(RATE)
    pre_parity_charge_rate: Decimal | None = given(RATE)
    post_parity_charge_rate: Decimal | None = given(RATE)

    def rates(self) -> Rates:
        return Rates(
            base=self.charge_rate,
            overtime=self.overtime_charge_rate,
            daily_overtime=self.daily_overtime_charge_rate,
            weekend=self.weekend_charge_rate,
            sunday=self.sunday_charge_rate,
            bank_holiday=self.bank_holiday_charge_rate,
            pre_parity=self.pre_parity_charge_rate,
            post_parity=self.post_parity_charge_rate,
        )


@frozen(kw_only=True)
class OvertimeTierTerms:
    """From ``after_hours`` in the week: paid at ``multiplier`` or ``pay_rate`` (one of them needed)."""

    after_hours: Decimal = needed(attrs.evolve(HOURS, required=True))
    multiplier: Decimal | None = given(MULTIPLIER)
    pay_rate: Decimal | None = given(RATE)
    charge_multiplier: Decimal | None = given(MULTIPLIER)
    charge_rate: Decimal | None = given(RATE)

    def tier(self) -> OvertimeTier:
        return OvertimeTier(
            after_hours=self.after_hours,
            multiplier=self.multiplier,
            pay_rate=self.pay_rate,
            charge_multiplier=self.charge_multiplier,
            charge_rate=self.charge_rate,
        )


@frozen(kw_only=True)
class NightBandTerms:
    """From ``start`` to ``end`` (across midnight when ``end`` is earlier): exactly one of ``multiplier``,
    ``pay_rate`` or ``premium`` on the pay side; the charge side's figure is optional."""

    start: time = needed(TimeOfDay())
    end: time = needed(TimeOfDay())
    multiplier: Decimal | None = given(MULTIPLIER)
    pay_rate: Decimal | None = given(RATE)
    premium: Decimal | None = given(RATE)
    charge_multiplier: Decimal | None = given(MULTIPLIER)
    charge_rate: Decimal | None = given(RATE)
    charge_premium: Decimal | None = given(RATE)

    def band(self) -> NightBand:
        return NightBand(
            start=self.start,
            end=self.end,
            multiplier=self.multiplier,
            pay_rate=self.pay_rate,
            premium=self.premium,
            charge_multiplier=self.charge_multiplier,
            charge_rate=self.charge_rate,
            charge_premium=self.charge_premium,
        )


@frozen(kw_only=True)
class RateRuleDefinition:
    """A rule's whole definition: what ``rate-rule create`` makes and ``rate-rule update`` puts in place."""

    name: str = needed(Text(text.name, 150, required=True))
    overtime_multiplier: Decimal | None = given(MULTIPLIER)
    daily_overtime_multiplier: Decimal | None = given(MULTIPLIER)
    weekend_multiplier: Decimal | None = given(MULTIPLIER)
    sunday_multiplier: Decimal | None = given(MULTIPLIER)
    bank_holiday_multiplier: Decimal | None = given(MULTIPLIER)
    holiday_charge_multiplier: Decimal | None = given(MULTIPLIER)
    overtime_threshold: Decimal | None = given(HOURS)
    daily_overtime_threshold: Decimal | None = given(HOURS)
    guarantee_hours: Decimal | None = given(HOURS)
    auto_lunch_after_hours: Decimal | None = given(HOURS)
    paid_break_minutes: int | None = given(MINUTES)
    auto_lunch_minutes: int | None = given(MINUTES)
    valid_from: date | None = given(Day())
    valid_to: date | None = given(Day())
    priority: int = given(Whole(low=-1000, high=1000, required=True), 0)
    active: bool = given(Flag(), True)
    pay: PayRates = given(Nested(of=PayRates), PayRates())
    charge: ChargeRates = given(Nested(of=ChargeRates), ChargeRates())
    location_id: int | None = given(Id())
    job_role: str | None = given(Text(text.single_line, 100))
    cost_code_id: int | None = given(Id())
    overtime_tiers: tuple[OvertimeTierTerms, ...] = given(Items(of=OvertimeTierTerms, most=MAX_TIERS, indexed=True), ())
    night_bands: tuple[NightBandTerms, ...] = given(Items(of=NightBandTerms, most=MAX_BANDS, indexed=True), ())

    def __attrs_post_init__(self) -> None:
        if self.valid_from and self.valid_to and self.valid_to < self.valid_from:
            raise ValidationFailed("valid_to", "valid_to cannot be before valid_from.")
        if self.pay.pay_rate is None and self.pay.pre_parity_pay_rate is None:
            raise ValidationFailed("pay.pay_rate", "a rule needs pay.pay_rate (or parity rates).")
        _check_tiers(self.overtime_tiers, self.overtime_threshold)
        _check_bands(self.night_bands)

    def rule(self, *, client_id: int) -> RateRule:
        """The rule this defines for ``client_id`` (not yet stored: no id or times)."""
        return RateRule(
            client_id=client_id,
            name=self.name,
            pay=self.pay.rates(),
            charge=self.charge.rates(),
            location_id=self.location_id,
            job_role=self.job_role,
            cost_code_id=self.cost_code_id,
            valid_from=self.valid_from,
            valid_to=self.valid_to,
            priority=self.priority,
            active=self.active,
            overtime_threshold=self.overtime_threshold,
            overtime_multiplier=self.overtime_multiplier,
            overtime_tiers=tuple(terms.tier() for terms in self.overtime_tiers),
            daily_overtime_threshold=self.daily_overtime_threshold,
            daily_overtime_multiplier=self.daily_overtime_multiplier,
            weekend_multiplier=self.weekend_multiplier,
            sunday_multiplier=self.sunday_multiplier,
            bank_holiday_multiplier=self.bank_holiday_multiplier,
            holiday_charge_multiplier=self.holiday_charge_multiplier,
            guarantee_hours=self.guarantee_hours,
            paid_break_minutes=self.paid_break_minutes,
            auto_lunch_minutes=self.auto_lunch_minutes,
            auto_lunch_after_hours=self.auto_lunch_after_hours,
            night_bands=tuple(terms.band() for terms in self.night_bands),
        )


def _check_tiers(tiers: tuple[OvertimeTierTerms, ...], threshold: Decimal | None) -> None:
    """Each tier starts after the weekly threshold and after the tier before it, and says how it pays."""
    floor = threshold
    for n, tier in enumerate(tiers):
        where = f"overtime_tiers[{n}]"
        if floor is not None and tier.after_hours <= floor:
            raise ValidationFailed(
                f"{where}.after_hours", "overtime tiers must start after the threshold and each other."
            )
        floor = tier.after_hours
        if tier.multiplier is None and tier.pay_rate is None:
            raise ValidationFailed(where, f"{where} needs a multiplier or a pay_rate.")


def _check_bands(bands: tuple[NightBandTerms, ...]) -> None:
    for n, band in enumerate(bands):
        where = f"night_bands[{n}]"
        if band.start == band.end:
            raise ValidationFailed(f"{where}.end", "a night band cannot start and end at the same time.")
        if sum(figure is not None for figure in (band.multiplier, band.pay_rate, band.premium)) != 1:
            raise ValidationFailed(where, f"{where} needs exactly one of multiplier, pay_rate or premium.")
