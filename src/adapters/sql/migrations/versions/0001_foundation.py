"""foundation: clients, keys, reference data, workers, audit, outbox

Revision ID: 0001
Revises:
Create Date: 2026-11-22 12:21:07.429369
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import workforce_adapters.sql.types

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:

    op.create_table(
        "clients",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("api_access", sa.Boolean(), nullable=False),
        sa.Column("pay_week_start_day", sa.Integer(), nullable=False),
        sa.Column("require_client_approval", sa.Boolean(), nullable=False),
        sa.Column("walk_in_policy", sa.String(length=20), nullable=False),
        sa.Column("cancelled_policy", sa.String(length=20), nullable=False),
        sa.Column("created_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_clients")),
    )
    op.create_table(
        "api_keys",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("key_prefix", sa.String(length=16), nullable=False),
        sa.Column("key_hash", sa.String(length=64), nullable=False),
        sa.Column("scopes", sa.JSON(), nullable=False),
        sa.Column("legacy", sa.Boolean(), nullable=False),
        sa.Column("location_ids", sa.JSON(), nullable=True),
        sa.Column("rate_limit_per_minute", sa.Integer(), nullable=False),
        sa.Column("allowed_origins", sa.JSON(), nullable=False),
        sa.Column("expires_at", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.Column("revoked_at", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.Column("replaces_id", sa.Integer(), nullable=True),
        sa.Column("created_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name=op.f("fk_api_keys_client_id_clients")),
        sa.ForeignKeyConstraint(["replaces_id"], ["api_keys.id"], name=op.f("fk_api_keys_replaces_id_api_keys")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_api_keys")),
        sa.UniqueConstraint("key_hash", name=op.f("uq_api_keys_key_hash")),
    )
    with op.batch_alter_table("api_keys", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_api_keys_client_id"), ["client_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_api_keys_key_prefix"), ["key_prefix"], unique=False)

    op.create_table(
        "cost_codes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=True),
        sa.Column("code", sa.String(length=50), nullable=False),
        sa.Column("description", sa.String(length=255), nullable=True),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("created_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name=op.f("fk_cost_codes_client_id_clients")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_cost_codes")),
    )
    with op.batch_alter_table("cost_codes", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_cost_codes_client_id"), ["client_id"], unique=False)

    op.create_table(
        "locations",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=150), nullable=False),
        sa.Column("address", sa.String(length=255), nullable=True),
        sa.Column("city", sa.String(length=255), nullable=True),
        sa.Column("postcode", sa.String(length=255), nullable=True),
        sa.Column("capacity", sa.Integer(), nullable=True),
        sa.Column("operates_24x7", sa.Boolean(), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("latitude", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("longitude", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("geofence_radius", sa.Integer(), nullable=False),
        sa.Column("geofence_mode", sa.String(length=20), nullable=False),
        sa.Column("kiosk_language", sa.String(length=5), nullable=True),
        sa.Column("gps_accuracy_threshold", sa.Integer(), nullable=True),
        sa.Column("billing_name", sa.String(length=255), nullable=True),
        sa.Column("billing_contact", sa.String(length=255), nullable=True),
        sa.Column("billing_email", sa.String(length=255), nullable=True),
        sa.Column("po_reference", sa.String(length=255), nullable=True),
        sa.Column("pkg_a_account_ref", sa.String(length=255), nullable=True),
        sa.Column("pkg_a_department", sa.String(length=255), nullable=True),
        sa.Column("nominal_code", sa.String(length=255), nullable=True),
        sa.Column("created_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name=op.f("fk_locations_client_id_clients")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_locations")),
    )
    with op.batch_alter_table("locations", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_locations_client_id"), ["client_id"], unique=False)

    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("event", sa.String(length=60), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("occurred_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.Column("dispatched_at", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name=op.f("fk_outbox_client_id_clients")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_outbox")),
    )
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.create_index("ix_outbox_client_event", ["client_id", "event"], unique=False)
        batch_op.create_index("ix_outbox_pending", ["dispatched_at", "id"], unique=False)

    op.create_table(
        "audit_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("api_key_id", sa.Integer(), nullable=True),
        sa.Column("action", sa.String(length=60), nullable=False),
        sa.Column("entity", sa.String(length=40), nullable=False),
        sa.Column("entity_id", sa.Integer(), nullable=False),
        sa.Column("changes", sa.JSON(), nullable=False),
        sa.Column("created_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["api_key_id"], ["api_keys.id"], name=op.f("fk_audit_log_api_key_id_api_keys")),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name=op.f("fk_audit_log_client_id_clients")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_log")),
    )
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_audit_log_client_id"), ["client_id"], unique=False)

    op.create_table(
        "departments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("description", sa.String(length=255), nullable=True),
        sa.Column("location_id", sa.Integer(), nullable=True),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("created_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name=op.f("fk_departments_client_id_clients")),
        sa.ForeignKeyConstraint(["location_id"], ["locations.id"], name=op.f("fk_departments_location_id_locations")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_departments")),
    )
    with op.batch_alter_table("departments", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_departments_client_id"), ["client_id"], unique=False)

    op.create_table(
        "workers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("employee_id", sa.String(length=32), nullable=False),
        sa.Column("employee_id_key", sa.String(length=32), nullable=False),
        sa.Column("location_id", sa.Integer(), nullable=True),
        sa.Column("department_id", sa.Integer(), nullable=True),
        sa.Column("cost_code_id", sa.Integer(), nullable=True),
        sa.Column("email", sa.String(length=254), nullable=True),
        sa.Column("phone", sa.String(length=32), nullable=True),
        sa.Column("job_role", sa.String(length=100), nullable=True),
        sa.Column("hourly_rate", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("charge_rate", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("max_hours_per_week", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("dormant_since", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.Column("start_date", sa.Date(), nullable=True),
        sa.Column("end_date", sa.Date(), nullable=True),
        sa.Column("leave_reason", sa.String(length=255), nullable=True),
        sa.Column("preferred_language", sa.String(length=5), nullable=True),
        sa.Column("has_face", sa.Boolean(), nullable=False),
        sa.Column("has_pin", sa.Boolean(), nullable=False),
        sa.Column("suspended", sa.Boolean(), nullable=False),
        sa.Column("anonymised_at", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.Column("created_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.Column("updated_at", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name=op.f("fk_workers_client_id_clients")),
        sa.ForeignKeyConstraint(["cost_code_id"], ["cost_codes.id"], name=op.f("fk_workers_cost_code_id_cost_codes")),
        sa.ForeignKeyConstraint(
            ["department_id"], ["departments.id"], name=op.f("fk_workers_department_id_departments")
        ),
        sa.ForeignKeyConstraint(["location_id"], ["locations.id"], name=op.f("fk_workers_location_id_locations")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_workers")),
        sa.UniqueConstraint("client_id", "employee_id_key", name="uq_workers_client_employee_id"),
    )
    with op.batch_alter_table("workers", schema=None) as batch_op:
        batch_op.create_index("ix_workers_client_location", ["client_id", "location_id"], unique=False)
        batch_op.create_index("ix_workers_client_name", ["client_id", "name", "id"], unique=False)
        batch_op.create_index("ix_workers_client_updated", ["client_id", "updated_at"], unique=False)


def downgrade() -> None:

    with op.batch_alter_table("workers", schema=None) as batch_op:
        batch_op.drop_index("ix_workers_client_updated")
        batch_op.drop_index("ix_workers_client_name")
        batch_op.drop_index("ix_workers_client_location")

    op.drop_table("workers")
    with op.batch_alter_table("departments", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_departments_client_id"))

    op.drop_table("departments")
    with op.batch_alter_table("audit_log", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_audit_log_client_id"))

    op.drop_table("audit_log")
    with op.batch_alter_table("outbox", schema=None) as batch_op:
        batch_op.drop_index("ix_outbox_pending")
        batch_op.drop_index("ix_outbox_client_event")

    op.drop_table("outbox")
    with op.batch_alter_table("locations", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_locations_client_id"))

    op.drop_table("locations")
    with op.batch_alter_table("cost_codes", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_cost_codes_client_id"))

    op.drop_table("cost_codes")
    with op.batch_alter_table("api_keys", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_api_keys_key_prefix"))
        batch_op.drop_index(batch_op.f("ix_api_keys_client_id"))

    op.drop_table("api_keys")
    op.drop_table("clients")
