"""The API log (issue: the API log per key): each request of each key (time, method, path with its
secrets cut, status, duration, request id), read per key newest first and by request id, deleted past
the log's retention.

Revision ID: 0039
Revises: 0038
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from workforce_adapters.sql.types import UtcDateTime

revision = "0039"
down_revision = "0038"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "api_requests",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("client_id", sa.Integer, nullable=False),
        sa.Column("api_key_id", sa.Integer, nullable=False),
        sa.Column("at", UtcDateTime, nullable=False),
        sa.Column("method", sa.String(10), nullable=False),
        sa.Column("path", sa.String(2000), nullable=False),
        sa.Column("status", sa.Integer, nullable=False),
        sa.Column("duration_ms", sa.Integer, nullable=False),
        sa.Column("request_id", sa.String(64), nullable=False),
        sa.Index("ix_api_requests_key_at", "api_key_id", "at"),
        sa.Index("ix_api_requests_request_id", "request_id"),
        sa.Index("ix_api_requests_at", "at"),
    )


def downgrade() -> None:
    op.drop_table("api_requests")
