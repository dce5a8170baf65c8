"""Pay-week locks: stored locks, the shifts each froze, and what decides a week's state.

Bookings ask ``is_week_locked``; the pay-week use cases lock and unlock; every change to a recorded
shift asks ``frozen_among`` (a frozen shift cannot change); the week's counts come from ``tally``.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import date, datetime
from typing import Protocol

from attrs import frozen

from workforce_core.model.exports import ExportBatch
from workforce_core.model.pay_weeks import PayWeekLock
from workforce_core.views.pay_weeks import WeekTallies


@frozen
class WeekSpan:
    """One pay week: its first day and the instants it runs over, ``[start, end)``."""

    week_start: date
    start: datetime
    end: datetime


class PayWeekTallies(Protocol):
    def tally(self, client_id: int, weeks: Sequence[WeekSpan], location_ids: tuple[int, ...] | None) -> WeekTallies:
        """The client's shifts in ``weeks`` (contiguous, oldest first), at ``location_ids`` (None: all),
        counted in a fixed number of reads."""
        ...

    def standing(self, client_id: int, week_starts: Collection[date]) -> list[PayWeekLock]:
        """The locks standing on these weeks (whole-client and site ones), by id."""
        ...

    def batches(self, client_id: int, week_starts: Collection[date]) -> list[ExportBatch]:
        """The export batches made of these weeks (``period_start`` one of them), newest first, without
        their ``entry_ids``."""
        ...


class PayWeekHistory(Protocol):
    def lock_history(self, client_id: int, week_start: date) -> list[PayWeekLock]:
        """Every lock ever made on the week (lifted ones too, with who and why), oldest first."""
        ...


class PayWeekLocks(PayWeekTallies, Protocol):
    def is_week_locked(self, client_id: int, site_id: int | None, day: date) -> bool:
        """Whether a lock stands on the pay week holding the local ``day``: a whole-client lock, or a
        lock of ``site_id``."""
        ...

    def add_lock(self, lock: PayWeekLock, week: WeekSpan) -> tuple[PayWeekLock, int]:
        """Store the lock and freeze the client's shifts clocked in during ``week`` (at the lock's site)
        that no standing lock froze yet; returns the lock with its id and how many shifts it froze.
        ``AlreadyLocked`` when the same lock already stands (also for the loser of two at once)."""
        ...

    def unlock(self, lock: PayWeekLock) -> None:
        """Store ``unlocked_at``/``unlocked_by`` (the row stays as history) and drop what it froze."""
        ...

    def pending_shifts(self, client_id: int, week: WeekSpan, location_ids: tuple[int, ...] | None) -> list[int]:
        """The ids of the client's closed, pending (not approved, not disputed) shifts clocked in during
        ``week`` at ``location_ids`` (None: all), by id: what close approves."""
        ...

    def awaiting_sign_off(self, client_id: int, clocked_in_before: datetime) -> list[int]:
        """The client's completed shifts clocked in before the instant whose client sign-off is still
        ``pending``, by id (the sign-off deadline's candidates; the deadline rule decides)."""
        ...

    def adjustments_paid(self, entry_ids: Collection[int]) -> dict[int, date]:
        """Of those late shifts, the ones paid as an adjustment, with the pay week that paid them."""
        ...

    def pay_adjustments(self, lock: PayWeekLock, entry_ids: Collection[int]) -> None:
        """Record those late shifts as paid by ``lock``'s week. A shift is paid at most once, ever: the
        database refuses a second payment of one shift (a unique constraint)."""
        ...

    def frozen_among(self, entry_ids: Collection[int]) -> set[int]:
        """Which of these shifts a standing lock froze."""
        ...
