"""Lock coverage (pricing.md section 1): which standing pay-week locks hold a site on a day.

A lock holds its week (its first day and the six after), for the whole client (``location_id`` None)
or for one site; an unlocked one holds nothing. Storage finds locks by this rule (SQL mirrors it in a
pre-filter that a property test holds to it), and the reads decide with it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import date

from workforce_core.model.pay_weeks import PayWeekLock
from workforce_core.rules.pay_week_states import week_end


def covers(lock: PayWeekLock, site_id: int | None, day: date) -> bool:
    """Whether ``lock`` holds ``day`` at ``site_id`` (None: a shift with no site, held by a whole-client lock only)."""
    return lock.standing and lock.week_start <= day <= week_end(lock.week_start) and lock.location_id in (None, site_id)


def locked_on(locks: Iterable[PayWeekLock]) -> Callable[[date, int | None], bool]:
    """``locked(day, site)``: whether one of ``locks`` holds that site on that day."""
    held = tuple(locks)

    def locked(day: date, site_id: int | None) -> bool:
        return any(covers(lock, site_id, day) for lock in held)

    return locked


def scope_lock(locks: Iterable[PayWeekLock], sites: tuple[int, ...] | None) -> PayWeekLock | None:
    """The lock that holds a week's locks' week for a scope (None: the whole client): the whole-client
    one; for some sites, else the latest of their own once every one of them is locked."""
    standing = [lock for lock in locks if lock.standing]
    whole = next((lock for lock in standing if lock.location_id is None), None)
    if whole is not None or not sites:
        return whole
    own = {lock.location_id: lock for lock in standing if lock.location_id in sites}
    if set(sites) <= own.keys():
        return max(own.values(), key=lambda lock: (lock.locked_at, lock.id))
    return None


def site_locks(locks: Iterable[PayWeekLock], sites: tuple[int, ...] | None) -> tuple[int, ...]:
    """The sites among ``sites`` (None: any) that a standing lock of their own holds."""
    own = {lock.location_id for lock in locks if lock.standing and lock.location_id is not None}
    return tuple(sorted(own if sites is None else own & set(sites)))
