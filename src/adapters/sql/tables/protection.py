"""The API's own protection: rate-limit hits and stored Idempotency-Key replies."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    Table,
)

from workforce_adapters.sql.tables.base import metadata
from workforce_adapters.sql.types import UtcDateTime

rate_limit_hits = Table(
    "rate_limit_hits",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("bucket", String(100), nullable=False),
    Column("hit_at", Float(precision=53), nullable=False),
    Index("ix_rate_limit_hits_bucket_at", "bucket", "hit_at"),
)

idempotency_keys = Table(
    "idempotency_keys",
    metadata,
    Column("api_key_id", Integer, ForeignKey("api_keys.id", ondelete="CASCADE"), primary_key=True),
    Column("key", String(255), primary_key=True),
    Column("fingerprint", String(64), nullable=False),
    Column("state", String(10), nullable=False),
    Column("status", Integer, nullable=True),
    Column("headers", JSON, nullable=True),
    Column("body", LargeBinary, nullable=True),
    Column("created_at", UtcDateTime, nullable=False),
    Column("lease_until", UtcDateTime, nullable=False),
    Index("ix_idempotency_keys_created", "created_at"),
)
