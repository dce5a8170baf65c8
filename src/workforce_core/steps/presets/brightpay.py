"""BrightPay's "Import Hourly Payments" CSV: the worker matched by works number, then one payment:
rate per hour, description, hours in the column of its multiple of the rate (normal, time and a half,
a third, a quarter, double, triple, quadruple) and department, with the guide's field names as the
header so "Match Header Row" finds every column (decisions.md cites the guide). One line per pay row:
import with "Replace Existing" off so a worker's lines add up. A value (rolled-up holiday) is written
as one normal hour at the value, the only way this import carries a sum."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from attrs import frozen

from workforce_core.model.exports import ExportFormat
from workforce_core.model.pay_codes import MULTIPLIERS, PayCode, PayrollPackage
from workforce_core.ports.exporters import FileLine, Refusal, WeekToExport
from workforce_core.ports.exports import Cell
from workforce_core.rules.import_amounts import ONE, quantity_and_rate
from workforce_core.rules.payroll_lines import PayRow
from workforce_core.steps.presets.common import pay_file
from workforce_core.views import PayrollLine

HOURS_COLUMNS = (
    "Number of normal hours",
    "Number of time and a half hours",
    "Number of time and a third hours",
    "Number of time and a quarter hours",
    "Number of double time hours",
    "Number of triple time hours",
    "Number of quadruple time hours",
)
HEADER = ("Employee works number", "Rate per hour", "Description", *HOURS_COLUMNS, "Department")
COLUMN_OF: dict[Decimal, int] = {m: n for n, m in enumerate(MULTIPLIERS[PayrollPackage.BRIGHTPAY])}


@frozen
class BrightPayHourlyPayments:
    format: str = ExportFormat.BRIGHTPAY
    header: tuple[str, ...] = HEADER
    header_row: bool = True
    package: str | None = PayrollPackage.BRIGHTPAY

    def lines(self, week: WeekToExport) -> Iterator[FileLine | Refusal]:
        return pay_file(week, "BrightPay", _cells)


def _cells(line: PayrollLine, pay: PayRow, code: PayCode) -> tuple[Cell, ...]:
    multiplier = code.multiplier or ONE
    quantity, rate, hourly = quantity_and_rate(pay.minutes, pay.pay_rate, pay.pay, multiplier=multiplier)
    hours: list[Cell] = [None] * len(HOURS_COLUMNS)
    hours[COLUMN_OF[multiplier] if hourly else 0] = quantity
    return (line.row.employee_id, rate, code.code, *hours, line.row.department)


WRITER = BrightPayHourlyPayments()
