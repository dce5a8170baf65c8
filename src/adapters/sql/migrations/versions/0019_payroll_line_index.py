"""Indexes that let GET /payroll.php read a page of a big pay week without grouping the whole week.

- ``ix_shift_figures_client_line_week``: a client's figures by the week they are paid in
  (``coalesce(adjust_week, pay_week_start)``: a late clock's due week, else its own), then worker, with
  the status, reason, paid minutes, site and both weeks: whether a worker has a line in a week is one
  index probe, and a page's sums come from the index alone.
- ``ix_shift_figures_client_week`` gains ``payroll_reason``: the count of a week's shifts still awaiting
  approval is read from the index.

Revision ID: 0019
Revises: 0018
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019"
down_revision = "0018"
branch_labels = None
depends_on = None

LINE_WEEK_COLUMNS: list[str | sa.TextClause] = [
    "client_id",
    sa.text("coalesce(adjust_week, pay_week_start)"),
    "worker_id",
    "payroll_status",
    "payroll_reason",
    "paid_minutes",
    "location_id",
    "adjust_week",
    "pay_week_start",
]


def upgrade() -> None:
    op.create_index("ix_shift_figures_client_line_week", "shift_figures", LINE_WEEK_COLUMNS)
    op.drop_index("ix_shift_figures_client_week", table_name="shift_figures")
    op.create_index("ix_shift_figures_client_week", "shift_figures", ["client_id", "pay_week_start", "payroll_reason"])


def downgrade() -> None:
    op.drop_index("ix_shift_figures_client_week", table_name="shift_figures")
    op.create_index("ix_shift_figures_client_week", "shift_figures", ["client_id", "pay_week_start"])
    op.drop_index("ix_shift_figures_client_line_week", table_name="shift_figures")
