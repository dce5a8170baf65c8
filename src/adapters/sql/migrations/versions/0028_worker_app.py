"""The worker app: workers' own sessions (kept by the hash of their cookie token) and the one-time
sign-in links the agency sends them.

Revision ID: 0028
Revises: 0027
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from workforce_adapters.sql.types import UtcDateTime

revision = "0028"
down_revision = "0027"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "worker_sessions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("worker_id", sa.Integer, sa.ForeignKey("workers.id"), nullable=False, index=True),
        sa.Column("client_id", sa.Integer, sa.ForeignKey("clients.id"), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("csrf_token", sa.String(64), nullable=False),
        sa.Column("device", sa.String(32), nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("last_seen_at", UtcDateTime, nullable=False),
        sa.Column("ended_at", UtcDateTime, nullable=True),
        sa.Column("address", sa.String(64), nullable=True),
    )
    op.create_table(
        "worker_app_links",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("worker_id", sa.Integer, sa.ForeignKey("workers.id"), nullable=False, index=True),
        sa.Column("client_id", sa.Integer, sa.ForeignKey("clients.id"), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("expires_at", UtcDateTime, nullable=False),
        sa.Column("created_by", sa.Integer, nullable=True),
        sa.Column("used_at", UtcDateTime, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("worker_app_links")
    op.drop_table("worker_sessions")
