"""What a payroll read used to count over a whole period, kept by the database as the figures change.

- ``shifts_without_figures``: each completed shift (``entry_type`` shift, clocked out) that has no row in
  ``shift_figures``, with its client, site and clock-in. The stale check of a period is a range of its
  index: no more counting the period's shifts against its figures on every read.
- ``payroll_line_counts``: per client, line week (``coalesce(adjust_week, pay_week_start)``) and worker,
  the worker's figures there that are paid (payable, or a late clock due or paid in that week) and those
  excluded for a reason payroll names once the shift is approved (``no_pay_rate``, ``walk_in``,
  ``cancelled``), counting only figures of the worker's own client. A payroll week's total is a count of
  these rows.

Triggers keep both whatever writes the rows (a use case, a bulk load, a hand-run repair): on
``time_entries`` (a shift completed, reopened, retyped, moved in time or site, deleted), on
``shift_figures`` (stored, dropped, changed) and on ``workers`` (a change of client or name). The values of the
pay gate's sets are those of ``workforce_core.rules.pay_gate`` (``PAID``, ``UNPAID``: a test compares).

Revision ID: 0030
Revises: 0029
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from workforce_adapters.sql.types import UtcDateTime

revision = "0030"
down_revision = "0029"
branch_labels = None
depends_on = None

# the pay gate's sets (rules.pay_gate: counts_as_paid, and UNPAID_WHEN_APPROVED) over a figures row
PAID = (
    "({r}.payroll_status = 'payable' OR ({r}.adjust_week IS NOT NULL "
    "AND {r}.payroll_reason IN ('adjustment_pending', 'paid_adjustment')))"
)
UNPAID = "({r}.payroll_status = 'excluded' AND {r}.payroll_reason IN ('no_pay_rate', 'walk_in', 'cancelled'))"
COMPLETED = "({r}.entry_type = 'shift' AND {r}.clock_out IS NOT NULL)"


def _one(condition: str, r: str) -> str:
    return f"(CASE WHEN {condition.format(r=r)} THEN 1 ELSE 0 END)"


def _line_key(r: str) -> str:
    return (
        f"client_id = {r}.client_id AND line_week = coalesce({r}.adjust_week, {r}.pay_week_start) "
        f"AND worker_id = {r}.worker_id"
    )


def _add_line(r: str) -> str:
    """Count the figure ``r`` in its line (when it makes one, and is of its worker's own client)."""
    return (
        "INSERT INTO payroll_line_counts (client_id, line_week, worker_id, worker_name, paid, unpaid) "
        f"SELECT {r}.client_id, coalesce({r}.adjust_week, {r}.pay_week_start), {r}.worker_id, w.name, "
        f"{_one(PAID, r)}, {_one(UNPAID, r)} FROM workers w "
        f"WHERE w.id = {r}.worker_id AND w.client_id = {r}.client_id AND ({PAID.format(r=r)} OR {UNPAID.format(r=r)}) "
        "ON CONFLICT (client_id, line_week, worker_id) DO UPDATE SET "
        "paid = payroll_line_counts.paid + excluded.paid, unpaid = payroll_line_counts.unpaid + excluded.unpaid"
    )


def _take_line(r: str) -> tuple[str, str]:
    """Uncount the figure ``r``; a line counting nothing goes."""
    return (
        f"UPDATE payroll_line_counts SET paid = paid - {_one(PAID, r)}, unpaid = unpaid - {_one(UNPAID, r)} "
        f"WHERE {_line_key(r)}",
        f"DELETE FROM payroll_line_counts WHERE {_line_key(r)} AND paid = 0 AND unpaid = 0",
    )


def _mark_entry(entry_id: str) -> str:
    """Mark the entry ``entry_id`` when it is a completed shift without figures."""
    return (
        "INSERT INTO shifts_without_figures (entry_id, client_id, location_id, clock_in) "
        "SELECT te.id, te.client_id, te.location_id, te.clock_in FROM time_entries te "
        f"WHERE te.id = {entry_id} AND {COMPLETED.format(r='te')} "
        f"AND NOT EXISTS (SELECT 1 FROM shift_figures f WHERE f.entry_id = {entry_id}) "
        "ON CONFLICT (entry_id) DO NOTHING"
    )


def _unmark(entry_id: str) -> str:
    return f"DELETE FROM shifts_without_figures WHERE entry_id = {entry_id}"


REBUILD_WORKER = (  # a worker's lines, counted again from the figures of their (new) client, by their name
    "DELETE FROM payroll_line_counts WHERE worker_id = NEW.id",
    "INSERT INTO payroll_line_counts (client_id, line_week, worker_id, worker_name, paid, unpaid) "
    f"SELECT f.client_id, coalesce(f.adjust_week, f.pay_week_start), f.worker_id, NEW.name, "
    f"sum({_one(PAID, 'f')}), sum({_one(UNPAID, 'f')}) FROM shift_figures f "
    f"WHERE f.worker_id = NEW.id AND f.client_id = NEW.client_id AND ({PAID.format(r='f')} OR {UNPAID.format(r='f')}) "
    "GROUP BY f.client_id, coalesce(f.adjust_week, f.pay_week_start), f.worker_id",
)
ENTRY_CHANGED = (
    "OLD.entry_type {ne} NEW.entry_type OR OLD.clock_out {ne} NEW.clock_out OR OLD.clock_in {ne} NEW.clock_in "
    "OR OLD.client_id {ne} NEW.client_id OR OLD.location_id {ne} NEW.location_id"
)
WORKER_CHANGED = "OLD.client_id {ne} NEW.client_id OR OLD.name {ne} NEW.name"
ENTRY_COLUMNS = "entry_type, clock_out, clock_in, client_id, location_id"


def _body(*statements: str) -> str:
    return "".join(f"{statement}; " for statement in statements)


SQLITE = (
    f"CREATE TRIGGER tr_figure_marks_entry_insert AFTER INSERT ON time_entries "
    f"WHEN {COMPLETED.format(r='NEW')} BEGIN {_body(_mark_entry('NEW.id'))}END",
    f"CREATE TRIGGER tr_figure_marks_entry_update AFTER UPDATE OF {ENTRY_COLUMNS} ON time_entries "
    f"WHEN {ENTRY_CHANGED.format(ne='IS NOT')} BEGIN {_body(_unmark('OLD.id'), _mark_entry('NEW.id'))}END",
    f"CREATE TRIGGER tr_figure_marks_entry_delete AFTER DELETE ON time_entries BEGIN {_body(_unmark('OLD.id'))}END",
    "CREATE TRIGGER tr_figure_marks_insert AFTER INSERT ON shift_figures "
    f"BEGIN {_body(_unmark('NEW.entry_id'), _add_line('NEW'))}END",
    "CREATE TRIGGER tr_figure_marks_delete AFTER DELETE ON shift_figures "
    f"BEGIN {_body(*_take_line('OLD'), _mark_entry('OLD.entry_id'))}END",
    "CREATE TRIGGER tr_figure_marks_update AFTER UPDATE ON shift_figures "
    f"BEGIN {_body(*_take_line('OLD'), _mark_entry('OLD.entry_id'), _unmark('NEW.entry_id'), _add_line('NEW'))}END",
    "CREATE TRIGGER tr_figure_marks_worker AFTER UPDATE OF client_id, name ON workers "
    f"WHEN {WORKER_CHANGED.format(ne='IS NOT')} BEGIN {_body(*REBUILD_WORKER)}END",
)
SQLITE_DROP = tuple(
    f"DROP TRIGGER {name}"
    for name in (
        "tr_figure_marks_entry_insert",
        "tr_figure_marks_entry_update",
        "tr_figure_marks_entry_delete",
        "tr_figure_marks_insert",
        "tr_figure_marks_delete",
        "tr_figure_marks_update",
        "tr_figure_marks_worker",
    )
)

POSTGRES = (
    f"""CREATE FUNCTION mark_entries_without_figures() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        {_unmark("OLD.id")};
    END IF;
    IF TG_OP <> 'DELETE' THEN
        {_mark_entry("NEW.id")};
    END IF;
    RETURN NULL;
END $$""",
    "CREATE TRIGGER tr_figure_marks_entry_insert_delete AFTER INSERT OR DELETE ON time_entries "
    "FOR EACH ROW EXECUTE FUNCTION mark_entries_without_figures()",
    f"CREATE TRIGGER tr_figure_marks_entry_update AFTER UPDATE OF {ENTRY_COLUMNS} ON time_entries "
    f"FOR EACH ROW WHEN ({ENTRY_CHANGED.format(ne='IS DISTINCT FROM')}) "
    "EXECUTE FUNCTION mark_entries_without_figures()",
    f"""CREATE FUNCTION keep_figure_marks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        {_body(*_take_line("OLD"), _mark_entry("OLD.entry_id"))}
    END IF;
    IF TG_OP <> 'DELETE' THEN
        {_body(_unmark("NEW.entry_id"), _add_line("NEW"))}
    END IF;
    RETURN NULL;
END $$""",
    "CREATE TRIGGER tr_figure_marks AFTER INSERT OR UPDATE OR DELETE ON shift_figures "
    "FOR EACH ROW EXECUTE FUNCTION keep_figure_marks()",
    f"""CREATE FUNCTION recount_worker_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    {_body(*REBUILD_WORKER)}
    RETURN NULL;
END $$""",
    "CREATE TRIGGER tr_figure_marks_worker AFTER UPDATE OF client_id, name ON workers "
    f"FOR EACH ROW WHEN ({WORKER_CHANGED.format(ne='IS DISTINCT FROM')}) EXECUTE FUNCTION recount_worker_lines()",
)
POSTGRES_DROP = (
    "DROP TRIGGER tr_figure_marks_worker ON workers",
    "DROP FUNCTION recount_worker_lines()",
    "DROP TRIGGER tr_figure_marks ON shift_figures",
    "DROP FUNCTION keep_figure_marks()",
    "DROP TRIGGER tr_figure_marks_entry_update ON time_entries",
    "DROP TRIGGER tr_figure_marks_entry_insert_delete ON time_entries",
    "DROP FUNCTION mark_entries_without_figures()",
)


def upgrade() -> None:
    op.create_table(
        "shifts_without_figures",
        sa.Column("entry_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("location_id", sa.Integer(), nullable=True),
        sa.Column("clock_in", UtcDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("entry_id", name=op.f("pk_shifts_without_figures")),
    )
    op.create_index("ix_shifts_without_figures_client_clock_in", "shifts_without_figures", ["client_id", "clock_in"])
    op.create_table(
        "payroll_line_counts",
        sa.Column("client_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("line_week", sa.Date(), nullable=False),
        sa.Column("worker_id", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("worker_name", sa.String(length=100), nullable=False),
        sa.Column("paid", sa.Integer(), nullable=False),
        sa.Column("unpaid", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("client_id", "line_week", "worker_id", name=op.f("pk_payroll_line_counts")),
        sqlite_with_rowid=False,
    )
    op.create_index(
        "ix_payroll_line_counts_by_name",
        "payroll_line_counts",
        ["client_id", "line_week", "worker_name", "worker_id", "paid", "unpaid"],
    )
    op.execute(
        "INSERT INTO shifts_without_figures (entry_id, client_id, location_id, clock_in) "
        "SELECT te.id, te.client_id, te.location_id, te.clock_in FROM time_entries te "
        f"WHERE {COMPLETED.format(r='te')} AND NOT EXISTS (SELECT 1 FROM shift_figures f WHERE f.entry_id = te.id)"
    )
    op.execute(
        "INSERT INTO payroll_line_counts (client_id, line_week, worker_id, worker_name, paid, unpaid) "
        f"SELECT f.client_id, coalesce(f.adjust_week, f.pay_week_start), f.worker_id, min(w.name), "
        f"sum({_one(PAID, 'f')}), sum({_one(UNPAID, 'f')}) "
        "FROM shift_figures f JOIN workers w ON w.id = f.worker_id AND w.client_id = f.client_id "
        f"WHERE {PAID.format(r='f')} OR {UNPAID.format(r='f')} "
        "GROUP BY f.client_id, coalesce(f.adjust_week, f.pay_week_start), f.worker_id"
    )
    for statement in POSTGRES if op.get_bind().dialect.name == "postgresql" else SQLITE:
        op.execute(statement)


def downgrade() -> None:
    for statement in POSTGRES_DROP if op.get_bind().dialect.name == "postgresql" else SQLITE_DROP:
        op.execute(statement)
    op.drop_index("ix_payroll_line_counts_by_name", table_name="payroll_line_counts")
    op.drop_table("payroll_line_counts")
    op.drop_index("ix_shifts_without_figures_client_clock_in", table_name="shifts_without_figures")
    op.drop_table("shifts_without_figures")
