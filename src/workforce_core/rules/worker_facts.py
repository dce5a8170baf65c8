"""What eligibility is fed: a worker's stored facts around a slot turned into ``eligibility.Known``.

One function for every caller: the booking use cases read one worker's facts under its lock, the
who-is-free query reads every worker's in a few batch reads; both hand them here, so a booking and
the query can never disagree about ``hours``, ``rest``, ``capacity`` or the blocks.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import date, datetime, time, timedelta

from attrs import field, frozen

from workforce_core.model.absences import Absence, AbsenceStatus
from workforce_core.model.availability import WorkerAvailability
from workforce_core.model.bookings import LIVE_BOOKING_STATUSES, Booking
from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules.eligibility import AbsenceDays, AvailabilityRule, Known, Slot, Span
from workforce_core.rules.london import from_local, local_date
from workforce_core.rules.pay_weeks import week_start
from workforce_core.rules.working_time import DAILY_REST, READ_AFTER, READ_BEFORE, Work


@frozen
class Window:
    """The real time and the local days whose facts matter for a slot: 17 weeks before it (working time),
    its whole pay week (hours), the slot itself (overlap, capacity), 12 hours after it (rest before the
    next shift) and the days around it (rules)."""

    start: datetime
    end: datetime
    first_day: date
    last_day: date
    week: date
    week_from: datetime
    week_to: datetime


def window(slot: Slot, start_day: int) -> Window:
    week = week_start(slot.shift_date, start_day)
    week_from, week_to = from_local(week, time(0)), from_local(week + timedelta(days=7), time(0))
    start = min(week_from, slot.start - DAILY_REST, slot.start - READ_BEFORE)
    end = max(week_to, slot.end + READ_AFTER)
    first_day = min(slot.shift_date, local_date(slot.start)) - timedelta(days=1)
    return Window(start, end, first_day, max(slot.shift_date, local_date(slot.end)), week, week_from, week_to)


@frozen
class Facts:
    """One worker's stored facts around a slot (the caller reads them for the ``window``)."""

    bookings: Sequence[Booking] = ()  # live and completed bookings overlapping the window
    shifts: Sequence[TimeEntry] = ()  # shifts (open ones too) overlapping the window
    absences: Sequence[Absence] = ()  # any status: only approved ones count
    rules: Sequence[WorkerAvailability] = ()  # any: retired ones do not count
    dnr_sites: frozenset[int] = field(factory=frozenset)


def known(
    worker_id: int,
    slot: Slot,
    facts: Facts,
    *,
    start_day: int,
    site_people: frozenset[int] = frozenset(),
    site_capacity: int | None = None,
    leaving: int = 0,
) -> Known:
    """``Known`` for ``eligibility``: ``site_people`` are the workers booked at the slot's site overlapping
    it (``people_at``); ``leaving`` is the booking being changed, left out of everything."""
    span = window(slot, start_day)
    held = [b for b in facts.bookings if b.id != leaving]
    week_minutes = sum(paid_minutes(b) for b in held if week_start(b.shift_date, start_day) == span.week) + sum(
        int(((s.clock_out or s.clock_in) - s.clock_in).total_seconds() // 60)
        for s in facts.shifts
        if s.scheduled_shift_id is None and span.week_from <= s.clock_in < span.week_to
    )
    return Known(
        bookings=[Span(b.start, b.end) for b in held if b.status in LIVE_BOOKING_STATUSES],
        shifts=[Span(s.clock_in, s.clock_out) for s in facts.shifts],
        absences=[AbsenceDays(a.start_date, a.end_date) for a in facts.absences if a.status == AbsenceStatus.APPROVED],
        availability=[rule_of(r) for r in facts.rules if r.active],
        dnr_sites=facts.dnr_sites,
        week_minutes=week_minutes,
        site_capacity=site_capacity,
        site_people=len(site_people - {worker_id}),
        work=work_of(held, facts.shifts),
        week_span=(span.week_from, span.week_to),
    )


def people_at(site_bookings: Collection[Booking], *, leaving: int = 0) -> frozenset[int]:
    """The workers of the live ones among ``site_bookings`` (bookings at a site overlapping a slot), leaving
    out the booking being changed: each counts once toward the site's ``capacity``."""
    return frozenset(b.worker_id for b in site_bookings if b.id != leaving and b.status in LIVE_BOOKING_STATUSES)


def rule_of(stored: WorkerAvailability) -> AvailabilityRule:
    return AvailabilityRule(
        kind=stored.kind,
        start_time=stored.start_time,
        end_time=stored.end_time,
        day_of_week=stored.day_of_week,
        date=stored.date,
        valid_from=stored.valid_from,
        valid_to=stored.valid_to,
    )


def paid_minutes(booking: Booking) -> int:
    return booked_minutes(booking.start, booking.end, booking.break_minutes)


def booked_minutes(start: datetime, end: datetime, break_minutes: int) -> int:
    """A booking's paid minutes: its length less its break."""
    return int((end - start).total_seconds() // 60) - break_minutes


def work_of(bookings: Sequence[Booking], shifts: Sequence[TimeEntry]) -> list[Work]:
    """The worker's working time: each closed shift as clocked (manual break out), and each live booking
    not clocked against yet as booked (its break out); an open shift counts to its booked end if booked."""
    clocked = {s.scheduled_shift_id for s in shifts if s.scheduled_shift_id is not None and s.clock_out is not None}
    work = [Work.of(s.clock_in, s.clock_out, s.manual_break_minutes or 0) for s in shifts if s.clock_out is not None]
    work.extend(
        Work.of(b.start, b.end, b.break_minutes)
        for b in bookings
        if b.status in LIVE_BOOKING_STATUSES and b.id not in clocked
    )
    return work
