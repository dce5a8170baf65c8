"""Late clocks paid once: the week a late shift is due in, kept with its figures, and its payment.

``shift_payments`` has the shift as its primary key: the database refuses a second payment of one shift.

Revision ID: 0016
Revises: 0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from workforce_adapters.sql.types import UtcDateTime

revision = "0016"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("shift_figures") as batch:
        batch.add_column(sa.Column("adjust_week", sa.Date(), nullable=True))
    op.create_table(
        "shift_payments",
        sa.Column("entry_id", sa.Integer(), nullable=False),
        sa.Column("lock_id", sa.Integer(), nullable=False),
        sa.Column("week_start", sa.Date(), nullable=False),
        sa.Column("paid_at", UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["entry_id"], ["time_entries.id"], name=op.f("fk_shift_payments_entry_id_time_entries")
        ),
        sa.ForeignKeyConstraint(
            ["lock_id"], ["pay_week_locks.id"], name=op.f("fk_shift_payments_lock_id_pay_week_locks")
        ),
        sa.PrimaryKeyConstraint("entry_id", name=op.f("pk_shift_payments")),
    )
    op.create_index("ix_shift_payments_lock", "shift_payments", ["lock_id"])


def downgrade() -> None:
    op.drop_index("ix_shift_payments_lock", table_name="shift_payments")
    op.drop_table("shift_payments")
    with op.batch_alter_table("shift_figures") as batch:
        batch.drop_column("adjust_week")
