"""Time entries (shifts and breaks), surveys, amendments and the completed-entry counts."""

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
    text,
)

from workforce_adapters.sql.tables.base import metadata
from workforce_adapters.sql.types import Money, UtcDateTime

time_entries = Table(
    "time_entries",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("worker_id", Integer, ForeignKey("workers.id"), nullable=False),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("location_id", Integer, ForeignKey("locations.id"), nullable=True),
    Column("entry_type", String(10), nullable=False),
    Column("parent_id", Integer, ForeignKey("time_entries.id"), nullable=True),
    Column("clock_in", UtcDateTime, nullable=False),
    Column("clock_out", UtcDateTime, nullable=True),
    Column("clock_method", String(20), nullable=False),
    Column("clock_out_method", String(20)),
    Column("clock_source", String(20)),
    Column("kiosk_id", String(100)),
    Column("notes", String(600)),
    Column("match_score", Money),
    Column("cost_code_id", Integer, ForeignKey("cost_codes.id"), nullable=True),
    Column("scheduled_shift_id", Integer, ForeignKey("shifts.id"), nullable=True),
    Column("approval_status", String(10), nullable=False),
    Column("approved_at", UtcDateTime),
    Column("approved_by", Integer),
    Column("client_approval", String(10), nullable=False),
    Column("client_approved_at", UtcDateTime),
    Column("client_approved_by", Integer),
    Column("client_rejected_reason", String(255)),
    Column("queried", Boolean, nullable=False),
    Column("open_query", Boolean, nullable=False),
    Column("query_text", String(500)),
    Column("query_answer", String(500)),
    Column("query_answered_at", UtcDateTime),
    Column("risk_flags", JSON, nullable=False),
    Column("manual_break_minutes", Integer),
    Column("pay_adjustment_minutes", Integer),
    Column("edit_count", Integer, nullable=False),
    Column("edited_at", UtcDateTime),
    Column("original_clock_in", UtcDateTime),
    Column("original_clock_out", UtcDateTime),
    Column("latitude", Money),
    Column("longitude", Money),
    Column("within_geofence", Integer),
    Column("distance_meters", Integer),
    Column("gps_accuracy", Integer),
    Column("low_gps_confidence", Boolean),
    Column("clock_out_latitude", Money),
    Column("clock_out_longitude", Money),
    Column("clock_out_within_geofence", Integer),
    Column("clock_out_distance_meters", Integer),
    Column("exported_batch_id", Integer),
    Column("created_at", UtcDateTime, nullable=False),
    Column("updated_at", UtcDateTime),
    Index("ix_time_entries_worker_clock_in", "worker_id", "clock_in"),
    Index("ix_time_entries_worker_client_clock_in", "worker_id", "client_id", "clock_in"),
    Index("ix_time_entries_client_updated", "client_id", "updated_at"),
    Index("ix_time_entries_open", "clock_out", "clock_in"),
    # a break's shift, a shift's booking: indexed only where there is one, so a shift clocked without
    # a booking writes neither index
    Index(
        "ix_time_entries_parent",
        "parent_id",
        sqlite_where=text("parent_id IS NOT NULL"),
        postgresql_where=text("parent_id IS NOT NULL"),
    ),
    Index("ix_time_entries_worker_clock_out", "worker_id", "clock_out"),
    # covers GET /timesheets.php's count and page ids (in its order) for the usual filters, and any
    # read of an account's shifts by time (its first two columns)
    Index("ix_time_entries_client_listing", "client_id", "clock_in", "id", "entry_type", "clock_out"),
)

Index(
    "ix_time_entries_scheduled_shift_id",
    time_entries.c.scheduled_shift_id,
    sqlite_where=text("scheduled_shift_id IS NOT NULL"),
    postgresql_where=text("scheduled_shift_id IS NOT NULL"),
)

surveys = Table(
    "surveys",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False, index=True),
    Column("name", String(150), nullable=False),
    Column("location_id", Integer, ForeignKey("locations.id"), nullable=True),
    Column("active", Boolean, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
)

survey_questions = Table(
    "survey_questions",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("survey_id", Integer, ForeignKey("surveys.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("position", Integer, nullable=False),
    Column("text", String(500), nullable=False),
    Column("blocking_answers", JSON, nullable=False),
)

amendments = Table(
    "amendments",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("entry_id", Integer, ForeignKey("time_entries.id"), nullable=False, index=True),
    Column("worker_id", Integer, ForeignKey("workers.id"), nullable=False),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("requested_clock_in", UtcDateTime),
    Column("requested_clock_out", UtcDateTime),
    Column("requested_break_minutes", Integer),
    Column("reason", String(500), nullable=False),
    Column("status", String(10), nullable=False),
    Column("raised_by", String(100), nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("decided_at", UtcDateTime),
    Column("updated_at", UtcDateTime),
    Index("ix_amendments_client_created", "client_id", "created_at"),
)

# How many completed entries (clocked out) each worker has of each type, kept by the database's own
# triggers on time_entries (migration 0018): a list's total without a filter beyond the client, the
# entry types and the workers is a sum over a client's workers, not a count of every shift it has had.
completed_entry_counts = Table(
    "completed_entry_counts",
    metadata,
    Column("worker_id", Integer, ForeignKey("workers.id"), primary_key=True),
    Column("entry_type", String(10), primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("completed", Integer, nullable=False),
    Index("ix_completed_entry_counts_client", "client_id", "entry_type", "completed"),
)
