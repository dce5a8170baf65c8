"""Pay codes: a client's mapping from our pay elements to each payroll package's own payment number or
pay code (and, for the package that wants one, a multiplier of the base rate)."""

from __future__ import annotations

from decimal import Decimal
from enum import StrEnum

from attrs import define


class PayrollPackage(StrEnum):
    """A payroll package whose import file a preset writes."""

    SAGE_50_PAYROLL = "sage_50_payroll"
    BRIGHTPAY = "brightpay"
    STAFFOLOGY = "staffology"


PAYROLL_PACKAGES: tuple[str, ...] = tuple(PayrollPackage)

# BrightPay's hourly payments import has one hours column per multiple of the rate (normal, time and a
# half, a third, a quarter, double, triple, quadruple): a BrightPay code's multiplier picks the column
MULTIPLIERS: dict[str, tuple[Decimal, ...]] = {
    PayrollPackage.BRIGHTPAY: tuple(Decimal(m) for m in ("1", "1.5", "1.3333", "1.25", "2", "3", "4")),
}


@define
class PayCode:
    """What ``element`` is called in ``package`` for the client: its ``code`` (Sage 50 Payroll: the
    payment number; BrightPay: the hourly payment's description; Staffology: the pay code)."""

    client_id: int
    package: str
    element: str
    code: str
    multiplier: Decimal | None = None
    id: int = 0
