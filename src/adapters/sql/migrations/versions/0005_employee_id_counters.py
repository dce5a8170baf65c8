"""employee ID counters: one row per client, locked while a worker's employee ID is given

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02 10:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # no rows yet: a client's row is made on its first use, starting at its worker count
    op.create_table(
        "employee_id_counters",
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("last_number", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name=op.f("fk_employee_id_counters_client_id_clients")),
        sa.PrimaryKeyConstraint("client_id", name=op.f("pk_employee_id_counters")),
    )


def downgrade() -> None:
    op.drop_table("employee_id_counters")
