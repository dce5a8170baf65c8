"""Fewer index pages written at every clock-in, clock-out, audit row and event: three indexes dropped,
two that another index covers (nothing read by them that the wider index does not serve as well) and
one that no read uses, and two made partial, holding only the rows that have a value.

- ``ix_time_entries_client_clock_in`` (client, clock-in): the first two columns of
  ``ix_time_entries_client_listing``;
- ``ix_audit_log_client_id`` (client): the first column of ``ix_audit_log_client_created``;
- ``ix_outbox_client_event`` (client, event): the outbox is read by its pending and unnotified indexes
  only;
- ``ix_time_entries_parent`` and ``ix_time_entries_scheduled_shift_id`` hold only the entries with a
  parent (breaks) and with a booking: every read by them asks for one value, and a shift clocked
  without a booking then writes neither.

Its downgrade makes them again as they were.

Revision ID: 0041
Revises: 0040
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0041"
down_revision = "0040"
branch_labels = None
depends_on = None

DROPPED = (
    ("ix_time_entries_client_clock_in", "time_entries", ["client_id", "clock_in"]),
    ("ix_audit_log_client_id", "audit_log", ["client_id"]),
    ("ix_outbox_client_event", "outbox", ["client_id", "event"]),
)


PARTIAL = (
    ("ix_time_entries_parent", "parent_id"),
    ("ix_time_entries_scheduled_shift_id", "scheduled_shift_id"),
)


def upgrade() -> None:
    for name, table, _ in DROPPED:
        op.drop_index(name, table_name=table)
    for name, column in PARTIAL:
        op.drop_index(name, table_name="time_entries")
        where = sa.text(f"{column} IS NOT NULL")
        op.create_index(name, "time_entries", [column], sqlite_where=where, postgresql_where=where)


def downgrade() -> None:
    for name, column in PARTIAL:
        op.drop_index(name, table_name="time_entries")
        op.create_index(name, "time_entries", [column])
    for name, table, columns in DROPPED:
        op.create_index(name, table, columns)
