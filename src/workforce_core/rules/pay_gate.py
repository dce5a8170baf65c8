"""The pay gate (pricing.md section 2): a shift's ``payroll_status`` and ``payroll_excluded_reason``."""

from __future__ import annotations

from attrs import frozen

from workforce_core.model.bookings import Booking
from workforce_core.model.time_entries import ApprovalStatus, ClientApproval, TimeEntry

PAYROLL_STATUSES: tuple[str, ...] = ("payable", "on_hold", "excluded")
LATE_CLOCK = "locked_week"  # the risk flag of a clock recorded into a locked pay week (pricing.md section 3)


@frozen
class GateInput:
    entry: TimeEntry
    booking: Booking | None
    walk_in_policy: str
    cancelled_policy: str
    require_client_approval: bool
    has_pay_rate: bool
    late_adjustment: str | None = None  # None, "due" or "paid"


@frozen
class GateResult:
    status: str | None  # None for a break
    reason: str | None
    flags: tuple[str, ...] = ()


NO_GATE = GateResult(None, None)  # a break
OPEN_CLOCK_OUT = GateResult("on_hold", "open_clock_out")  # rule 1: a shift still open


def approval_hold(entry: TimeEntry, require_client_approval: bool) -> GateResult | None:
    """Rules 4 to 7, the approvals: why a closed shift is held or excluded by them, or None."""
    if entry.client_approval == ClientApproval.REJECTED:
        return GateResult("excluded", "rejected")
    if entry.approval_status == ApprovalStatus.DISPUTED or entry.open_query:
        return GateResult("on_hold", "disputed")
    if entry.approval_status == ApprovalStatus.PENDING:
        return GateResult("on_hold", "pending")
    if require_client_approval and entry.client_approval == ClientApproval.PENDING:
        return GateResult("on_hold", "client_pending")
    return None


def counts_toward_parity(entry: TimeEntry, require_client_approval: bool) -> bool:
    """A shift that makes its pay week a qualifying week for AWR parity: closed and through approval."""
    return (
        entry.entry_type == "shift"
        and entry.clock_out is not None
        and not approval_hold(entry, require_client_approval)
    )


def pay_gate(given: GateInput) -> GateResult:
    """The first rule of the table that applies decides."""
    entry = given.entry
    if entry.entry_type != "shift":
        return NO_GATE
    if entry.clock_out is None:
        return OPEN_CLOCK_OUT
    if given.booking is not None and given.booking.cancelled and given.cancelled_policy == "no_pay":
        return GateResult("excluded", "cancelled")
    if given.booking is None and given.walk_in_policy == "no_pay":
        return GateResult("excluded", "walk_in", ("walk_in_no_pay",))
    held = approval_hold(entry, given.require_client_approval)
    if held is not None:
        return held
    if not given.has_pay_rate:
        return GateResult("excluded", "no_pay_rate", ("no_pay_rate",))
    if given.late_adjustment == "paid":
        return GateResult("excluded", "paid_adjustment")
    if given.late_adjustment == "due":
        return GateResult("on_hold", "adjustment_pending")
    return GateResult("payable", None)
