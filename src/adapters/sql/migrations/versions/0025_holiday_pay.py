"""Holiday pay: a client's ``holiday_pay`` (none, rolled_up or accrued) and the first day of its leave
year (``leave_year_start``, MM-DD); a worker's own ``holiday_pay`` overriding the client's (null: the
client's); a rate rule's ``holiday_charge_multiplier``.

Revision ID: 0025
Revises: 0024
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from workforce_adapters.sql.types import Money

revision = "0025"
down_revision = "0024"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("clients", sa.Column("holiday_pay", sa.String(16), nullable=False, server_default="none"))
    op.add_column("clients", sa.Column("leave_year_start", sa.String(5), nullable=False, server_default="01-01"))
    op.add_column("workers", sa.Column("holiday_pay", sa.String(16), nullable=True))
    op.add_column("rate_rules", sa.Column("holiday_charge_multiplier", Money(), nullable=True))


def downgrade() -> None:
    op.drop_column("rate_rules", "holiday_charge_multiplier")
    op.drop_column("workers", "holiday_pay")
    op.drop_column("clients", "leave_year_start")
    op.drop_column("clients", "holiday_pay")
