"""Workers, their employee-number counters, availability, absences and do-not-return."""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Date,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Time,
    UniqueConstraint,
    false,
)

from workforce_adapters.sql.tables.base import metadata
from workforce_adapters.sql.types import Money, UtcDateTime

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
    Column("pin_hash", String(255), nullable=True),  # argon2 of the kiosk PIN; has_pin says whether set
    Column("suspended", Boolean, nullable=False),
    Column("anonymised_at", UtcDateTime),
    Column("moved_out_at", UtcDateTime),  # moved to another client account (migration 0038)
    Column("created_at", UtcDateTime, nullable=False),
    Column("updated_at", UtcDateTime),
    Column("date_of_birth", Date),
    Column("apprentice_since", Date),
    Column("wtr_opt_out", Boolean, nullable=False, server_default=false()),
    Column("holiday_pay", String(16), nullable=True),  # null: the client's holiday_pay
    UniqueConstraint("client_id", "employee_id_key", name="uq_workers_client_employee_id"),
    Index("ix_workers_client_name", "client_id", "name", "id"),
    Index("ix_workers_client_location", "client_id", "location_id"),
    Index("ix_workers_client_updated", "client_id", "updated_at"),
)

employee_id_counters = Table(
    "employee_id_counters",
    metadata,
    # the last number a generated employee ID of the client used; its row lock queues every change of
    # the client's employee IDs, so a generated one never collides
    Column("client_id", Integer, ForeignKey("clients.id"), primary_key=True),
    Column("last_number", Integer, nullable=False),
)

availability_rules = Table(
    "availability_rules",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("worker_id", Integer, ForeignKey("workers.id"), nullable=False),
    Column("kind", String(20), nullable=False),
    Column("day_of_week", Integer),
    Column("date", Date),
    Column("start_time", Time, nullable=False),
    Column("end_time", Time, nullable=False),
    Column("valid_from", Date),
    Column("valid_to", Date),
    Column("notes", String(1000)),
    Column("created_at", UtcDateTime, nullable=False),
    Column("retired_at", UtcDateTime),
    Index("ix_availability_rules_client_worker", "client_id", "worker_id"),
)

absences = Table(
    "absences",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("worker_id", Integer, ForeignKey("workers.id"), nullable=False),
    Column("type", String(20), nullable=False),
    Column("status", String(20), nullable=False),
    Column("start_date", Date, nullable=False),
    Column("end_date", Date, nullable=False),
    Column("hours", Money),
    Column("notes", String(1000)),
    Column("created_at", UtcDateTime, nullable=False),
    Column("updated_at", UtcDateTime),
    Index("ix_absences_client_start", "client_id", "start_date"),
    Index("ix_absences_worker_start", "worker_id", "start_date"),
)

do_not_return = Table(
    "do_not_return",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("worker_id", Integer, ForeignKey("workers.id"), nullable=False),
    Column("location_id", Integer, ForeignKey("locations.id"), nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    UniqueConstraint("worker_id", "location_id", name="uq_do_not_return_worker_location"),
    Index("ix_do_not_return_client_location", "client_id", "location_id"),
)
