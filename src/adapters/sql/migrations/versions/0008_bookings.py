"""bookings: the rest of the spec's Shift (notes, requirement, cancellation, confirmation, warnings)

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-10 10:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import workforce_adapters.sql.types

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

_INSTANTS = ("cancelled_at", "acknowledged_at", "declined_at", "updated_at")


def upgrade() -> None:
    with op.batch_alter_table("shifts") as batch:
        batch.add_column(sa.Column("notes", sa.String(length=1000), nullable=True))
        batch.add_column(sa.Column("demand_id", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("cancel_reason", sa.String(length=255), nullable=True))
        for name in _INSTANTS:
            batch.add_column(sa.Column(name, workforce_adapters.sql.types.UtcDateTime(), nullable=True))
        batch.add_column(sa.Column("confirmation", sa.String(length=20), nullable=False, server_default="unconfirmed"))
        batch.add_column(sa.Column("warning_codes", sa.JSON(), nullable=False, server_default="[]"))
    op.create_index("ix_shifts_location_start", "shifts", ["location_id", "start"])


def downgrade() -> None:
    op.drop_index("ix_shifts_location_start", table_name="shifts")
    with op.batch_alter_table("shifts") as batch:
        for name in ("warning_codes", "confirmation", *reversed(_INSTANTS), "cancel_reason", "demand_id", "notes"):
            batch.drop_column(name)
