"""Bookings (the spec's Shift resource), requirements (demands), offers and no-show notices."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Column,
    Date,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
)

from workforce_adapters.sql.tables.base import metadata
from workforce_adapters.sql.types import UtcDateTime

shifts = Table(
    "shifts",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("worker_id", Integer, ForeignKey("workers.id"), nullable=False),
    Column("location_id", Integer, ForeignKey("locations.id"), nullable=False),
    Column("shift_date", Date, nullable=False),
    Column("start", UtcDateTime, nullable=False),
    Column("end", UtcDateTime, nullable=False),
    Column("break_minutes", Integer, nullable=False),
    Column("job_role", String(100)),
    Column("status", String(20), nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("notes", String(1000)),
    Column("demand_id", Integer),
    Column("cancel_reason", String(255)),
    Column("cancelled_at", UtcDateTime),
    Column("acknowledged_at", UtcDateTime),
    Column("declined_at", UtcDateTime),
    Column("confirmation", String(20), nullable=False, server_default="unconfirmed"),
    Column("updated_at", UtcDateTime),
    Column("warning_codes", JSON, nullable=False, server_default="[]"),
    Index("ix_shifts_worker_start", "worker_id", "start"),
    Index("ix_shifts_location_start", "location_id", "start"),
    Index("ix_shifts_client_start", "client_id", "start"),
    Index("ix_shifts_demand_id", "demand_id"),
)

demands = Table(
    "demands",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("location_id", Integer, ForeignKey("locations.id"), nullable=False),
    Column("shift_date", Date, nullable=False),
    Column("start", UtcDateTime, nullable=False),
    Column("end", UtcDateTime, nullable=False),
    Column("break_minutes", Integer, nullable=False),
    Column("job_role", String(100)),
    Column("headcount", Integer, nullable=False),
    Column("requested", Integer, nullable=False),
    Column("status", String(20), nullable=False),
    Column("series_id", Integer),
    Column("source", String(20), nullable=False),
    Column("notes", String(1000)),
    Column("cancel_reason", String(255)),
    Column("cancelled_at", UtcDateTime),
    Column("created_at", UtcDateTime, nullable=False),
    Column("updated_at", UtcDateTime),
    Index("ix_demands_client_date", "client_id", "shift_date"),
)

offers = Table(
    "offers",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("demand_id", Integer, ForeignKey("demands.id"), nullable=False),
    Column("worker_id", Integer, ForeignKey("workers.id"), nullable=False),
    Column("status", String(20), nullable=False),
    Column("sent_at", UtcDateTime, nullable=False),
    Column("answered_at", UtcDateTime),
    Column("shift_id", Integer, ForeignKey("shifts.id")),
    Index("ix_offers_demand_worker", "demand_id", "worker_id"),
    Index("ix_offers_client_id", "client_id", "id"),
)

shift_no_shows = Table(
    "shift_no_shows",
    metadata,
    # one row per booking whose ``shift.no_show`` was sent: the unique booking_id makes it once only
    Column("id", Integer, primary_key=True),
    Column("booking_id", Integer, ForeignKey("shifts.id"), nullable=False, unique=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("recorded_at", UtcDateTime, nullable=False),
)

# /shifts.php's order: date newest first, then start and id
Index("ix_shifts_client_date", shifts.c.client_id, shifts.c.shift_date.desc(), shifts.c.start, shifts.c.id)

# the no-show job reads published bookings by start, then which of them a shift was clocked against
# (``worked_against`` asks the latter too)
Index("ix_shifts_status_start", shifts.c.status, shifts.c.start)
