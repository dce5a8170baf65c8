"""A stored figure keeps its shift's ``clock_in``, so the stale check counts the figures of a period
exactly: the client's figures whose shift clocked in within it (``ix_shift_figures_client_clock_in``)
against the period's completed shifts. Filled from ``time_entries`` for the figures already stored.

On SQLite the column becomes NOT NULL by rebuilding the table, which cannot carry the expression index
``ix_shift_figures_client_line_week`` (0019): it is dropped first and made again from its own text.

Revision ID: 0020
Revises: 0019
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from alembic import op
from alembic.operations import BatchOperations

from workforce_adapters.sql.types import UtcDateTime

revision = "0020"
down_revision = "0019"
branch_labels = None
depends_on = None

LINE_WEEK = "ix_shift_figures_client_line_week"


def _rebuilt_on_sqlite(change: Callable[[BatchOperations], None]) -> None:
    """SQLite: the table rebuilt with ``change``, its expression index set aside and made again as it was
    (a rebuild cannot carry it)."""
    bind = op.get_bind()
    index = bind.execute(sa.text("SELECT sql FROM sqlite_master WHERE name = :name"), {"name": LINE_WEEK}).scalar_one()
    op.drop_index(LINE_WEEK, table_name="shift_figures")
    with op.batch_alter_table("shift_figures", recreate="always") as batch:
        change(batch)
    op.execute(index)


def upgrade() -> None:
    with op.batch_alter_table("shift_figures") as batch:
        batch.add_column(sa.Column("clock_in", UtcDateTime(), nullable=True))
    op.execute(
        "UPDATE shift_figures SET clock_in = "
        "(SELECT time_entries.clock_in FROM time_entries WHERE time_entries.id = shift_figures.entry_id)"
    )
    if op.get_bind().dialect.name == "sqlite":
        _rebuilt_on_sqlite(lambda batch: batch.alter_column("clock_in", existing_type=UtcDateTime(), nullable=False))
    else:
        op.alter_column("shift_figures", "clock_in", existing_type=UtcDateTime(), nullable=False)
    op.create_index("ix_shift_figures_client_clock_in", "shift_figures", ["client_id", "clock_in"])


def downgrade() -> None:
    op.drop_index("ix_shift_figures_client_clock_in", table_name="shift_figures")
    if op.get_bind().dialect.name == "sqlite":
        _rebuilt_on_sqlite(lambda batch: batch.drop_column("clock_in"))
    else:
        op.drop_column("shift_figures", "clock_in")
