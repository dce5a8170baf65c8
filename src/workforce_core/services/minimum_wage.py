"""The minimum wage check of pay weeks (``rules.minimum_wage``) over the stored figures, and accepting a
shortfall with a reason (``workforce pay-week accept-minimum-wage``).

A worker-week paid below the band is a blocking exception (``below_minimum_wage``): the week's
``exceptions_open`` counts it and a lock is refused until it is resolved, by a rate change (the figures
are repriced and the check passes) or by an acceptance recorded with a reason that covers the amount short.
"""

from __future__ import annotations

from workforce_core.commands.pay_weeks import AcceptMinimumWage
from workforce_core.errors import Conflict, NotFound, ValidationFailed
from workforce_core.model.minimum_wage import WageAcceptance
from workforce_core.model.people import Actor
from workforce_core.ports import Clock, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.pay_weeks import week_start
from workforce_core.rules.people import Power
from workforce_core.steps.minimum_wage import below_wage, priced_now


def accept_minimum_wage(
    command: AcceptMinimumWage, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None
) -> WageAcceptance:
    """Accept a worker's pay week paid below their band, with a reason (recorded: who, when, how much).
    409 ``conflict`` when the week is not below the band, or already accepted for its shortfall."""
    people.require(actor, Power.CLOSE_WEEK)
    if not command.reason.strip():
        raise ValidationFailed("reason", "say why the pay below the minimum wage is accepted.")
    now = clock.now()
    with uow() as tx:
        client = tx.clients.get(command.client_id)
        if client is None or not people.reaches_account(actor, client.id):
            raise NotFound(f"client {command.client_id} was not found.", field="client_id")
        worker = tx.workers.get(command.worker_id)
        if worker is None or worker.client_id != client.id:
            raise NotFound(f"worker {command.worker_id} was not found.", field="worker_id")
        start = week_start(command.week, client.settings.pay_week_start_day)
        priced_now(tx, client, start)
        found = [w for w in below_wage(tx.wages, client.id, [start], figures=tx.wages) if w.worker_id == worker.id]
        if not found:
            raise Conflict(f"worker {worker.id} is paid at least their minimum wage band in the week of {start}.")
        if not found[0].open:
            raise Conflict(f"the shortfall of worker {worker.id} in the week of {start} is already accepted.")
        acceptance = tx.wages.add(
            WageAcceptance(
                client_id=client.id,
                worker_id=worker.id,
                week_start=start,
                amount_short=found[0].check.short,
                reason=command.reason.strip(),
                accepted_at=now,
                accepted_by=actor.user_id if actor is not None else None,
            )
        )
        tx.commit()
    return acceptance
