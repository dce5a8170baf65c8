"""A client's reference data: sites (locations), departments and cost codes."""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    ForeignKey,
    Integer,
    String,
    Table,
)

from workforce_adapters.sql.tables.base import metadata
from workforce_adapters.sql.types import Money, UtcDateTime

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
