"""The pay gate's vocabulary (pricing.md section 2): a shift's ``payroll_status``, the
``payroll_excluded_reason`` that says why it is not payable, and a late clock's adjustment state."""

from __future__ import annotations

from enum import StrEnum


class PayrollStatus(StrEnum):
    """The spec's ``payroll_status`` of a completed shift."""

    PAYABLE = "payable"
    ON_HOLD = "on_hold"
    EXCLUDED = "excluded"


class GateReason(StrEnum):
    """The spec's ``payroll_excluded_reason``: the gate rule that held or excluded the shift."""

    OPEN_CLOCK_OUT = "open_clock_out"
    CANCELLED = "cancelled"
    WALK_IN = "walk_in"
    REJECTED = "rejected"
    DISPUTED = "disputed"
    PENDING = "pending"
    CLIENT_PENDING = "client_pending"
    NO_PAY_RATE = "no_pay_rate"
    PAID_ADJUSTMENT = "paid_adjustment"
    ADJUSTMENT_PENDING = "adjustment_pending"


class LateState(StrEnum):
    """A late clock's adjustment (pricing.md section 3): owed in a later week, or paid by its lock."""

    DUE = "due"
    PAID = "paid"
