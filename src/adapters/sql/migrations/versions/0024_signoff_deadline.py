"""A client's sign-off deadline: hours after a pay week ends when shifts still pending the client's
sign-off are approved by the service (null: no deadline); one-time sign-off links to the portal.

Revision ID: 0024
Revises: 0023
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from workforce_adapters.sql.types import UtcDateTime

revision = "0024"
down_revision = "0023"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("clients", sa.Column("signoff_deadline_hours", sa.Integer, nullable=True))
    op.create_table(
        "sign_off_links",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("client_id", sa.Integer, sa.ForeignKey("clients.id"), nullable=False),
        sa.Column("week_start", sa.Date, nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("expires_at", UtcDateTime, nullable=False),
        sa.Column("created_by", sa.Integer, nullable=True),
        sa.Column("used_at", UtcDateTime, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("sign_off_links")
    op.drop_column("clients", "signoff_deadline_hours")
