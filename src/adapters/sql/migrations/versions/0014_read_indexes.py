"""Indexes that let list pages and clocking read what they return.

- ``ix_time_entries_client_listing``: a client's entries by clock-in and id, with their type and
  clock-out: GET /timesheets.php counts its entries and finds a page's ids in its order (newest
  clock-in, then id, first) over this index alone, without reading a row. (With ``entry_type``
  before ``clock_in`` SQLite chose it over the worker index for the pricing read.)
- ``ix_shifts_client_date``: a client's bookings in /shifts.php's order (date newest first, then start
  and id), so a page's ids come from the index without sorting the client's bookings.
- ``ix_time_entries_worker_clock_out``: a worker's shifts by clock-out, for the clock-in checks (the
  open shift, and a recorded shift ending after the clock-in) without walking the worker's history.
- on PostgreSQL, ``rate_limit_hit``: the database rate limiter's lock, purge, count and insert in one
  call (one round trip a request); each statement in it sees the hits committed before it.

Revision ID: 0014
Revises: 0016
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0016"
branch_labels = None
depends_on = None


RATE_LIMIT_HIT = """
CREATE OR REPLACE FUNCTION rate_limit_hit(
    p_bucket text, p_limit integer, p_window double precision, p_now double precision, p_count boolean
) RETURNS TABLE (allowed boolean, used bigint, oldest double precision)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended(p_bucket, 0));
    DELETE FROM rate_limit_hits WHERE bucket = p_bucket AND hit_at <= p_now - p_window;
    SELECT count(*), min(hit_at) INTO used, oldest FROM rate_limit_hits WHERE bucket = p_bucket;
    allowed := used < p_limit;
    IF allowed AND p_count THEN
        INSERT INTO rate_limit_hits (bucket, hit_at) VALUES (p_bucket, p_now);
        used := used + 1;
    END IF;
    RETURN NEXT;
END
$$
"""


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(RATE_LIMIT_HIT)
    columns = ["client_id", "clock_in", "id", "entry_type", "clock_out"]
    op.create_index("ix_time_entries_client_listing", "time_entries", columns)
    op.create_index("ix_shifts_client_date", "shifts", ["client_id", sa.text("shift_date DESC"), "start", "id"])
    op.create_index("ix_time_entries_worker_clock_out", "time_entries", ["worker_id", "clock_out"])


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION rate_limit_hit(text, integer, double precision, double precision, boolean)")
    op.drop_index("ix_time_entries_worker_clock_out", table_name="time_entries")
    op.drop_index("ix_shifts_client_date", table_name="shifts")
    op.drop_index("ix_time_entries_client_listing", table_name="time_entries")
