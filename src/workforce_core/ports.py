"""The ports the core owns. Adapters satisfy them structurally (no inheritance); mypy checks the wiring."""

from __future__ import annotations

from datetime import date, datetime
from types import TracebackType
from typing import Generic, Protocol, TypeVar

from attrs import frozen

from workforce_core.events import Event
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.audit import AuditEntry
from workforce_core.model.keys import ApiKey
from workforce_core.model.rates import RateRule
from workforce_core.model.reference import CostCode, Department, Location
from workforce_core.model.time_entries import Amendment, Booking, Survey, TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.views import DepartmentView, EntryView, WorkerView

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)


class Clock(Protocol):
    def now(self) -> datetime:
        """The current instant, aware UTC."""
        ...


@frozen
class RateDecision:
    """One request counted (or refused) against a rolling window."""

    allowed: bool
    limit: int
    remaining: int
    retry_after: int  # seconds until a slot frees; 0 when allowed


class RateLimiter(Protocol):
    """Rolling-window counting. Refused requests are not counted; concurrent hits are exact."""

    def hit(self, bucket: str, limit: int, window_seconds: int) -> RateDecision: ...

    def peek(self, bucket: str, limit: int, window_seconds: int) -> RateDecision:
        """The decision a hit would get now, counting nothing."""
        ...


@frozen
class StoredReply:
    status: int
    headers: tuple[tuple[str, str], ...]
    body: bytes


@frozen
class Claim:
    """What an Idempotency-Key claim found: ``new`` (run it), ``replay``, ``mismatch`` or ``in_progress``.
    A ``new`` claim's ``lease_until`` also tells this holder from a later one (after its lease lapsed)."""

    outcome: str
    reply: StoredReply | None = None
    lease_until: datetime | None = None


class IdempotencyStore(Protocol):
    """Idempotency-Key records, shared by every server process (kept in the database)."""

    def claim(self, owner: int, key: str, fingerprint: str, *, now: datetime, lease_seconds: int) -> Claim: ...

    def work(self, owner: int, key: str, claim: Claim) -> KeyedWork:
        """The units of work of the request that holds this ``new`` claim."""
        ...

    def purge(self, before: datetime) -> int: ...


class Repository(Protocol[T]):
    def get(self, id: int) -> T | None: ...

    def add(self, item: T) -> T:
        """Store a new record; returns it with its ``id``."""
        ...

    def update(self, item: T) -> None: ...


class ApiKeyRepository(Repository[ApiKey], Protocol):
    def by_prefix(self, key_prefix: str) -> list[ApiKey]: ...

    def for_client(self, client_id: int) -> list[ApiKey]: ...


class LocationRepository(Repository[Location], Protocol):
    def for_client(self, client_id: int) -> list[Location]: ...


class WorkerRepository(Repository[Worker], Protocol):
    def lock(self, worker_id: int) -> Worker | None:
        """The worker, locked for the rest of the transaction (concurrent clocks queue here)."""
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


class TimeEntryRepository(Repository[TimeEntry], Protocol):
    def open_shift(self, worker_id: int, since: datetime) -> TimeEntry | None:
        """The worker's newest open shift clocked in at or after ``since``."""
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


class BookingRepository(Repository[Booking], Protocol):
    def covering(self, worker_id: int, at: datetime) -> Booking | None:
        """The worker's live booking whose times cover ``at`` (an hour's grace either side)."""
        ...


class RateRuleRepository(Repository[RateRule], Protocol):
    def for_client(self, client_id: int) -> list[RateRule]: ...


class AuditLog(Protocol):
    def add(self, entry: AuditEntry) -> None: ...


class UnitOfWork(Protocol):
    """One transaction with the repositories on it. ``commit`` writes the recorded events too."""

    clients: Repository[ClientAccount]
    keys: ApiKeyRepository
    locations: LocationRepository
    departments: Repository[Department]
    cost_codes: Repository[CostCode]
    workers: WorkerRepository
    audit: AuditLog
    entries: TimeEntryRepository
    bookings: BookingRepository
    surveys: Repository[Survey]
    amendments: Repository[Amendment]
    rate_rules: RateRuleRepository

    def __enter__(self) -> UnitOfWork: ...

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...

    def record(self, events: list[Event]) -> None: ...

    def commit(self) -> None: ...

    def rollback(self) -> None: ...


class UnitOfWorkFactory(Protocol):
    def __call__(self, *, read_only: bool = False) -> UnitOfWork:
        """A new unit of work; ``read_only`` ones take no write lock (they must not commit changes)."""
        ...


class KeyedWork(UnitOfWorkFactory, Protocol):
    """The units of work of a request sent with an Idempotency-Key. The change it commits is held
    open until ``keep`` stores the reply with it: one commit, so a change never lands without its
    reply. A request commits at most one change this way."""

    def keep(self, reply: StoredReply) -> bool:
        """Store the reply (with the held change, if any) and commit. False when the claim was lost
        (its lease lapsed and a retry took it over): then nothing is committed."""
        ...

    def drop(self) -> None:
        """Roll back a held change and let the claim go, so that a retry runs again."""
        ...


# ---- reads -------------------------------------------------------------------------------------


@frozen
class Page(Generic[T_co]):
    items: tuple[T_co, ...]
    total: int


@frozen
class Paging:
    limit: int = 50
    offset: int = 0


@frozen
class WorkerFilter:
    client_id: int
    paging: Paging
    id: int | None = None
    location_ids: tuple[int, ...] | None = None
    department_id: int | None = None
    status: str | None = None
    active: bool | None = None
    dormant: bool | None = None
    updated_since: datetime | None = None
    search: str | None = None


@frozen
class LocationFilter:
    client_id: int
    paging: Paging
    id: int | None = None
    location_ids: tuple[int, ...] | None = None
    active: bool | None = None


@frozen
class DepartmentFilter:
    client_id: int
    paging: Paging
    id: int | None = None
    active: bool | None = None
    location_id: int | None = None
    site_ids: tuple[int, ...] | None = None


@frozen
class CostCodeFilter:
    client_id: int
    paging: Paging
    id: int | None = None
    active: bool | None = None


@frozen
class EntryFilter:
    client_id: int
    paging: Paging
    id: int | None = None
    entry_types: tuple[str, ...] = ("shift",)
    closed: bool | None = True  # True completed, False open, None either
    clocked_in_since: datetime | None = None
    clock_in_from: datetime | None = None
    clock_in_before: datetime | None = None
    updated_since: datetime | None = None
    worker_id: int | None = None
    worker_ids: tuple[int, ...] | None = None  # any of these workers
    location_ids: tuple[int, ...] | None = None
    department_id: int | None = None
    approval_status: str | None = None
    client_approval: str | None = None
    unassigned_only: bool = False


@frozen
class AmendmentFilter:
    client_id: int
    paging: Paging
    id: int | None = None
    status: str | None = None
    entry_id: int | None = None
    worker_id: int | None = None
    created_from: datetime | None = None
    created_before: datetime | None = None
    updated_since: datetime | None = None
    location_ids: tuple[int, ...] | None = None


@frozen
class PricingInputs:
    """What pricing needs about some workers' pay weeks, read in a few queries."""

    shifts: tuple[TimeEntry, ...]  # every shift of those workers in those weeks, at this client
    breaks: dict[int, tuple[TimeEntry, ...]]  # break entries by shift id
    bookings: dict[int, Booking]
    workers: dict[int, Worker]
    rules: list[RateRule]
    payable_weeks: dict[int, tuple[date, ...]]  # per worker, earlier pay weeks with payable shifts (AWR)


@frozen
class RateRuleFilter:
    client_id: int
    paging: Paging
    id: int | None = None
    location_id: int | None = None
    site_ids: tuple[int, ...] | None = None
    active: bool = True
    on: date | None = None


class Queries(Protocol):
    """Read models for list endpoints, written in the SQL adapter."""

    def location(self, location_id: int) -> Location | None: ...

    def origin_allowed(self, origin: str, now: datetime) -> bool:
        """Whether any working key lists this browser origin (answers CORS preflights)."""
        ...

    def workers(self, query: WorkerFilter) -> Page[WorkerView]: ...

    def locations(self, query: LocationFilter) -> Page[Location]: ...

    def departments(self, query: DepartmentFilter) -> Page[DepartmentView]: ...

    def cost_codes(self, query: CostCodeFilter) -> Page[CostCode]: ...

    def entries(self, query: EntryFilter) -> Page[EntryView]: ...

    def breaks_of(self, shift_ids: tuple[int, ...]) -> dict[int, list[TimeEntry]]:
        """Break entries of these shifts, by shift id (one query)."""
        ...

    def bookings(
        self,
        client_id: int,
        start_from: datetime,
        start_before: datetime,
        location_ids: tuple[int, ...] | None,
        *,
        worker_id: int | None = None,
    ) -> list[Booking]:
        """The client's bookings (any status) starting in ``[start_from, start_before)``, by start."""
        ...

    def amendments(self, query: AmendmentFilter) -> Page[Amendment]: ...

    def rate_rules(self, query: RateRuleFilter) -> Page[RateRule]: ...

    def pricing_inputs(self, client: ClientAccount, entries: tuple[TimeEntry, ...]) -> PricingInputs:
        """Everything needed to price ``entries``: their workers' shifts in the same pay weeks, and more."""
        ...
