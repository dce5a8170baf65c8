"""The charge schedule's arithmetic: one rounding per charge line, VAT per site."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from workforce_core.rules.pricing import pennies

DEFAULT_VAT_RATE = Decimal(20)


def line_amount(rate: Decimal, minutes: int) -> Decimal:
    """A charge line's amount: its rate times its total minutes, rounded once, half up, to the penny."""
    return pennies(Fraction(rate) * minutes / 60)


def vat(net: Decimal, rate: Decimal) -> Decimal:
    """VAT on a site's net, rounded once, half up."""
    return pennies(Fraction(net) * Fraction(rate) / 100)
