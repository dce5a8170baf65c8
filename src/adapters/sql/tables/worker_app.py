"""The worker app's sign-ins: workers' sessions and their one-time sign-in links."""

from __future__ import annotations

from sqlalchemy import Column, ForeignKey, Integer, String, Table

from workforce_adapters.sql.tables.base import metadata
from workforce_adapters.sql.types import UtcDateTime

worker_sessions = Table(
    "worker_sessions",
    metadata,
    # a worker signed in on a phone, found by the SHA-256 of its cookie token
    Column("id", Integer, primary_key=True),
    Column("worker_id", Integer, ForeignKey("workers.id"), nullable=False, index=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("csrf_token", String(64), nullable=False),
    Column("device", String(32), nullable=False),  # the phone's code: kiosk_id mobile:{device}
    Column("created_at", UtcDateTime, nullable=False),
    Column("last_seen_at", UtcDateTime, nullable=False),
    Column("ended_at", UtcDateTime, nullable=True),
    Column("address", String(64), nullable=True),
)

worker_app_links = Table(
    "worker_app_links",
    metadata,
    # a one-time link the agency sends a worker that opens a session of the app
    Column("id", Integer, primary_key=True),
    Column("worker_id", Integer, ForeignKey("workers.id"), nullable=False, index=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("created_at", UtcDateTime, nullable=False),
    Column("expires_at", UtcDateTime, nullable=False),
    Column("created_by", Integer, nullable=True),
    Column("used_at", UtcDateTime, nullable=True),
)
