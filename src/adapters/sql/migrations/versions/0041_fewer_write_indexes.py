"""Three indexes that another index already covers, dropped: every one was written at each clock-in,
clock-out and audit row, and read by nothing the wider index does not serve as well.

- ``ix_time_entries_client_clock_in`` (client, clock-in): the first two columns of
  ``ix_time_entries_client_listing``;
- ``ix_time_entries_worker_clock_in`` (worker, clock-in): a worker belongs to one account, so
  ``ix_time_entries_worker_client_clock_in`` holds the worker's rows in the same order;
- ``ix_audit_log_client_id`` (client): the first column of ``ix_audit_log_client_created``.

Its downgrade makes them again.

Revision ID: 0041
Revises: 0040
"""

from __future__ import annotations

from alembic import op

revision = "0041"
down_revision = "0040"
branch_labels = None
depends_on = None

DROPPED = (
    ("ix_time_entries_client_clock_in", "time_entries", ["client_id", "clock_in"]),
    ("ix_time_entries_worker_clock_in", "time_entries", ["worker_id", "clock_in"]),
    ("ix_audit_log_client_id", "audit_log", ["client_id"]),
)


def upgrade() -> None:
    for name, table, _ in DROPPED:
        op.drop_index(name, table_name=table)


def downgrade() -> None:
    for name, table, columns in DROPPED:
        op.create_index(name, table, columns)
