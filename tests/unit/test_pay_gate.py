"""The pay gate: the first rule of pricing.md's table that applies decides."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import attrs
from hypothesis import given
from hypothesis import strategies as st

from workforce_core.model.bookings import Booking
from workforce_core.model.pay_gate import LateState, PayrollStatus
from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules.pay_gate import (
    LATE_REASONS,
    LATE_STATE,
    NOT_APPROVED,
    REASON_STATUS,
    UNPAID_WHEN_APPROVED,
    GateInput,
    approval_hold,
    left_unpaid,
    pay_gate,
)

START = datetime(2026, 11, 17, 8, 0, tzinfo=UTC)
CLOSED = TimeEntry(
    worker_id=1, client_id=1, clock_in=START, created_at=START, clock_out=START + timedelta(hours=8),
    approval_status="approved",
)  # fmt: skip
BOOKING = Booking(1, 1, 1, date(2026, 11, 17), START, START + timedelta(hours=8), START)


def gate(entry: TimeEntry = CLOSED, **changes: object) -> tuple[str | None, str | None, tuple[str, ...]]:
    given_ = GateInput(
        entry=entry,
        booking=BOOKING,
        walk_in_policy="no_pay",
        cancelled_policy="no_pay",
        require_client_approval=False,
        has_pay_rate=True,
    )
    result = pay_gate(attrs.evolve(given_, **changes))
    return result.status, result.reason, result.flags


def test_an_approved_booked_closed_shift_with_a_rate_is_payable() -> None:
    assert gate() == ("payable", None, ())


def test_each_rule_gives_its_status_and_reason() -> None:
    assert gate(attrs.evolve(CLOSED, clock_out=None)) == ("on_hold", "open_clock_out", ())
    assert gate(booking=attrs.evolve(BOOKING, status="client_cancelled")) == ("excluded", "cancelled", ())
    assert gate(booking=attrs.evolve(BOOKING, status="sick"), cancelled_policy="pay") == ("payable", None, ())
    assert gate(booking=None) == ("excluded", "walk_in", ("walk_in_no_pay",))
    assert gate(booking=None, walk_in_policy="pay") == ("payable", None, ())
    assert gate(attrs.evolve(CLOSED, client_approval="rejected")) == ("excluded", "rejected", ())
    assert gate(attrs.evolve(CLOSED, approval_status="disputed")) == ("on_hold", "disputed", ())
    assert gate(attrs.evolve(CLOSED, open_query=True)) == ("on_hold", "disputed", ())
    assert gate(attrs.evolve(CLOSED, approval_status="pending")) == ("on_hold", "pending", ())
    assert gate(require_client_approval=True) == ("on_hold", "client_pending", ())
    assert gate(has_pay_rate=False) == ("excluded", "no_pay_rate", ("no_pay_rate",))
    assert gate(late_adjustment="paid") == ("excluded", "paid_adjustment", ())
    assert gate(late_adjustment="due") == ("on_hold", "adjustment_pending", ())


def test_a_break_has_no_payroll_status() -> None:
    assert gate(attrs.evolve(CLOSED, entry_type="break")) == (None, None, ())


def test_the_first_rule_wins() -> None:
    open_and_rejected = attrs.evolve(CLOSED, clock_out=None, client_approval="rejected", approval_status="pending")
    assert gate(open_and_rejected, booking=None, has_pay_rate=False)[1] == "open_clock_out"
    assert gate(attrs.evolve(CLOSED, client_approval="rejected"), has_pay_rate=False)[1] == "rejected"


@given(
    st.sampled_from(["pending", "approved", "disputed"]),
    st.sampled_from(["pending", "approved", "rejected"]),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.sampled_from([None, "due", "paid"]),
)
def test_payable_only_when_every_condition_holds(
    approval: str, client: str, query: bool, needs_client: bool, rate: bool, late: str | None
) -> None:
    entry = attrs.evolve(CLOSED, approval_status=approval, client_approval=client, open_query=query)
    status, reason, _ = gate(entry, require_client_approval=needs_client, has_pay_rate=rate, late_adjustment=late)
    payable = (
        approval == "approved"
        and client != "rejected"
        and not query
        and not (needs_client and client == "pending")
        and rate
        and late is None
    )
    assert (status == "payable") is payable
    assert (reason is None) is payable


@given(
    st.booleans(),
    st.sampled_from(["pending", "approved", "disputed"]),
    st.sampled_from(["pending", "approved", "rejected"]),
    st.booleans(),
    st.sampled_from([None, "sick", "client_cancelled"]),
    st.sampled_from(["pay", "no_pay"]),
    st.sampled_from(["pay", "no_pay"]),
    st.booleans(),
    st.booleans(),
    st.sampled_from([None, *LateState]),
)
def test_each_reason_comes_with_its_one_status_and_the_named_sets_say_what_the_rule_does(
    open_: bool,
    approval: str,
    client: str,
    query: bool,
    booking: str | None,
    walk_in: str,
    cancelled: str,
    needs_client: bool,
    rate: bool,
    late: LateState | None,
) -> None:
    entry = attrs.evolve(CLOSED, approval_status=approval, client_approval=client, open_query=query)
    entry = attrs.evolve(entry, clock_out=None) if open_ else entry
    given_ = GateInput(
        entry=entry,
        booking=attrs.evolve(BOOKING, status=booking) if booking else None,
        walk_in_policy=walk_in,
        cancelled_policy=cancelled,
        require_client_approval=needs_client,
        has_pay_rate=rate,
        late_adjustment=late,
    )
    result = pay_gate(given_)
    assert isinstance(result.status, PayrollStatus)
    if result.reason is None:
        assert result.status == PayrollStatus.PAYABLE
    else:
        assert REASON_STATUS[result.reason] == result.status
    if result.reason in NOT_APPROVED:  # held by an approval, and by nothing before it
        assert approval_hold(entry, needs_client) == result
    if result.reason in LATE_REASONS:  # only a late clock, in its own state
        assert LATE_STATE[result.reason] == late
    assert left_unpaid(result, approval) is (approval == "approved" and result.reason in UNPAID_WHEN_APPROVED)
    if approval == "approved" and client != "rejected" and late is None and not open_:
        assert left_unpaid(result, approval) is (result.status == PayrollStatus.EXCLUDED)
