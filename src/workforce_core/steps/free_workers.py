"""Who is free for a slot, best match first: eligibility (``rules.eligibility``) and stated availability
for every active worker the facts hold, ordered by ``rules.who_is_free.order_key``. The who-is-free
query shows it; "Fill" offers a requirement to the first eligible ones. Each worker's documents are read
with the rest (``right_to_work``, ``document_expired``, ``document_expiring``), for all of them at once."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Sequence

import attrs

from workforce_core.model.absences import Absence
from workforce_core.model.accounts import ClientSettings
from workforce_core.model.availability import WorkerAvailability
from workforce_core.model.bookings import Booking
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.ports import FreeFactsQuery, Queries, UnitOfWorkFactory
from workforce_core.rules.documents import DocumentFacts
from workforce_core.rules.eligibility import Slot, eligibility
from workforce_core.rules.who_is_free import FreeWorker, order_key, role_match, stated
from workforce_core.rules.worker_facts import Facts, known, people_at, window
from workforce_core.steps.document_checks import facts_of
from workforce_core.views import FreeFacts


def ranked(
    queries: Queries,
    uow: UnitOfWorkFactory,
    slot: Slot,
    *,
    client_id: int,
    settings: ClientSettings,
    capacity: int | None,
    location_ids: tuple[int, ...] | None = None,
) -> list[FreeWorker]:
    """Every active worker of the client (only those based at ``location_ids`` when given) for ``slot``,
    best match first; the facts read for all of them at once, their documents too."""
    start_day = settings.pay_week_start_day
    span = window(slot, start_day)
    facts = queries.free_facts(
        FreeFactsQuery(
            client_id=client_id,
            start=span.start,
            end=span.end,
            first_day=span.first_day,
            last_day=span.last_day,
            location_id=slot.location_id or None,
            location_ids=location_ids,
        )
    )
    by_worker = _facts_by_worker(facts)
    at_site = people_at(
        [b for b in facts.bookings if b.location_id == slot.location_id and b.start < slot.end and b.end > slot.start]
    )
    papers = _papers(uow, client_id, settings, facts.workers, slot)
    return sorted(
        (
            _free(worker, slot, by_worker.get(worker.id, Facts()), start_day, at_site, capacity, papers(worker))
            for worker in facts.workers
        ),
        key=order_key,
    )


def _papers(
    uow: UnitOfWorkFactory, client_id: int, settings: ClientSettings, workers: Sequence[Worker], slot: Slot
) -> Callable[[Worker], DocumentFacts]:
    """Each worker's documents for the slot, read for all of them at once."""
    if not workers:
        return lambda _: DocumentFacts()
    with uow(read_only=True) as tx:
        held = tx.documents.of_workers([w.id for w in workers])
        types = tx.document_types.of_client(client_id)
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
