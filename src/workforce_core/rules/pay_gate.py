"""The pay gate (pricing.md section 2): a shift's ``payroll_status`` and ``payroll_excluded_reason``."""

from __future__ import annotations

from datetime import date

from attrs import frozen

from workforce_core.model.bookings import Booking
from workforce_core.model.pay_gate import GateReason, LateState, PayrollStatus
from workforce_core.model.time_entries import ApprovalStatus, ClientApproval, TimeEntry

PAYROLL_STATUSES: tuple[str, ...] = tuple(PayrollStatus)
LATE_CLOCK = "locked_week"  # the risk flag of a clock recorded into a locked pay week (pricing.md section 3)

# Each reason's one status: the gate below names a reason and takes its status from here.
REASON_STATUS: dict[GateReason, PayrollStatus] = {
    GateReason.OPEN_CLOCK_OUT: PayrollStatus.ON_HOLD,
    GateReason.CANCELLED: PayrollStatus.EXCLUDED,
    GateReason.WALK_IN: PayrollStatus.EXCLUDED,
    GateReason.REJECTED: PayrollStatus.EXCLUDED,
    GateReason.DISPUTED: PayrollStatus.ON_HOLD,
    GateReason.PENDING: PayrollStatus.ON_HOLD,
    GateReason.CLIENT_PENDING: PayrollStatus.ON_HOLD,
    GateReason.NO_PAY_RATE: PayrollStatus.EXCLUDED,
    GateReason.PAID_ADJUSTMENT: PayrollStatus.EXCLUDED,
    GateReason.ADJUSTMENT_PENDING: PayrollStatus.ON_HOLD,
}
# The named sets of reasons the reads ask for (SQL filters the stored figures by them).
NOT_APPROVED: tuple[GateReason, ...] = (GateReason.PENDING, GateReason.CLIENT_PENDING, GateReason.DISPUTED)
"""Rules 5 to 7: held until the agency (or the client) approves; payroll counts them as not approved."""
UNPAID_WHEN_APPROVED: tuple[GateReason, ...] = (GateReason.NO_PAY_RATE, GateReason.WALK_IN, GateReason.CANCELLED)
"""The reasons payroll names for an approved shift left unpaid: the client's policy or a missing rate."""
LATE_REASONS: tuple[GateReason, ...] = (GateReason.ADJUSTMENT_PENDING, GateReason.PAID_ADJUSTMENT)
"""Rules 9 and 10: a late clock, counted in its adjust week rather than its own locked week."""
LATE_STATE: dict[GateReason, LateState] = {
    GateReason.ADJUSTMENT_PENDING: LateState.DUE,
    GateReason.PAID_ADJUSTMENT: LateState.PAID,
}


@frozen
class GateInput:
    entry: TimeEntry
    booking: Booking | None
    walk_in_policy: str
    cancelled_policy: str
    require_client_approval: bool
    has_pay_rate: bool
    late_adjustment: LateState | None = None


@frozen
class GateResult:
    status: PayrollStatus | None  # None for a break
    reason: GateReason | None
    flags: tuple[str, ...] = ()


def _held(reason: GateReason, *flags: str) -> GateResult:
    """On hold or excluded for ``reason``, with its one status."""
    return GateResult(REASON_STATUS[reason], reason, flags)


NO_GATE = GateResult(None, None)  # a break
OPEN_CLOCK_OUT = _held(GateReason.OPEN_CLOCK_OUT)  # rule 1: a shift still open
PAYABLE = GateResult(PayrollStatus.PAYABLE, None)


def approval_hold(entry: TimeEntry, require_client_approval: bool) -> GateResult | None:
    """Rules 4 to 7, the approvals: why a closed shift is held or excluded by them, or None."""
    if entry.client_approval == ClientApproval.REJECTED:
        return _held(GateReason.REJECTED)
    if entry.approval_status == ApprovalStatus.DISPUTED or entry.open_query:
        return _held(GateReason.DISPUTED)
    if entry.approval_status == ApprovalStatus.PENDING:
        return _held(GateReason.PENDING)
    if require_client_approval and entry.client_approval == ClientApproval.PENDING:
        return _held(GateReason.CLIENT_PENDING)
    return None


def counts_toward_parity(entry: TimeEntry, require_client_approval: bool) -> bool:
    """A shift that makes its pay week a qualifying week for AWR parity: closed and through approval."""
    return (
        entry.entry_type == "shift"
        and entry.clock_out is not None
        and not approval_hold(entry, require_client_approval)
    )


def unpriced_gate(entry: TimeEntry) -> GateResult:
    """The gate of an entry without figures: a break has none; a shift is still open (rule 1)."""
    return NO_GATE if entry.entry_type != "shift" else OPEN_CLOCK_OUT


def pay_gate(given: GateInput) -> GateResult:
    """The first rule of the table that applies decides."""
    entry = given.entry
    if entry.entry_type != "shift":
        return NO_GATE
    if entry.clock_out is None:
        return OPEN_CLOCK_OUT
    if given.booking is not None and given.booking.cancelled and given.cancelled_policy == "no_pay":
        return _held(GateReason.CANCELLED)
    if given.booking is None and given.walk_in_policy == "no_pay":
        return _held(GateReason.WALK_IN, "walk_in_no_pay")
    held = approval_hold(entry, given.require_client_approval)
    if held is not None:
        return held
    if not given.has_pay_rate:
        return _held(GateReason.NO_PAY_RATE, "no_pay_rate")
    if given.late_adjustment == LateState.PAID:
        return _held(GateReason.PAID_ADJUSTMENT)
    if given.late_adjustment == LateState.DUE:
        return _held(GateReason.ADJUSTMENT_PENDING)
    return PAYABLE


# ---- what the payroll and charge reads count (SQL filters the stored figures by these) ----------


def is_late(gate: GateResult, adjust_week: date | None) -> bool:
    """A late clock's figures: counted in their adjust week, not their own locked one."""
    return adjust_week is not None and gate.reason in LATE_REASONS


def counts_as_paid(gate: GateResult, adjust_week: date | None) -> bool:
    """Figures a payroll line (and the charge schedule) sums: payable, or a late clock due or paid."""
    return gate.status == PayrollStatus.PAYABLE or is_late(gate, adjust_week)


def left_unpaid(gate: GateResult, approval_status: str) -> bool:
    """An approved shift the gate excluded for a reason payroll names on its line."""
    return (
        approval_status == ApprovalStatus.APPROVED
        and gate.status == PayrollStatus.EXCLUDED
        and gate.reason in UNPAID_WHEN_APPROVED
    )
