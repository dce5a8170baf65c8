"""The site kiosk: a worker's PIN (its argon2 hash; ``has_pin`` says whether there is one), the kiosk
devices enrolled at sites (their token's hash) and the clocks they sent, answered once each.

Revision ID: 0027
Revises: 0026
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from workforce_adapters.sql.types import UtcDateTime

revision = "0027"
down_revision = "0026"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("workers", sa.Column("pin_hash", sa.String(255), nullable=True))
    op.create_table(
        "kiosk_devices",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("client_id", sa.Integer, sa.ForeignKey("clients.id"), nullable=False),
        sa.Column("location_id", sa.Integer, sa.ForeignKey("locations.id"), nullable=False),
        sa.Column("kiosk_id", sa.String(64), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("created_at", UtcDateTime(), nullable=False),
        sa.Column("created_by", sa.Integer, sa.ForeignKey("users.id"), nullable=True),
        sa.Column("revoked_at", UtcDateTime(), nullable=True),
        sa.Column("last_seen_at", UtcDateTime(), nullable=True),
        sa.UniqueConstraint("kiosk_id", name="uq_kiosk_devices_kiosk_id"),
        sa.UniqueConstraint("token_hash", name="uq_kiosk_devices_token_hash"),
    )
    op.create_index("ix_kiosk_devices_client_location", "kiosk_devices", ["client_id", "location_id"])
    op.create_table(
        "kiosk_clocks",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("device_id", sa.Integer, sa.ForeignKey("kiosk_devices.id"), nullable=False),
        sa.Column("client_clock_id", sa.String(64), nullable=False),
        sa.Column("action", sa.String(3), nullable=False),
        sa.Column("employee_id", sa.String(32), nullable=False),
        sa.Column("occurred_at", UtcDateTime(), nullable=False),
        sa.Column("received_at", UtcDateTime(), nullable=False),
        sa.Column("status", sa.Integer, nullable=False),
        sa.Column("error_code", sa.String(40), nullable=True),
        sa.Column("message", sa.String(255), nullable=True),
        sa.Column("worker_id", sa.Integer, sa.ForeignKey("workers.id"), nullable=True),
        sa.Column("entry_id", sa.Integer, sa.ForeignKey("time_entries.id"), nullable=True),
        sa.UniqueConstraint("device_id", "client_clock_id", name="uq_kiosk_clocks_device_clock"),
    )


def downgrade() -> None:
    op.drop_table("kiosk_clocks")
    op.drop_index("ix_kiosk_devices_client_location", table_name="kiosk_devices")
    op.drop_table("kiosk_devices")
    op.drop_column("workers", "pin_hash")  # in place (SQLite 3.35+): rebuilding workers breaks its foreign keys
