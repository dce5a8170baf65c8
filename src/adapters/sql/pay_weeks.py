"""Pay-week locks in SQL: the stored locks, the shifts each froze (one INSERT ... SELECT), and the
week counts in a fixed number of statements however many weeks and shifts."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import Connection, and_, bindparam, case, delete, exists, func, insert, literal, or_, select, update
from sqlalchemy.exc import IntegrityError

from workforce_adapters.sql import tables
from workforce_adapters.sql.export_batches import week_batches
from workforce_adapters.sql.mapping import from_row, to_row
from workforce_core.errors import AlreadyLocked, Conflict
from workforce_core.model.exports import ExportBatch
from workforce_core.model.pay_weeks import PayWeekLock, WeekCounts
from workforce_core.model.time_entries import ApprovalStatus, ClientApproval, TimeEntry
from workforce_core.ports import WeekSpan
from workforce_core.rules.week_locks import locked_on
from workforce_core.views import WeekTallies

NEARBY = timedelta(hours=48)  # how far a shift can be from another it overlaps (shifts last at most 24 h)


class SqlPayWeekLocks:
    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    def is_week_locked(self, client_id: int, site_id: int | None, day: date) -> bool:
        asked = {"client_id": client_id, "site_id": site_id, "first": day - timedelta(days=6), "day": day}
        found = self.connection.execute(MAY_COVER, asked).mappings()
        return locked_on(from_row(PayWeekLock, row) for row in found)(day, site_id)  # the rule decides

    def standing(self, client_id: int, week_starts: Collection[date]) -> list[PayWeekLock]:
        return standing_locks(self.connection, client_id, week_starts)

    def tally(self, client_id: int, weeks: Sequence[WeekSpan], location_ids: tuple[int, ...] | None) -> WeekTallies:
        return tally(self.connection, client_id, weeks, location_ids)

    def batches(self, client_id: int, week_starts: Collection[date]) -> list[ExportBatch]:
        return week_batches(self.connection, client_id, week_starts)

    def add_lock(self, lock: PayWeekLock, week: WeekSpan) -> tuple[PayWeekLock, int]:
        pwl, fe, te = tables.pay_week_locks, tables.frozen_entries, tables.time_entries
        sites = (lock.location_id,) if lock.location_id is not None else None
        paid = tables.shift_payments  # a late shift paid as an adjustment is never frozen into its own week
        unfrozen = [
            *_in_weeks(te, lock.client_id, [week], sites),
            ~exists().where(fe.c.entry_id == te.c.id),
            ~exists().where(paid.c.entry_id == te.c.id),
        ]
        try:
            with self.connection.begin_nested():
                lock_id = self.connection.execute(
                    insert(pwl).values(**to_row(lock, pwl)).returning(pwl.c.id)
                ).scalar_one()
                freeze = select(literal(lock_id), te.c.id).where(*unfrozen)
                into = insert(fe).from_select(["lock_id", "entry_id"], freeze).execution_options(preserve_rowcount=True)
                frozen = self.connection.execute(into).rowcount
        except IntegrityError as exc:  # the same lock (or one freezing the same shifts) stands: this one lost
            raise AlreadyLocked() from exc
        lock.id = lock_id
        return lock, int(frozen)

    def unlock(self, lock: PayWeekLock) -> None:
        pwl, fe = tables.pay_week_locks, tables.frozen_entries
        self.connection.execute(
            update(pwl)
            .where(pwl.c.id == lock.id)
            .values(unlocked_at=lock.unlocked_at, unlocked_by=lock.unlocked_by, unlock_reason=lock.unlock_reason)
        )
        self.connection.execute(delete(fe).where(fe.c.lock_id == lock.id))
        self.connection.execute(delete(tables.shift_payments).where(tables.shift_payments.c.lock_id == lock.id))

    def pending_shifts(self, client_id: int, week: WeekSpan, location_ids: tuple[int, ...] | None) -> list[int]:
        te = tables.time_entries
        query = select(te.c.id).where(
            *_in_weeks(te, client_id, [week], location_ids),
            te.c.clock_out.is_not(None),
            te.c.approval_status == ApprovalStatus.PENDING,
        )
        return list(self.connection.execute(query.order_by(te.c.id)).scalars())

    def awaiting_sign_off(self, client_id: int, clocked_in_before: datetime) -> list[int]:
        te = tables.time_entries
        query = select(te.c.id).where(
            te.c.client_id == client_id,
            te.c.entry_type == "shift",
            te.c.clock_out.is_not(None),
            te.c.client_approval == ClientApproval.PENDING,
            te.c.clock_in < clocked_in_before,
        )
        return list(self.connection.execute(query.order_by(te.c.id)).scalars())

    def adjustments_paid(self, entry_ids: Collection[int]) -> dict[int, date]:
        paid = tables.shift_payments
        query = select(paid.c.entry_id, paid.c.week_start).where(paid.c.entry_id.in_(sorted(set(entry_ids))))
        return {row.entry_id: row.week_start for row in self.connection.execute(query)}

    def pay_adjustments(self, lock: PayWeekLock, entry_ids: Collection[int]) -> None:
        if entry_ids:
            rows = [
                {"entry_id": entry_id, "lock_id": lock.id, "week_start": lock.week_start, "paid_at": lock.locked_at}
                for entry_id in sorted(set(entry_ids))
            ]
            try:
                with self.connection.begin_nested():
                    self.connection.execute(insert(tables.shift_payments), rows)
            except IntegrityError as exc:  # the database's word: a shift is paid at most once
                raise Conflict("a late shift of this week is already paid as an adjustment.") from exc

    def frozen_among(self, entry_ids: Collection[int]) -> set[int]:
        fe = tables.frozen_entries
        rows = self.connection.execute(select(fe.c.entry_id).where(fe.c.entry_id.in_(sorted(set(entry_ids)))))
        return set(rows.scalars())


def may_cover(client_id: int, site_id: int | None, day: date) -> Any:
    """The client's locks that may hold ``site_id`` on ``day``, found by the locks' index: a pre-filter of
    ``rules.week_locks.covers`` (standing, of the site or the whole client, starting in the six days before
    the day or on it), which keeps every lock the rule says holds it (a property test says so)."""
    pwl = tables.pay_week_locks
    return select(pwl).where(
        pwl.c.client_id == client_id,
        pwl.c.week_start.between(day - timedelta(days=6), day),
        pwl.c.unlocked_at.is_(None),
        or_(pwl.c.location_id.is_(None), pwl.c.location_id == site_id),
    )


# ``may_cover`` built once, for every clock: ``client_id``, ``site_id``, ``first`` (six days before) and ``day``
MAY_COVER = select(tables.pay_week_locks).where(
    tables.pay_week_locks.c.client_id == bindparam("client_id"),
    tables.pay_week_locks.c.week_start.between(bindparam("first"), bindparam("day")),
    tables.pay_week_locks.c.unlocked_at.is_(None),
    or_(tables.pay_week_locks.c.location_id.is_(None), tables.pay_week_locks.c.location_id == bindparam("site_id")),
)


def standing_locks(connection: Connection, client_id: int, week_starts: Collection[date]) -> list[PayWeekLock]:
    pwl = tables.pay_week_locks
    query = select(pwl).where(
        pwl.c.client_id == client_id, pwl.c.week_start.in_(sorted(set(week_starts))), pwl.c.unlocked_at.is_(None)
    )
    return [from_row(PayWeekLock, row) for row in connection.execute(query.order_by(pwl.c.id)).mappings()]


def lock_history(connection: Connection, client_id: int, week_start: date) -> list[PayWeekLock]:
    pwl = tables.pay_week_locks
    query = select(pwl).where(pwl.c.client_id == client_id, pwl.c.week_start == week_start).order_by(pwl.c.id)
    return [from_row(PayWeekLock, row) for row in connection.execute(query).mappings()]


def frozen_flag() -> Any:
    """Whether a time entry's shift (a break: its shift) is frozen by a standing lock, as a column."""
    te, fe = tables.time_entries, tables.frozen_entries
    return exists().where(fe.c.entry_id == func.coalesce(te.c.parent_id, te.c.id))


def tally(
    connection: Connection, client_id: int, weeks: Sequence[WeekSpan], location_ids: tuple[int, ...] | None
) -> WeekTallies:
    """Three statements: the counts by week, the not-approved shifts that may carry a blocking
    exception (open, or with an earlier shift of the worker reaching past their clock-in), and the
    shifts of those workers around them."""
    if not weeks:
        return WeekTallies({})
    te = tables.time_entries
    first, last = weeks[0].start, weeks[-1].end
    not_approved = te.c.approval_status != ApprovalStatus.APPROVED
    week = case(*((and_(te.c.clock_in >= w.start, te.c.clock_in < w.end), literal(n)) for n, w in enumerate(weeks)))
    flags = select(
        week.label("week"),
        case((and_(te.c.clock_out.is_not(None), not_approved), 1), else_=0).label("not_approved"),
        case((te.c.clock_out.is_(None), 1), else_=0).label("open"),
    ).where(*_in_weeks(te, client_id, weeks, location_ids))
    sub = flags.subquery()
    counted = select(sub.c.week, func.count(), func.sum(sub.c.not_approved), func.sum(sub.c.open)).group_by(sub.c.week)
    counts = {
        weeks[n].week_start: WeekCounts(shifts=int(total), shifts_not_approved=int(waiting), open_clock_outs=int(open_))
        for n, total, waiting, open_ in connection.execute(counted)
        if n is not None
    }
    chosen = _candidates(te, client_id, weeks, location_ids)
    candidates = tuple(from_row(TimeEntry, row) for row in connection.execute(chosen.order_by(te.c.id)).mappings())
    inner = te.alias("candidate")
    workers = _candidates(inner, client_id, weeks, location_ids).with_only_columns(inner.c.worker_id)
    around = select(te).where(
        te.c.client_id == client_id,
        te.c.entry_type == "shift",
        te.c.clock_in >= first - NEARBY,
        te.c.clock_in < last + NEARBY,
        te.c.worker_id.in_(workers),
    )
    context = tuple(from_row(TimeEntry, row) for row in connection.execute(around.order_by(te.c.id)).mappings())
    late, paid = _late_clocks(connection, client_id, location_ids)
    return WeekTallies(counts, candidates, context, late, paid)


def _late_clocks(
    connection: Connection, client_id: int, location_ids: tuple[int, ...] | None
) -> tuple[tuple[TimeEntry, ...], dict[int, date]]:
    """The client's late clocks at the sites (found by the ``late_clocks`` index), and their payments."""
    te, noted, paid = tables.time_entries, tables.late_clocks, tables.shift_payments
    where = [noted.c.client_id == client_id, te.c.entry_type == "shift"]
    if location_ids is not None:
        where.append(te.c.location_id.in_(location_ids))
    query = select(te, paid.c.week_start.label("paid_week")).select_from(
        noted.join(te, te.c.id == noted.c.entry_id).outerjoin(paid, paid.c.entry_id == te.c.id)
    )
    rows = connection.execute(query.where(*where).order_by(te.c.id)).mappings().all()
    late = tuple(from_row(TimeEntry, row) for row in rows)
    return late, {row["id"]: row["paid_week"] for row in rows if row["paid_week"] is not None}


def _in_weeks(te: Any, client_id: int, weeks: Sequence[WeekSpan], location_ids: tuple[int, ...] | None) -> list[Any]:
    where = [
        te.c.client_id == client_id,
        te.c.entry_type == "shift",
        te.c.clock_in >= weeks[0].start,
        te.c.clock_in < weeks[-1].end,
    ]
    if location_ids is not None:
        where.append(te.c.location_id.in_(location_ids))
    return where


def _candidates(te: Any, client_id: int, weeks: Sequence[WeekSpan], location_ids: tuple[int, ...] | None) -> Any:
    """Not-approved shifts of the weeks that are open or have an earlier shift of the worker reaching
    past their clock-in (a superset: ``rules.exceptions`` decides)."""
    earlier = tables.time_entries.alias(f"{te.name}_earlier")
    reaching = exists().where(
        earlier.c.worker_id == te.c.worker_id,
        earlier.c.client_id == te.c.client_id,
        earlier.c.entry_type == "shift",
        earlier.c.id != te.c.id,
        earlier.c.clock_in >= weeks[0].start - NEARBY,
        earlier.c.clock_in <= te.c.clock_in,
        or_(
            earlier.c.clock_out.is_(None),
            earlier.c.clock_out > te.c.clock_in,
            earlier.c.clock_in == te.c.clock_in,
        ),
    )
    return select(te).where(
        *_in_weeks(te, client_id, weeks, location_ids),
        te.c.approval_status != ApprovalStatus.APPROVED,
        or_(te.c.clock_out.is_(None), reaching),
    )
