"""Reads of availability rules, absences and the facts of the who-is-free query (GET /availability.php,
GET /absences.php)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Protocol

from attrs import frozen

from workforce_core.model.availability import WorkerAvailability
from workforce_core.ports.paging import Page, Paging
from workforce_core.views.bookings import AbsenceView, FreeFacts


@frozen
class AvailabilityRuleFilter:
    client_id: int
    paging: Paging
    id: int | None = None
    worker_id: int | None = None
    active: bool | None = None  # True: not retired; False: retired
    location_ids: tuple[int, ...] | None = None  # the workers' home sites (a site-limited key)


@frozen
class AbsenceFilter:
    client_id: int
    paging: Paging
    id: int | None = None
    worker_id: int | None = None
    worker_ids: tuple[int, ...] | None = None  # these workers only
    status: str | None = None
    type: str | None = None
    date_from: date | None = None  # absences ending on or after it
    date_to: date | None = None  # absences starting on or before it
    updated_since: datetime | None = None
    location_ids: tuple[int, ...] | None = None


@frozen
class FreeFactsQuery:
    """The facts of every active worker of a client around a slot: bookings and shifts meeting
    ``start``-``end``, absences and rules touching ``first_day``-``last_day``, do-not-return at the site."""

    client_id: int
    start: datetime
    end: datetime
    first_day: date
    last_day: date
    location_id: int | None = None
    location_ids: tuple[int, ...] | None = None  # only workers based at these sites


class AvailabilityReads(Protocol):
    def availability_rules(self, query: AvailabilityRuleFilter) -> Page[WorkerAvailability]:
        """By worker then id."""
        ...

    def absences(self, query: AbsenceFilter) -> Page[AbsenceView]:
        """Newest start first, then id."""
        ...

    def free_facts(self, query: FreeFactsQuery) -> FreeFacts:
        """A fixed number of statements however many workers."""
        ...

    def do_not_return_sites(self, client_id: int, worker_id: int) -> tuple[int, ...]:
        """The client's sites the worker is marked not to return to, by id."""
        ...
