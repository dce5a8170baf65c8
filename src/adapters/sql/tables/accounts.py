"""Client accounts, their API keys, people who sign in, and the audit log."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Date,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    false,
)

from workforce_adapters.sql.tables.base import metadata
from workforce_adapters.sql.types import UtcDateTime

clients = Table(
    "clients",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("name", String(200), nullable=False),
    Column("status", String(20), nullable=False),
    Column("api_access", Boolean, nullable=False),
    Column("pay_week_start_day", Integer, nullable=False),
    Column("require_client_approval", Boolean, nullable=False),
    Column("walk_in_policy", String(20), nullable=False),
    Column("cancelled_policy", String(20), nullable=False),
    Column("default_shift_hours", Integer, nullable=False, server_default="8"),
    Column("dormant_after_days", Integer, nullable=False, server_default="90"),
    Column("premium_stacking", String(20), nullable=False, server_default="stack"),
    Column("premium_day_basis", String(20), nullable=False, server_default="shift_start"),
    Column("site_overtime_mode", String(20), nullable=False, server_default="off"),
    Column("multi_shift_priority", String(20), nullable=False, server_default="closest"),
    Column("no_show_grace_minutes", Integer, nullable=False, server_default="15"),
    Column("signoff_deadline_hours", Integer, nullable=True),  # null: no deadline
    Column("holiday_pay", String(16), nullable=False, server_default="none"),  # none, rolled_up or accrued
    Column("leave_year_start", String(5), nullable=False, server_default="01-01"),  # MM-DD
    Column("right_to_work_required", Boolean, nullable=False, server_default=false()),
    Column("document_warning_days", Integer, nullable=False, server_default="28"),
    Column("created_at", UtcDateTime, nullable=False),
)

api_keys = Table(
    "api_keys",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False, index=True),
    Column("name", String(100), nullable=False),
    Column("key_prefix", String(16), nullable=False, index=True),
    Column("key_hash", String(64), nullable=False, unique=True),
    Column("scopes", JSON, nullable=False),
    Column("legacy", Boolean, nullable=False),
    Column("location_ids", JSON, nullable=True),
    Column("rate_limit_per_minute", Integer, nullable=False),
    Column("allowed_origins", JSON, nullable=False),
    Column("expires_at", UtcDateTime, nullable=True),
    Column("revoked_at", UtcDateTime, nullable=True),
    Column("replaces_id", Integer, ForeignKey("api_keys.id"), nullable=True),
    Column("created_at", UtcDateTime, nullable=False),
)

audit_log = Table(
    "audit_log",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=True),  # null: an operator admin
    Column("api_key_id", Integer, ForeignKey("api_keys.id"), nullable=True),
    Column("action", String(60), nullable=False),
    Column("entity", String(40), nullable=False),
    Column("entity_id", Integer, nullable=False),
    Column("changes", JSON, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("user_id", Integer, nullable=True),  # a signed-in user's write
    Column("ip", String(64), nullable=True),  # where from (None: not over the network)
    Column("request_id", String(64), nullable=True),  # the reply's X-Request-Id
    Column("via", String(20), nullable=True),  # model.audit.Via
    Index("ix_audit_log_client_created", "client_id", "created_at"),
    Index("ix_audit_log_record", "entity", "entity_id"),
)

users = Table(
    "users",
    metadata,
    # people who sign in to the console and the portal; client_id null: an operator admin
    Column("id", Integer, primary_key=True),
    Column("email", String(254), nullable=False, unique=True),
    Column("password_hash", String(255), nullable=False),
    Column("role", String(20), nullable=False),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=True, index=True),
    Column("location_ids", JSON, nullable=True),
    Column("created_at", UtcDateTime, nullable=False),
    Column("disabled_at", UtcDateTime, nullable=True),
    Column("password_changed_at", UtcDateTime, nullable=True),
)

web_sessions = Table(
    "web_sessions",
    metadata,
    # a signed-in browser, found by the SHA-256 of its cookie token
    Column("id", Integer, primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("csrf_token", String(64), nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("last_seen_at", UtcDateTime, nullable=False),
    Column("ended_at", UtcDateTime, nullable=True),
    Column("address", String(64), nullable=True),
    Column("only_week", Date, nullable=True),  # a sign-off link's session: that pay week only
    Column("user_agent", String(255), nullable=True),  # the browser's at sign-in
)

sign_off_links = Table(
    "sign_off_links",
    metadata,
    # a one-time link that signs a hirer contact in to one pay week of the portal
    Column("id", Integer, primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id"), nullable=False, index=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("week_start", Date, nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("created_at", UtcDateTime, nullable=False),
    Column("expires_at", UtcDateTime, nullable=False),
    Column("created_by", Integer, nullable=True),
    Column("used_at", UtcDateTime, nullable=True),
)

api_key_origins = Table(
    "api_key_origins",
    metadata,
    Column("api_key_id", Integer, ForeignKey("api_keys.id", ondelete="CASCADE"), primary_key=True),
    Column("origin", String(255), primary_key=True),
    Index("ix_api_key_origins_origin", "origin"),
)
