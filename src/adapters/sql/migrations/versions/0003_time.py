"""time: bookings, time entries, surveys, amendments

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-22 12:31:16.360093
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import workforce_adapters.sql.types

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:

    op.create_table(
        "surveys",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=150), nullable=False),
        sa.Column("location_id", sa.Integer(), nullable=True),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("created_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name=op.f("fk_surveys_client_id_clients")),
        sa.ForeignKeyConstraint(["location_id"], ["locations.id"], name=op.f("fk_surveys_location_id_locations")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_surveys")),
    )
    with op.batch_alter_table("surveys", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_surveys_client_id"), ["client_id"], unique=False)

    op.create_table(
        "survey_questions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("survey_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("text", sa.String(length=500), nullable=False),
        sa.Column("blocking_answers", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(
            ["survey_id"], ["surveys.id"], name=op.f("fk_survey_questions_survey_id_surveys"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_survey_questions")),
    )
    with op.batch_alter_table("survey_questions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_survey_questions_survey_id"), ["survey_id"], unique=False)

    op.create_table(
        "shifts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("worker_id", sa.Integer(), nullable=False),
        sa.Column("location_id", sa.Integer(), nullable=False),
        sa.Column("shift_date", sa.Date(), nullable=False),
        sa.Column("start", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.Column("end", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.Column("break_minutes", sa.Integer(), nullable=False),
        sa.Column("job_role", sa.String(length=100), nullable=True),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("created_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name=op.f("fk_shifts_client_id_clients")),
        sa.ForeignKeyConstraint(["location_id"], ["locations.id"], name=op.f("fk_shifts_location_id_locations")),
        sa.ForeignKeyConstraint(["worker_id"], ["workers.id"], name=op.f("fk_shifts_worker_id_workers")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shifts")),
    )
    with op.batch_alter_table("shifts", schema=None) as batch_op:
        batch_op.create_index("ix_shifts_client_start", ["client_id", "start"], unique=False)
        batch_op.create_index("ix_shifts_worker_start", ["worker_id", "start"], unique=False)

    op.create_table(
        "time_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("worker_id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("location_id", sa.Integer(), nullable=True),
        sa.Column("entry_type", sa.String(length=10), nullable=False),
        sa.Column("parent_id", sa.Integer(), nullable=True),
        sa.Column("clock_in", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.Column("clock_out", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.Column("clock_method", sa.String(length=20), nullable=False),
        sa.Column("clock_out_method", sa.String(length=20), nullable=True),
        sa.Column("clock_source", sa.String(length=20), nullable=True),
        sa.Column("kiosk_id", sa.String(length=100), nullable=True),
        sa.Column("notes", sa.String(length=600), nullable=True),
        sa.Column("match_score", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("cost_code_id", sa.Integer(), nullable=True),
        sa.Column("scheduled_shift_id", sa.Integer(), nullable=True),
        sa.Column("approval_status", sa.String(length=10), nullable=False),
        sa.Column("approved_at", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.Column("approved_by", sa.Integer(), nullable=True),
        sa.Column("client_approval", sa.String(length=10), nullable=False),
        sa.Column("client_approved_at", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.Column("client_approved_by", sa.Integer(), nullable=True),
        sa.Column("client_rejected_reason", sa.String(length=255), nullable=True),
        sa.Column("queried", sa.Boolean(), nullable=False),
        sa.Column("open_query", sa.Boolean(), nullable=False),
        sa.Column("risk_flags", sa.JSON(), nullable=False),
        sa.Column("manual_break_minutes", sa.Integer(), nullable=True),
        sa.Column("pay_adjustment_minutes", sa.Integer(), nullable=True),
        sa.Column("edit_count", sa.Integer(), nullable=False),
        sa.Column("edited_at", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.Column("original_clock_in", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.Column("original_clock_out", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.Column("latitude", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("longitude", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("within_geofence", sa.Integer(), nullable=True),
        sa.Column("distance_meters", sa.Integer(), nullable=True),
        sa.Column("gps_accuracy", sa.Integer(), nullable=True),
        sa.Column("low_gps_confidence", sa.Boolean(), nullable=True),
        sa.Column("clock_out_latitude", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("clock_out_longitude", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("clock_out_within_geofence", sa.Integer(), nullable=True),
        sa.Column("clock_out_distance_meters", sa.Integer(), nullable=True),
        sa.Column("exported_batch_id", sa.Integer(), nullable=True),
        sa.Column("created_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.Column("updated_at", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name=op.f("fk_time_entries_client_id_clients")),
        sa.ForeignKeyConstraint(
            ["cost_code_id"], ["cost_codes.id"], name=op.f("fk_time_entries_cost_code_id_cost_codes")
        ),
        sa.ForeignKeyConstraint(["location_id"], ["locations.id"], name=op.f("fk_time_entries_location_id_locations")),
        sa.ForeignKeyConstraint(
            ["parent_id"], ["time_entries.id"], name=op.f("fk_time_entries_parent_id_time_entries")
        ),
        sa.ForeignKeyConstraint(
            ["scheduled_shift_id"], ["shifts.id"], name=op.f("fk_time_entries_scheduled_shift_id_shifts")
        ),
        sa.ForeignKeyConstraint(["worker_id"], ["workers.id"], name=op.f("fk_time_entries_worker_id_workers")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_time_entries")),
    )
    with op.batch_alter_table("time_entries", schema=None) as batch_op:
        batch_op.create_index("ix_time_entries_client_clock_in", ["client_id", "clock_in"], unique=False)
        batch_op.create_index("ix_time_entries_client_updated", ["client_id", "updated_at"], unique=False)
        batch_op.create_index("ix_time_entries_open", ["clock_out", "clock_in"], unique=False)
        batch_op.create_index("ix_time_entries_parent", ["parent_id"], unique=False)
        batch_op.create_index("ix_time_entries_worker_clock_in", ["worker_id", "clock_in"], unique=False)

    op.create_table(
        "amendments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("entry_id", sa.Integer(), nullable=False),
        sa.Column("worker_id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("requested_clock_in", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.Column("requested_clock_out", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.Column("requested_break_minutes", sa.Integer(), nullable=True),
        sa.Column("reason", sa.String(length=500), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("raised_by", sa.String(length=100), nullable=False),
        sa.Column("created_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.Column("decided_at", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.Column("updated_at", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name=op.f("fk_amendments_client_id_clients")),
        sa.ForeignKeyConstraint(["entry_id"], ["time_entries.id"], name=op.f("fk_amendments_entry_id_time_entries")),
        sa.ForeignKeyConstraint(["worker_id"], ["workers.id"], name=op.f("fk_amendments_worker_id_workers")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_amendments")),
    )
    with op.batch_alter_table("amendments", schema=None) as batch_op:
        batch_op.create_index("ix_amendments_client_created", ["client_id", "created_at"], unique=False)
        batch_op.create_index(batch_op.f("ix_amendments_entry_id"), ["entry_id"], unique=False)

    with op.batch_alter_table("clients", schema=None) as batch_op:
        batch_op.add_column(sa.Column("default_shift_hours", sa.Integer(), server_default="8", nullable=False))
        batch_op.add_column(sa.Column("dormant_after_days", sa.Integer(), server_default="90", nullable=False))


def downgrade() -> None:

    with op.batch_alter_table("clients", schema=None) as batch_op:
        batch_op.drop_column("dormant_after_days")
        batch_op.drop_column("default_shift_hours")

    with op.batch_alter_table("amendments", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_amendments_entry_id"))
        batch_op.drop_index("ix_amendments_client_created")

    op.drop_table("amendments")
    with op.batch_alter_table("time_entries", schema=None) as batch_op:
        batch_op.drop_index("ix_time_entries_worker_clock_in")
        batch_op.drop_index("ix_time_entries_parent")
        batch_op.drop_index("ix_time_entries_open")
        batch_op.drop_index("ix_time_entries_client_updated")
        batch_op.drop_index("ix_time_entries_client_clock_in")

    op.drop_table("time_entries")
    with op.batch_alter_table("shifts", schema=None) as batch_op:
        batch_op.drop_index("ix_shifts_worker_start")
        batch_op.drop_index("ix_shifts_client_start")

    op.drop_table("shifts")
    with op.batch_alter_table("survey_questions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_survey_questions_survey_id"))

    op.drop_table("survey_questions")
    with op.batch_alter_table("surveys", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_surveys_client_id"))

    op.drop_table("surveys")
