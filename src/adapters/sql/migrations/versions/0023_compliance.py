"""UK compliance: a worker's date of birth and apprenticeship start (the minimum wage band), their
48-hour opt-out (working time), and the minimum wage shortfalls accepted with a reason.

Revision ID: 0023
Revises: 0022
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from workforce_adapters.sql.types import Money, UtcDateTime

revision = "0023"
down_revision = "0022"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("workers", sa.Column("date_of_birth", sa.Date(), nullable=True))
    op.add_column("workers", sa.Column("apprentice_since", sa.Date(), nullable=True))
    op.add_column("workers", sa.Column("wtr_opt_out", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_table(
        "minimum_wage_acceptances",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("client_id", sa.Integer, sa.ForeignKey("clients.id"), nullable=False),
        sa.Column("worker_id", sa.Integer, sa.ForeignKey("workers.id"), nullable=False),
        sa.Column("week_start", sa.Date, nullable=False),
        sa.Column("amount_short", Money(), nullable=False),
        sa.Column("reason", sa.String(1000), nullable=False),
        sa.Column("accepted_at", UtcDateTime(), nullable=False),
        sa.Column("accepted_by", sa.Integer, nullable=True),
    )
    op.create_index(
        "ix_minimum_wage_acceptances_client_week",
        "minimum_wage_acceptances",
        ["client_id", "week_start", "worker_id"],
    )


def downgrade() -> None:
    op.drop_index("ix_minimum_wage_acceptances_client_week", table_name="minimum_wage_acceptances")
    op.drop_table("minimum_wage_acceptances")
    op.drop_column("workers", "wtr_opt_out")
    op.drop_column("workers", "apprentice_since")
    op.drop_column("workers", "date_of_birth")
