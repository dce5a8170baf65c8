"""Export batches, the shifts each held and the exact bytes of each file."""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Date,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Table,
    Text,
    UniqueConstraint,
)

from workforce_adapters.sql.tables.base import metadata
from workforce_adapters.sql.types import ExactDecimal, Money, UtcDateTime

export_batches = Table(
    "export_batches",
    metadata,
    # one row per export file of a client's pay week; a new export adds a row, older rows never change
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("kind", String(20), nullable=False),
    Column("format", String(40), nullable=False),
    Column("period_start", Date, nullable=False),
    Column("period_end", Date, nullable=False),
    Column("file_name", String(200), nullable=False),
    Column("file_sha256", String(64), nullable=False),
    Column("entry_count", Integer, nullable=False),
    Column("line_count", Integer, nullable=False),
    Column("total_pay", Money, nullable=False),
    Column("total_charge", Money, nullable=False),
    Column("stamps_entries", Boolean, nullable=False),
    Column("reason", Text, nullable=True),
    Column("created_at", UtcDateTime, nullable=False),
    Column("lock_id", Integer, ForeignKey("pay_week_locks.id"), nullable=True),  # the lock it was made under
    Index("ix_export_batches_client_period", "client_id", "period_start"),
)

export_batch_entries = Table(
    "export_batch_entries",
    metadata,
    # the shifts a batch's file held, recorded when made (ExportBatchDetail ``entry_ids``)
    Column("batch_id", Integer, ForeignKey("export_batches.id", ondelete="CASCADE"), primary_key=True),
    Column("entry_id", Integer, ForeignKey("time_entries.id"), primary_key=True),
)

export_files = Table(
    "export_files",
    metadata,
    # the exact bytes of a batch's file (``file_ok`` re-checks their digest); apart, so lists never load them
    Column("batch_id", Integer, ForeignKey("export_batches.id", ondelete="CASCADE"), primary_key=True),
    Column("content", LargeBinary, nullable=False),
)

# A client's pay codes: what each pay element is called in each payroll package (and BrightPay's
# multiplier), one row per client, package and element.
pay_codes = Table(
    "pay_codes",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("package", String(32), nullable=False),
    Column("element", String(32), nullable=False),
    Column("code", String(60), nullable=False),
    Column("multiplier", ExactDecimal),
    UniqueConstraint("client_id", "package", "element", name="uq_pay_codes_client_package_element"),
)
