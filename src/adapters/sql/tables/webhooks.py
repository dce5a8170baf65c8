"""The event outbox, webhook subscriptions and their deliveries."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
    UniqueConstraint,
)

from workforce_adapters.sql.tables.base import metadata
from workforce_adapters.sql.types import UtcDateTime

outbox = Table(
    "outbox",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("event", String(60), nullable=False),
    Column("data", Text, nullable=False),
    Column("occurred_at", UtcDateTime, nullable=False),
    Column("dispatched_at", UtcDateTime, nullable=True),
    Column("notified_at", UtcDateTime, nullable=True),  # migration 0036: the notifier made its messages
    Index("ix_outbox_pending", "dispatched_at", "id"),
    Index("ix_outbox_unnotified", "notified_at", "id"),
)

webhook_subscriptions = Table(
    "webhook_subscriptions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False, index=True),
    Column("api_key_id", Integer, ForeignKey("api_keys.id"), nullable=True),
    Column("url", String(2048), nullable=False),
    Column("events", JSON, nullable=False),
    Column("secret", String(100), nullable=False),
    Column("active", Boolean, nullable=False),
    Column("description", String(255), nullable=True),
    Column("created_at", UtcDateTime, nullable=False),
    Column("updated_at", UtcDateTime, nullable=True),
    Column("events_after", Integer, nullable=True),  # migration 0022: receives the outbox events after it
)

webhook_deliveries = Table(
    "webhook_deliveries",
    metadata,
    # one row per subscription and event; ``attempt`` counts the sends made on it
    Column("id", Integer, primary_key=True),
    Column("subscription_id", Integer, ForeignKey("webhook_subscriptions.id", ondelete="CASCADE"), nullable=False),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("outbox_id", Integer, ForeignKey("outbox.id"), nullable=True),
    Column("event", String(60), nullable=False),
    Column("occurred_at", UtcDateTime, nullable=False),
    Column("data", JSON, nullable=False),
    Column("status", String(10), nullable=False),
    Column("attempt", Integer, nullable=False),
    Column("response_code", Integer, nullable=True),
    Column("response_body", Text, nullable=True),
    Column("next_retry_at", UtcDateTime, nullable=True),
    Column("delivered_at", UtcDateTime, nullable=True),
    Column("created_at", UtcDateTime, nullable=False),
    UniqueConstraint("subscription_id", "outbox_id", name="uq_webhook_deliveries_subscription_outbox"),
    Index("ix_webhook_deliveries_due", "status", "next_retry_at"),
    Index("ix_webhook_deliveries_subscription", "subscription_id", "id"),
)
