"""The pricing read's index: a worker's shifts at one client by clock-in.

The pricing inputs are "these workers' shifts at this client in these weeks"; with only
(client_id, clock_in) and (worker_id, clock_in) SQLite chose the client's index and read every shift of
the client that week. (worker_id, client_id, clock_in) answers the query with two equalities and a range.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_time_entries_worker_client_clock_in", "time_entries", ["worker_id", "client_id", "clock_in"])


def downgrade() -> None:
    op.drop_index("ix_time_entries_worker_client_clock_in", table_name="time_entries")
