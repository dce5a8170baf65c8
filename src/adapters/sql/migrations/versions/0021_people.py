"""People who sign in: users and their sessions; who wrote an audit row; why a week was unlocked.

Revision ID: 0021
Revises: 0020
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from workforce_adapters.sql.types import UtcDateTime

revision = "0021"
down_revision = "0020"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("email", sa.String(254), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("role", sa.String(20), nullable=False),
        sa.Column("client_id", sa.Integer, sa.ForeignKey("clients.id"), nullable=True, index=True),
        sa.Column("location_ids", sa.JSON, nullable=True),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("disabled_at", UtcDateTime, nullable=True),
        sa.Column("password_changed_at", UtcDateTime, nullable=True),
    )
    op.create_table(
        "web_sessions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("csrf_token", sa.String(64), nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("last_seen_at", UtcDateTime, nullable=False),
        sa.Column("ended_at", UtcDateTime, nullable=True),
        sa.Column("address", sa.String(64), nullable=True),
        sa.Column("only_week", sa.Date, nullable=True),
    )
    op.add_column("audit_log", sa.Column("user_id", sa.Integer, nullable=True))  # a user's id, kept if they go
    op.add_column("pay_week_locks", sa.Column("unlock_reason", sa.String(255), nullable=True))


def downgrade() -> None:
    op.drop_column("pay_week_locks", "unlock_reason")
    op.drop_column("audit_log", "user_id")
    op.drop_table("web_sessions")
    op.drop_table("users")
