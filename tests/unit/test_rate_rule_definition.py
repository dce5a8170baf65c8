"""A rate rule's definition (commands/rate_rules.py) read by the one converter, as the console reads a rule file:
every fault names its field by its path, in the words the console has always used, and a rule the console
prints reads back as the same rule."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

import attrs
import pytest
from hypothesis import assume, given, settings

from workforce_adapters.json import rate_rule_record
from workforce_adapters.json.commands import structure
from workforce_core.commands.rate_rules import RateRuleDefinition
from workforce_core.errors import ValidationFailed
from workforce_core.model.rates import RateRule
from workforce_core.testing import strategies

BASE: dict[str, Any] = {"name": "R", "pay": {"pay_rate": 12}, "overtime_threshold": 40}
TIER = {"after_hours": 48, "multiplier": 2}
BAND = {"start": "22:00", "end": "06:00", "premium": 1}


def refused(change: dict[str, Any]) -> tuple[str | None, str]:
    with pytest.raises(ValidationFailed) as error:
        structure(RateRuleDefinition, {**BASE, **change})
    return error.value.extra.get("field"), error.value.message


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"name": " "}, "name", "name cannot be blank."),
        ({"weekend_multiplier": 0.9}, "weekend_multiplier", "weekend_multiplier must be a multiplier from 1 to 10."),
        ({"guarantee_hours": 169}, "guarantee_hours", "guarantee_hours must be 0 to 168 hours."),
        ({"paid_break_minutes": 601}, "paid_break_minutes", "paid_break_minutes must be whole minutes from 0 to 600."),
        ({"auto_lunch_minutes": 1.5}, "auto_lunch_minutes", "auto_lunch_minutes must be whole minutes from 0 to 600."),
        ({"priority": None}, "priority", "priority must be a whole number from -1000 to 1000."),
        ({"active": None}, "active", "active must be true or false."),
        ({"valid_from": "2026-05-01", "valid_to": "2026-04-30"}, "valid_to", "valid_to cannot be before valid_from."),
        ({"pay": {"pay_rate": -1}}, "pay.pay_rate", "pay.pay_rate must be a rate from 0 to 9999.9999."),
        ({"pay": {"pay_rate": Decimal("12.12345")}}, "pay.pay_rate", "pay.pay_rate has at most 4 decimals."),
        ({"pay": {"pay_rate": "12.50"}}, "pay.pay_rate", "pay.pay_rate must be a number."),
        ({"pay": {}}, "pay.pay_rate", "a rule needs pay.pay_rate (or parity rates)."),
        ({"pay": []}, "pay", "pay must be an object."),
        ({"charge": {"weekend_charge_rate": 10_000}}, "charge.weekend_charge_rate", None),
        ({"overtime_tiers": [TIER, "x"]}, "overtime_tiers[1]", "overtime_tiers[1] must be an object."),
        ({"overtime_tiers": [{"multiplier": 2}]}, "overtime_tiers[0].after_hours", None),
        (
            {"overtime_tiers": [{"after_hours": 50}]},
            "overtime_tiers[0]",
            "overtime_tiers[0] needs a multiplier or a pay_rate.",
        ),
        (
            {"overtime_tiers": [TIER, {"after_hours": 45, "multiplier": 2.5}]},
            "overtime_tiers[1].after_hours",
            "overtime tiers must start after the threshold and each other.",
        ),
        ({"overtime_tiers": [{**TIER, "after_hours": 38}]}, "overtime_tiers[0].after_hours", None),
        ({"overtime_tiers": [{**TIER, "charge_multiplier": 11}]}, "overtime_tiers[0].charge_multiplier", None),
        (
            {"night_bands": [BAND, {**BAND, "start": "25:00"}]},
            "night_bands[1].start",
            "night_bands[1].start must be a time HH:MM.",
        ),
        (
            {"night_bands": [{**BAND, "end": "22:00"}]},
            "night_bands[0].end",
            "a night band cannot start and end at the same time.",
        ),
        (
            {"night_bands": [{**BAND, "multiplier": 2}]},
            "night_bands[0]",
            "night_bands[0] needs exactly one of multiplier, pay_rate or premium.",
        ),
        ({"night_bands": [{"start": "22:00", "end": "06:00"}]}, "night_bands[0]", None),
        ({"night_bands": "22:00-06:00"}, "night_bands", None),
        ({"location_id": 0}, "location_id", "location_id must be a positive integer id."),
    ],
    ids=repr,
)
def test_a_fault_is_named_by_its_path(change: dict[str, Any], field: str, message: str | None) -> None:
    found = refused(change)
    assert found[0] == field
    if message is not None:
        assert found[1] == message


def test_a_tier_need_not_rise_above_a_threshold_the_rule_does_not_have() -> None:
    rule = structure(
        RateRuleDefinition, {**BASE, "overtime_threshold": None, "overtime_tiers": [{**TIER, "after_hours": 8}]}
    )
    assert rule.rule(client_id=1).overtime_tiers[0].after_hours == 8


def test_a_rule_needs_a_pay_rate_or_parity_rates_only() -> None:
    parity = structure(RateRuleDefinition, {**BASE, "pay": {"pre_parity_pay_rate": 11, "post_parity_pay_rate": 13}})
    assert parity.rule(client_id=1).pay.pre_parity == 11


def test_the_rule_is_the_clients_with_what_the_file_left_out_at_its_defaults() -> None:
    rule = structure(RateRuleDefinition, BASE).rule(client_id=7)
    assert rule == RateRule(client_id=7, name="R", pay=rule.pay, overtime_threshold=Decimal(40))
    assert (rule.priority, rule.active, rule.overtime_tiers, rule.night_bands) == (0, True, (), ())


def _read_back(rule: RateRule) -> RateRule:
    """``rule`` as the console prints it, saved and read as a rule file (numbers as written)."""
    text = json.dumps(rate_rule_record(rule))
    return structure(RateRuleDefinition, json.loads(text, parse_float=Decimal)).rule(client_id=rule.client_id)


@settings(max_examples=200, deadline=None)
@given(strategies.rate_rules())
def test_a_rule_the_console_prints_reads_back_as_the_same_rule(rule: RateRule) -> None:
    assume(all(band.start != band.end and band.premium is not None for band in rule.night_bands))
    assert _read_back(rule) == attrs.evolve(rule, id=0)
