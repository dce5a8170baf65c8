"""Rate rules and the stored pay figures of completed shifts with their element lines."""

from __future__ import annotations

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Date,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    func,
)

from workforce_adapters.sql.tables.base import metadata
from workforce_adapters.sql.types import ExactDecimal, Money, UtcDateTime

rate_rules = Table(
    "rate_rules",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False, index=True),
    Column("name", String(150), nullable=False),
    Column("location_id", Integer, ForeignKey("locations.id"), nullable=True),
    Column("job_role", String(100)),
    Column("cost_code_id", Integer, ForeignKey("cost_codes.id"), nullable=True),
    Column("valid_from", Date),
    Column("valid_to", Date),
    Column("priority", Integer, nullable=False),
    Column("active", Boolean, nullable=False),
    Column("overtime_threshold", Money),
    Column("overtime_multiplier", Money),
    Column("overtime_tiers", JSON, nullable=False),
    Column("daily_overtime_threshold", Money),
    Column("daily_overtime_multiplier", Money),
    Column("weekend_multiplier", Money),
    Column("sunday_multiplier", Money),
    Column("bank_holiday_multiplier", Money),
    Column("holiday_charge_multiplier", Money),
    Column("guarantee_hours", Money),
    Column("paid_break_minutes", Integer),
    Column("auto_lunch_minutes", Integer),
    Column("auto_lunch_after_hours", Money),
    Column("night_bands", JSON, nullable=False),
    Column("pay_rate", Money),
    Column("overtime_pay_rate", Money),
    Column("daily_overtime_pay_rate", Money),
    Column("weekend_pay_rate", Money),
    Column("sunday_pay_rate", Money),
    Column("bank_holiday_pay_rate", Money),
    Column("pre_parity_pay_rate", Money),
    Column("post_parity_pay_rate", Money),
    Column("charge_rate", Money),
    Column("overtime_charge_rate", Money),
    Column("daily_overtime_charge_rate", Money),
    Column("weekend_charge_rate", Money),
    Column("sunday_charge_rate", Money),
    Column("bank_holiday_charge_rate", Money),
    Column("pre_parity_charge_rate", Money),
    Column("post_parity_charge_rate", Money),
    Column("created_at", UtcDateTime, nullable=False),
    Column("updated_at", UtcDateTime),
)

# Stored pay figures: each completed shift's pricing, dropped when a write makes it stale.
shift_figures = Table(
    "shift_figures",
    metadata,
    Column("entry_id", Integer, ForeignKey("time_entries.id"), primary_key=True),
    Column("client_id", Integer, nullable=False),
    Column("worker_id", Integer, nullable=False),
    Column("location_id", Integer),
    Column("pay_week_start", Date, nullable=False),
    Column("paid_minutes", Integer, nullable=False),
    Column("unpaid_break_minutes", Integer, nullable=False),
    Column("payroll_status", String(20), nullable=False),
    Column("payroll_reason", String(40)),
    Column("flags", String(255), nullable=False),
    Column("rule_id", Integer),
    Column("base_pay_rate", ExactDecimal),
    Column("base_charge_rate", ExactDecimal),
    Column("parity", Boolean, nullable=False),
    Column("priced", Boolean, nullable=False),
    Column("adjust_week", Date),  # a late clock: the pay week it is due (or was paid) in
    # the shift's, as priced: the stale check's tally (always stored; null only would make the tally
    # differ, and the exact search run)
    Column("clock_in", UtcDateTime),
    Index("ix_shift_figures_worker_week", "worker_id", "pay_week_start"),
    Index("ix_shift_figures_client_week", "client_id", "pay_week_start", "payroll_reason"),
    Index("ix_shift_figures_client_clock_in", "client_id", "clock_in"),
)

# A payroll page's keys: a client's figures by the week they are paid in (a late clock's due week), then
# worker, with every column its reads filter or sum on (so the keys and sums come from the index alone).
Index(
    "ix_shift_figures_client_line_week",
    shift_figures.c.client_id,
    func.coalesce(shift_figures.c.adjust_week, shift_figures.c.pay_week_start),
    shift_figures.c.worker_id,
    shift_figures.c.payroll_status,
    shift_figures.c.payroll_reason,
    shift_figures.c.paid_minutes,
    shift_figures.c.location_id,
    shift_figures.c.adjust_week,
    shift_figures.c.pay_week_start,
)

# The completed shifts that have no figures (new, or marked stale), kept by the database's own triggers on
# ``time_entries`` and ``shift_figures`` (migration 0030): the stale check is one range of this index,
# empty when every shift of the period has its figures, whatever the period holds.
shifts_without_figures = Table(
    "shifts_without_figures",
    metadata,
    Column("entry_id", Integer, primary_key=True, autoincrement=False),
    Column("client_id", Integer, nullable=False),
    Column("location_id", Integer),
    Column("clock_in", UtcDateTime, nullable=False),
    Index("ix_shifts_without_figures_client_clock_in", "client_id", "clock_in"),
)

# Per client, line week (a late clock's due week, else its own) and worker, with the worker's name: how
# many of the worker's figures there are paid and excluded for a reason payroll names once the shift is
# approved, kept by the same triggers (migration 0030) for figures of the worker's own client. A payroll
# week's total is a count of these rows and its page a walk of them by name, not a probe of the week's
# figures for every worker of the client.
payroll_line_counts = Table(
    "payroll_line_counts",
    metadata,
    Column("client_id", Integer, primary_key=True, autoincrement=False),
    Column("line_week", Date, primary_key=True),
    Column("worker_id", Integer, primary_key=True, autoincrement=False),
    Column("worker_name", String(100), nullable=False),
    Column("paid", Integer, nullable=False),
    Column("unpaid", Integer, nullable=False),
    Index("ix_payroll_line_counts_by_name", "client_id", "line_week", "worker_name", "worker_id", "paid", "unpaid"),
    sqlite_with_rowid=False,
)

# One row per element and rate of a priced shift: what payroll lines and charges sum in SQL.
shift_figure_lines = Table(
    "shift_figure_lines",
    metadata,
    Column("entry_id", Integer, ForeignKey("shift_figures.entry_id"), primary_key=True),
    Column("line_no", Integer, primary_key=True, autoincrement=False),
    Column("element", String(20), nullable=False),
    Column("minutes", Integer, nullable=False),
    Column("pay_rate", ExactDecimal, nullable=False),
    Column("charge_rate", ExactDecimal, nullable=False),
)

# Figures with their lines: every read of both goes through this one join (``fresh_figures.reading`` reads it,
# when a read prices stale figures in memory, as this join's rows plus the priced figures' lines).
figure_lines = shift_figures.join(shift_figure_lines, shift_figure_lines.c.entry_id == shift_figures.c.entry_id)
