"""Late clocks noted in a table of their own: a payroll read finds a client's late clocks by index,
not by reading the risk flags of every shift of the client.

Revision ID: 0017
Revises: 0015
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017"
down_revision = "0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "late_clocks",
        sa.Column("entry_id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["entry_id"], ["time_entries.id"], name=op.f("fk_late_clocks_entry_id_time_entries")),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name=op.f("fk_late_clocks_client_id_clients")),
        sa.PrimaryKeyConstraint("entry_id", name=op.f("pk_late_clocks")),
    )
    op.create_index("ix_late_clocks_client", "late_clocks", ["client_id"])
    # shifts flagged before this table existed
    op.execute(
        "INSERT INTO late_clocks (entry_id, client_id) SELECT id, client_id FROM time_entries "
        "WHERE CAST(risk_flags AS TEXT) LIKE '%\"locked_week\"%'"
    )


def downgrade() -> None:
    op.drop_index("ix_late_clocks_client", table_name="late_clocks")
    op.drop_table("late_clocks")
