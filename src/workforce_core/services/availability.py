"""GET/POST/DELETE /availability.php: availability rules (add, retire, list) and who is free for a slot.

The who-is-free query asks ``rules.eligibility`` for every active worker of the client, with facts read
for all of them at once (``AvailabilityReads.free_facts``: a fixed number of statements), and orders
the result best match first (``rules.who_is_free.order_key``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence
from datetime import datetime

import attrs
from attrs import frozen

from workforce_core.commands.availability import AddAvailabilityRule
from workforce_core.errors import Conflict, InvalidParameter, NotFound
from workforce_core.model.absences import Absence
from workforce_core.model.availability import WorkerAvailability
from workforce_core.model.bookings import Booking
from workforce_core.model.principal import Principal
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.ports import (
    AvailabilityReads,
    AvailabilityRuleFilter,
    Clock,
    FreeFactsQuery,
    Page,
    Paging,
    Queries,
    UnitOfWorkFactory,
)
from workforce_core.rules import people
from workforce_core.rules.access import owned_site
from workforce_core.rules.documents import DocumentFacts
from workforce_core.rules.eligibility import Slot, eligibility
from workforce_core.rules.london import local_date
from workforce_core.rules.people import Power
from workforce_core.rules.slots import LONGEST
from workforce_core.rules.who_is_free import FreeWorker, order_key, role_match, stated
from workforce_core.rules.worker_facts import Facts, known, people_at, window
from workforce_core.steps.document_checks import facts_of
from workforce_core.views import FreeFacts

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


def who_is_free(
    principal: Principal, query: FreeQuery, *, queries: Queries, uow: UnitOfWorkFactory | None = None
) -> FreeResult:
    """Every active worker of the client (a site-limited key: based at its sites) with what eligibility
    says of them for the slot, best matches first; with ``uow``, their documents too (``right_to_work``,
    ``document_expired``, ``document_expiring``), read for every worker at once."""
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
    start_day = principal.client.settings.pay_week_start_day
    span = window(slot, start_day)
    facts = queries.free_facts(
        FreeFactsQuery(
            client_id=principal.client_id,
            start=span.start,
            end=span.end,
            first_day=span.first_day,
            last_day=span.last_day,
            location_id=query.location_id,
            location_ids=principal.site_ids,
        )
    )
    by_worker: dict[int, Facts] = _facts_by_worker(facts)
    at_site = people_at(
        [b for b in facts.bookings if b.location_id == slot.location_id and b.start < end and b.end > start]
    )
    papers = _papers(principal, facts.workers, slot, uow)
    found = sorted(
        (
            _free(worker, slot, by_worker.get(worker.id, Facts()), start_day, at_site, capacity, papers(worker))
            for worker in facts.workers
        ),
        key=order_key,
    )
    shown = found[query.paging.offset : query.paging.offset + query.paging.limit]
    return FreeResult(Page(tuple(shown), len(found)), slot)


def _papers(
    principal: Principal, workers: Sequence[Worker], slot: Slot, uow: UnitOfWorkFactory | None
) -> Callable[[Worker], DocumentFacts]:
    """Each worker's documents for the slot, read for all of them at once (none without ``uow``)."""
    if uow is None or not workers:
        return lambda _: DocumentFacts()
    with uow(read_only=True) as tx:
        held = tx.documents.of_workers([w.id for w in workers])
        types = tx.document_types.of_client(principal.client_id)
    settings = principal.client.settings
    return lambda w: facts_of(held.get(w.id, []), types, slot.job_role or w.job_role, settings)


def _free(
    worker: Worker,
    slot: Slot,
    facts: Facts,
    start_day: int,
    at_site: frozenset[int],
    capacity: int | None,
    papers: DocumentFacts,
) -> FreeWorker:
    what = known(worker.id, slot, facts, start_day=start_day, site_people=at_site, site_capacity=capacity)
    what = attrs.evolve(what, documents=papers)
    available, shown = stated(what.availability, slot)
    return FreeWorker(
        worker=worker,
        eligibility=eligibility(worker, slot, what),
        available=available,
        availability=shown,
        role_match=role_match(worker, slot),
        week_minutes=what.week_minutes,
    )


def _facts_by_worker(facts: FreeFacts) -> dict[int, Facts]:
    """The batch read's facts, grouped per worker (one pass over each kind)."""
    bookings: dict[int, list[Booking]] = defaultdict(list)
    shifts: dict[int, list[TimeEntry]] = defaultdict(list)
    absences: dict[int, list[Absence]] = defaultdict(list)
    rules_of: dict[int, list[WorkerAvailability]] = defaultdict(list)
    dnr: dict[int, set[int]] = defaultdict(set)
    for b in facts.bookings:
        bookings[b.worker_id].append(b)
    for s in facts.shifts:
        shifts[s.worker_id].append(s)
    for a in facts.absences:
        absences[a.worker_id].append(a)
    for r in facts.rules:
        rules_of[r.worker_id].append(r)
    for d in facts.dnr:
        dnr[d.worker_id].add(d.location_id)
    return {
        w.id: Facts(bookings[w.id], shifts[w.id], absences[w.id], rules_of[w.id], frozenset(dnr[w.id]))
        for w in facts.workers
    }
