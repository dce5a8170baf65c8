"""A stored figure keeps its shift's ``clock_in``, so the stale check counts the figures of a period
exactly: the client's figures whose shift clocked in within it (``ix_shift_figures_client_clock_in``)
against the period's completed shifts. Filled from ``time_entries`` for the figures already stored.

The column stays nullable: making it NOT NULL on SQLite means rebuilding ``shift_figures``, whose drop
the foreign keys of its lines refuse on a database that has figures. Every figure stores it; one
without it would only make the tally differ, and the exact search run.

Revision ID: 0020
Revises: 0019
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from workforce_adapters.sql.types import UtcDateTime

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("shift_figures", sa.Column("clock_in", UtcDateTime(), nullable=True))
    op.execute(
        "UPDATE shift_figures SET clock_in = "
        "(SELECT time_entries.clock_in FROM time_entries WHERE time_entries.id = shift_figures.entry_id)"
    )
    op.create_index("ix_shift_figures_client_clock_in", "shift_figures", ["client_id", "clock_in"])


def downgrade() -> None:
    op.drop_index("ix_shift_figures_client_clock_in", table_name="shift_figures")
    op.drop_column("shift_figures", "clock_in")  # SQLite 3.35+ drops a column in place
