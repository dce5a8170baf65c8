"""A shift's pay and charge are the sums of its elements' figures, each rounded to the penny once; a shift
with no pay rate has none. An entry without figures has the gate a break or an open shift has."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import attrs
from hypothesis import given
from hypothesis import strategies as st

from workforce_core.model.pay_gate import GateReason, PayrollStatus
from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules.pay_gate import GateResult, unpriced_gate
from workforce_core.rules.pricing import ELEMENTS, Line
from workforce_core.views import ShiftFigures

AT = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)
rates = st.decimals(min_value=Decimal("0.01"), max_value=Decimal("99.99"), places=2)
lines = st.lists(st.builds(Line, st.sampled_from(ELEMENTS), st.integers(1, 600), rates, rates), max_size=6)


def figures(priced: list[Line] | None) -> ShiftFigures:
    return ShiftFigures(
        entry_id=1,
        client_id=1,
        worker_id=1,
        location_id=None,
        pay_week_start=date(2026, 3, 2),
        clock_in=AT,
        paid_minutes=0,
        unpaid_break_minutes=0,
        gate=GateResult(PayrollStatus.PAYABLE, None),
        rule_id=None,
        base_pay=None,
        base_charge=None,
        parity=False,
        lines=tuple(priced) if priced is not None else None,
    )


@given(lines)
def test_the_amounts_are_the_sums_of_the_element_figures(priced: list[Line]) -> None:
    shift = figures(priced)
    amounts = shift.amounts()
    assert amounts is not None
    by_element = shift.element_figures().values()
    assert amounts == (sum(f[1] for f in by_element), sum(f[2] for f in by_element))
    assert all(amount == amount.quantize(Decimal("0.01")) for amount in amounts)


def test_a_shift_with_no_pay_rate_has_no_amounts() -> None:
    assert figures(None).amounts() is None
    assert figures([]).amounts() == (Decimal(0), Decimal(0))


def test_an_entry_without_figures_is_a_break_with_no_gate_or_a_shift_still_open() -> None:
    shift = TimeEntry(worker_id=1, client_id=1, clock_in=AT, created_at=AT)
    assert unpriced_gate(shift) == GateResult(PayrollStatus.ON_HOLD, GateReason.OPEN_CLOCK_OUT)
    assert unpriced_gate(attrs.evolve(shift, entry_type="break", clock_out=AT + timedelta(minutes=30))) == GateResult(
        None, None
    )
