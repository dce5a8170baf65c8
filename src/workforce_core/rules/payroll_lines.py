"""A payroll line's figures from a worker's week of stored minutes (pricing.md sections 7 and 8).

A line rounds once per (element, pay rate) row, from that row's total minutes in the week; its
``gross_pay`` is the sum of the rounded rows, so the lines of a week add up exactly to the pay file's
total. An element's rate is its single rate, or the minute-weighted average to 4 decimals when its
minutes had several. The charge side rounds once per (element, charge rate) row the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

import attrs
from attrs import frozen

from workforce_core.model.holiday import HOLIDAY, HolidayPay
from workforce_core.rules.holiday_pay import HolidayDue
from workforce_core.rules.pricing import ELEMENTS, pennies_of

LABELS: dict[str, str] = {
    "regular": "Regular",
    "overtime": "Overtime",
    "weekend": "Weekend",
    "sunday": "Sunday",
    "bank_holiday": "Bank holiday",
    "night": "Night",
    "guarantee": "Guarantee",
    HOLIDAY: "Holiday pay",
}
RATE_PLACES = Decimal("0.0001")


@frozen
class Minutes:
    """Minutes of one element at one pay rate and one charge rate (the stored lines, summed)."""

    element: str
    pay_rate: Decimal
    charge_rate: Decimal
    minutes: int
    entry_ids: tuple[int, ...] = ()
    late: bool = False  # of late clocks paid in the line as adjustments: time of an earlier pay week


@frozen
class PayRow:
    """One row of the pay file: an element at one pay rate, rounded once; rolled-up holiday is a value
    (no minutes and no rate)."""

    element: str
    pay_rate: Decimal | None
    minutes: int
    pay: Decimal
    entry_ids: tuple[int, ...]


@frozen
class ElementTotal:
    element: str
    minutes: int
    pay: Decimal
    pay_rate: Decimal | None  # None when the element has no minutes
    charge: Decimal
    charge_rate: Decimal | None


@frozen
class LineFigures:
    rows: tuple[PayRow, ...]  # by element order, then rate
    elements: tuple[ElementTotal, ...]  # every element, in ELEMENTS order, then holiday when it is paid
    gross_pay: Decimal
    charge_total: Decimal

    @property
    def margin(self) -> Decimal:
        return self.charge_total - self.gross_pay


def _money(rate: Decimal, minutes: int) -> Decimal:
    """``rate`` times ``minutes`` over sixty, to the penny: ``pennies`` of the exact amount, whose ratio
    it is given unreduced (the rounding does not depend on it)."""
    numerator, denominator = rate.as_integer_ratio()
    return pennies_of(numerator * minutes, denominator * 60)


def _weighted(parts: list[tuple[Decimal, int]]) -> Decimal | None:
    minutes = sum(m for _, m in parts)
    if minutes == 0:
        return None
    rates = {rate for rate, m in parts if m}
    if len(rates) == 1:
        return rates.pop()
    average = sum((Fraction(rate) * m for rate, m in parts), Fraction(0)) / minutes
    return (Decimal(average.numerator) / Decimal(average.denominator)).quantize(RATE_PLACES, ROUND_HALF_UP)


ZERO = Decimal(0)
ORDER = {name: n for n, name in enumerate(ELEMENTS)}
NOTHING = {name: ElementTotal(name, 0, ZERO, None, ZERO, None) for name in ELEMENTS}  # an element without minutes


def line_figures(minutes: Iterable[Minutes], holiday: HolidayDue | None = None) -> LineFigures:
    """The line's rows and elements; with ``holiday`` (rolled up, or leave taken) a ``holiday`` row and
    element after the others, counted in ``gross_pay``."""
    charged: dict[Decimal, int] = {}  # the shifts' holiday charge lines (no pay: holiday is paid here)
    work = []
    for part in minutes:
        if part.element == HOLIDAY:
            charged[part.charge_rate] = charged.get(part.charge_rate, 0) + part.minutes
        else:
            work.append(part)
    figures = _work_figures(work)
    if holiday is not None and (
        holiday.kind is HolidayPay.NONE or (holiday.kind is HolidayPay.ACCRUED and not holiday.minutes)
    ):
        holiday = None
    if holiday is None and not charged:
        return figures
    charges = [(rate, total, _money(rate, total)) for rate, total in charged.items() if total]
    charge = sum((amount for _, _, amount in charges), ZERO)
    charge_rate = _weighted([(rate, total) for rate, total, _ in charges])
    if holiday is None:
        element = ElementTotal(HOLIDAY, 0, ZERO, None, charge, charge_rate)
        return attrs.evolve(figures, elements=(*figures.elements, element), charge_total=figures.charge_total + charge)
    pay = holiday.pay(figures.gross_pay)
    rate = holiday.pay_rate if holiday.kind is HolidayPay.ACCRUED else None
    return LineFigures(
        rows=(*figures.rows, PayRow(HOLIDAY, rate, holiday.minutes, pay, ())),
        elements=(*figures.elements, ElementTotal(HOLIDAY, holiday.minutes, pay, rate, charge, charge_rate)),
        gross_pay=figures.gross_pay + pay,
        charge_total=figures.charge_total + charge,
    )


def _work_figures(minutes: Iterable[Minutes]) -> LineFigures:
    pay_rows: dict[tuple[str, Decimal], list[Any]] = {}  # (element, pay rate): [minutes, entry ids]
    charge_rows: dict[tuple[str, Decimal], int] = {}
    for part in minutes:
        if part.minutes == 0:
            continue
        key = (part.element, part.pay_rate)
        found = pay_rows.get(key)
        if found is None:
            pay_rows[key] = [part.minutes, list(part.entry_ids)]
        else:
            found[0] += part.minutes
            found[1].extend(part.entry_ids)
        key = (part.element, part.charge_rate)
        charge_rows[key] = charge_rows.get(key, 0) + part.minutes
    ordered = (
        sorted(pay_rows.items(), key=lambda item: (ORDER[item[0][0]], item[0][1]))
        if len(pay_rows) > 1
        else pay_rows.items()
    )
    rows = tuple(
        PayRow(element, rate, total, _money(rate, total), tuple(sorted(set(ids))) if ids else ())
        for (element, rate), (total, ids) in ordered
    )
    pay_of: dict[str, list[PayRow]] = {}
    for row in rows:
        pay_of.setdefault(row.element, []).append(row)
    charge_of: dict[str, list[tuple[Decimal, int, Decimal]]] = {}
    for (element, rate), total in charge_rows.items():
        charge_of.setdefault(element, []).append((rate, total, _money(rate, total)))
    elements = tuple(
        _element(name, pay_of.get(name, ()), charge_of.get(name, ()))
        if name in pay_of or name in charge_of
        else NOTHING[name]
        for name in ELEMENTS
    )
    return LineFigures(
        rows=rows,
        elements=elements,
        gross_pay=sum((row.pay for row in rows), ZERO),
        charge_total=sum((amount for parts in charge_of.values() for _, _, amount in parts), ZERO),
    )


def _element(name: str, pay: Sequence[PayRow], charge: Sequence[tuple[Decimal, int, Decimal]]) -> ElementTotal:
    if len(pay) == 1 and len(charge) == 1 and pay[0].minutes and charge[0][1]:  # one rate each way (usual)
        row, (charge_rate, _, amount) = pay[0], charge[0]
        return ElementTotal(name, row.minutes, ZERO + row.pay, row.pay_rate, ZERO + amount, charge_rate)
    return ElementTotal(
        element=name,
        minutes=sum(row.minutes for row in pay),
        pay=sum((row.pay for row in pay), ZERO),
        pay_rate=_weighted([(row.pay_rate, row.minutes) for row in pay if row.pay_rate is not None]),
        charge=sum((amount for _, _, amount in charge), ZERO),
        charge_rate=_weighted([(rate, total) for rate, total, _ in charge]),
    )
