"""Rule selection (pricing.md section 4), base rates and UK AWR parity."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from workforce_core.model.rates import RateRule, Rates
from workforce_core.rules.rule_selection import base_rates, parity_reached, select_rule

D = Decimal
ON = date(2026, 11, 17)


def rule(id: int, **fields: object) -> RateRule:
    made = RateRule(client_id=1, name=f"r{id}", id=id, pay=Rates(base=D("12.00")))
    for name, value in fields.items():
        setattr(made, name, value)
    return made


def pick(rules: list[RateRule], **shift: object) -> int | None:
    where = {"location_id": 5, "job_role": "Picker", "cost_code_id": 9, **shift}
    chosen = select_rule(rules, client_id=1, on=ON, **where)  # type: ignore[arg-type]
    return chosen.id if chosen else None


def test_highest_priority_wins_then_the_more_specific_then_the_lowest_id() -> None:
    assert pick([rule(1), rule(2, priority=5)]) == 2
    assert pick([rule(3), rule(2, location_id=5)]) == 2
    assert pick([rule(4, location_id=5), rule(3, job_role="Picker", cost_code_id=9)]) == 3
    assert pick([rule(7, job_role="Picker"), rule(6, location_id=5)]) == 6


def test_a_rule_for_another_site_role_or_cost_code_does_not_apply() -> None:
    assert pick([rule(1, location_id=6)]) is None
    assert pick([rule(1, job_role="Driver")]) is None
    assert pick([rule(1, cost_code_id=10)]) is None
    assert pick([rule(1, client_id=2)]) is None


def test_validity_dates_and_retired_rules() -> None:
    assert pick([rule(1, valid_from=ON + timedelta(days=1))]) is None
    assert pick([rule(1, valid_to=ON - timedelta(days=1))]) is None
    assert pick([rule(1, valid_from=ON, valid_to=ON)]) == 1
    assert pick([rule(1, active=False)]) is None


def test_a_workers_own_rate_replaces_the_base_and_parity_rates() -> None:
    r = rule(1, pay=Rates(base=D(12), pre_parity=D(11), post_parity=D(13)), charge=Rates(base=D(18)))
    assert base_rates(r, worker_hourly_rate=None, worker_charge_rate=None, parity=False) == (D(11), D(18))
    assert base_rates(r, worker_hourly_rate=None, worker_charge_rate=None, parity=True) == (D(13), D(18))
    assert base_rates(r, worker_hourly_rate=D(15), worker_charge_rate=D(20), parity=True) == (D(15), D(20))


MONDAY = date(2026, 11, 16)


def weeks_before(*offsets: int) -> list[date]:
    return [MONDAY - timedelta(weeks=n) for n in offsets]


def test_parity_after_twelve_qualifying_weeks() -> None:
    assert parity_reached(MONDAY, weeks_before(*range(1, 13)))
    assert not parity_reached(MONDAY, weeks_before(*range(1, 12)))


def test_gaps_of_up_to_six_weeks_pause_the_count_longer_ones_restart_it() -> None:
    six_week_gap = weeks_before(*range(1, 7), *range(13, 19))
    assert parity_reached(MONDAY, six_week_gap)
    seven_week_gap = weeks_before(*range(1, 7), *range(14, 20))
    assert not parity_reached(MONDAY, seven_week_gap)
    assert not parity_reached(MONDAY, weeks_before(*range(8, 30)))


@given(st.sets(st.integers(1, 60)))
def test_parity_never_counts_the_week_itself_or_later_weeks(offsets: set[int]) -> None:
    worked = weeks_before(*offsets)
    later = [MONDAY + timedelta(weeks=n) for n in range(0, 20)]
    assert parity_reached(MONDAY, worked) == parity_reached(MONDAY, worked + later)


def test_the_charge_side_takes_its_own_parity_rates_the_same_way() -> None:
    r = rule(1, charge=Rates(base=D(18), pre_parity=D(17), post_parity=D(20)))
    assert base_rates(r, worker_hourly_rate=None, worker_charge_rate=None, parity=False) == (D(12), D(17))
    assert base_rates(r, worker_hourly_rate=None, worker_charge_rate=None, parity=True) == (D(12), D(20))
    only_pre = rule(2, charge=Rates(base=D(18), pre_parity=D(17)))
    assert base_rates(only_pre, worker_hourly_rate=None, worker_charge_rate=None, parity=True) == (D(12), D(18))
