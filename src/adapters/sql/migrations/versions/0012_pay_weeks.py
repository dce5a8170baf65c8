"""pay weeks: stored locks (whole client or one site) and the shifts each lock froze

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-22 23:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import workforce_adapters.sql.types

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "pay_week_locks",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("week_start", sa.Date(), nullable=False),
        sa.Column("location_id", sa.Integer(), nullable=True),
        sa.Column("locked_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.Column("locked_by", sa.Integer(), nullable=True),
        sa.Column("unlocked_at", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.Column("unlocked_by", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name=op.f("fk_pay_week_locks_client_id_clients")),
        sa.ForeignKeyConstraint(
            ["location_id"], ["locations.id"], name=op.f("fk_pay_week_locks_location_id_locations")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_pay_week_locks")),
    )
    op.create_index("ix_pay_week_locks_client_week", "pay_week_locks", ["client_id", "week_start"])
    whole = sa.text("location_id IS NULL AND unlocked_at IS NULL")
    site = sa.text("location_id IS NOT NULL AND unlocked_at IS NULL")
    op.create_index(
        "uq_pay_week_locks_standing_whole",
        "pay_week_locks",
        ["client_id", "week_start"],
        unique=True,
        sqlite_where=whole,
        postgresql_where=whole,
    )
    op.create_index(
        "uq_pay_week_locks_standing_site",
        "pay_week_locks",
        ["client_id", "week_start", "location_id"],
        unique=True,
        sqlite_where=site,
        postgresql_where=site,
    )
    op.create_table(
        "frozen_entries",
        sa.Column("lock_id", sa.Integer(), nullable=False),
        sa.Column("entry_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["lock_id"],
            ["pay_week_locks.id"],
            name=op.f("fk_frozen_entries_lock_id_pay_week_locks"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["entry_id"], ["time_entries.id"], name=op.f("fk_frozen_entries_entry_id_time_entries")
        ),
        sa.PrimaryKeyConstraint("lock_id", "entry_id", name=op.f("pk_frozen_entries")),
        sa.UniqueConstraint("entry_id", name="uq_frozen_entries_entry_id"),
    )


def downgrade() -> None:
    op.drop_table("frozen_entries")
    op.drop_index("uq_pay_week_locks_standing_site", table_name="pay_week_locks")
    op.drop_index("uq_pay_week_locks_standing_whole", table_name="pay_week_locks")
    op.drop_index("ix_pay_week_locks_client_week", table_name="pay_week_locks")
    op.drop_table("pay_week_locks")
