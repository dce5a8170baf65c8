"""Read views: a record with the names a reply shows beside its ids.

The edge turns these into the spec's JSON shapes (``workforce_adapters.json``); events carry
them too, so an event's ``data`` is the record exactly as the API would return it.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from fractions import Fraction

from attrs import field, frozen

from workforce_core.model.accounts import ClientAccount
from workforce_core.model.bookings import Booking
from workforce_core.model.demands import Demand, Offer
from workforce_core.model.exports import ExportBatch
from workforce_core.model.holiday import HOLIDAY, HolidayPay
from workforce_core.model.keys import ApiKey
from workforce_core.model.kiosks import KioskDevice
from workforce_core.model.pay_weeks import FiguresSource, PayWeekLock, WeekCounts
from workforce_core.model.principal import Principal
from workforce_core.model.rates import RateRule
from workforce_core.model.reference import CostCode, Department, Location
from workforce_core.model.surveys import Survey
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.worker_app import WorkerSession
from workforce_core.model.workers import Worker
from workforce_core.rules.awr import AwrClock
from workforce_core.rules.demands import open_places
from workforce_core.rules.paid_time import PaidTime
from workforce_core.rules.pay_gate import GateResult
from workforce_core.rules.pay_week_states import WeekFacts
from workforce_core.rules.pricing import ELEMENTS, Line, ShiftPrice, pennies
from workforce_core.rules.worker_app import WORKER_SCOPES, mobile_kiosk_id


@frozen
class WorkerView:
    worker: Worker
    location_name: str | None = None
    department_name: str | None = None
    cost_code: str | None = None

    @classmethod
    def of(
        cls,
        worker: Worker,
        location: Location | None,
        department: Department | None,
        cost_code: CostCode | None,
    ) -> WorkerView:
        return cls(
            worker=worker,
            location_name=location.name if location else None,
            department_name=department.name if department else None,
            cost_code=cost_code.code if cost_code else None,
        )


@frozen
class ShiftView:
    """A booking with its worker's and site's names, as /shifts.php and the shift.* events show it."""

    booking: Booking
    worker_name: str
    employee_id: str | None
    department_id: int | None
    location_name: str | None

    @classmethod
    def of(cls, booking: Booking, worker: Worker, location: Location | None) -> ShiftView:
        return cls(booking, worker.name, worker.employee_id, worker.department_id, location.name if location else None)


@frozen
class DemandView:
    """A requirement with its site's name, its counts and its status as of the read; ``shifts`` (its
    bookings) only on a read of one requirement."""

    demand: Demand
    location_name: str | None
    filled: int
    status: str
    shifts: tuple[ShiftView, ...] | None = None

    @property
    def open(self) -> int:
        return open_places(self.demand.headcount, self.filled)


@frozen
class OfferView:
    """An offer with its worker's name, as /offers.php shows it."""

    offer: Offer
    worker_name: str


@frozen
class ShiftGate:
    """What a timesheet shows of a completed shift's figures without its pricing: its paid time and
    its pay gate (read with the page, joined to it, when the figures are current)."""

    paid_minutes: int
    unpaid_break_minutes: int
    gate: GateResult


@frozen
class EntryView:
    """A time entry with its worker's and site's names, as timesheets and events show it. ``gate``:
    its stored figures' paid time and pay gate, when the read asked for them and they are current."""

    entry: TimeEntry
    worker_name: str
    employee_id: str | None
    worker_client_id: int
    department_id: int | None
    location_name: str | None
    locked: bool = False  # frozen by a pay-week lock (the read models say; a frozen shift never changes)
    gate: ShiftGate | None = None

    @classmethod
    def of(cls, entry: TimeEntry, worker: Worker, location: Location | None) -> EntryView:
        return cls(
            entry=entry,
            worker_name=worker.name,
            employee_id=worker.employee_id,
            worker_client_id=worker.client_id,
            department_id=worker.department_id,
            location_name=location.name if location else None,
        )


@frozen
class ClockResult:
    """The reply to a clock (POST /clock.php)."""

    action: str  # clock_in or clock_out
    view: EntryView
    backdated: bool
    fence_shown: bool  # coordinates were sent and the site has a fence
    warning: str | None = None


@frozen
class DepartmentView:
    department: Department
    location_name: str | None = None


@frozen
class SiteSummary:
    id: int
    name: str
    active: bool


@frozen
class MeView:
    key: ApiKey
    client: ClientAccount
    effective_scopes: tuple[str, ...]
    locations: tuple[SiteSummary, ...]


# ---- GET /on-site-now.php ------------------------------------------------------------------------


@frozen
class OnSiteWorker:
    view: EntryView  # the open shift
    minutes_on_shift: int

    @property
    def within_geofence(self) -> int | None:
        return self.view.entry.within_geofence


@frozen
class Headcount:
    """Counts of open shifts. ``geofence_unknown`` (no GPS or no fence) is counted as on site."""

    clocked_in: int = 0
    on_site: int = 0
    off_site: int = 0
    geofence_unknown: int = 0
    low_gps_confidence: int = 0

    @classmethod
    def of(cls, workers: tuple[OnSiteWorker, ...]) -> Headcount:
        fences = [w.within_geofence for w in workers]
        return cls(
            clocked_in=len(workers),
            on_site=sum(1 for within in fences if within != 0),
            off_site=sum(1 for within in fences if within == 0),
            geofence_unknown=sum(1 for within in fences if within is None),
            low_gps_confidence=sum(1 for w in workers if w.view.entry.low_gps_confidence),
        )


@frozen
class SiteOnShift:
    location_id: int
    location_name: str
    workers: tuple[OnSiteWorker, ...]

    @property
    def counts(self) -> Headcount:
        return Headcount.of(self.workers)


@frozen
class OnSiteNow:
    as_of: datetime
    locations: tuple[SiteOnShift, ...]
    unassigned: tuple[OnSiteWorker, ...]  # open shifts with no site

    @property
    def totals(self) -> Headcount:
        return Headcount.of((*(w for site in self.locations for w in site.workers), *self.unassigned))


# ---- pricing of one completed shift ------------------------------------------------------------


@frozen
class ShiftPricing:
    """What the reads show of one completed shift."""

    entry: TimeEntry
    paid: PaidTime
    gate: GateResult
    pay_week_start: date
    rule: RateRule | None = None
    price: ShiftPrice | None = None
    base_pay: Decimal | None = None
    base_charge: Decimal | None = None
    parity: bool = False
    source: FiguresSource = FiguresSource.LIVE  # priced now, or the frozen figures of a locked pay week
    awr: AwrClock | None = None  # the AWR clock that decided ``parity``, when the rule has parity rates

    @property
    def paid_minutes(self) -> int:
        return self.price.paid_minutes if self.price is not None else self.paid.paid_minutes

    @property
    def flags(self) -> tuple[str, ...]:
        return self.gate.flags

    def makes(self, stored: ShiftFigures) -> bool:
        """Whether this working makes exactly ``stored`` (the same rule, rates, gate and money): then it
        explains them; else they were made otherwise (frozen by a lock from a rule changed since)."""
        made = self.figures()
        return (
            made.rule_id == stored.rule_id
            and (made.base_pay, made.base_charge, made.parity) == (stored.base_pay, stored.base_charge, stored.parity)
            and (made.paid_minutes, made.unpaid_break_minutes) == (stored.paid_minutes, stored.unpaid_break_minutes)
            and (made.gate.status, made.gate.reason) == (stored.gate.status, stored.gate.reason)
            and (made.lines is None) == (stored.lines is None)
            and made.element_figures() == stored.element_figures()
        )

    def figures(self) -> ShiftFigures:
        """What is stored of this pricing: the figures every read shows, without the working."""
        entry = self.entry
        return ShiftFigures(
            entry_id=entry.id,
            client_id=entry.client_id,
            worker_id=entry.worker_id,
            location_id=entry.location_id,
            pay_week_start=self.pay_week_start,
            clock_in=entry.clock_in,
            paid_minutes=self.paid_minutes,
            unpaid_break_minutes=self.paid.unpaid_break_minutes,
            gate=self.gate,
            rule_id=self.rule.id if self.rule is not None else None,
            base_pay=self.base_pay,
            base_charge=self.base_charge,
            parity=self.parity,
            lines=self.price.lines if self.price is not None else None,
            source=self.source,
        )


@frozen(kw_only=True)
class ShiftFigures:
    """The stored pay figures of one completed shift (issue 10): kept current by the writes that can
    change them, read without running the engine. ``lines`` is None when the shift has no pay rate."""

    entry_id: int
    client_id: int
    worker_id: int
    location_id: int | None
    pay_week_start: date
    clock_in: datetime  # the shift's when priced: a figure is dropped when its shift changes
    paid_minutes: int
    unpaid_break_minutes: int
    gate: GateResult
    rule_id: int | None
    base_pay: Decimal | None
    base_charge: Decimal | None
    parity: bool
    lines: tuple[Line, ...] | None
    source: FiguresSource = FiguresSource.LIVE
    adjust_week: date | None = None  # a late clock: the pay week it is due (or was paid) in

    @property
    def flags(self) -> tuple[str, ...]:
        return self.gate.flags

    def shift_gate(self) -> ShiftGate:
        return ShiftGate(self.paid_minutes, self.unpaid_break_minutes, self.gate)

    def element_figures(self) -> dict[str, tuple[int, Decimal, Decimal]]:
        """Each element's minutes and its pay and charge, summed exactly and rounded once to the penny."""
        names = ELEMENTS if not any(line.element == HOLIDAY for line in self.lines or ()) else (*ELEMENTS, HOLIDAY)
        minutes = dict.fromkeys(names, 0)
        pay = {name: Fraction(0) for name in names}
        charge = {name: Fraction(0) for name in names}
        for line in self.lines or ():
            minutes[line.element] += line.minutes
            pay[line.element] += line.pay
            charge[line.element] += line.charge
        return {name: (minutes[name], pennies(pay[name]), pennies(charge[name])) for name in names}

    def amounts(self) -> tuple[Decimal, Decimal] | None:
        """The shift's pay and charge: the sums of its elements' (each already to the penny); None when it
        has no pay rate, so was not priced."""
        if self.lines is None:
            return None
        figures = self.element_figures().values()
        return sum((f[1] for f in figures), Decimal(0)), sum((f[2] for f in figures), Decimal(0))


# ---- pay weeks (GET /pay-weeks.php, the pay-week console and events) ----------------------------


@frozen
class PayWeekView:
    """One pay week as a scope sees it (the whole client, or some of its sites): its facts (counts,
    ended, locked), the lock shown (the whole-client one, else the scope's latest site lock) and the
    sites locked on their own, and the export batches made of it (newest first)."""

    week_start: date
    week_end: date
    status: str
    facts: WeekFacts
    lock: PayWeekLock | None = None
    locked_location_ids: tuple[int, ...] = ()
    batches: tuple[ExportBatch, ...] = ()

    @property
    def counts(self) -> WeekCounts:
        return self.facts.counts


# ---- holiday records (GET /holiday.php and the holiday_records file) ------------------------------


@frozen
class HolidayWeek:
    """One pay week of a worker's holiday records (minutes and money)."""

    week_start: date
    worked_minutes: int
    work_pay: Decimal
    accrued: Decimal | None  # accrued leave only
    taken: int
    balance: Decimal | None  # accrued leave only
    pay: Decimal  # paid as holiday that week
    working: str


@frozen
class HolidayRecord:
    """A worker's leave year as the holiday records keep it: what accrued, was taken and was paid."""

    worker: Worker
    mode: HolidayPay
    first: date
    last: date
    weeks: tuple[HolidayWeek, ...]

    @property
    def accrued(self) -> Decimal | None:
        return (
            sum((w.accrued or Decimal(0) for w in self.weeks), Decimal(0)) if self.mode is HolidayPay.ACCRUED else None
        )

    @property
    def taken(self) -> int:
        return sum(w.taken for w in self.weeks)

    @property
    def balance(self) -> Decimal | None:
        if self.mode is not HolidayPay.ACCRUED:
            return None
        return self.weeks[-1].balance if self.weeks else Decimal(0)

    @property
    def paid(self) -> Decimal:
        return sum((w.pay for w in self.weeks), Decimal(0))


CLOCK_SCOPES = ("clock:write",)


@frozen
class AtKiosk:
    """A live kiosk: its device, site, account and the survey asked before clocking in there."""

    device: KioskDevice
    site: Location
    client: ClientAccount
    survey: Survey | None

    @property
    def principal(self) -> Principal:
        """Whom the clocking use case clocks for: the account, at the kiosk's site only."""
        return Principal(key=None, client=self.client, effective_scopes=CLOCK_SCOPES)


@frozen
class SignedWorker:
    """A live session, its worker and their client account; ``token`` (the cookie's value, never
    stored) when just made."""

    worker: Worker
    client: ClientAccount
    session: WorkerSession
    token: str | None = field(default=None, repr=False)

    @property
    def principal(self) -> Principal:
        """What the worker's pages read with: the reads of their own shifts, offers, availability and
        absences (every page filters by ``worker.id``; every write checks it)."""
        return Principal(key=None, client=self.client, effective_scopes=WORKER_SCOPES)

    @property
    def kiosk_id(self) -> str:
        return mobile_kiosk_id(self.session.device)
