"""Pay-week locks, the shifts they froze, late clocks and their payments, accepted wage shortfalls."""

from __future__ import annotations

from sqlalchemy import (
    Column,
    Date,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    UniqueConstraint,
)

from workforce_adapters.sql.tables.base import metadata
from workforce_adapters.sql.types import Money, UtcDateTime

pay_week_locks = Table(
    "pay_week_locks",
    metadata,
    # one row per lock; an unlock keeps the row (``unlocked_at``) as history
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("week_start", Date, nullable=False),
    Column("location_id", Integer, ForeignKey("locations.id"), nullable=True),  # null: the whole client
    Column("locked_at", UtcDateTime, nullable=False),
    Column("locked_by", Integer, nullable=True),
    Column("unlocked_at", UtcDateTime, nullable=True),
    Column("unlocked_by", Integer, nullable=True),
    Column("unlock_reason", String(255), nullable=True),
    Index("ix_pay_week_locks_client_week", "client_id", "week_start"),
)

_standing_whole = pay_week_locks.c.location_id.is_(None) & pay_week_locks.c.unlocked_at.is_(None)

_standing_site = pay_week_locks.c.location_id.is_not(None) & pay_week_locks.c.unlocked_at.is_(None)

# at most one standing lock per client week, and per client week and site: two locks at once, one wins
Index(
    "uq_pay_week_locks_standing_whole",
    pay_week_locks.c.client_id,
    pay_week_locks.c.week_start,
    unique=True,
    sqlite_where=_standing_whole,
    postgresql_where=_standing_whole,
)

Index(
    "uq_pay_week_locks_standing_site",
    pay_week_locks.c.client_id,
    pay_week_locks.c.week_start,
    pay_week_locks.c.location_id,
    unique=True,
    sqlite_where=_standing_site,
    postgresql_where=_standing_site,
)

frozen_entries = Table(
    "frozen_entries",
    metadata,
    # the shifts a standing lock froze (dropped on unlock); frozen figures are keyed the same way
    Column("lock_id", Integer, ForeignKey("pay_week_locks.id", ondelete="CASCADE"), primary_key=True),
    Column("entry_id", Integer, ForeignKey("time_entries.id"), primary_key=True),
    UniqueConstraint("entry_id", name="uq_frozen_entries_entry_id"),
)

# Late clocks paid as adjustments: one row per shift, ever (the primary key refuses a second payment).
shift_payments = Table(
    "shift_payments",
    metadata,
    Column("entry_id", Integer, ForeignKey("time_entries.id"), primary_key=True),
    Column("lock_id", Integer, ForeignKey("pay_week_locks.id"), nullable=False),
    Column("week_start", Date, nullable=False),
    Column("paid_at", UtcDateTime, nullable=False),
    Index("ix_shift_payments_lock", "lock_id"),
)

# Shifts recorded into a locked pay week (late clocks): found without reading the client's every shift.
late_clocks = Table(
    "late_clocks",
    metadata,
    Column("entry_id", Integer, ForeignKey("time_entries.id"), primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Index("ix_late_clocks_client", "client_id"),
)

# A minimum wage shortfall of a worker's pay week accepted with a reason (it no longer blocks the lock
# while the week's shortfall stays within ``amount_short``).
minimum_wage_acceptances = Table(
    "minimum_wage_acceptances",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("worker_id", Integer, ForeignKey("workers.id"), nullable=False),
    Column("week_start", Date, nullable=False),
    Column("amount_short", Money, nullable=False),
    Column("reason", String(1000), nullable=False),
    Column("accepted_at", UtcDateTime, nullable=False),
    Column("accepted_by", Integer),  # the user, when a person accepted it (no foreign key: history)
    Index("ix_minimum_wage_acceptances_client_week", "client_id", "week_start", "worker_id"),
)
