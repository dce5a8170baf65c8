"""webhooks: subscriptions and their delivery log (one row per subscription and event)

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-03 10:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import workforce_adapters.sql.types

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "webhook_subscriptions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("api_key_id", sa.Integer(), nullable=True),
        sa.Column("url", sa.String(length=2048), nullable=False),
        sa.Column("events", sa.JSON(), nullable=False),
        sa.Column("secret", sa.String(length=100), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("description", sa.String(length=255), nullable=True),
        sa.Column("created_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.Column("updated_at", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name=op.f("fk_webhook_subscriptions_client_id_clients")),
        sa.ForeignKeyConstraint(
            ["api_key_id"], ["api_keys.id"], name=op.f("fk_webhook_subscriptions_api_key_id_api_keys")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_webhook_subscriptions")),
    )
    with op.batch_alter_table("webhook_subscriptions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_webhook_subscriptions_client_id"), ["client_id"], unique=False)
    op.create_table(
        "webhook_deliveries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("subscription_id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("outbox_id", sa.Integer(), nullable=True),
        sa.Column("event", sa.String(length=60), nullable=False),
        sa.Column("occurred_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("response_code", sa.Integer(), nullable=True),
        sa.Column("response_body", sa.Text(), nullable=True),
        sa.Column("next_retry_at", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.Column("delivered_at", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.Column("created_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name=op.f("fk_webhook_deliveries_client_id_clients")),
        sa.ForeignKeyConstraint(["outbox_id"], ["outbox.id"], name=op.f("fk_webhook_deliveries_outbox_id_outbox")),
        sa.ForeignKeyConstraint(
            ["subscription_id"],
            ["webhook_subscriptions.id"],
            name=op.f("fk_webhook_deliveries_subscription_id_webhook_subscriptions"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_webhook_deliveries")),
        sa.UniqueConstraint("subscription_id", "outbox_id", name="uq_webhook_deliveries_subscription_outbox"),
    )
    with op.batch_alter_table("webhook_deliveries", schema=None) as batch_op:
        batch_op.create_index("ix_webhook_deliveries_due", ["status", "next_retry_at"], unique=False)
        batch_op.create_index("ix_webhook_deliveries_subscription", ["subscription_id", "id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("webhook_deliveries", schema=None) as batch_op:
        batch_op.drop_index("ix_webhook_deliveries_subscription")
        batch_op.drop_index("ix_webhook_deliveries_due")
    op.drop_table("webhook_deliveries")
    with op.batch_alter_table("webhook_subscriptions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_webhook_subscriptions_client_id"))
    op.drop_table("webhook_subscriptions")
