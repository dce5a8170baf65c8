"""The export presets: one writer per file format, each behind the exporter port
(``workforce_core.ports.exporters.Exporter``). A new package is one module here, its entry below and
its golden file in the tests."""

from __future__ import annotations

from workforce_core.model.exports import ExportFormat
from workforce_core.ports.exporters import Exporter
from workforce_core.steps.presets import (
    brightpay,
    own_formats,
    quickbooks,
    sage_50_accounts,
    sage_50_payroll,
    staffology,
    xero,
)

EXPORTERS: dict[str, Exporter] = {
    ExportFormat.PKG_A_50: own_formats.PkgA50(),
    ExportFormat.PAYROLL_LINES: own_formats.PayrollLines(),
    ExportFormat.PKG_B_CHARGES: own_formats.PkgBCharges(),
    ExportFormat.SAGE_50_PAYROLL: sage_50_payroll.WRITER,
    ExportFormat.BRIGHTPAY: brightpay.WRITER,
    ExportFormat.STAFFOLOGY: staffology.WRITER,
    ExportFormat.XERO: xero.WRITER,
    ExportFormat.SAGE_50_ACCOUNTS: sage_50_accounts.WRITER,
    ExportFormat.QUICKBOOKS: quickbooks.WRITER,
}
