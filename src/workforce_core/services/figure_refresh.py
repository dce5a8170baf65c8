"""The background pass: stale worker-weeks priced and stored, so reads find them current."""

from __future__ import annotations

from datetime import UTC, datetime

from workforce_core.ports import UnitOfWorkFactory
from workforce_core.steps.pay_figures import Progress, reprice_in_batches

EVER = (datetime(1900, 1, 1, tzinfo=UTC), datetime(3000, 1, 1, tzinfo=UTC))  # every shift's clock-in


def refresh_figures(*, uow: UnitOfWorkFactory, progress: Progress | None = None) -> int:
    """The background pass (``workforce serve`` runs it, and ``workforce price refresh``): price and
    store the figures of every client's stale worker-weeks (those a rate rule, a setting or a worker's
    rates left to it, and any other still marked), a batch of workers per transaction. Reads never
    store; between a change and this pass they price a stale worker-week in memory. Returns how many
    stale shifts it priced; ``progress`` hears (shifts priced, stale shifts) as it goes."""
    with uow(read_only=True) as tx:
        clients = tx.clients.every()
        stale = [(client, tx.figures.unpriced(client.id, *EVER, None)) for client in clients]
    stale = [(client, shifts) for client, shifts in stale if shifts]
    every = sum(len(shifts) for _, shifts in stale)
    done = 0

    def told(priced: int, _: int) -> None:
        if progress is not None:
            progress(done + priced, every)

    for client, shifts in stale:
        reprice_in_batches(shifts, client, uow=uow, progress=told)
        done += len(shifts)
    return every
