"""The pay gate: the first rule of pricing.md's table that applies decides."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import attrs
from hypothesis import given
from hypothesis import strategies as st

from workforce_core.model.bookings import Booking
from workforce_core.model.pay_gate import GateReason, LateState, PayrollStatus
from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules.pay_gate import (
    LATE_REASONS,
    LATE_STATE,
    NOT_APPROVED,
    REASON_STATUS,
    UNPAID_WHEN_APPROVED,
    GateInput,
    GateResult,
    approval_hold,
    counts_as_paid,
    counts_toward_parity,
    is_late,
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


@given(
    st.sampled_from(["shift", "break"]),
    st.booleans(),
    st.sampled_from(["pending", "approved", "disputed"]),
    st.sampled_from(["pending", "approved", "rejected"]),
    st.booleans(),
    st.booleans(),
)
def test_a_shift_counts_toward_parity_when_closed_and_through_every_approval_asked_for(
    entry_type: str, open_: bool, approval: str, client: str, query: bool, needs_client: bool
) -> None:
    entry = attrs.evolve(
        CLOSED, entry_type=entry_type, approval_status=approval, client_approval=client, open_query=query
    )
    entry = attrs.evolve(entry, clock_out=None) if open_ else entry
    through_approval = (
        approval == "approved" and not query and client != "rejected" and (client == "approved" or not needs_client)
    )
    expected = entry_type == "shift" and not open_ and through_approval
    assert counts_toward_parity(entry, needs_client) is expected


def test_a_shift_waiting_for_the_clients_sign_off_counts_toward_parity_only_once_signed() -> None:
    waiting = attrs.evolve(CLOSED, client_approval="pending")
    assert not counts_toward_parity(waiting, True)
    assert counts_toward_parity(waiting, False)
    assert counts_toward_parity(attrs.evolve(waiting, client_approval="approved"), True)
    assert not counts_toward_parity(attrs.evolve(waiting, client_approval="rejected"), False)


@given(st.sampled_from([None, *GateReason]), st.sampled_from([None, date(2026, 11, 23)]))
def test_payroll_counts_payable_figures_and_late_clocks_with_an_adjust_week(
    reason: GateReason | None, adjust_week: date | None
) -> None:
    gate_ = GateResult(PayrollStatus.PAYABLE, None) if reason is None else GateResult(REASON_STATUS[reason], reason)
    late = adjust_week is not None and reason in (GateReason.ADJUSTMENT_PENDING, GateReason.PAID_ADJUSTMENT)
    assert is_late(gate_, adjust_week) is late
    assert counts_as_paid(gate_, adjust_week) is (reason is None or late)


def test_a_late_clock_without_an_adjust_week_is_not_counted_and_a_payable_shift_always_is() -> None:
    due = GateResult(PayrollStatus.ON_HOLD, GateReason.ADJUSTMENT_PENDING)
    assert not is_late(due, None)
    assert not counts_as_paid(due, None)
    assert is_late(due, date(2026, 11, 23))
    assert counts_as_paid(due, date(2026, 11, 23))
    payable = GateResult(PayrollStatus.PAYABLE, None)
    assert counts_as_paid(payable, None)
    assert not is_late(payable, date(2026, 11, 23))
    held = GateResult(PayrollStatus.ON_HOLD, GateReason.PENDING)
    assert not counts_as_paid(held, date(2026, 11, 23))
