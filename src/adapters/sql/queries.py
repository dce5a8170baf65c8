"""Read models for the list endpoints: one indexed query per page, never a loop over a table."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from datetime import date, datetime
from typing import Any, TypeVar

from sqlalchemy import Engine, case, func, or_, select

from workforce_adapters.sql import (
    charge_reads,
    export_batches,
    figure_reads,
    payroll_reads,
    reading,
    tables,
    week_sums,
)
from workforce_adapters.sql.availability_reads import (
    do_not_return_sites,
    list_absences,
    list_availability_rules,
    load_free_facts,
)
from workforce_adapters.sql.breaks import breaks_by_shift
from workforce_adapters.sql.demands import list_demands, list_offers
from workforce_adapters.sql.entry_counts import completed_count
from workforce_adapters.sql.fresh_figures import NONE, Fresh
from workforce_adapters.sql.mapping import from_row
from workforce_adapters.sql.minimum_wage import wage_weeks
from workforce_adapters.sql.pay_figures import shift_gate
from workforce_adapters.sql.pay_weeks import frozen_flag, lock_history, standing_locks, tally
from workforce_adapters.sql.pricing_inputs import load_awr_history, load_pricing_inputs
from workforce_adapters.sql.rate_rules import list_rate_rules
from workforce_adapters.sql.read_pages import equal, page
from workforce_adapters.sql.shift_reads import booked_slots, list_shifts
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.amendments import Amendment
from workforce_core.model.availability import WorkerAvailability
from workforce_core.model.bookings import Booking
from workforce_core.model.exports import ExportBatch
from workforce_core.model.keys import ApiKey
from workforce_core.model.pay_gate import PayrollStatus
from workforce_core.model.pay_weeks import PayWeekLock
from workforce_core.model.rates import RateRule
from workforce_core.model.reference import CostCode, Department, Location
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.ports import (
    AbsenceFilter,
    AmendmentFilter,
    AvailabilityRuleFilter,
    AwrHistory,
    BatchFilter,
    ChargeFilter,
    CostCodeFilter,
    DemandFilter,
    DepartmentFilter,
    EntryFilter,
    FreeFactsQuery,
    LocationFilter,
    OfferFilter,
    Page,
    PayrollFilter,
    PricingInputs,
    RateRuleFilter,
    ShiftFilter,
    SlotFilter,
    StoredBatch,
    WeekSpan,
    WorkerFilter,
)
from workforce_core.rules.access import key_refusal
from workforce_core.rules.working_time import Work
from workforce_core.views import (
    AbsenceView,
    ChargeGroup,
    DemandView,
    DepartmentView,
    EntryView,
    FreeFacts,
    HeldBack,
    OfferView,
    PayrollRow,
    ShiftFigures,
    ShiftView,
    WageWeek,
    WeekTallies,
    WorkerView,
    WorkerWeek,
)
from workforce_core.views.dashboard import BookedSlot

T = TypeVar("T")


def _contains(column: Any, term: str) -> Any:
    """Case-insensitive "contains"; SQLite's lower() folds only ASCII, so the exact text always matches too."""
    return or_(func.lower(column).contains(term.lower(), autoescape=True), column.contains(term, autoescape=True))


# The read models' columns and joins, built once (each request adds its filters).
_w, _loc, _dep, _cc, _te = tables.workers, tables.locations, tables.departments, tables.cost_codes, tables.time_entries
WORKERS = select(
    _w, _loc.c.name.label("_location_name"), _dep.c.name.label("_department_name"), _cc.c.code.label("_cost_code")
).select_from(
    _w.outerjoin(_loc, _loc.c.id == _w.c.location_id)
    .outerjoin(_dep, _dep.c.id == _w.c.department_id)
    .outerjoin(_cc, _cc.c.id == _w.c.cost_code_id)
)
ENTRIES = select(
    _te,
    _w.c.name.label("_worker_name"),
    _w.c.employee_id.label("_employee_id"),
    _w.c.client_id.label("_worker_client_id"),
    _w.c.department_id.label("_department_id"),
    _loc.c.name.label("_location_name"),
    frozen_flag().label("_locked"),
).select_from(  # left joins (every entry has its worker): a page's ids and count need neither table
    _te.outerjoin(_w, _w.c.id == _te.c.worker_id).outerjoin(_loc, _loc.c.id == _te.c.location_id)
)
_f = tables.shift_figures
ENTRIES_WITH_GATES = select(  # and each shift's stored paid time and pay gate, in the same statement
    *ENTRIES.selected_columns,
    _f.c.entry_id.label("_f_entry_id"),
    _f.c.paid_minutes.label("_f_paid_minutes"),
    _f.c.unpaid_break_minutes.label("_f_unpaid_break_minutes"),
    _f.c.payroll_status.label("_f_payroll_status"),
    _f.c.payroll_reason.label("_f_payroll_reason"),
    _f.c.flags.label("_f_flags"),
).select_from(
    _te.outerjoin(_w, _w.c.id == _te.c.worker_id)
    .outerjoin(_loc, _loc.c.id == _te.c.location_id)
    .outerjoin(_f, _f.c.entry_id == _te.c.id)
)


def _entry_conditions(query: EntryFilter) -> list[Any]:
    """What an entries read is filtered by (its page and its count)."""
    te, w = tables.time_entries, tables.workers
    where: list[Any] = [te.c.client_id == query.client_id, te.c.entry_type.in_(query.entry_types)]
    if query.id is not None:
        where.append(te.c.id == query.id)
    if query.closed is not None:
        where.append(te.c.clock_out.is_not(None) if query.closed else te.c.clock_out.is_(None))
    if query.clocked_in_since is not None:
        where.append(te.c.clock_in >= query.clocked_in_since)
    if query.clock_in_from is not None:
        where.append(te.c.clock_in >= query.clock_in_from)
    if query.clock_in_before is not None:
        where.append(te.c.clock_in < query.clock_in_before)
    if query.updated_since is not None:
        where.append(te.c.updated_at >= query.updated_since)
    if query.worker_id is not None:
        where.append(te.c.worker_id == query.worker_id)
    if query.worker_ids is not None:
        where.append(te.c.worker_id.in_(query.worker_ids))
    if query.location_ids is not None:
        where.append(te.c.location_id.in_(query.location_ids))
    if query.department_id is not None:
        where.append(te.c.worker_id.in_(select(w.c.id).where(w.c.department_id == query.department_id)))
    if query.approval_status is not None:
        where.append(te.c.approval_status == query.approval_status)
    if query.client_approval is not None:
        where.append(te.c.client_approval == query.client_approval)
    return where


class SqlQueries:
    def __init__(self, engine: Engine, fresh: Fresh = NONE) -> None:
        self.engine = engine
        self.fresh = fresh  # figures priced for this read: the reads that sum figures read them too

    def with_figures(self, figures: Sequence[ShiftFigures]) -> SqlQueries:
        return SqlQueries(self.engine, self.fresh.adding(figures)) if figures else self

    def location(self, location_id: int) -> Location | None:
        with reading.connection(self.engine) as connection:
            row = (
                connection.execute(select(tables.locations).where(tables.locations.c.id == location_id))
                .mappings()
                .first()
            )
        return from_row(Location, row) if row else None

    def origin_allowed(self, origin: str, now: datetime) -> bool:
        """Some key that works now (the core's rule) lists this origin; SQL finds the keys listing it."""
        keys, origins = tables.api_keys, tables.api_key_origins
        query = select(keys).join(origins, origins.c.api_key_id == keys.c.id).where(origins.c.origin == origin)
        with reading.connection(self.engine) as connection:
            listing = [from_row(ApiKey, row) for row in connection.execute(query).mappings()]
            client_ids = sorted({key.client_id for key in listing})
            rows = connection.execute(select(tables.clients).where(tables.clients.c.id.in_(client_ids))).mappings()
            clients = {row["id"]: from_row(ClientAccount, row) for row in rows}
        return any(key_refusal(key, clients[key.client_id], now) is None for key in listing)

    def workers(self, query: WorkerFilter) -> Page[WorkerView]:
        w = tables.workers
        stmt = WORKERS.where(w.c.client_id == query.client_id)
        stmt = equal(
            stmt,
            (w.c.id, query.id),
            (w.c.department_id, query.department_id),
            (w.c.status, query.status),
            (w.c.active, query.active),
        )
        if query.ids is not None:
            stmt = stmt.where(w.c.id.in_(query.ids))
        if query.location_ids is not None:
            stmt = stmt.where(w.c.location_id.in_(query.location_ids))
        if query.dormant is not None:
            stmt = stmt.where(w.c.dormant_since.is_not(None) if query.dormant else w.c.dormant_since.is_(None))
        if query.updated_since is not None:
            stmt = stmt.where(w.c.updated_at >= query.updated_since)
        if query.search:
            stmt = stmt.where(
                or_(
                    _contains(w.c.name, query.search),
                    _contains(w.c.employee_id, query.search),
                    _contains(w.c.email, query.search),
                )
            )
        rows, total = page(self.engine, stmt, query.paging, [w.c.name, w.c.id], shown_from=WORKERS)
        views = tuple(
            WorkerView(
                worker=from_row(Worker, row),
                location_name=row["_location_name"],
                department_name=row["_department_name"],
                cost_code=row["_cost_code"],
            )
            for row in rows
        )
        return Page(views, total)

    def locations(self, query: LocationFilter) -> Page[Location]:
        loc = tables.locations
        stmt = select(loc).where(loc.c.client_id == query.client_id)
        if query.id is not None:
            stmt = stmt.where(loc.c.id == query.id)
        if query.location_ids is not None:
            stmt = stmt.where(loc.c.id.in_(query.location_ids))
        if query.active is not None:
            stmt = stmt.where(loc.c.active == query.active)
        rows, total = page(self.engine, stmt, query.paging, [loc.c.name, loc.c.id])
        return Page(tuple(from_row(Location, row) for row in rows), total)

    def departments(self, query: DepartmentFilter) -> Page[DepartmentView]:
        dep, loc = tables.departments, tables.locations
        stmt = (
            select(dep, loc.c.name.label("_location_name"))
            .select_from(dep.outerjoin(loc, loc.c.id == dep.c.location_id))
            .where(or_(dep.c.client_id == query.client_id, dep.c.client_id.is_(None)))
        )
        stmt = equal(stmt, (dep.c.id, query.id), (dep.c.active, query.active))
        if query.location_id is not None:
            stmt = stmt.where(or_(dep.c.location_id == query.location_id, dep.c.location_id.is_(None)))
        if query.site_ids is not None:
            stmt = stmt.where(or_(dep.c.location_id.in_(query.site_ids), dep.c.location_id.is_(None)))
        rows, total = page(self.engine, stmt, query.paging, [dep.c.name, dep.c.id])
        views = tuple(DepartmentView(from_row(Department, row), row["_location_name"]) for row in rows)
        return Page(views, total)

    def cost_codes(self, query: CostCodeFilter) -> Page[CostCode]:
        cc = tables.cost_codes
        stmt = select(cc).where(or_(cc.c.client_id == query.client_id, cc.c.client_id.is_(None)))
        stmt = equal(stmt, (cc.c.id, query.id), (cc.c.active, query.active))
        rows, total = page(self.engine, stmt, query.paging, [cc.c.code, cc.c.id])
        return Page(tuple(from_row(CostCode, row) for row in rows), total)

    def entries(self, query: EntryFilter) -> Page[EntryView]:
        te = tables.time_entries
        stmt = ENTRIES.where(*_entry_conditions(query))
        order = [te.c.clock_in.desc(), te.c.id.desc()]
        shown = ENTRIES_WITH_GATES if query.gates else ENTRIES
        rows, total = page(self.engine, stmt, query.paging, order, shown_from=shown, counted=completed_count(query))
        views = tuple(
            EntryView(
                entry=from_row(TimeEntry, row),
                worker_name=row["_worker_name"],
                employee_id=row["_employee_id"],
                worker_client_id=row["_worker_client_id"],
                department_id=row["_department_id"],
                location_name=row["_location_name"],
                locked=bool(row["_locked"]),
                gate=shift_gate(row) if query.gates else None,
            )
            for row in rows
        )
        return Page(views, total)

    def entry_counts(self, query: EntryFilter, bounds: Sequence[datetime]) -> tuple[int, ...]:
        te = tables.time_entries
        span = case(*((te.c.clock_in < bound, n) for n, bound in enumerate(bounds[1:])), else_=len(bounds) - 1).label(
            "span"
        )
        counted = (
            select(span, func.count())
            .where(*_entry_conditions(query), te.c.clock_in >= bounds[0], te.c.clock_in < bounds[-1])
            .group_by(span)
        )
        with reading.connection(self.engine) as connection:
            found = {int(n): int(count) for n, count in connection.execute(counted)}
        return tuple(found.get(n, 0) for n in range(len(bounds) - 1))

    def shifts_of(
        self, client_id: int, worker_ids: tuple[int, ...], start_from: datetime, start_before: datetime
    ) -> list[TimeEntry]:
        te = tables.time_entries
        stmt = (
            select(te)
            .where(
                te.c.client_id == client_id,
                te.c.entry_type == "shift",
                te.c.worker_id.in_(worker_ids),
                te.c.clock_in >= start_from,
                te.c.clock_in < start_before,
            )
            .order_by(te.c.clock_in, te.c.id)
        )
        with reading.connection(self.engine) as connection:
            return [from_row(TimeEntry, row) for row in connection.execute(stmt).mappings()]

    def work_of(
        self, client_id: int, worker_ids: tuple[int, ...], start_from: datetime, start_before: datetime
    ) -> dict[int, list[Work]]:
        te = tables.time_entries
        stmt = (
            select(te.c.worker_id, te.c.clock_in, te.c.clock_out, te.c.manual_break_minutes)
            .where(
                te.c.client_id == client_id,
                te.c.entry_type == "shift",
                te.c.worker_id.in_(worker_ids),
                te.c.clock_in >= start_from,
                te.c.clock_in < start_before,
                te.c.clock_out.is_not(None),
            )
            .order_by(te.c.clock_in, te.c.id)
        )
        found: dict[int, list[Work]] = {}
        with reading.connection(self.engine) as connection:
            for worker_id, clock_in, clock_out, break_minutes in connection.execute(stmt):
                found.setdefault(worker_id, []).append(Work.of(clock_in, clock_out, break_minutes or 0))
        return found

    def breaks_of(self, shift_ids: tuple[int, ...]) -> dict[int, list[TimeEntry]]:
        with reading.connection(self.engine) as connection:
            return breaks_by_shift(connection, shift_ids)

    def bookings(
        self,
        client_id: int,
        start_from: datetime,
        start_before: datetime,
        location_ids: tuple[int, ...] | None,
        *,
        worker_id: int | None = None,
    ) -> list[Booking]:
        sh = tables.shifts
        stmt = select(sh).where(sh.c.client_id == client_id, sh.c.start >= start_from, sh.c.start < start_before)
        if location_ids is not None:
            stmt = stmt.where(sh.c.location_id.in_(location_ids))
        if worker_id is not None:
            stmt = stmt.where(sh.c.worker_id == worker_id)
        with reading.connection(self.engine) as connection:
            rows = connection.execute(stmt.order_by(sh.c.start, sh.c.id)).mappings().all()
        return [from_row(Booking, row) for row in rows]

    def amendments(self, query: AmendmentFilter) -> Page[Amendment]:
        am, te = tables.amendments, tables.time_entries
        stmt = select(am).where(am.c.client_id == query.client_id)
        if query.location_ids is not None:
            stmt = stmt.select_from(am.join(te, te.c.id == am.c.entry_id)).where(
                te.c.location_id.in_(query.location_ids)
            )
        stmt = equal(
            stmt,
            (am.c.id, query.id),
            (am.c.status, query.status),
            (am.c.entry_id, query.entry_id),
            (am.c.worker_id, query.worker_id),
        )
        if query.created_from is not None:
            stmt = stmt.where(am.c.created_at >= query.created_from)
        if query.created_before is not None:
            stmt = stmt.where(am.c.created_at < query.created_before)
        if query.updated_since is not None:
            stmt = stmt.where(func.coalesce(am.c.updated_at, am.c.created_at) >= query.updated_since)
        rows, total = page(self.engine, stmt, query.paging, [am.c.created_at.desc(), am.c.id.desc()])
        return Page(tuple(from_row(Amendment, row) for row in rows), total)

    def rate_rules(self, query: RateRuleFilter) -> Page[RateRule]:
        return list_rate_rules(self.engine, query)

    def shifts(self, query: ShiftFilter) -> Page[ShiftView]:
        return list_shifts(self.engine, query)

    def booked_slots(self, query: SlotFilter) -> list[BookedSlot]:
        return booked_slots(self.engine, query)

    def charge_groups(self, query: ChargeFilter) -> list[ChargeGroup]:
        return charge_reads.charge_groups(self.engine, query, self.fresh)

    def held_back(self, query: ChargeFilter) -> list[HeldBack]:
        return charge_reads.held_back(self.engine, query, self.fresh)

    def payroll_rows(self, query: PayrollFilter) -> Page[PayrollRow]:
        return payroll_reads.payroll_rows(self.engine, query, self.fresh)

    def shifts_not_approved(self, query: PayrollFilter) -> int:
        return payroll_reads.shifts_not_approved(self.engine, query, self.fresh)

    def payroll_sites(self, query: PayrollFilter) -> tuple[int, ...]:
        return payroll_reads.payroll_sites(self.engine, query, self.fresh)

    def unpriced_shifts(self, client_id: int, start: datetime, end: datetime) -> list[TimeEntry]:
        return figure_reads.unpriced_shifts(self.engine, client_id, start, end)

    def worker_weeks(
        self, client_id: int, week: date, status: PayrollStatus | None = PayrollStatus.PAYABLE
    ) -> Iterator[WorkerWeek]:
        return week_sums.worker_weeks(self.engine, client_id, week, status, self.fresh)

    def wage_weeks(
        self, client_id: int, week_starts: Collection[date], worker_ids: Collection[int] | None = None
    ) -> list[WageWeek]:
        with reading.connection(self.engine) as connection:
            return wage_weeks(connection, client_id, week_starts, worker_ids, self.fresh)

    def demands(self, query: DemandFilter) -> Page[DemandView]:
        return list_demands(self.engine, query)

    def offers(self, query: OfferFilter) -> Page[OfferView]:
        return list_offers(self.engine, query)

    def tally(self, client_id: int, weeks: Sequence[WeekSpan], location_ids: tuple[int, ...] | None) -> WeekTallies:
        with reading.connection(self.engine) as connection:
            return tally(connection, client_id, weeks, location_ids)

    def standing(self, client_id: int, week_starts: Collection[date]) -> list[PayWeekLock]:
        with reading.connection(self.engine) as connection:
            return standing_locks(connection, client_id, week_starts)

    def lock_history(self, client_id: int, week_start: date) -> list[PayWeekLock]:
        with reading.connection(self.engine) as connection:
            return lock_history(connection, client_id, week_start)

    def batches(self, client_id: int, week_starts: Collection[date]) -> list[ExportBatch]:
        with reading.connection(self.engine) as connection:
            return export_batches.week_batches(connection, client_id, week_starts)

    def export_batches(self, query: BatchFilter) -> Page[ExportBatch]:
        return export_batches.export_batches(self.engine, query)

    def export_batch(self, client_id: int, batch_id: int) -> StoredBatch | None:
        return export_batches.export_batch(self.engine, client_id, batch_id)

    def pricing_inputs(self, client: ClientAccount, entries: tuple[TimeEntry, ...]) -> PricingInputs:
        with reading.connection(self.engine) as connection:
            return load_pricing_inputs(connection, client, entries)

    def awr_history(self, client: ClientAccount, worker_id: int) -> AwrHistory:
        with reading.connection(self.engine) as connection:
            return load_awr_history(connection, client, worker_id)

    def availability_rules(self, query: AvailabilityRuleFilter) -> Page[WorkerAvailability]:
        return list_availability_rules(self.engine, query)

    def absences(self, query: AbsenceFilter) -> Page[AbsenceView]:
        return list_absences(self.engine, query)

    def free_facts(self, query: FreeFactsQuery) -> FreeFacts:
        return load_free_facts(self.engine, query)

    def do_not_return_sites(self, client_id: int, worker_id: int) -> tuple[int, ...]:
        return do_not_return_sites(self.engine, client_id, worker_id)
