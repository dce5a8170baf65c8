"""What a package makes of an imported line, and the quantity and rate that make it our amount.

A payroll or accounting package recomputes an hours line as hours times rate (times the pay code's
multiplier), rounded to the penny. Hours are written to 2 decimals, so the package's product of the
line's own rate can miss the amount we rounded once from the exact minutes (8 h 07 min at 12.75 is
103.49; 8.12 h at 12.75 is 103.53). ``quantity_and_rate`` keeps the line's own rate when the package's
product is the amount, else the nearest rate of at most ``places`` decimals whose product is. None may
exist once the hours (times the multiplier) exceed 100 (0.01 / hours < 10 ** -places), and a line
without minutes is a value: both are written as one unit at the amount. The file's lines then add up
to the week's figures to the penny, the package's way (decisions.md, "Amounts in package import files").
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from workforce_core.rules.pricing import pennies

PENNY = Decimal("0.01")
ONE = Decimal(1)


def hours_of(minutes: int) -> Decimal:
    """Minutes as hours to 2 decimals, half up."""
    return (Decimal(minutes) / 60).quantize(PENNY, ROUND_HALF_UP)


def package_amount(quantity: Decimal, rate: Decimal, multiplier: Decimal = ONE) -> Decimal:
    """The line's amount as the package works it out: quantity times rate times multiplier, to the penny."""
    return pennies(Fraction(quantity) * Fraction(rate) * Fraction(multiplier))


def _places(rate: Decimal, places: int) -> Decimal:
    exponent = rate.as_tuple().exponent
    if isinstance(exponent, int) and exponent >= -2:
        return rate.quantize(PENNY)
    return rate.quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP)


def quantity_and_rate(
    minutes: int, rate: Decimal | None, amount: Decimal, *, multiplier: Decimal = ONE, places: int = 4
) -> tuple[Decimal, Decimal, bool]:
    """``(quantity, rate, hourly)`` to write for a line of ``minutes`` at ``rate`` worth ``amount``:
    ``package_amount(quantity, rate, multiplier) == amount`` always. ``hourly`` False: one unit at
    the amount (a value line, or hours no rate of ``places`` decimals can price)."""
    quantity = hours_of(minutes)
    if rate is not None and quantity != 0:
        own = _places(rate / multiplier, places)
        if package_amount(quantity, own, multiplier) == amount:
            return quantity, own, True
        step = Decimal(1).scaleb(-places)
        near = (Fraction(amount) / (Fraction(quantity) * Fraction(multiplier))).limit_denominator(10**12)
        centre = Decimal(near.numerator) / Decimal(near.denominator)
        centre = centre.quantize(step, ROUND_HALF_UP)
        for tried in (centre, centre - step, centre + step):
            if package_amount(quantity, tried, multiplier) == amount:
                return quantity, tried, True
    return ONE, amount, False


def split(total: Decimal, amounts: list[Decimal]) -> list[Decimal]:
    """``total`` (a site's VAT, rounded once) shared over lines in proportion to ``amounts``, each to the
    penny, adding up to ``total`` exactly: the pennies left by rounding down go to the largest remainders
    (first line first on a tie). With nothing to share by, the first line takes it all."""
    if not amounts:
        return []
    base = sum(amounts, Decimal(0))
    if base == 0:
        return [total, *(Decimal("0.00") for _ in amounts[1:])]
    pence = int(total * 100)
    exact = [Fraction(pence) * Fraction(a) / Fraction(base) for a in amounts]
    shares = [int(x // 1) for x in exact]
    left = pence - sum(shares)
    order = sorted(range(len(amounts)), key=lambda i: (-(exact[i] - shares[i]), i))
    for i in order[: abs(left)]:
        shares[i] += 1 if left > 0 else -1
    return [Decimal(share).scaleb(-2) for share in shares]
