"""no-shows: the client's grace, one row per booking whose shift.no_show was sent, and the indexes the job reads by

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-22 23:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import workforce_adapters.sql.types

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("clients") as batch:
        batch.add_column(sa.Column("no_show_grace_minutes", sa.Integer(), nullable=False, server_default="15"))
    op.create_index("ix_shifts_status_start", "shifts", ["status", "start"])
    op.create_index("ix_time_entries_scheduled_shift_id", "time_entries", ["scheduled_shift_id"])
    op.create_table(
        "shift_no_shows",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("booking_id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("recorded_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["booking_id"], ["shifts.id"], name=op.f("fk_shift_no_shows_booking_id_shifts")),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name=op.f("fk_shift_no_shows_client_id_clients")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shift_no_shows")),
        sa.UniqueConstraint("booking_id", name=op.f("uq_shift_no_shows_booking_id")),
    )


def downgrade() -> None:
    op.drop_table("shift_no_shows")
    op.drop_index("ix_time_entries_scheduled_shift_id", table_name="time_entries")
    op.drop_index("ix_shifts_status_start", table_name="shifts")
    with op.batch_alter_table("clients") as batch:
        batch.drop_column("no_show_grace_minutes")
