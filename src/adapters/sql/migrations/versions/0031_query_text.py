"""A query's question and the agency's answer on the shift: ``query_text``, ``query_answer`` and
``query_answered_at`` of ``time_entries`` (null: none; shifts queried before keep no question).

Revision ID: 0031
Revises: 0030
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from workforce_adapters.sql.types import UtcDateTime

revision = "0031"
down_revision = "0030"
branch_labels = None
depends_on = None

COLUMNS = ("query_text", "query_answer", "query_answered_at")


def upgrade() -> None:
    op.add_column("time_entries", sa.Column("query_text", sa.String(500), nullable=True))
    op.add_column("time_entries", sa.Column("query_answer", sa.String(500), nullable=True))
    op.add_column("time_entries", sa.Column("query_answered_at", UtcDateTime, nullable=True))


def downgrade() -> None:
    for name in reversed(COLUMNS):
        op.drop_column("time_entries", name)  # in place (SQLite 3.35+): rebuilding time_entries breaks its foreign keys
