"""Which rate rule prices a shift (pricing.md section 4), and the base rates it gives."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from decimal import Decimal

from workforce_core.model.rates import RateRule
from workforce_core.rules.awr import awr_clock


def select_rule(
    rules: Iterable[RateRule],
    *,
    client_id: int,
    on: date,
    location_id: int | None,
    job_role: str | None,
    cost_code_id: int | None,
) -> RateRule | None:
    """The client's active rule valid on ``on`` whose site, role and cost code are each unset or equal.

    Highest ``priority`` wins; ties go to the rule with more of those three set, then the lowest id.
    """
    candidates = [
        rule
        for rule in rules
        if rule.client_id == client_id
        and rule.applies_on(on)
        and rule.location_id in (None, location_id)
        and rule.job_role in (None, job_role)
        and rule.cost_code_id in (None, cost_code_id)
    ]
    if not candidates:
        return None

    def rank(rule: RateRule) -> tuple[int, int, int]:
        specific = sum(value is not None for value in (rule.location_id, rule.job_role, rule.cost_code_id))
        return (-rule.priority, -specific, rule.id)

    return min(candidates, key=rank)


def parity_reached(week_start: date, weeks_worked: Iterable[date]) -> bool:
    """UK AWR: 12 qualifying pay weeks with payable shifts at this client before ``week_start``;
    a gap of more than 6 weeks without work starts the count again (the AWR clock without absences)."""
    return awr_clock(week_start, weeks_worked).parity


def base_rates(
    rule: RateRule, *, worker_hourly_rate: Decimal | None, worker_charge_rate: Decimal | None, parity: bool
) -> tuple[Decimal | None, Decimal | None]:
    """B for pay and charge: the worker's own rate, else the rule's parity rate, else its base rate."""
    pay = worker_hourly_rate
    if pay is None:
        parity_rate = rule.pay.post_parity if parity else rule.pay.pre_parity
        pay = parity_rate if parity_rate is not None else rule.pay.base
    charge = worker_charge_rate
    if charge is None:
        parity_rate = rule.charge.post_parity if parity else rule.charge.pre_parity
        charge = parity_rate if parity_rate is not None else rule.charge.base
    return pay, charge
