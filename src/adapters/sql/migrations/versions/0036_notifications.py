"""The notifier: messages (what each person was told, through which channel, and how each try went),
people's channel choices, workers' Web Push subscriptions, each account's notifier settings, the rounds
of offers "Fill" sends for a requirement and each offer's one-tap link; the
outbox notes when the notifier made an event's messages (``outbox.notified_at``). Events recorded
before are marked notified as the column is added: nobody is told of what happened before the notifier.

Revision ID: 0036
Revises: 0035
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from workforce_adapters.sql.types import UtcDateTime

revision = "0036"
down_revision = "0035"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("outbox", sa.Column("notified_at", UtcDateTime, nullable=True))
    op.execute("UPDATE outbox SET notified_at = occurred_at")
    op.create_index("ix_outbox_unnotified", "outbox", ["notified_at", "id"])
    op.create_table(
        "messages",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("client_id", sa.Integer, sa.ForeignKey("clients.id"), nullable=False),
        sa.Column("recipient_kind", sa.String(10), nullable=False),
        sa.Column("recipient_id", sa.Integer, nullable=False),
        sa.Column("channel", sa.String(10), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("source", sa.String(80), nullable=False),
        sa.Column("language", sa.String(5), nullable=False),
        sa.Column("params", sa.JSON, nullable=False),
        sa.Column("address", sa.String(320), nullable=True),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("next_try_at", UtcDateTime, nullable=True),
        sa.Column("last_error", sa.Text, nullable=True),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("sent_at", UtcDateTime, nullable=True),
        sa.Column("read_at", UtcDateTime, nullable=True),
        sa.UniqueConstraint("recipient_kind", "recipient_id", "channel", "source", name="uq_messages_once"),
    )
    op.create_index("ix_messages_due", "messages", ["status", "next_try_at"])
    op.create_index("ix_messages_person", "messages", ["recipient_kind", "recipient_id", "id"])
    op.create_index("ix_messages_client_channel", "messages", ["client_id", "channel", "created_at"])
    op.create_table(
        "channel_choices",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("recipient_kind", sa.String(10), nullable=False),
        sa.Column("recipient_id", sa.Integer, nullable=False),
        sa.Column("channels", sa.JSON, nullable=False),
        sa.Column("updated_at", UtcDateTime, nullable=False),
        sa.UniqueConstraint("recipient_kind", "recipient_id", name="uq_channel_choices_person"),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("client_id", sa.Integer, sa.ForeignKey("clients.id"), nullable=False),
        sa.Column("worker_id", sa.Integer, sa.ForeignKey("workers.id"), nullable=False, index=True),
        sa.Column("endpoint", sa.String(2048), nullable=False, unique=True),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
    )
    op.create_table(
        "notifier_settings",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("client_id", sa.Integer, sa.ForeignKey("clients.id"), nullable=False, unique=True),
        sa.Column("kinds_off", sa.JSON, nullable=False),
        sa.Column("sms_monthly_cap", sa.Integer, nullable=True),
        sa.Column("quiet_start", sa.Time, nullable=False),
        sa.Column("quiet_end", sa.Time, nullable=False),
        sa.Column("reminder_hours", sa.Integer, nullable=False),
        sa.Column("offer_round_factor", sa.Integer, nullable=False),
        sa.Column("offer_round_minutes", sa.Integer, nullable=False),
    )
    op.create_table(
        "offer_rounds",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("client_id", sa.Integer, sa.ForeignKey("clients.id"), nullable=False),
        sa.Column("demand_id", sa.Integer, sa.ForeignKey("demands.id"), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("size", sa.Integer, nullable=False),
        sa.Column("sent_at", UtcDateTime, nullable=False),
        sa.Column("expires_at", UtcDateTime, nullable=False),
        sa.Column("closed_at", UtcDateTime, nullable=True),
        sa.UniqueConstraint("demand_id", "number", name="uq_offer_rounds_demand_number"),
    )
    op.create_index("ix_offer_rounds_open", "offer_rounds", ["closed_at", "expires_at"])
    op.create_table(
        "offer_links",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("offer_id", sa.Integer, sa.ForeignKey("offers.id"), nullable=False, index=True),
        sa.Column("client_id", sa.Integer, sa.ForeignKey("clients.id"), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("expires_at", UtcDateTime, nullable=False),
        sa.Column("used_at", UtcDateTime, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("offer_links")
    op.drop_table("offer_rounds")
    op.drop_table("notifier_settings")
    op.drop_table("push_subscriptions")
    op.drop_table("channel_choices")
    op.drop_table("messages")
    op.drop_index("ix_outbox_unnotified", "outbox")
    op.drop_column("outbox", "notified_at")  # in place (SQLite 3.35+): other tables refer to the outbox
