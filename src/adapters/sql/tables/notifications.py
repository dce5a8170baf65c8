"""The notifier's tables: messages (one per person, channel and source), people's channel choices,
workers' Web Push subscriptions and each account's notifier settings."""

from __future__ import annotations

from sqlalchemy import JSON, Column, ForeignKey, Index, Integer, String, Table, Text, Time, UniqueConstraint

from workforce_adapters.sql.tables.base import metadata
from workforce_adapters.sql.types import UtcDateTime

messages = Table(
    "messages",
    metadata,
    # what one person was told through one channel; ``attempts`` counts the tries to send it
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("recipient_kind", String(10), nullable=False),  # worker or user
    Column("recipient_id", Integer, nullable=False),
    Column("channel", String(10), nullable=False),
    Column("kind", String(40), nullable=False),
    Column("source", String(80), nullable=False),  # what it tells about, e.g. event:<outbox id>
    Column("language", String(5), nullable=False),
    Column("params", JSON, nullable=False),
    Column("address", String(320), nullable=True),
    Column("status", String(10), nullable=False),
    Column("attempts", Integer, nullable=False),
    Column("next_try_at", UtcDateTime, nullable=True),
    Column("last_error", Text, nullable=True),
    Column("created_at", UtcDateTime, nullable=False),
    Column("sent_at", UtcDateTime, nullable=True),
    Column("read_at", UtcDateTime, nullable=True),
    UniqueConstraint("recipient_kind", "recipient_id", "channel", "source", name="uq_messages_once"),
    Index("ix_messages_due", "status", "next_try_at"),
    Index("ix_messages_person", "recipient_kind", "recipient_id", "id"),
    Index("ix_messages_client_channel", "client_id", "channel", "created_at"),
)

channel_choices = Table(
    "channel_choices",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("recipient_kind", String(10), nullable=False),
    Column("recipient_id", Integer, nullable=False),
    Column("channels", JSON, nullable=False),
    Column("updated_at", UtcDateTime, nullable=False),
    UniqueConstraint("recipient_kind", "recipient_id", name="uq_channel_choices_person"),
)

push_subscriptions = Table(
    "push_subscriptions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("worker_id", Integer, ForeignKey("workers.id"), nullable=False, index=True),
    Column("endpoint", String(2048), nullable=False, unique=True),
    Column("p256dh", String(200), nullable=False),
    Column("auth", String(100), nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
)

notifier_settings = Table(
    "notifier_settings",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False, unique=True),
    Column("kinds_off", JSON, nullable=False),
    Column("sms_monthly_cap", Integer, nullable=True),
    Column("quiet_start", Time, nullable=False),
    Column("quiet_end", Time, nullable=False),
    Column("reminder_hours", Integer, nullable=False),
    Column("offer_round_factor", Integer, nullable=False),
    Column("offer_round_minutes", Integer, nullable=False),
)

offer_rounds = Table(
    "offer_rounds",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("demand_id", Integer, ForeignKey("demands.id"), nullable=False),
    Column("number", Integer, nullable=False),
    Column("size", Integer, nullable=False),
    Column("sent_at", UtcDateTime, nullable=False),
    Column("expires_at", UtcDateTime, nullable=False),
    Column("closed_at", UtcDateTime, nullable=True),
    UniqueConstraint("demand_id", "number", name="uq_offer_rounds_demand_number"),
    Index("ix_offer_rounds_open", "closed_at", "expires_at"),
)

offer_links = Table(
    "offer_links",
    metadata,
    # the one-tap link of an offer, found by the SHA-256 of its token
    Column("id", Integer, primary_key=True),
    Column("offer_id", Integer, ForeignKey("offers.id"), nullable=False, index=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("created_at", UtcDateTime, nullable=False),
    Column("expires_at", UtcDateTime, nullable=False),
    Column("used_at", UtcDateTime, nullable=True),
)
