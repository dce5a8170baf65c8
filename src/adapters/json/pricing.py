"""The ``pricing`` object of a shift (TimeEntryPricing) and its explanation, as replies and the console show them.

Pay figures appear only for a reader with ``pay:read``, charge figures only with ``charges:read``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from datetime import datetime
from decimal import Decimal
from typing import Any

from workforce_adapters.json.shapes import day, decimal_number, hours
from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules.awr import AwrClock, why
from workforce_core.rules.london import local_text
from workforce_core.rules.paid_time import MINUTE
from workforce_core.rules.pay_gate import unpriced_gate
from workforce_core.rules.pricing import Line, pennies
from workforce_core.views import ShiftFigures, ShiftGate, ShiftPricing

PAYROLL_FIELDS = ("paid_minutes", "paid_hours", "unpaid_break_minutes", "payroll_status", "payroll_excluded_reason")


def payroll_fields(entry: TimeEntry, priced: ShiftFigures | ShiftGate | None) -> dict[str, Any]:
    """The pay-gate fields of an entry: a break has none; an open shift is on hold; a completed shift
    has its paid minutes and its payroll status."""
    if entry.entry_type != "shift" or priced is None:  # a break, or a shift still open (gate rule 1)
        gate = unpriced_gate(entry)
        return {**dict.fromkeys(PAYROLL_FIELDS), "payroll_status": gate.status, "payroll_excluded_reason": gate.reason}
    return {
        "paid_minutes": priced.paid_minutes,
        "paid_hours": hours(priced.paid_minutes),
        "unpaid_break_minutes": priced.unpaid_break_minutes,
        "payroll_status": priced.gate.status,
        "payroll_excluded_reason": priced.gate.reason,
    }


def pricing_record(
    priced: ShiftFigures, *, pay: bool, charge: bool, explanation: ShiftPricing | None = None
) -> dict[str, Any]:
    """The shift's stored figures; with ``explanation`` (a pricing by the engine), its working too."""
    body: dict[str, Any] = {}
    figures = priced.element_figures()
    amounts = priced.amounts()
    if pay:
        body["pay_amount"] = float(amounts[0]) if amounts is not None else None
    if charge:
        body["charge_amount"] = float(amounts[1]) if amounts is not None else None
    body["pay_week_start"] = priced.pay_week_start.isoformat()
    body["source"] = priced.source
    elements: dict[str, dict[str, Any]] = {}
    for name, (minutes, pay_figure, charge_figure) in figures.items():
        element: dict[str, Any] = {"minutes": minutes}
        if pay:
            element["pay"] = float(pay_figure)
        if charge:
            element["charge"] = float(charge_figure)
        elements[name] = element
    body["elements"] = elements
    body["flags"] = list(priced.flags)
    if explanation is not None:
        if explanation.makes(priced):
            body["explanation"] = {**explained(explanation, pay=pay, charge=charge), "made_from": "engine"}
        else:
            body["explanation"] = stored_explained(priced, explanation, pay=pay, charge=charge)
    return body


def stored_explained(stored: ShiftFigures, now: ShiftPricing, *, pay: bool, charge: bool) -> dict[str, Any]:
    """Stored figures the engine would no longer make (frozen by a lock, the rule changed since),
    explained by what they were made from: the rule, the gate, the minutes, the rates and the lines
    as stored. The minute-by-minute working of a rule as it was is not kept, so ``intervals`` is empty."""
    rule = None
    if stored.rule_id is not None:
        name = now.rule.name if now.rule is not None and now.rule.id == stored.rule_id else f"rule {stored.rule_id}"
        rule = {"id": stored.rule_id, "name": name, "why": "the rule the stored figures were made with"}
    out: dict[str, Any] = {
        "made_from": "stored_figures",
        "rule": rule,
        "payroll_status": stored.gate.status,
        "payroll_excluded_reason": stored.gate.reason,
        "total_minutes": now.paid.total_minutes,
        "break": {
            "minutes": stored.unpaid_break_minutes,
            "source": "stored",
            "unpaid_minutes": stored.unpaid_break_minutes,
            "unpaid_taken": [],
        },
        "pay_adjustment_minutes": now.entry.pay_adjustment_minutes,
        "paid_minutes": stored.paid_minutes,
    }
    out.update(_rates(stored.base_pay, stored.base_charge, pay=pay, charge=charge), parity=stored.parity)
    out["intervals"] = []
    out["lines"] = _lines(stored.lines or (), pay=pay, charge=charge)
    return out


def _lines(lines: Iterable[Line], *, pay: bool, charge: bool) -> list[dict[str, Any]]:
    shown = []
    for line in lines:
        row: dict[str, Any] = {"element": line.element, "minutes": line.minutes}
        if pay:
            row.update(pay_rate=float(line.pay_rate), pay=float(pennies(line.pay)))
        if charge:
            row.update(charge_rate=float(line.charge_rate), charge=float(pennies(line.charge)))
        shown.append(row)
    return shown


def _at(start: datetime, minutes: int) -> str | None:
    return local_text(start + minutes * MINUTE)


def explained(priced: ShiftPricing, *, pay: bool, charge: bool) -> dict[str, Any]:
    """Why the figures are what they are: the rule and why, the break, each interval, the rates."""
    entry, paid, rule = priced.entry, priced.paid, priced.rule
    why = None
    if rule is not None:
        matched = [
            f"{name} {value}"
            for name, value in (
                ("site", rule.location_id),
                ("job role", rule.job_role),
                ("cost code", rule.cost_code_id),
            )
            if value is not None
        ]
        why = f"the client's active rule valid on the clock-in date with the highest priority ({rule.priority})" + (
            f", matching {', '.join(matched)}" if matched else ", applying to every site, role and cost code"
        )
    removed = []
    runs = list(paid.runs)
    for (_, end), (start, _) in itertools.pairwise(runs):
        removed.append({"from": _at(entry.clock_in, end), "to": _at(entry.clock_in, start), "minutes": start - end})
    out: dict[str, Any] = {
        "rule": {"id": rule.id, "name": rule.name, "why": why} if rule else None,
        "payroll_status": priced.gate.status,
        "payroll_excluded_reason": priced.gate.reason,
        "total_minutes": paid.total_minutes,
        "break": {
            "minutes": paid.break_minutes,
            "source": paid.break_source,
            "unpaid_minutes": paid.unpaid_break_minutes,
            "unpaid_taken": removed,
        },
        "pay_adjustment_minutes": entry.pay_adjustment_minutes,
        "paid_minutes": priced.paid_minutes,
    }
    out.update(_rates(priced.base_pay, priced.base_charge, pay=pay, charge=charge), parity=priced.parity)
    out["awr"] = awr_record(priced.awr) if priced.awr is not None else None
    intervals = []
    for run in priced.price.runs if priced.price else ():
        item: dict[str, Any] = {
            "from": local_text(run.start),
            "to": local_text(run.start + run.minutes * MINUTE),
            "minutes": run.minutes,
            "kind": run.kind,
            "day_type": run.day_type,
            "night": run.night,
            "overtime": run.overtime,
        }
        if pay:
            item["pay_rate"] = float(run.pay_rate)
            item["pay_uplifts"] = {name: float(p) for name, p, _ in run.uplifts}
        if charge:
            item["charge_rate"] = float(run.charge_rate)
            item["charge_uplifts"] = {name: float(c) for name, _, c in run.uplifts}
        intervals.append(item)
    out["intervals"] = intervals
    out["lines"] = _lines(priced.price.lines if priced.price else (), pay=pay, charge=charge)
    return out


def _rates(base_pay: Decimal | None, base_charge: Decimal | None, *, pay: bool, charge: bool) -> dict[str, Any]:
    """The base rates an explanation shows: each with its scope only."""
    shown: dict[str, Any] = {}
    if pay:
        shown["base_pay_rate"] = decimal_number(base_pay)
    if charge:
        shown["base_charge_rate"] = decimal_number(base_charge)
    return shown


def awr_record(clock: AwrClock) -> dict[str, Any]:
    """The AWR clock at the start of a pay week (a worker's ``awr``, a shift's ``pricing.awr``)."""
    return {
        "weeks_counted": clock.weeks_counted,
        "qualifies_on": day(clock.qualifies_on),
        "status": clock.status.value,
        "counting_since": day(clock.counting_since),
        "week_start": day(clock.week),
        "why": why(clock),
    }
