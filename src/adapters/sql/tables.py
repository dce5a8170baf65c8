"""The schema as SQLAlchemy Core tables. Alembic migrations (``migrations/versions``) create it."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Date,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
)

from workforce_adapters.sql.types import Money, UtcDateTime

metadata = MetaData(
    naming_convention={
        "ix": "ix_%(column_0_label)s",
        "uq": "uq_%(table_name)s_%(column_0_name)s",
        "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
        "pk": "pk_%(table_name)s",
    }
)

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

locations = Table(
    "locations",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False, index=True),
    Column("name", String(150), nullable=False),
    Column("address", String(255)),
    Column("city", String(255)),
    Column("postcode", String(255)),
    Column("capacity", Integer),
    Column("operates_24x7", Boolean, nullable=False),
    Column("active", Boolean, nullable=False),
    Column("latitude", Money),
    Column("longitude", Money),
    Column("geofence_radius", Integer, nullable=False),
    Column("geofence_mode", String(20), nullable=False),
    Column("kiosk_language", String(5)),
    Column("gps_accuracy_threshold", Integer),
    Column("billing_name", String(255)),
    Column("billing_contact", String(255)),
    Column("billing_email", String(255)),
    Column("po_reference", String(255)),
    Column("pkg_a_account_ref", String(255)),
    Column("pkg_a_department", String(255)),
    Column("nominal_code", String(255)),
    Column("created_at", UtcDateTime, nullable=False),
)

departments = Table(
    "departments",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=True, index=True),
    Column("name", String(100), nullable=False),
    Column("description", String(255)),
    Column("location_id", Integer, ForeignKey("locations.id"), nullable=True),
    Column("active", Boolean, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
)

cost_codes = Table(
    "cost_codes",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=True, index=True),
    Column("code", String(50), nullable=False),
    Column("description", String(255)),
    Column("active", Boolean, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
)

workers = Table(
    "workers",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("name", String(100), nullable=False),
    Column("employee_id", String(32), nullable=False),
    Column("employee_id_key", String(32), nullable=False),
    Column("location_id", Integer, ForeignKey("locations.id"), nullable=True),
    Column("department_id", Integer, ForeignKey("departments.id"), nullable=True),
    Column("cost_code_id", Integer, ForeignKey("cost_codes.id"), nullable=True),
    Column("email", String(254)),
    Column("phone", String(32)),
    Column("job_role", String(100)),
    Column("hourly_rate", Money),
    Column("charge_rate", Money),
    Column("max_hours_per_week", Money),
    Column("status", String(20), nullable=False),
    Column("active", Boolean, nullable=False),
    Column("dormant_since", UtcDateTime),
    Column("start_date", Date),
    Column("end_date", Date),
    Column("leave_reason", String(255)),
    Column("preferred_language", String(5)),
    Column("has_face", Boolean, nullable=False),
    Column("has_pin", Boolean, nullable=False),
    Column("suspended", Boolean, nullable=False),
    Column("anonymised_at", UtcDateTime),
    Column("created_at", UtcDateTime, nullable=False),
    Column("updated_at", UtcDateTime),
    UniqueConstraint("client_id", "employee_id_key", name="uq_workers_client_employee_id"),
    Index("ix_workers_client_name", "client_id", "name", "id"),
    Index("ix_workers_client_location", "client_id", "location_id"),
    Index("ix_workers_client_updated", "client_id", "updated_at"),
)

audit_log = Table(
    "audit_log",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False, index=True),
    Column("api_key_id", Integer, ForeignKey("api_keys.id"), nullable=True),
    Column("action", String(60), nullable=False),
    Column("entity", String(40), nullable=False),
    Column("entity_id", Integer, nullable=False),
    Column("changes", JSON, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
)

outbox = Table(
    "outbox",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("event", String(60), nullable=False),
    Column("data", Text, nullable=False),
    Column("occurred_at", UtcDateTime, nullable=False),
    Column("dispatched_at", UtcDateTime, nullable=True),
    Index("ix_outbox_pending", "dispatched_at", "id"),
    Index("ix_outbox_client_event", "client_id", "event"),
)

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

api_key_origins = Table(
    "api_key_origins",
    metadata,
    Column("api_key_id", Integer, ForeignKey("api_keys.id", ondelete="CASCADE"), primary_key=True),
    Column("origin", String(255), primary_key=True),
    Index("ix_api_key_origins_origin", "origin"),
)
