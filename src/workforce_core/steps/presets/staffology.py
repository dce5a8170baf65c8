"""Staffology Payroll's (IRIS) "Import Payment Amounts" CSV, row based: one pay line per row, the
employee's Payroll Code, the Amount, the Hours (hourly lines), the Pay Code and a Note, with the
field names of Staffology's "Import payments fields" list as the header (decisions.md cites it).
The amount is the line's own pay, so the import needs no rate."""

from __future__ import annotations

from collections.abc import Iterator

from attrs import frozen

from workforce_core.model.exports import ExportFormat
from workforce_core.model.pay_codes import PayCode, PayrollPackage
from workforce_core.ports.exporters import FileLine, Refusal, WeekToExport
from workforce_core.ports.exports import Cell
from workforce_core.rules.import_amounts import hours_of
from workforce_core.rules.payroll_lines import LABELS, PayRow
from workforce_core.steps.presets.common import pay_file, uk_date
from workforce_core.views import PayrollLine

HEADER = ("Payroll Code", "Amount", "Hours", "Pay Code", "Note")


@frozen
class StaffologyPayments:
    format: str = ExportFormat.STAFFOLOGY
    header: tuple[str, ...] = HEADER
    header_row: bool = True
    package: str | None = PayrollPackage.STAFFOLOGY

    def lines(self, week: WeekToExport) -> Iterator[FileLine | Refusal]:
        note = f"week {uk_date(week.first)} to {uk_date(week.last)}"

        def cells(line: PayrollLine, pay: PayRow, code: PayCode) -> tuple[Cell, ...]:
            hours = hours_of(pay.minutes) if pay.minutes else None
            return (line.row.employee_id, pay.pay, hours, code.code, f"{LABELS[pay.element]}, {note}")

        return pay_file(week, "Staffology", cells)


WRITER = StaffologyPayments()
