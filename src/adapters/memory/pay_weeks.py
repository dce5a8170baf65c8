"""Pay-week locks in memory: the same answers as the SQL adapter (the port-contract suite says so)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import date, datetime, timedelta

from workforce_adapters.memory.exports import week_batches
from workforce_adapters.memory.repositories import MemoryTable
from workforce_core.errors import AlreadyLocked, Conflict
from workforce_core.model.exports import ExportBatch
from workforce_core.model.pay_weeks import FrozenEntry, PayWeekLock, ShiftPayment, WeekCounts
from workforce_core.model.time_entries import ApprovalStatus, ClientApproval, TimeEntry
from workforce_core.ports import WeekSpan
from workforce_core.rules.london import local_date
from workforce_core.rules.pay_gate import LATE_CLOCK
from workforce_core.rules.week_locks import covers, locked_on
from workforce_core.views import WeekTallies

NEARBY = timedelta(hours=48)


class MemoryPayWeekLocks:
    def __init__(
        self,
        locks: MemoryTable[PayWeekLock],
        frozen: MemoryTable[FrozenEntry],
        entries: MemoryTable[TimeEntry],
        payments: MemoryTable[ShiftPayment],
        batches: MemoryTable[ExportBatch],
    ) -> None:
        self._locks = locks
        self._frozen = frozen
        self._entries = entries
        self._payments = payments
        self._batches = batches

    def adjustments_paid(self, entry_ids: Collection[int]) -> dict[int, date]:
        wanted = set(entry_ids)
        return {row.entry_id: row.week_start for row in self._payments.rows() if row.entry_id in wanted}

    def pay_adjustments(self, lock: PayWeekLock, entry_ids: Collection[int]) -> None:
        if set(entry_ids) & set(self.adjustments_paid(entry_ids)):
            raise Conflict("a late shift of this week is already paid as an adjustment.")
        for entry_id in sorted(set(entry_ids)):
            self._payments.insert(ShiftPayment(entry_id, lock.id, lock.week_start, lock.locked_at))

    def is_week_locked(self, client_id: int, site_id: int | None, day: date) -> bool:
        return locked_on(self._locks.where(lambda lock: lock.client_id == client_id))(day, site_id)

    def standing(self, client_id: int, week_starts: Collection[date]) -> list[PayWeekLock]:
        weeks = set(week_starts)
        return self._locks.where(
            lambda lock: lock.client_id == client_id and lock.week_start in weeks and lock.standing
        )

    def batches(self, client_id: int, week_starts: Collection[date]) -> list[ExportBatch]:
        return week_batches(self._batches, client_id, week_starts)

    def add_lock(self, lock: PayWeekLock, week: WeekSpan) -> tuple[PayWeekLock, int]:
        same = self.standing(lock.client_id, [lock.week_start])
        if any(other.location_id == lock.location_id for other in same):
            raise AlreadyLocked()
        added = self._locks.insert(lock)
        taken = {row.entry_id for row in self._frozen.rows()} | {row.entry_id for row in self._payments.rows()}
        shifts = self._entries.where(
            lambda e: (
                e.client_id == lock.client_id
                and e.entry_type == "shift"
                and covers(added, e.location_id, local_date(e.clock_in))
                and e.id not in taken
            )
        )
        for shift in shifts:
            self._frozen.insert(FrozenEntry(lock_id=added.id, entry_id=shift.id))
        return added, len(shifts)

    def unlock(self, lock: PayWeekLock) -> None:
        self._locks.replace(lock)
        for row in self._frozen.where(lambda row: row.lock_id == lock.id):
            self._frozen.delete(row.id)
        for payment in self._payments.where(lambda row: row.lock_id == lock.id):
            self._payments.delete(payment.id)

    def awaiting_sign_off(self, client_id: int, clocked_in_before: datetime) -> list[int]:
        return sorted(
            e.id
            for e in self._entries.where(
                lambda e: (
                    e.client_id == client_id
                    and e.entry_type == "shift"
                    and e.clock_out is not None
                    and e.client_approval == ClientApproval.PENDING
                    and e.clock_in < clocked_in_before
                )
            )
        )

    def pending_shifts(self, client_id: int, week: WeekSpan, location_ids: tuple[int, ...] | None) -> list[int]:
        return [
            e.id
            for e in self._entries.where(
                lambda e: (
                    e.client_id == client_id
                    and e.entry_type == "shift"
                    and week.start <= e.clock_in < week.end
                    and (location_ids is None or e.location_id in location_ids)
                    and e.clock_out is not None
                    and e.approval_status == ApprovalStatus.PENDING
                )
            )
        ]

    def frozen_among(self, entry_ids: Collection[int]) -> set[int]:
        wanted = set(entry_ids)
        return {row.entry_id for row in self._frozen.rows() if row.entry_id in wanted}

    def tally(self, client_id: int, weeks: Sequence[WeekSpan], location_ids: tuple[int, ...] | None) -> WeekTallies:
        if not weeks:
            return WeekTallies({})
        first, last = weeks[0].start, weeks[-1].end
        mine = self._entries.where(lambda e: e.client_id == client_id and e.entry_type == "shift")
        counts: dict[date, WeekCounts] = {}
        candidates: list[TimeEntry] = []
        for week in weeks:
            held = [
                e
                for e in mine
                if week.start <= e.clock_in < week.end and (location_ids is None or e.location_id in location_ids)
            ]
            if not held:
                continue
            waiting = [e for e in held if e.approval_status != ApprovalStatus.APPROVED]
            counts[week.week_start] = WeekCounts(
                shifts=len(held),
                shifts_not_approved=sum(1 for e in waiting if e.clock_out is not None),
                open_clock_outs=sum(1 for e in held if e.clock_out is None),
            )
            candidates.extend(e for e in waiting if e.clock_out is None or _reached(e, mine, first))
        workers = {e.worker_id for e in candidates}
        context = [e for e in mine if e.worker_id in workers and first - NEARBY <= e.clock_in < last + NEARBY]
        late = tuple(
            e for e in mine if LATE_CLOCK in e.risk_flags and (location_ids is None or e.location_id in location_ids)
        )
        paid = self.adjustments_paid([e.id for e in late])
        return WeekTallies(counts, tuple(sorted(candidates, key=lambda e: e.id)), tuple(context), late, paid)


def _reached(shift: TimeEntry, shifts: list[TimeEntry], first: datetime) -> bool:
    """An earlier shift of the worker (clocked in at most 48 hours before the first week) reaches past
    this one's clock-in: the SQL pre-filter, the same superset of what ``rules.exceptions`` flags."""
    return any(
        other.worker_id == shift.worker_id
        and other.id != shift.id
        and other.clock_in <= shift.clock_in
        and other.clock_in >= first - NEARBY
        and (other.clock_out is None or other.clock_out > shift.clock_in or other.clock_in == shift.clock_in)
        for other in shifts
    )
