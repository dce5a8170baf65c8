"""Field visibility by scope (the spec's scope effects), one rule for replies and webhook payloads."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given

from workforce_core.model.reference import BILLING_FIELDS
from workforce_core.rules.scopes import effective_scopes
from workforce_core.rules.visibility import Sight, visible, visible_rate_rule
from workforce_core.testing.strategies import scope_sets

WORKER = {"id": 1, "name": "Ann", "hourly_rate": 12.5, "charge_rate": 18}
SITE = {"id": 2, "name": "North", **dict.fromkeys(BILLING_FIELDS, "x")}
RULE: dict[str, Any] = {
    "id": 3,
    "pay": {"pay_rate": 12},
    "charge": {"charge_rate": 18},
    "overtime_tiers": [{"after_hours": 48, "multiplier": 2, "pay_rate": 20, "charge_rate": 30}],
    "night_bands": [{"start": "22:00:00", "premium": 1, "charge_premium": 1.5}],
}


@pytest.mark.parametrize(
    ("scopes", "fields"),
    [
        ((), {"id", "name"}),
        (("pay:read",), {"id", "name", "hourly_rate"}),
        (("charges:read",), {"id", "name", "charge_rate"}),
        (("payroll:read",), {"id", "name", "hourly_rate"}),  # payroll:read includes pay:read
        (("pay:read", "charges:read"), {"id", "name", "hourly_rate", "charge_rate"}),
    ],
)
def test_a_workers_rates_show_only_with_their_own_scope(scopes: tuple[str, ...], fields: set[str]) -> None:
    assert set(visible(WORKER, Sight.of(effective_scopes(scopes, legacy=False)))) == fields


def test_a_sites_billing_fields_are_charge_data() -> None:
    assert set(visible(SITE, Sight(pay=True, charge=False))) == {"id", "name"}
    assert visible(SITE, Sight(pay=False, charge=True)) == SITE


def test_a_rate_rule_shows_each_half_of_the_money_in_tiers_and_bands_too() -> None:
    pay_only = visible_rate_rule(RULE, Sight(pay=True, charge=False))
    assert "charge" not in pay_only
    assert pay_only["overtime_tiers"] == [{"after_hours": 48, "multiplier": 2, "pay_rate": 20}]
    assert pay_only["night_bands"] == [{"start": "22:00:00", "premium": 1}]
    charge_only = visible_rate_rule(RULE, Sight(pay=False, charge=True))
    assert "pay" not in charge_only
    assert charge_only["overtime_tiers"] == [{"after_hours": 48, "multiplier": 2, "charge_rate": 30}]
    assert charge_only["night_bands"] == [{"start": "22:00:00", "charge_premium": 1.5}]


@given(scope_sets)
def test_more_scopes_never_show_less(scopes: frozenset[str]) -> None:
    fewer = Sight.of(effective_scopes(tuple(sorted(scopes)), legacy=False))
    more = Sight.of(effective_scopes((*sorted(scopes), "pay:read", "charges:read"), legacy=False))
    for record in (WORKER, SITE):
        assert set(visible(record, fewer)) <= set(visible(record, more)) == set(record)
