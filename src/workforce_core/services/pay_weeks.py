"""The Close pay week page: lock, unlock and close a client's pay week, whole or one site.

Lock needs an ended week in ``ready_to_lock`` (``rules.pay_week_states``); it stores the lock and
freezes the week's shifts (at the site) in the same transaction, and sends ``pay_week.locked`` and
``period.locked`` (a site lock: ``period.locked`` only, ``data.location_id`` the site). Close approves
the pending shifts (``timesheet.approved``, ``via`` ``close_week``) and locks, all or nothing. Two locks
of one week at once: one wins, the other is 409 ``conflict`` (``reason_code`` ``already_locked``).
"""

from __future__ import annotations

from datetime import datetime

from attrs import frozen

from workforce_core.commands.pay_weeks import ClosePayWeek, LockPayWeek, PayWeekCommand, UnlockPayWeek
from workforce_core.errors import LocationNotFound, NotFound, NotLocked, ValidationFailed
from workforce_core.events import Event, PayWeekChanged
from workforce_core.facts import PayWeekLocked, PayWeekUnlocked
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.pay_weeks import PayWeekLock
from workforce_core.model.people import Actor
from workforce_core.model.reference import Location
from workforce_core.ports import Clock, UnitOfWork, UnitOfWorkFactory, WeekSpan
from workforce_core.rules import pay_week_states, people
from workforce_core.rules.pay_weeks import week_start
from workforce_core.rules.people import Power
from workforce_core.steps.approval_moves import approve_within
from workforce_core.steps.minimum_wage import priced_now
from workforce_core.steps.pay_figures import due_adjustments, reprice_within
from workforce_core.steps.pay_week_views import pay_week_views
from workforce_core.views import PayWeekView

VIA_CLOSE_WEEK = "close_week"


@frozen
class PayWeekChange:
    """What a lock, unlock or close did: the week after it (as the scope sees it), the lock made or
    lifted, how many shifts it froze, and the shifts close approved."""

    week: PayWeekView
    lock: PayWeekLock
    frozen_entries: int = 0
    approved_entry_ids: tuple[int, ...] = ()


def lock_week(
    command: LockPayWeek, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None
) -> PayWeekChange:
    people.require(actor, Power.CLOSE_WEEK)
    now = clock.now()
    with uow() as tx:
        client, site, before = _week(tx, command, now, actor)
        pay_week_states.lock(before.facts)
        change = _lock(tx, client, site, before, now, actor)
        tx.commit()
    return change


def close_week(
    command: ClosePayWeek, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None
) -> PayWeekChange:
    people.require(actor, Power.CLOSE_WEEK)
    now = clock.now()
    with uow() as tx:
        client, site, before = _week(tx, command, now, actor)
        pay_week_states.can_close(before.facts)
        span = WeekSpan(before.week_start, *pay_week_states.week_bounds(before.week_start))
        waiting = tx.pay_weeks.pending_shifts(client.id, span, (site.id,) if site else None)
        approved = approve_within(tx, waiting, now, via=VIA_CLOSE_WEEK, actor=actor)
        tx.settle()  # the approvals' figures go stale before the week is priced
        priced_now(tx, client, before.week_start)  # approval priced what it made payable
        (after,) = pay_week_views(
            tx.pay_weeks, client, [before.week_start], (site.id,) if site else None, now, tx.wages, tx.wages
        )
        pay_week_states.lock_approved(after.facts)  # what approval could not settle, or made payable, refuses here
        change = _lock(tx, client, site, after, now, actor)
        tx.commit()
    return PayWeekChange(change.week, change.lock, change.frozen_entries, tuple(v.entry.id for v in approved))


def unlock_week(
    command: UnlockPayWeek, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None
) -> PayWeekChange:
    """Lift a lock; a signed-in user gives a reason, kept with the lock as the week's history."""
    people.require(actor, Power.CLOSE_WEEK)
    if actor is not None and not command.reason:
        raise ValidationFailed("reason", "say why the week is unlocked.")
    now = clock.now()
    with uow() as tx:
        client, site, before = _week(tx, command, now, actor)
        wanted = site.id if site else None
        standing = tx.pay_weeks.standing(client.id, [before.week_start])
        lock = next((lock for lock in standing if lock.location_id == wanted), None)
        if lock is None:
            where = f" for site {wanted}" if wanted else ""
            raise NotLocked(f"the pay week starting {before.week_start} is not locked{where}.")
        lock.unlocked_at = now
        lock.unlocked_by = actor.user_id if actor is not None else None
        lock.unlock_reason = command.reason
        tx.pay_weeks.unlock(lock)
        tx.note(PayWeekUnlocked(client, before.week_start, wanted))  # live again; what it paid is due again
        tx.settle()
        (after,) = pay_week_views(
            tx.pay_weeks, client, [before.week_start], (wanted,) if wanted else None, now, tx.wages, tx.wages
        )
        names = ("period.unlocked",) if site else ("pay_week.unlocked", "period.unlocked")
        tx.record(_events(names, after, lock, now))
        tx.commit()
    return PayWeekChange(after, lock)


def _week(
    tx: UnitOfWork, command: PayWeekCommand, now: datetime, actor: Actor | None = None
) -> tuple[ClientAccount, Location | None, PayWeekView]:
    client = tx.clients.get(command.client_id)
    if client is None or not people.reaches_account(actor, client.id):
        raise NotFound(f"client {command.client_id} was not found.", field="client_id")
    site = None
    if command.location_id is not None:
        site = tx.locations.get(command.location_id)
        if site is None or site.client_id != client.id or not people.reaches(actor, client.id, site.id):
            raise LocationNotFound(field="location_id")
    start = week_start(command.week, client.settings.pay_week_start_day)
    priced_now(tx, client, start)  # the minimum wage check reads the week's current figures
    (view,) = pay_week_views(tx.pay_weeks, client, [start], (site.id,) if site else None, now, tx.wages, tx.wages)
    return client, site, view


def _lock(
    tx: UnitOfWork,
    client: ClientAccount,
    site: Location | None,
    before: PayWeekView,
    now: datetime,
    actor: Actor | None = None,
) -> PayWeekChange:
    span = WeekSpan(before.week_start, *pay_week_states.week_bounds(before.week_start))
    sites = (site.id,) if site else None
    reprice_within(tx, tx.figures.unpriced(client.id, span.start, span.end, sites), client)  # what it freezes
    due = due_adjustments(tx, client, before.week_start, site.id if site else None)  # late clocks it pays
    by = actor.user_id if actor is not None else None
    made = PayWeekLock(client.id, before.week_start, now, location_id=site.id if site else None, locked_by=by)
    lock, frozen = tx.pay_weeks.add_lock(made, span)
    tx.pay_weeks.pay_adjustments(lock, [entry.id for entry in due])
    tx.note(PayWeekLocked(client))  # the late clocks it paid, or whose due week moved
    tx.settle()
    (after,) = pay_week_views(
        tx.pay_weeks, client, [before.week_start], (site.id,) if site else None, now, tx.wages, tx.wages
    )
    names = ("period.locked",) if site else ("pay_week.locked", "period.locked")
    tx.record(_events(names, after, lock, now))
    return PayWeekChange(after, lock, frozen)


def _events(names: tuple[str, ...], week: PayWeekView, lock: PayWeekLock, now: datetime) -> list[Event]:
    """The week as /pay-weeks.php shows it, plus ``client_id``, ``location_id`` (null: the whole client)
    and ``lock_id`` of the lock made or lifted."""
    data = PayWeekChanged(week, lock.location_id, lock.id)
    return [Event(name, lock.client_id, now, data) for name in names]
