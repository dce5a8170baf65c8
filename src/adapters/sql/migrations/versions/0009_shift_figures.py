"""Stored pay figures: each completed shift's pricing and its lines (element, minutes, rates).

A write that can change a shift's figures drops them; the next read reprices the worker-week. Existing
databases need no backfill: a shift with no figures is priced when first read.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from workforce_adapters.sql.types import ExactDecimal

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shift_figures",
        sa.Column("entry_id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("worker_id", sa.Integer(), nullable=False),
        sa.Column("location_id", sa.Integer()),
        sa.Column("pay_week_start", sa.Date(), nullable=False),
        sa.Column("paid_minutes", sa.Integer(), nullable=False),
        sa.Column("unpaid_break_minutes", sa.Integer(), nullable=False),
        sa.Column("payroll_status", sa.String(20), nullable=False),
        sa.Column("payroll_reason", sa.String(40)),
        sa.Column("flags", sa.String(255), nullable=False),
        sa.Column("rule_id", sa.Integer()),
        sa.Column("base_pay_rate", ExactDecimal()),
        sa.Column("base_charge_rate", ExactDecimal()),
        sa.Column("parity", sa.Boolean(), nullable=False),
        sa.Column("priced", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["entry_id"], ["time_entries.id"], name=op.f("fk_shift_figures_entry_id_time_entries")),
        sa.PrimaryKeyConstraint("entry_id", name=op.f("pk_shift_figures")),
    )
    op.create_index("ix_shift_figures_worker_week", "shift_figures", ["worker_id", "pay_week_start"])
    op.create_index("ix_shift_figures_client_week", "shift_figures", ["client_id", "pay_week_start"])
    op.create_table(
        "shift_figure_lines",
        sa.Column("entry_id", sa.Integer(), nullable=False),
        sa.Column("line_no", sa.Integer(), nullable=False, autoincrement=False),
        sa.Column("element", sa.String(20), nullable=False),
        sa.Column("minutes", sa.Integer(), nullable=False),
        sa.Column("pay_rate", ExactDecimal(), nullable=False),
        sa.Column("charge_rate", ExactDecimal(), nullable=False),
        sa.ForeignKeyConstraint(
            ["entry_id"], ["shift_figures.entry_id"], name=op.f("fk_shift_figure_lines_entry_id_shift_figures")
        ),
        sa.PrimaryKeyConstraint("entry_id", "line_no", name=op.f("pk_shift_figure_lines")),
    )


def downgrade() -> None:
    op.drop_table("shift_figure_lines")
    op.drop_index("ix_shift_figures_client_week", table_name="shift_figures")
    op.drop_index("ix_shift_figures_worker_week", table_name="shift_figures")
    op.drop_table("shift_figures")
