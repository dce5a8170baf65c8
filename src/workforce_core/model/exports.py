"""Export batches: a pay or charge file made from a locked pay week, its stored bytes' digest and
the shifts it held (the spec's ExportBatch / ExportBatchDetail)."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from enum import StrEnum

from attrs import define


class ExportKind(StrEnum):
    """What a batch holds: the ``pkg_a_50`` pay file, a charge/invoice file, or the payroll lines."""

    PKG_A = "pkg_a"
    PKG_B = "pkg_b"
    PAYROLL = "payroll"
    HOLIDAY_RECORDS = "holiday_records"  # the leave year's holiday records up to the week (kept six years)


EXPORT_KINDS: tuple[str, ...] = tuple(ExportKind)


class ExportFormat(StrEnum):
    """A file's columns: our own three, and the presets of the payroll and accounting packages that UK
    agencies import (decisions.md cites each package's import guide)."""

    PKG_A_50 = "pkg_a_50"
    PKG_B_CHARGES = "pkg_b_charges"
    PAYROLL_LINES = "payroll_lines"
    SAGE_50_PAYROLL = "sage_50_payroll_timesheet"
    BRIGHTPAY = "brightpay_hourly_payments"
    STAFFOLOGY = "staffology_payments"
    XERO = "xero_sales_invoices"
    SAGE_50_ACCOUNTS = "sage_50_accounts_transactions"
    QUICKBOOKS = "quickbooks_online_invoices"
    HOLIDAY_RECORDS = "holiday_records"


# the kind each format is made as: the payroll presets are ``payroll`` files, the invoices ``pkg_b``
KIND_OF_FORMAT: dict[str, str] = {
    ExportFormat.PKG_A_50: ExportKind.PKG_A,
    ExportFormat.PKG_B_CHARGES: ExportKind.PKG_B,
    ExportFormat.PAYROLL_LINES: ExportKind.PAYROLL,
    ExportFormat.SAGE_50_PAYROLL: ExportKind.PAYROLL,
    ExportFormat.BRIGHTPAY: ExportKind.PAYROLL,
    ExportFormat.STAFFOLOGY: ExportKind.PAYROLL,
    ExportFormat.XERO: ExportKind.PKG_B,
    ExportFormat.SAGE_50_ACCOUNTS: ExportKind.PKG_B,
    ExportFormat.QUICKBOOKS: ExportKind.PKG_B,
    ExportFormat.HOLIDAY_RECORDS: ExportKind.HOLIDAY_RECORDS,
}
EXPORT_FORMATS: tuple[str, ...] = tuple(ExportFormat)

# the file format of each kind when none is asked (decisions.md names and describes them)
FORMATS: dict[str, str] = {
    ExportKind.PKG_A: ExportFormat.PKG_A_50,
    ExportKind.PKG_B: ExportFormat.PKG_B_CHARGES,
    ExportKind.PAYROLL: ExportFormat.PAYROLL_LINES,
    ExportKind.HOLIDAY_RECORDS: ExportFormat.HOLIDAY_RECORDS,
}

# ``exported_batch_id`` is "the latest pkg_a or pkg_b file holding it" (the spec): those two stamp their
# shifts; the ``payroll`` lines file does not
STAMPS_ENTRIES: dict[str, bool] = {
    ExportKind.PKG_A: True,
    ExportKind.PKG_B: True,
    ExportKind.PAYROLL: False,
    ExportKind.HOLIDAY_RECORDS: False,
}


@define
class ExportBatch:
    """One export file of a client's pay week. ``lock_id`` is the lock it was made under (the week is
    ``exported`` while that lock stands); ``entry_ids`` the shifts the file held, recorded when made."""

    client_id: int
    kind: str
    format: str
    period_start: date
    period_end: date
    file_name: str
    file_sha256: str
    entry_count: int
    line_count: int
    total_pay: Decimal
    total_charge: Decimal
    stamps_entries: bool
    created_at: datetime
    lock_id: int | None = None
    reason: str | None = None
    entry_ids: tuple[int, ...] = ()
    id: int = 0
