"""exports: export batches, the shifts each held and the stored bytes of each file

Revision ID: 0015
Revises: 0014
Create Date: 2026-11-22 23:50:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import workforce_adapters.sql.types

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "export_batches",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("format", sa.String(length=40), nullable=False),
        sa.Column("period_start", sa.Date(), nullable=False),
        sa.Column("period_end", sa.Date(), nullable=False),
        sa.Column("file_name", sa.String(length=200), nullable=False),
        sa.Column("file_sha256", sa.String(length=64), nullable=False),
        sa.Column("entry_count", sa.Integer(), nullable=False),
        sa.Column("line_count", sa.Integer(), nullable=False),
        sa.Column("total_pay", workforce_adapters.sql.types.Money(), nullable=False),
        sa.Column("total_charge", workforce_adapters.sql.types.Money(), nullable=False),
        sa.Column("stamps_entries", sa.Boolean(), nullable=False),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("created_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.Column("lock_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name=op.f("fk_export_batches_client_id_clients")),
        sa.ForeignKeyConstraint(
            ["lock_id"], ["pay_week_locks.id"], name=op.f("fk_export_batches_lock_id_pay_week_locks")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_export_batches")),
    )
    op.create_index("ix_export_batches_client_period", "export_batches", ["client_id", "period_start"])
    op.create_table(
        "export_batch_entries",
        sa.Column("batch_id", sa.Integer(), nullable=False),
        sa.Column("entry_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["batch_id"],
            ["export_batches.id"],
            name=op.f("fk_export_batch_entries_batch_id_export_batches"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["entry_id"], ["time_entries.id"], name=op.f("fk_export_batch_entries_entry_id_time_entries")
        ),
        sa.PrimaryKeyConstraint("batch_id", "entry_id", name=op.f("pk_export_batch_entries")),
    )
    op.create_table(
        "export_files",
        sa.Column("batch_id", sa.Integer(), nullable=False),
        sa.Column("content", sa.LargeBinary(), nullable=False),
        sa.ForeignKeyConstraint(
            ["batch_id"],
            ["export_batches.id"],
            name=op.f("fk_export_files_batch_id_export_batches"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("batch_id", name=op.f("pk_export_files")),
    )


def downgrade() -> None:
    op.drop_table("export_files")
    op.drop_table("export_batch_entries")
    op.drop_index("ix_export_batches_client_period", table_name="export_batches")
    op.drop_table("export_batches")
