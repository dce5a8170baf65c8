"""Two-factor sign-in: a person's code generator (``user_two_factor``), their recovery codes (hashed),
sign-ins waiting for a code (``sign_in_challenges``); audit rows about an operator admin, who belongs to
no client account (``audit_log.client_id`` null).

Its downgrade drops the three tables (everyone signs in with a password alone again) and the audit rows
with no client account, which the schema before it cannot hold.

Revision ID: 0034
Revises: 0033
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from workforce_adapters.sql.types import UtcDateTime

revision = "0034"
down_revision = "0033"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "user_two_factor",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, unique=True),
        sa.Column("secret", sa.String(64), nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("enabled_at", UtcDateTime, nullable=True),
        sa.Column("last_step", sa.BigInteger, nullable=True),
    )
    op.create_table(
        "recovery_codes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("code_hash", sa.String(64), nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("used_at", UtcDateTime, nullable=True),
        sa.UniqueConstraint("user_id", "code_hash", name="uq_recovery_codes_user_id"),
    )
    op.create_table(
        "sign_in_challenges",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False, index=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("expires_at", UtcDateTime, nullable=False),
        sa.Column("address", sa.String(64), nullable=True),
        sa.Column("used_at", UtcDateTime, nullable=True),
    )
    with op.batch_alter_table("audit_log") as batch:
        batch.alter_column("client_id", existing_type=sa.Integer, nullable=True)


def downgrade() -> None:
    op.execute("DELETE FROM audit_log WHERE client_id IS NULL")
    with op.batch_alter_table("audit_log") as batch:
        batch.alter_column("client_id", existing_type=sa.Integer, nullable=False)
    op.drop_table("sign_in_challenges")
    op.drop_table("recovery_codes")
    op.drop_table("user_two_factor")
