"""A completed shift's pricing and stored figures, and the sums storage makes of them (a worker's week)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from fractions import Fraction

from attrs import frozen

from workforce_core.model.holiday import HOLIDAY
from workforce_core.model.pay_weeks import FiguresSource
from workforce_core.model.rates import RateRule
from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules.awr import AwrClock
from workforce_core.rules.paid_time import PaidTime
from workforce_core.rules.pay_gate import GateResult
from workforce_core.rules.payroll_lines import Minutes
from workforce_core.rules.pricing import ELEMENTS, Line, ShiftPrice, pennies
from workforce_core.views.time_entries import ShiftGate


@frozen
class ShiftPricing:
    """What the reads show of one completed shift."""

    entry: TimeEntry
    paid: PaidTime
    gate: GateResult
    pay_week_start: date
    rule: RateRule | None = None
    price: ShiftPrice | None = None
    base_pay: Decimal | None = None
    base_charge: Decimal | None = None
    parity: bool = False
    source: FiguresSource = FiguresSource.LIVE  # priced now, or the frozen figures of a locked pay week
    awr: AwrClock | None = None  # the AWR clock that decided ``parity``, when the rule has parity rates

    @property
    def paid_minutes(self) -> int:
        return self.price.paid_minutes if self.price is not None else self.paid.paid_minutes

    @property
    def flags(self) -> tuple[str, ...]:
        return self.gate.flags

    def makes(self, stored: ShiftFigures) -> bool:
        """Whether this working makes exactly ``stored`` (the same rule, rates, gate and money): then it
        explains them; else they were made otherwise (frozen by a lock from a rule changed since)."""
        made = self.figures()
        return (
            made.rule_id == stored.rule_id
            and (made.base_pay, made.base_charge, made.parity) == (stored.base_pay, stored.base_charge, stored.parity)
            and (made.paid_minutes, made.unpaid_break_minutes) == (stored.paid_minutes, stored.unpaid_break_minutes)
            and (made.gate.status, made.gate.reason) == (stored.gate.status, stored.gate.reason)
            and (made.lines is None) == (stored.lines is None)
            and made.element_figures() == stored.element_figures()
        )

    def figures(self) -> ShiftFigures:
        """What is stored of this pricing: the figures every read shows, without the working."""
        entry = self.entry
        return ShiftFigures(
            entry_id=entry.id,
            client_id=entry.client_id,
            worker_id=entry.worker_id,
            location_id=entry.location_id,
            pay_week_start=self.pay_week_start,
            clock_in=entry.clock_in,
            paid_minutes=self.paid_minutes,
            unpaid_break_minutes=self.paid.unpaid_break_minutes,
            gate=self.gate,
            rule_id=self.rule.id if self.rule is not None else None,
            base_pay=self.base_pay,
            base_charge=self.base_charge,
            parity=self.parity,
            lines=self.price.lines if self.price is not None else None,
            source=self.source,
        )


@frozen(kw_only=True)
class ShiftFigures:
    """The stored pay figures of one completed shift: kept current by the writes that can
    change them, read without running the engine. ``lines`` is None when the shift has no pay rate."""

    entry_id: int
    client_id: int
    worker_id: int
    location_id: int | None
    pay_week_start: date
    clock_in: datetime  # the shift's when priced: a figure is dropped when its shift changes
    paid_minutes: int
    unpaid_break_minutes: int
    gate: GateResult
    rule_id: int | None
    base_pay: Decimal | None
    base_charge: Decimal | None
    parity: bool
    lines: tuple[Line, ...] | None
    source: FiguresSource = FiguresSource.LIVE
    adjust_week: date | None = None  # a late clock: the pay week it is due (or was paid) in

    @property
    def flags(self) -> tuple[str, ...]:
        return self.gate.flags

    def shift_gate(self) -> ShiftGate:
        return ShiftGate(self.paid_minutes, self.unpaid_break_minutes, self.gate)

    def element_figures(self) -> dict[str, tuple[int, Decimal, Decimal]]:
        """Each element's minutes and its pay and charge, summed exactly and rounded once to the penny."""
        names = ELEMENTS if not any(line.element == HOLIDAY for line in self.lines or ()) else (*ELEMENTS, HOLIDAY)
        minutes = dict.fromkeys(names, 0)
        pay = {name: Fraction(0) for name in names}
        charge = {name: Fraction(0) for name in names}
        for line in self.lines or ():
            minutes[line.element] += line.minutes
            pay[line.element] += line.pay
            charge[line.element] += line.charge
        return {name: (minutes[name], pennies(pay[name]), pennies(charge[name])) for name in names}

    def amounts(self) -> tuple[Decimal, Decimal] | None:
        """The shift's pay and charge: the sums of its elements' (each already to the penny); None when it
        has no pay rate, so was not priced."""
        if self.lines is None:
            return None
        figures = self.element_figures().values()
        return sum((f[1] for f in figures), Decimal(0)), sum((f[2] for f in figures), Decimal(0))


@frozen
class ElementMinutes:
    """A worker's minutes of one element at one pay rate and one charge rate in a pay week."""

    element: str
    pay_rate: Decimal
    charge_rate: Decimal
    minutes: int


@frozen
class WorkerWeek:
    """The sums of one worker's stored figures in one pay week (shifts of one payroll status)."""

    worker_id: int
    shifts: int
    paid_minutes: int
    lines: tuple[ElementMinutes, ...]


@frozen
class WageWeek:
    """A worker's payable shifts of one pay week, summed per element and pay rate, with what decides
    their band."""

    worker_id: int
    week_start: date
    minutes: tuple[Minutes, ...]
    location_ids: frozenset[int | None]  # the sites of those shifts
    date_of_birth: date | None
    apprentice_since: date | None
