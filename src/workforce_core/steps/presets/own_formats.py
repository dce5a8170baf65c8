"""Our own three files behind the same port: ``pkg_a_50`` (a row per pay element), ``payroll_lines``
(a row per payroll line) and ``pkg_b_charges`` (a row per charge line); their rows are export_rows'."""

from __future__ import annotations

from collections.abc import Iterator

from attrs import frozen

from workforce_core.model.exports import ExportFormat
from workforce_core.ports.exporters import FileLine, Refusal, WeekToExport
from workforce_core.steps import export_rows


@frozen
class PkgA50:
    format: str = ExportFormat.PKG_A_50
    header: tuple[str, ...] = export_rows.PKG_A_HEADER
    header_row: bool = True
    package: str | None = None

    def lines(self, week: WeekToExport) -> Iterator[FileLine | Refusal]:
        for line in week.pay_lines:
            row = line.row
            for pay, cells in zip(line.figures.rows, export_rows.pkg_a_rows(line, week.refs), strict=True):
                yield FileLine(cells, pay.pay, worker_id=row.worker_id, worker_name=row.worker_name)


@frozen
class PayrollLines:
    format: str = ExportFormat.PAYROLL_LINES
    header: tuple[str, ...] = export_rows.PAYROLL_HEADER
    header_row: bool = True
    package: str | None = None

    def lines(self, week: WeekToExport) -> Iterator[FileLine | Refusal]:
        for line in week.pay_lines:
            row = line.row
            cells = export_rows.payroll_row(line)
            yield FileLine(cells, line.figures.gross_pay, worker_id=row.worker_id, worker_name=row.worker_name)


@frozen
class PkgBCharges:
    format: str = ExportFormat.PKG_B_CHARGES
    header: tuple[str, ...] = export_rows.PKG_B_HEADER
    header_row: bool = True
    package: str | None = None

    def lines(self, week: WeekToExport) -> Iterator[FileLine | Refusal]:
        for invoice in week.invoices:
            for line in invoice.lines:
                g = line.group
                yield FileLine(
                    export_rows.pkg_b_row(week.reference, line),
                    line.amount,
                    worker_id=g.worker_id,
                    worker_name=g.worker_name,
                    site_id=invoice.site.id,
                    site_name=invoice.site.name,
                )
