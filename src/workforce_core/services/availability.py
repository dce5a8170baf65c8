"""GET/POST/DELETE /availability.php: availability rules (add, retire, list) and who is free for a slot.

The who-is-free query asks ``rules.eligibility`` for every active worker of the client, with facts read
for all of them at once (``AvailabilityReads.free_facts``: a fixed number of statements), and orders
the result best match first (``rules.who_is_free.order_key``).
"""

from __future__ import annotations

from datetime import datetime

from attrs import frozen

from workforce_core.commands.availability import AddAvailabilityRule
from workforce_core.errors import Conflict, InvalidParameter, NotFound
from workforce_core.model.availability import WorkerAvailability
from workforce_core.model.principal import Principal
from workforce_core.ports import (
    AvailabilityReads,
    AvailabilityRuleFilter,
    Clock,
    Page,
    Paging,
    Queries,
    UnitOfWorkFactory,
)
from workforce_core.rules import people
from workforce_core.rules.access import owned_site
from workforce_core.rules.eligibility import Slot
from workforce_core.rules.london import local_date
from workforce_core.rules.people import Power
from workforce_core.rules.slots import LONGEST
from workforce_core.rules.who_is_free import FreeWorker
from workforce_core.steps.free_workers import ranked

# ---- rules ------------------------------------------------------------------------------------


def add_rule(
    command: AddAvailabilityRule, *, principal: Principal, uow: UnitOfWorkFactory, clock: Clock
) -> WorkerAvailability:
    """A new rule for one of the client's workers (one the key sees): 404 ``worker_id`` otherwise. A
    person (``principal.actor``) needs a role that looks after workers."""
    people.require(principal.actor, Power.WORKERS)
    with uow() as tx:
        worker = tx.workers.get(command.worker_id)
        if worker is None or worker.client_id != principal.client_id or not principal.sees_site(worker.location_id):
            raise NotFound("The worker was not found.", field="worker_id")
        rule = tx.availability.add(
            WorkerAvailability(
                client_id=principal.client_id,
                worker_id=worker.id,
                kind=command.kind,
                start_time=command.start_time,
                end_time=command.end_time,
                created_at=clock.now(),
                day_of_week=command.day_of_week,
                date=command.date,
                valid_from=command.valid_from,
                valid_to=command.valid_to,
                notes=command.notes,
            )
        )
        tx.commit()
    return rule


def retire_rule(
    rule_id: int, *, principal: Principal, uow: UnitOfWorkFactory, clock: Clock, worker_id: int | None = None
) -> WorkerAvailability:
    """DELETE: the rule stops counting from now (``retired_at``); a retired rule is 409 ``conflict``.
    ``worker_id``: the worker retiring a rule in the app (another worker's rule is 404)."""
    people.require(principal.actor, Power.WORKERS)
    with uow() as tx:
        rule = tx.availability.get(rule_id)
        worker = tx.workers.get(rule.worker_id) if rule is not None else None
        if rule is None or rule.client_id != principal.client_id or worker is None:
            raise NotFound("The availability rule was not found.", parameter="id")
        if worker_id is not None and worker.id != worker_id:
            raise NotFound("The availability rule was not found.", parameter="id")
        if not principal.sees_site(worker.location_id):
            raise NotFound("The availability rule was not found.", parameter="id")
        if rule.retired_at is not None:
            raise Conflict(f"availability rule {rule.id} is already retired.")
        rule.retired_at = clock.now()
        tx.availability.update(rule)
        tx.commit()
    return rule


@frozen(kw_only=True)
class RuleQuery:
    paging: Paging
    id: int | None = None
    worker_id: int | None = None
    active: bool | None = None


def rules(principal: Principal, query: RuleQuery, *, queries: AvailabilityReads) -> Page[WorkerAvailability]:
    """The client's rules (a site-limited key: those of workers based at its sites)."""
    principal.require("availability:read")
    return queries.availability_rules(
        AvailabilityRuleFilter(
            client_id=principal.client_id,
            paging=query.paging,
            id=query.id,
            worker_id=query.worker_id,
            active=query.active,
            location_ids=principal.site_ids,
        )
    )


# ---- who is free -------------------------------------------------------------------------------


@frozen(kw_only=True)
class FreeQuery:
    paging: Paging
    available_from: datetime
    available_to: datetime
    location_id: int | None = None
    job_role: str | None = None


@frozen
class FreeResult:
    page: Page[FreeWorker]
    slot: Slot


def who_is_free(principal: Principal, query: FreeQuery, *, queries: Queries, uow: UnitOfWorkFactory) -> FreeResult:
    """Every active worker of the client (a site-limited key: based at its sites) with what eligibility
    says of them for the slot, their documents too (``right_to_work``, ``document_expired``,
    ``document_expiring``), best matches first."""
    principal.require("availability:read")
    start, end = query.available_from, query.available_to
    if start > end:
        raise InvalidParameter("available_from", "available_from is after available_to.")
    if start == end:
        raise InvalidParameter("available_to", "available_to must be after available_from.")
    if end - start > LONGEST:
        raise InvalidParameter("available_to", "a slot is at most 24 hours.")
    capacity = None
    if query.location_id is not None:
        capacity = owned_site(principal, queries.location(query.location_id), parameter="location_id").capacity
    role = query.job_role.strip() if query.job_role and query.job_role.strip() else None
    slot = Slot(query.location_id or 0, local_date(start), start, end, job_role=role)
    found = ranked(
        queries,
        uow,
        slot,
        client_id=principal.client_id,
        settings=principal.client.settings,
        capacity=capacity,
        location_ids=principal.site_ids,
    )
    shown = found[query.paging.offset : query.paging.offset + query.paging.limit]
    return FreeResult(Page(tuple(shown), len(found)), slot)
