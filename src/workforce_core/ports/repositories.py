"""The write-side repositories a unit of work carries: narrow, one per aggregate."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Protocol, TypeVar

from workforce_core.model.accounts import ClientAccount
from workforce_core.model.audit import AuditEntry
from workforce_core.model.bookings import Booking
from workforce_core.model.keys import ApiKey
from workforce_core.model.rates import RateRule
from workforce_core.model.reference import Location
from workforce_core.model.surveys import Survey
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.ports.paging import Page, Paging
from workforce_core.views.audit import AuditFilter, AuditRow

T = TypeVar("T")


class Repository(Protocol[T]):
    def get(self, id: int) -> T | None: ...

    def add(self, item: T) -> T:
        """Store a new record; returns it with its ``id``."""
        ...

    def update(self, item: T) -> None: ...

    def get_many(self, ids: Collection[int]) -> dict[int, T]:
        """The stored records of these ids (absent ones left out), in one read."""
        ...

    def update_many(self, items: Sequence[T]) -> None:
        """Store these changed records, in one write."""
        ...


class ClientRepository(Repository[ClientAccount], Protocol):
    def every(self) -> list[ClientAccount]:
        """Every client account, by id (the agency's console lists them)."""
        ...


class ApiKeyRepository(Repository[ApiKey], Protocol):
    def by_prefix(self, key_prefix: str) -> list[ApiKey]: ...

    def holders(self, key_prefix: str) -> list[tuple[ApiKey, ClientAccount]]:
        """The keys with this prefix, each with its client account, in one read (every request asks)."""
        ...

    def for_client(self, client_id: int) -> list[ApiKey]: ...


class WorkerRepository(Repository[Worker], Protocol):
    def lock(self, worker_id: int) -> Worker | None:
        """The worker, locked for the rest of the transaction (concurrent clocks queue here)."""
        ...

    def lock_many(self, worker_ids: Collection[int]) -> dict[int, Worker]:
        """These workers, locked in id order (so two batches never wait on each other), in one read."""
        ...

    def lock_employee_numbers(self, client_id: int) -> int:
        """The last number the client's generated employee IDs used (its worker count the first
        time), locked for the rest of the transaction: every change of the client's employee IDs
        queues here, so what it then finds free stays free until it commits."""
        ...

    def save_employee_number(self, client_id: int, number: int) -> None: ...

    def id_by_employee_id(self, client_id: int, employee_id_key: str) -> int | None: ...

    def idle_since(self, client_id: int, cutoff: datetime) -> list[Worker]:
        """Active, approved, not dormant workers made before ``cutoff`` with no clock since it."""
        ...

    def employee_id_taken(self, client_id: int, employee_id: str, *, except_id: int = 0) -> bool: ...


class SurveyRepository(Repository[Survey], Protocol):
    def for_site(self, client_id: int, location_id: int) -> Survey | None:
        """The survey asked before clocking in at the site: its own active survey, else the account's
        active survey for every site (``location_id`` null); the newest of several."""
        ...


class TimeEntryRepository(Repository[TimeEntry], Protocol):
    def open_shift(self, worker_id: int, since: datetime) -> TimeEntry | None:
        """The worker's newest open shift clocked in at or after ``since``."""
        ...

    def clock_out_reads(
        self, worker_id: int, since: datetime
    ) -> tuple[TimeEntry | None, list[TimeEntry], Location | None]:
        """What a clock-out must look at, in one read: ``open_shift(worker_id, since)``, its
        ``breaks_of`` (by id) and its site (none without one); all three none or empty without a shift."""
        ...

    def clock_in_blockers(
        self, worker_id: int, since: datetime, at: datetime
    ) -> tuple[TimeEntry | None, TimeEntry | None, tuple[TimeEntry, ...]]:
        """What a clock-in at ``at`` must look at, in one read: ``open_shift(worker_id, since)``,
        ``clashing(worker_id, at)``, and the worker's shifts still open from before ``since`` (by id),
        which the clock-in closes (``missed_clockout``)."""
        ...

    def overlapping(
        self, worker_id: int, start: datetime, end: datetime | None, *, except_id: int = 0
    ) -> TimeEntry | None:
        """The earliest shift of the worker that ``[start, end)`` overlaps (``end`` None: still open).
        An open shift occupies everything from its clock-in on."""
        ...

    def clashing(self, worker_id: int, at: datetime) -> TimeEntry | None:
        """A recorded shift of the worker that ends after ``at`` (a clock at ``at`` would overlap it)."""
        ...

    def open_before(self, cutoff: datetime) -> list[TimeEntry]:
        """Open shifts clocked in before ``cutoff`` (for the auto clock-out rule)."""
        ...

    def breaks_of(self, shift_id: int) -> list[TimeEntry]: ...

    def change(self, before: TimeEntry, after: TimeEntry) -> None:
        """Store ``after``, a change of ``before`` (the entry as this transaction read it): only what
        differs is written, so a clock-out leaves alone every index over a column it does not touch."""
        ...

    def shifts_between(self, worker_id: int, start: datetime, end: datetime) -> list[TimeEntry]:
        """The worker's shifts (open ones too) whose times overlap ``[start, end)``, by clock-in."""
        ...

    def worked_against(self, booking_id: int) -> bool:
        """Whether a shift was clocked against the booking (it is then ``worked``)."""
        ...


class BookingRepository(Repository[Booking], Protocol):
    def near(self, worker_id: int, at: datetime) -> list[Booking]:
        """The worker's live bookings whose times, widened by an hour's grace either side, hold ``at``
        (the candidates ``rules.booking_choice.closest_booking`` chooses from)."""
        ...

    def of_worker(self, worker_id: int, start: datetime, end: datetime) -> list[Booking]:
        """The worker's live and completed bookings whose times overlap ``[start, end)``, by start."""
        ...

    def at_site(self, location_id: int, start: datetime, end: datetime) -> list[Booking]:
        """The live bookings at the site whose times overlap ``[start, end)``, by start."""
        ...


class RateRuleRepository(Repository[RateRule], Protocol):
    def for_client(self, client_id: int) -> list[RateRule]: ...


class AuditLog(Protocol):
    def add(self, entry: AuditEntry) -> None: ...

    def add_all(self, entries: Sequence[AuditEntry]) -> None:
        """The rows at once (one INSERT)."""
        ...

    def find(self, query: AuditFilter, paging: Paging) -> Page[AuditRow]:
        """The rows ``query`` asks for, newest first, with who wrote each by name."""
        ...
