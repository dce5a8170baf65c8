"""The API log: each request of each key, kept for the log's retention (``WORKFORCE_API_LOG_DAYS``)."""

from __future__ import annotations

from sqlalchemy import Column, Index, Integer, String, Table

from workforce_adapters.sql.tables.base import metadata
from workforce_adapters.sql.types import UtcDateTime
from workforce_core.model.api_requests import PATH_LENGTH

# No foreign keys: rows are written in batches outside the requests' transactions and must not wait
# on (or fail for) the accounts and keys they name; a deleted key's rows leave with the retention.
api_requests = Table(
    "api_requests",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, nullable=False),
    Column("api_key_id", Integer, nullable=False),
    Column("at", UtcDateTime, nullable=False),
    Column("method", String(10), nullable=False),
    Column("path", String(PATH_LENGTH), nullable=False),
    Column("status", Integer, nullable=False),
    Column("duration_ms", Integer, nullable=False),
    Column("request_id", String(64), nullable=False),
    Index("ix_api_requests_key_at", "api_key_id", "at"),
    Index("ix_api_requests_request_id", "request_id"),
    Index("ix_api_requests_at", "at"),
)
