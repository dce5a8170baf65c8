"""PayrollLine as /payroll.php shows it. Charge figures (``charge_total``, ``margin``, element ``charge``
and ``charge_rate``) appear only for a reader with ``charges:read``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from workforce_adapters.json.shapes import decimal_number, hours
from workforce_core.rules.payroll_lines import LABELS, NOTHING, ElementTotal
from workforce_core.views import PayrollLine


def _element(element: ElementTotal, charge: bool) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "minutes": element.minutes,
        "hours": hours(element.minutes),
        "pay": decimal_number(element.pay),
        "pay_rate": decimal_number(element.pay_rate),
    }
    if charge:
        shown["charge"] = decimal_number(element.charge)
        shown["charge_rate"] = decimal_number(element.charge_rate)
    return shown


# an element without minutes (most of a line's seven) shows the same every time: built once per sight and
# shared by the records (never changed: a record is only encoded)
_NOTHING_SHOWN = {charge: {name: _element(NOTHING[name], charge) for name in NOTHING} for charge in (False, True)}


def payroll_line_record(
    line: PayrollLine, *, charge: bool, include_entries: bool, adjustments: bool, refs: Mapping[str, str] | None = None
) -> dict[str, Any]:
    """``refs``: the client's pay code per element (``pkg_a_ref``); an element without one shows its name."""
    row, figures = line.row, line.figures
    body: dict[str, Any] = {
        "worker_id": row.worker_id,
        "employee_id": row.employee_id,
        "worker_name": row.worker_name,
        "pay_week_start": row.week.isoformat(),
        "pay_week_end": line.week_end.isoformat(),
        "shifts": row.shifts,
        "paid_minutes": row.paid_minutes,
        "paid_hours": hours(row.paid_minutes),
        "gross_pay": float(figures.gross_pay),
    }
    if charge:
        body["charge_total"] = float(figures.charge_total)
        body["margin"] = float(figures.margin)
    nothing = _NOTHING_SHOWN[charge]
    elements: dict[str, Any] = {
        element.element: nothing[element.element]
        if element is NOTHING.get(element.element)
        else _element(element, charge)
        for element in figures.elements
    }
    body["base_pay_rate"] = elements["regular"]["pay_rate"]
    body["department"] = department = row.department
    body["cost_centre"] = cost_centre = row.cost_centre
    body["elements"] = elements
    pay_elements = []
    for pay_row in figures.rows:
        item: dict[str, Any] = {
            "element": pay_row.element,
            "label": LABELS[pay_row.element],
            "pkg_a_ref": refs.get(pay_row.element, pay_row.element) if refs else pay_row.element,
            "minutes": pay_row.minutes,
            "hours": hours(pay_row.minutes),
            "pay_rate": decimal_number(pay_row.pay_rate),  # null for rolled-up holiday (a value)
            "pay": float(pay_row.pay),
            "department": department,
            "cost_centre": cost_centre,
        }
        if include_entries:
            item["entry_ids"] = list(pay_row.entry_ids)
        pay_elements.append(item)
    body["pay_elements"] = pay_elements
    body["source"] = line.source
    wage = line.wage
    body["flags"] = list(line.flags)
    body["minimum_wage"] = None
    if wage is not None:
        body["minimum_wage"] = {
            "band": wage.band.value,
            "rate": float(wage.rate),
            "hourly_pay": float(wage.hourly_pay),
            "amount_short": float(wage.short),
            "status": line.wage_status,
            "assumed_21_and_over": wage.assumed_adult,
        }
    if include_entries:
        body["entry_ids"] = list(row.entry_ids)
    if adjustments:
        body["adjustments"] = [
            {
                "entry_id": late.entry_id,
                "state": late.state,
                "adjust_week": late.adjust_week.isoformat(),
                "pay_week_start": late.pay_week_start.isoformat(),
                "paid_minutes": late.paid_minutes,
            }
            for late in row.adjustments
        ]
    return body
