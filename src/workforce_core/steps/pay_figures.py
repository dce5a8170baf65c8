"""Stored pay figures, kept current.

Reads take each completed shift's figures from the store; a shift with none (new, or marked stale by a
write) has its worker-week priced in memory for the read (``figures_now``; ``figures_current`` hands the
reads that sum figures in the store those priced ones, explicitly), storing nothing. The background pass,
and a write that needs the figures stored (a lock, an export), reprice such worker-weeks in a transaction
holding the workers' locks and store them.
Writes note what they changed (``workforce_core.facts``); the handlers of those facts mark stale, in the
write's own transaction, the worker-weeks it can alter (``workforce_core.handlers.stale_figures``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from datetime import date, datetime, time, timedelta
from typing import TypeVar

import attrs
from attrs import frozen

from workforce_core.model.accounts import ClientAccount
from workforce_core.model.pay_gate import GateReason, PayrollStatus
from workforce_core.model.time_entries import TimeEntry
from workforce_core.ports import FigureReads, UnitOfWork, UnitOfWorkFactory
from workforce_core.rules.london import from_local
from workforce_core.rules.pay_weeks import week_of
from workforce_core.steps.pricing import late_of, price_shifts
from workforce_core.views import ShiftFigures, WorkerWeek


@frozen
class Figures:
    """Figures by entry id, and the worker-weeks this read had to reprice (stale or never priced)."""

    by_entry: dict[int, ShiftFigures]
    repriced: tuple[tuple[int, date], ...] = ()


def _completed(entry: TimeEntry) -> bool:
    return entry.entry_type == "shift" and entry.clock_out is not None


def shift_figures(entries: Iterable[TimeEntry], client: ClientAccount, *, uow: UnitOfWorkFactory) -> Figures:
    """The stored figures of the completed shifts among ``entries``; stale worker-weeks repriced first."""
    closed = [entry for entry in entries if _completed(entry)]
    if not closed:
        return Figures({})
    with uow(read_only=True) as tx:
        found = tx.figures.of([entry.id for entry in closed])
    missing = [entry for entry in closed if entry.id not in found]
    if not missing:
        return Figures(found)
    fresh = reprice(missing, client, uow=uow)
    return Figures({**found, **fresh.by_entry}, fresh.repriced)


def reprice(entries: Sequence[TimeEntry], client: ClientAccount, *, uow: UnitOfWorkFactory) -> Figures:
    """Price and store the worker-weeks of ``entries`` that still have no figures once their workers'
    locks are held (another reader may have priced them meanwhile); the figures of ``entries``."""
    with uow() as tx:
        found = reprice_within(tx, entries, client)
        tx.commit()
    return found


def reprice_within(tx: UnitOfWork, entries: Sequence[TimeEntry], client: ClientAccount) -> Figures:
    """``reprice`` inside a unit of work the caller commits (a pay-week lock prices its week first)."""
    tx.figures.lock_for_pricing(client.id, sorted({entry.worker_id for entry in entries}))
    ids = [entry.id for entry in entries]
    already = tx.figures.of(ids)
    current = tx.entries.get_many([i for i in ids if i not in already])
    weeks, figures = _priced_weeks(tx, [entry for entry in current.values() if _completed(entry)], client)
    if not weeks:
        return Figures(already)
    tx.figures.store(weeks, figures)  # (a frozen shift's figures are never missing, so none is skipped here)
    stored = {f.entry_id: f for f in figures if f.entry_id in current}
    return Figures({**already, **stored}, tuple(weeks))


def figures_now(tx: UnitOfWork, entries: Sequence[TimeEntry], client: ClientAccount) -> dict[int, ShiftFigures]:
    """The figures of the completed shifts among ``entries`` as a read sees them, storing nothing: the
    stored ones, and for a shift without (its worker-week marked stale) its worker-week priced in memory,
    the figures a repricing would store."""
    closed = [entry for entry in entries if _completed(entry)]
    found = tx.figures.of([entry.id for entry in closed]) if closed else {}
    return {**found, **priced_now(tx, [entry for entry in closed if entry.id not in found], client)}


def priced_now(tx: UnitOfWork, entries: Sequence[TimeEntry], client: ClientAccount) -> dict[int, ShiftFigures]:
    """The figures of these completed shifts without stored ones, their worker-weeks priced in memory
    (nothing is stored: a read's answer, the same a repricing would store)."""
    if not entries:
        return {}
    wanted = {entry.id for entry in entries}
    _, figures = _priced_weeks(tx, entries, client)
    return {f.entry_id: f for f in figures if f.entry_id in wanted}


def _priced_weeks(
    tx: UnitOfWork, still: Sequence[TimeEntry], client: ClientAccount
) -> tuple[list[tuple[int, date]], list[ShiftFigures]]:
    """The worker-weeks of these completed shifts and the figures of every completed shift in them."""
    if not still:
        return [], []
    start_day = client.settings.pay_week_start_day
    weeks = sorted({(entry.worker_id, week_of(entry.clock_in, start_day)) for entry in still})
    wanted = set(weeks)
    inputs = tx.pricing.inputs(client, tuple(still))
    shift_ids = [
        shift.id
        for shift in inputs.shifts
        if _completed(shift) and (shift.worker_id, week_of(shift.clock_in, start_day)) in wanted
    ]
    late = late_of(inputs.shifts, client, tx.pay_weeks)
    figures = [
        attrs.evolve(priced.figures(), adjust_week=late[priced.entry.id].adjust_week)
        if priced.entry.id in late
        else priced.figures()
        for priced in price_shifts(shift_ids, client, inputs, late).values()
    ]
    return weeks, figures


def week_figures(
    client: ClientAccount,
    week: date,
    *,
    queries: FigureReads,
    uow: UnitOfWorkFactory,
    status: PayrollStatus | None = PayrollStatus.PAYABLE,
    workers_per_batch: int = 500,
) -> Iterator[WorkerWeek]:
    """Each worker's sums of a pay week's stored figures; the stale worker-weeks are repriced first, a
    batch of workers per transaction (so memory stays bounded), and the sums come from the database."""
    start = from_local(week, time(0))
    unpriced = queries.unpriced_shifts(client.id, start, from_local(week + timedelta(days=7), time(0)))
    reprice_in_batches(unpriced, client, uow=uow, workers_per_batch=workers_per_batch)
    return queries.worker_weeks(client.id, week, status)


Progress = Callable[[int, int], None]  # (done, in all): long work reports how far it is


def bring_up_to_date(
    client: ClientAccount,
    start: datetime,
    end: datetime,
    *,
    queries: FigureReads,
    uow: UnitOfWorkFactory,
    progress: Progress | None = None,
) -> int:
    """Before a period's figures are summed: price its stale shifts, and the client's stale late clocks
    (a late clock of an earlier locked week is paid in the week it is due in). Returns how many stale
    shifts of the period it priced; ``progress`` hears (shifts priced, stale shifts) as it goes."""
    unpriced = queries.unpriced_shifts(client.id, start, end)
    reprice_in_batches(unpriced, client, uow=uow, progress=progress)
    with uow(read_only=True) as tx:
        late = tx.figures.late_shifts(client.id)
    shift_figures(late, client, uow=uow)
    return len(unpriced)


Reads = TypeVar("Reads", bound=FigureReads)


def figures_current(
    client: ClientAccount, start: datetime, end: datetime, *, queries: Reads, uow: UnitOfWorkFactory
) -> Reads:
    """For a read that sums figures in the store: ``queries`` summing, with the stored figures, those of the
    period's stale worker-weeks and of the client's late clocks without figures (paid in a later week),
    priced in memory as a repricing would store them. Nothing is stored; with nothing stale, ``queries``."""
    unpriced = queries.unpriced_shifts(client.id, start, end)
    with uow(read_only=True) as tx:
        late = tx.figures.late_shifts(client.id)
        stored = tx.figures.of([entry.id for entry in late]) if late else {}
        stale = {entry.id: entry for entry in [*unpriced, *(e for e in late if e.id not in stored)]}
        fresh = priced_now(tx, list(stale.values()), client)
    return queries.with_figures(list(fresh.values()))


def reprice_in_batches(
    unpriced: Sequence[TimeEntry],
    client: ClientAccount,
    *,
    uow: UnitOfWorkFactory,
    workers_per_batch: int = 500,
    progress: Progress | None = None,
) -> int:
    """Reprice the worker-weeks of ``unpriced`` shifts, a batch of workers per transaction (memory stays
    bounded and no transaction holds many workers' locks for long); the worker-weeks repriced."""
    by_worker: dict[int, list[TimeEntry]] = {}
    for entry in unpriced:
        by_worker.setdefault(entry.worker_id, []).append(entry)
    workers = sorted(by_worker)
    repriced = priced = 0
    if progress is not None:
        progress(0, len(unpriced))
    for at in range(0, len(workers), workers_per_batch):
        batch = [entry for worker_id in workers[at : at + workers_per_batch] for entry in by_worker[worker_id]]
        repriced += len(reprice(batch, client, uow=uow).repriced)
        priced += len(batch)
        if progress is not None:
            progress(priced, len(unpriced))
    return repriced


def due_adjustments(tx: UnitOfWork, client: ClientAccount, week: date, site_id: int | None) -> list[TimeEntry]:
    """The late clocks due in ``week`` (at the site, for a site lock), their figures brought up to date
    first; with the client's other unpaid late clocks, whose due week a lock moves."""
    late = tx.figures.late_shifts(client.id)
    if late:
        reprice_within(tx, late, client)
    figures = tx.figures.of([entry.id for entry in late])
    return [
        entry
        for entry in late
        if entry.id in figures
        and figures[entry.id].gate.reason == GateReason.ADJUSTMENT_PENDING
        and figures[entry.id].adjust_week == week
        and site_id in (None, entry.location_id)
    ]
