"""request limits: rate-limit hits, idempotency keys, key origins

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-22 12:26:33.232063
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import workforce_adapters.sql.types

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:

    op.create_table(
        "rate_limit_hits",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("bucket", sa.String(length=100), nullable=False),
        sa.Column("hit_at", sa.Float(precision=53), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rate_limit_hits")),
    )
    with op.batch_alter_table("rate_limit_hits", schema=None) as batch_op:
        batch_op.create_index("ix_rate_limit_hits_bucket_at", ["bucket", "hit_at"], unique=False)

    op.create_table(
        "api_key_origins",
        sa.Column("api_key_id", sa.Integer(), nullable=False),
        sa.Column("origin", sa.String(length=255), nullable=False),
        sa.ForeignKeyConstraint(
            ["api_key_id"], ["api_keys.id"], name=op.f("fk_api_key_origins_api_key_id_api_keys"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("api_key_id", "origin", name=op.f("pk_api_key_origins")),
    )
    with op.batch_alter_table("api_key_origins", schema=None) as batch_op:
        batch_op.create_index("ix_api_key_origins_origin", ["origin"], unique=False)

    op.create_table(
        "idempotency_keys",
        sa.Column("api_key_id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=255), nullable=False),
        sa.Column("fingerprint", sa.String(length=64), nullable=False),
        sa.Column("state", sa.String(length=10), nullable=False),
        sa.Column("status", sa.Integer(), nullable=True),
        sa.Column("headers", sa.JSON(), nullable=True),
        sa.Column("body", sa.LargeBinary(), nullable=True),
        sa.Column("created_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.Column("lease_until", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["api_key_id"], ["api_keys.id"], name=op.f("fk_idempotency_keys_api_key_id_api_keys"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("api_key_id", "key", name=op.f("pk_idempotency_keys")),
    )
    with op.batch_alter_table("idempotency_keys", schema=None) as batch_op:
        batch_op.create_index("ix_idempotency_keys_created", ["created_at"], unique=False)


def downgrade() -> None:

    with op.batch_alter_table("idempotency_keys", schema=None) as batch_op:
        batch_op.drop_index("ix_idempotency_keys_created")

    op.drop_table("idempotency_keys")
    with op.batch_alter_table("api_key_origins", schema=None) as batch_op:
        batch_op.drop_index("ix_api_key_origins_origin")

    op.drop_table("api_key_origins")
    with op.batch_alter_table("rate_limit_hits", schema=None) as batch_op:
        batch_op.drop_index("ix_rate_limit_hits_bucket_at")

    op.drop_table("rate_limit_hits")
