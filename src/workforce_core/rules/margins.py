"""The margin of a week's work: what the client is charged, net of VAT, less what the workers are paid
and their holiday pay (each figure as ``/charges.php`` and ``/payroll.php`` give it, to the penny)."""

from __future__ import annotations

from decimal import Decimal


def margin(charge: Decimal, pay: Decimal, holiday_pay: Decimal) -> Decimal:
    return charge - pay - holiday_pay


def margin_share(charge: Decimal, pay: Decimal, holiday_pay: Decimal) -> Decimal | None:
    """The margin as a percentage of the charge, to one decimal place; None with nothing charged."""
    if charge == 0:
        return None
    return (margin(charge, pay, holiday_pay) * 100 / charge).quantize(Decimal("0.1"))
