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

# the file format of each kind (decisions.md names and describes them)
FORMATS: dict[str, str] = {
    ExportKind.PKG_A: "pkg_a_50",
    ExportKind.PKG_B: "pkg_b_charges",
    ExportKind.PAYROLL: "payroll_lines",
    ExportKind.HOLIDAY_RECORDS: "holiday_records",
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
