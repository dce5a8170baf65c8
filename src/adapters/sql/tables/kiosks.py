"""Site kiosks: the devices enrolled at a site (only their token's hash is kept) and the clocks they
sent, each answered once (a repeat of a device's client-made id gets the stored answer)."""

from __future__ import annotations

from sqlalchemy import Column, ForeignKey, Index, Integer, String, Table, UniqueConstraint

from workforce_adapters.sql.tables.base import metadata
from workforce_adapters.sql.types import UtcDateTime

kiosk_devices = Table(
    "kiosk_devices",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("location_id", Integer, ForeignKey("locations.id"), nullable=False),
    Column("kiosk_id", String(64), nullable=False),  # the clocks' kiosk_id, e.g. kiosk-12-1; unique per account
    Column("token_hash", String(64), nullable=False),  # SHA-256 of the device cookie's token
    Column("created_at", UtcDateTime, nullable=False),
    Column("created_by", Integer, ForeignKey("users.id"), nullable=True),
    Column("revoked_at", UtcDateTime, nullable=True),
    Column("last_seen_at", UtcDateTime, nullable=True),
    UniqueConstraint("client_id", "kiosk_id", name="uq_kiosk_devices_client_kiosk_id"),  # a name per account
    UniqueConstraint("token_hash", name="uq_kiosk_devices_token_hash"),
    Index("ix_kiosk_devices_client_location", "client_id", "location_id"),
)

kiosk_clocks = Table(
    "kiosk_clocks",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("device_id", Integer, ForeignKey("kiosk_devices.id"), nullable=False),
    Column("client_clock_id", String(64), nullable=False),  # made by the page; unique per device
    Column("action", String(3), nullable=False),
    Column("employee_id", String(32), nullable=False),
    Column("occurred_at", UtcDateTime, nullable=False),
    Column("received_at", UtcDateTime, nullable=False),
    Column("status", Integer, nullable=False),  # the answer, as the API would have given it
    Column("error_code", String(40), nullable=True),
    Column("message", String(255), nullable=True),
    Column("worker_id", Integer, ForeignKey("workers.id"), nullable=True),
    Column("entry_id", Integer, ForeignKey("time_entries.id"), nullable=True),
    UniqueConstraint("device_id", "client_clock_id", name="uq_kiosk_clocks_device_clock"),
)
