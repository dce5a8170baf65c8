"""Completed entries counted per worker and type by the database itself, so a timesheet list's total
is a sum over the client's workers, not a count of every shift the client has had.

Triggers on time_entries keep the counts whatever writes the rows (the use cases, a bulk load, a
hand-run repair): a row counts while its ``clock_out`` is set, under its worker and type. Only a
change of those fires them (approvals, notes and edits of the times leave the counts alone), and the
row they touch is its own worker's, whose writes are already serialised by the worker's lock.

Revision ID: 0018
Revises: 0017
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018"
down_revision = "0017"
branch_labels = None
depends_on = None

ADD = (
    "INSERT INTO completed_entry_counts (worker_id, entry_type, client_id, completed) "
    "VALUES (NEW.worker_id, NEW.entry_type, NEW.client_id, 1) "
    "ON CONFLICT (worker_id, entry_type) DO UPDATE SET completed = completed_entry_counts.completed + 1"
)
TAKE = (
    "UPDATE completed_entry_counts SET completed = completed - 1 "
    "WHERE worker_id = OLD.worker_id AND entry_type = OLD.entry_type"
)
CHANGED = (
    "(OLD.clock_out IS NULL) <> (NEW.clock_out IS NULL) "
    "OR OLD.worker_id <> NEW.worker_id OR OLD.entry_type <> NEW.entry_type"
)

SQLITE = (
    f"CREATE TRIGGER tr_entry_counts_insert AFTER INSERT ON time_entries "
    f"WHEN NEW.clock_out IS NOT NULL BEGIN {ADD}; END",
    f"CREATE TRIGGER tr_entry_counts_delete AFTER DELETE ON time_entries "
    f"WHEN OLD.clock_out IS NOT NULL BEGIN {TAKE}; END",
    # two triggers for an update: SQLite's trigger body has no IF, each statement its own WHEN
    f"CREATE TRIGGER tr_entry_counts_update_old AFTER UPDATE OF clock_out, worker_id, entry_type ON time_entries "
    f"WHEN OLD.clock_out IS NOT NULL AND ({CHANGED}) BEGIN {TAKE}; END",
    f"CREATE TRIGGER tr_entry_counts_update_new AFTER UPDATE OF clock_out, worker_id, entry_type ON time_entries "
    f"WHEN NEW.clock_out IS NOT NULL AND ({CHANGED}) BEGIN {ADD}; END",
)
SQLITE_DROP = (
    "DROP TRIGGER tr_entry_counts_insert",
    "DROP TRIGGER tr_entry_counts_delete",
    "DROP TRIGGER tr_entry_counts_update_old",
    "DROP TRIGGER tr_entry_counts_update_new",
)

POSTGRES = (
    f"""CREATE FUNCTION count_completed_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' AND OLD.clock_out IS NOT NULL THEN
        {TAKE};
    END IF;
    IF TG_OP <> 'DELETE' AND NEW.clock_out IS NOT NULL THEN
        {ADD};
    END IF;
    RETURN NULL;
END $$""",
    "CREATE TRIGGER tr_entry_counts_insert_delete AFTER INSERT OR DELETE ON time_entries "
    "FOR EACH ROW EXECUTE FUNCTION count_completed_entries()",
    "CREATE TRIGGER tr_entry_counts_update AFTER UPDATE OF clock_out, worker_id, entry_type ON time_entries "
    f"FOR EACH ROW WHEN ({CHANGED}) EXECUTE FUNCTION count_completed_entries()",
)
POSTGRES_DROP = (
    "DROP TRIGGER tr_entry_counts_update ON time_entries",
    "DROP TRIGGER tr_entry_counts_insert_delete ON time_entries",
    "DROP FUNCTION count_completed_entries()",
)


def upgrade() -> None:
    op.create_table(
        "completed_entry_counts",
        sa.Column("worker_id", sa.Integer(), nullable=False),
        sa.Column("entry_type", sa.String(length=10), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("completed", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["worker_id"], ["workers.id"], name=op.f("fk_completed_entry_counts_worker_id_workers")
        ),
        sa.ForeignKeyConstraint(
            ["client_id"], ["clients.id"], name=op.f("fk_completed_entry_counts_client_id_clients")
        ),
        sa.PrimaryKeyConstraint("worker_id", "entry_type", name=op.f("pk_completed_entry_counts")),
    )
    op.create_index(
        "ix_completed_entry_counts_client", "completed_entry_counts", ["client_id", "entry_type", "completed"]
    )
    op.execute(
        "INSERT INTO completed_entry_counts (worker_id, entry_type, client_id, completed) "
        "SELECT worker_id, entry_type, MIN(client_id), COUNT(*) FROM time_entries "
        "WHERE clock_out IS NOT NULL GROUP BY worker_id, entry_type"
    )
    for statement in POSTGRES if op.get_bind().dialect.name == "postgresql" else SQLITE:
        op.execute(statement)


def downgrade() -> None:
    for statement in POSTGRES_DROP if op.get_bind().dialect.name == "postgresql" else SQLITE_DROP:
        op.execute(statement)
    op.drop_index("ix_completed_entry_counts_client", table_name="completed_entry_counts")
    op.drop_table("completed_entry_counts")
