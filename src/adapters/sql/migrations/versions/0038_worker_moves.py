"""A worker moved to another client account: the old account's copy is closed and marked
``moved_out_at``; the new account gets a new worker record, so shifts, pay history and documents stay
with the account where they were made.

Its downgrade drops the column (a moved-out copy is then an ordinary leaver).

Revision ID: 0038
Revises: 0037
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from workforce_adapters.sql.types import UtcDateTime

revision = "0038"
down_revision = "0037"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("workers", sa.Column("moved_out_at", UtcDateTime, nullable=True))


def downgrade() -> None:
    op.drop_column("workers", "moved_out_at")  # in place (SQLite 3.35+): rebuilding workers breaks its foreign keys
