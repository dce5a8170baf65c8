"""Field visibility by scope: what a reader with some scopes may see of a record.

Pay figures need ``pay:read`` and charge figures ``charges:read`` (the spec's scope effects); billing
fields of a site are charge data. The same rule hides fields in HTTP replies and, for a webhook
subscription, in the payloads its key's scopes allow, so the two cannot differ.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from functools import cache
from typing import Any

from attrs import frozen

from workforce_core.model.reference import BILLING_FIELDS

PAY_SCOPE = "pay:read"
CHARGE_SCOPE = "charges:read"

# Top-level record fields that carry one side of the money.
SCOPED_FIELDS: dict[str, tuple[str, ...]] = {
    PAY_SCOPE: ("hourly_rate", "date_of_birth", "apprentice_since", "holiday_pay"),
    CHARGE_SCOPE: ("charge_rate", *BILLING_FIELDS),
}
# Inside a rate rule: each side's object, and the money keys of its tiers and night bands.
RATE_RULE_SIDES: dict[str, str] = {PAY_SCOPE: "pay", CHARGE_SCOPE: "charge"}
RATE_RULE_MONEY: dict[str, tuple[str, ...]] = {
    PAY_SCOPE: ("pay_rate", "premium"),
    CHARGE_SCOPE: ("charge_rate", "charge_premium"),
}
RATE_RULE_LISTS = ("overtime_tiers", "night_bands")


@frozen
class Sight:
    """Which halves of the money a reader sees."""

    pay: bool
    charge: bool

    @classmethod
    def of(cls, scopes: Collection[str]) -> Sight:
        """From effective scopes (after the write-includes-read and payroll-includes-pay rules)."""
        return cls(pay=PAY_SCOPE in scopes, charge=CHARGE_SCOPE in scopes)

    def lacks(self) -> tuple[str, ...]:
        return tuple(scope for scope, seen in ((PAY_SCOPE, self.pay), (CHARGE_SCOPE, self.charge)) if not seen)


def visible(record: dict[str, Any], sight: Sight) -> dict[str, Any]:
    """A worker, site or other flat record less the money fields the reader may not see (the record
    itself when nothing is hidden)."""
    hidden = _hidden(sight)
    if not hidden:
        return record
    return {k: v for k, v in record.items() if k not in hidden}


@cache
def _hidden(sight: Sight) -> frozenset[str]:
    """The flat fields hidden from a sight (four sights in all)."""
    return frozenset(name for scope in sight.lacks() for name in SCOPED_FIELDS[scope])


def visible_rate_rule(record: Mapping[str, Any], sight: Sight) -> dict[str, Any]:
    """A rate rule with each half of the money only for its own scope, in tiers and bands too."""
    shown = {k: v for k, v in record.items() if k not in {RATE_RULE_SIDES[s] for s in sight.lacks()}}
    hidden = {name for scope in sight.lacks() for name in RATE_RULE_MONEY[scope]}
    for name in RATE_RULE_LISTS:
        if name in shown:
            shown[name] = [{k: v for k, v in item.items() if k not in hidden} for item in shown[name]]
    return shown
