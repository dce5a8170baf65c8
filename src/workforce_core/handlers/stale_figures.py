"""Stored figures follow the facts: each handler marks stale the worker-weeks a fact can change.

Marking deletes the figures of worker-weeks that are not frozen; a read prices such a week in memory
and the background pass (``figure_refresh.refresh_figures``) stores it again.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, timedelta

from workforce_core.facts import (
    AbsenceApproved,
    ClientPricingChanged,
    EntriesChanged,
    PayWeekLocked,
    PayWeekUnlocked,
    WorkerPricingChanged,
)
from workforce_core.model.accounts import ClientAccount
from workforce_core.ports import UnitOfWork
from workforce_core.rules.awr import PauseKind
from workforce_core.rules.pay_weeks import week_of
from workforce_core.rules.stale_weeks import StaleWeeks, stale_weeks


def entries_changed(tx: UnitOfWork, facts: Sequence[EntriesChanged]) -> None:
    """The worker-weeks these entry changes can alter, one span per worker."""
    pairs = [(pair, fact.client) for fact in facts for pair in fact.changes]
    known = {fact.client.id: fact.client for fact in facts if fact.client is not None}
    owners = {after.client_id for (_, after), _ in pairs}
    clients = {**tx.clients.get_many(owners - set(known)), **known} if owners - set(known) else known
    spans: dict[int, StaleWeeks] = {}
    for (before, after), _ in pairs:
        settings = clients[after.client_id].settings
        span = stale_weeks(
            before,
            after,
            start_day=settings.pay_week_start_day,
            require_client_approval=settings.require_client_approval,
        )
        held = spans.get(span.worker_id)
        if held is not None:
            span = StaleWeeks(span.worker_id, min(held.first, span.first), max(held.last, span.last))
        spans[span.worker_id] = span
    if spans:
        tx.figures.mark_stale([spans[worker_id] for worker_id in sorted(spans)])


def absence_approved(tx: UnitOfWork, facts: Sequence[AbsenceApproved]) -> None:
    """An approved absence that pauses the AWR clock can bring parity to the worker's later weeks."""
    pauses = [fact.absence for fact in facts if fact.absence.type in tuple(PauseKind)]
    if pauses:
        tx.figures.mark_stale(
            [StaleWeeks(absence.worker_id, absence.start_date - timedelta(days=6), date.max) for absence in pauses]
        )


def worker_pricing_changed(tx: UnitOfWork, facts: Sequence[WorkerPricingChanged]) -> None:
    """Every week of these workers."""
    workers = sorted({fact.worker_id for fact in facts})
    tx.figures.mark_stale([StaleWeeks(worker_id, date.min, date.max) for worker_id in workers])


def client_pricing_changed(tx: UnitOfWork, facts: Sequence[ClientPricingChanged]) -> None:
    """Every week of these clients (the background pass stores them again)."""
    for client_id in sorted({fact.client_id for fact in facts}):
        tx.figures.mark_client_stale(client_id)


def pay_week_locked(tx: UnitOfWork, facts: Sequence[PayWeekLocked]) -> None:
    """A lock pays late clocks, or moves the week they are due in: their figures go stale."""
    for client in _clients(fact.client for fact in facts):
        _late_shifts_stale(tx, client)


def pay_week_unlocked(tx: UnitOfWork, facts: Sequence[PayWeekUnlocked]) -> None:
    """The unlocked week is live again, and what its lock paid is due again."""
    for fact in facts:
        located = (fact.location_id,) if fact.location_id is not None else None
        tx.figures.mark_week_stale(fact.client.id, fact.week_start, located)
    for client in _clients(fact.client for fact in facts):
        _late_shifts_stale(tx, client)


def _clients(clients: Iterable[ClientAccount]) -> list[ClientAccount]:
    by_id: dict[int, ClientAccount] = {}
    for client in clients:
        by_id.setdefault(client.id, client)
    return [by_id[client_id] for client_id in sorted(by_id)]


def _late_shifts_stale(tx: UnitOfWork, client: ClientAccount) -> None:
    start_day = client.settings.pay_week_start_day
    spans = {}
    for entry in tx.figures.late_shifts(client.id):
        week = week_of(entry.clock_in, start_day)
        spans[(entry.worker_id, week)] = StaleWeeks(entry.worker_id, week, week)
    if spans:
        tx.figures.mark_stale([spans[key] for key in sorted(spans)])
