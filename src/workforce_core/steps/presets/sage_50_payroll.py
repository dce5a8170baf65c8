"""Sage 50 Payroll's multi-timesheet import: one line per payment, no header line, columns A to G:
``2`` (a payment; ``D`` would be a deduction), the employee's number, the payment number, the
department code, the cost centre code, the hours (or the value) of the payment and the hourly rate
(Sage's "Import employee timesheet values" article; decisions.md cites it). Hours are written to 2
decimals at a rate that gives the line's pay to the penny; a value (rolled-up holiday) has no rate."""

from __future__ import annotations

from collections.abc import Iterator

from attrs import frozen

from workforce_core.model.exports import ExportFormat
from workforce_core.model.pay_codes import PayCode, PayrollPackage
from workforce_core.ports.exporters import FileLine, Refusal, WeekToExport
from workforce_core.ports.exports import Cell
from workforce_core.rules.import_amounts import quantity_and_rate
from workforce_core.rules.payroll_lines import PayRow
from workforce_core.steps.presets.common import pay_file
from workforce_core.views import PayrollLine

PAYMENT = "2"
HEADER = ("Type", "Employee reference", "Payment number", "Department", "Cost centre", "Hours or value", "Rate")


@frozen
class SagePayrollTimesheet:
    format: str = ExportFormat.SAGE_50_PAYROLL
    header: tuple[str, ...] = HEADER
    header_row: bool = False
    package: str | None = PayrollPackage.SAGE_50_PAYROLL

    def lines(self, week: WeekToExport) -> Iterator[FileLine | Refusal]:
        return pay_file(week, "Sage 50 Payroll", _cells)


def _cells(line: PayrollLine, pay: PayRow, code: PayCode) -> tuple[Cell, ...]:
    row = line.row
    quantity, rate, hourly = quantity_and_rate(pay.minutes, pay.pay_rate, pay.pay)
    hours_or_value = quantity if hourly else pay.pay
    return (
        PAYMENT,
        row.employee_id,
        code.code,
        row.department,
        row.cost_centre,
        hours_or_value,
        rate if hourly else None,
    )


WRITER = SagePayrollTimesheet()
