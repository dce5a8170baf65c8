"""Whether a worker may take a slot: the Shifts board's rules as one pure function.

The booking endpoint, PUT, offer acceptance and the who-is-free query all ask ``eligibility``. It
answers codes only, never reason text: block codes (the spec's eight, ``young_worker``, and the
documents' ``right_to_work`` and ``document_expired``, ``rules.documents``; any one refuses the booking
with 409 ``not_eligible``) and warning codes (decisions.md: ``role``, ``rest``, ``hours``, ``capacity``,
the working time ones of ``rules.working_time`` and ``document_expiring``; shown, never refusing).
Both lists come in the order of the vocabularies below.

Everything is measured in real time on aware UTC instants: a slot crossing midnight or a clock change
is as long as it really is (``rules.slots``). The caller reads what is known (``Known``) and passes it
in; what is not stored yet (absences, availability rules, do-not-return sites) is simply empty.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from enum import StrEnum

from attrs import field, frozen

from workforce_core.model.workers import Worker
from workforce_core.rules.documents import DocumentFacts, Standing, standing
from workforce_core.rules.london import from_local, local_date
from workforce_core.rules.working_time import DAILY_REST, Work, working_time


class BlockCode(StrEnum):
    """Hard blocks, in the spec's order (``not_eligible``'s ``block_codes``)."""

    DNR = "dnr"  # do not return to this site
    ABSENCE = "absence"  # an approved absence covers the slot
    UNAVAILABLE = "unavailable"  # marked unavailable for (part of) the slot
    OVERLAP = "overlap"  # another live booking or a worked shift overlaps the slot
    INACTIVE = "inactive"  # a leaver (or anonymised)
    PENDING = "pending"  # self-registered, not approved
    DORMANT = "dormant"
    SUSPENDED = "suspended"
    YOUNG_WORKER = "young_worker"  # under 18: over 8 h in the day, 40 h in the week, or under 12 h rest
    RIGHT_TO_WORK = "right_to_work"  # no valid right-to-work check on a day of the slot (rules.documents)
    DOCUMENT_EXPIRED = "document_expired"  # a document the slot's job role needs is not held valid


class WarningCode(StrEnum):
    """Soft warnings (decisions.md), shown on the booking and in the who-is-free query."""

    ROLE = "role"  # the slot's job role differs from the worker's
    REST = "rest"  # under 11 hours since the worker's previous booking or shift
    HOURS = "hours"  # the week would go over the worker's max_hours_per_week
    CAPACITY = "capacity"  # the site would hold more people than its capacity
    WTR_AVERAGE = "wtr_average"  # over 48 h a week on average over the 17 weeks ending with it (no opt-out)
    REST_11H = "rest_11h"  # under 11 h between it and the shift before or after
    WEEKLY_REST = "weekly_rest"  # no 24 h off in the 7 days, or 48 h in the 14, ending with it
    DOCUMENT_EXPIRING = "document_expiring"  # a document it needs ends, or is due a follow-up, within the warning days


BLOCK_CODES: tuple[str, ...] = tuple(BlockCode)
WARNING_CODES: tuple[str, ...] = tuple(WarningCode)


@frozen
class Span:
    """A stretch of real time the worker is taken (a live booking, a worked shift); ``end`` None: still open."""

    start: datetime
    end: datetime | None

    def overlaps(self, start: datetime, end: datetime) -> bool:
        return self.start < end and (self.end is None or start < self.end)


@frozen
class Slot:
    """What would be booked: a site, the local ``shift_date``, real ``start``/``end`` and the role."""

    location_id: int
    shift_date: date
    start: datetime
    end: datetime
    job_role: str | None = None
    break_minutes: int = 0

    @property
    def paid_minutes(self) -> int:
        return int((self.end - self.start).total_seconds() // 60) - self.break_minutes


@frozen
class AbsenceDays:
    """An approved absence: local dates ``start_date`` to ``end_date`` inclusive."""

    start_date: date
    end_date: date


@frozen
class AvailabilityRule:
    """A worker's availability rule (decisions.md): on a weekday (1 = Monday) or one date, from
    ``start_time`` to ``end_time`` local (an end at or before the start is the next day), in force from
    ``valid_from`` to ``valid_to``. Only ``unavailable`` rules block; ``available`` ones are what the
    who-is-free query shows as ``availability``."""

    kind: str  # available, unavailable
    start_time: time
    end_time: time
    day_of_week: int | None = None
    date: dt.date | None = None
    valid_from: dt.date | None = None
    valid_to: dt.date | None = None

    def spans_near(self, start: datetime, end: datetime) -> list[Span]:
        """The real stretches this rule covers on the local days around ``[start, end)``."""
        found = []
        day = local_date(start) - timedelta(days=1)
        while day <= local_date(end):
            if self._applies(day):
                begins = from_local(day, self.start_time)
                ends_day = day if self.end_time > self.start_time else day + timedelta(days=1)
                found.append(Span(begins, from_local(ends_day, self.end_time)))
            day += timedelta(days=1)
        return found

    def _applies(self, day: dt.date) -> bool:
        if self.valid_from is not None and day < self.valid_from:
            return False
        if self.valid_to is not None and day > self.valid_to:
            return False
        if self.date is not None:
            return day == self.date
        return self.day_of_week == day.isoweekday()


@frozen
class Known:
    """What is known about the worker and the site around the slot (empty where nothing is stored)."""

    bookings: Sequence[Span] = ()  # the worker's live bookings (not the one being changed)
    shifts: Sequence[Span] = ()  # the worker's worked or open shifts
    absences: Sequence[AbsenceDays] = ()  # approved ones only
    availability: Sequence[AvailabilityRule] = ()  # rules in force (not retired)
    dnr_sites: frozenset[int] = field(factory=frozenset)
    week_minutes: int = 0  # paid minutes already booked or worked in the slot's week (not this slot)
    last_end: datetime | None = None  # the end of the worker's previous booking or shift, when known otherwise
    site_capacity: int | None = None
    site_people: int = 0  # other people booked at the site overlapping the slot
    work: Sequence[Work] = ()  # the worker's work (bookings, shifts without one) in the 17 weeks before to 12 h after
    week_span: tuple[datetime, datetime] | None = None  # the real span of the slot's pay week
    documents: DocumentFacts = field(factory=DocumentFacts)  # the worker's documents, the role's needs


@frozen
class Eligibility:
    block_codes: tuple[str, ...]
    warning_codes: tuple[str, ...]

    @property
    def eligible(self) -> bool:
        return not self.block_codes


def eligibility(worker: Worker, slot: Slot, known: Known) -> Eligibility:
    """The block and warning codes of booking ``worker`` into ``slot``, given what is ``known``."""
    hours = working_time(
        Work.of(slot.start, slot.end, slot.break_minutes),
        known.work,
        date_of_birth=worker.date_of_birth,
        opted_out=worker.wtr_opt_out,
        week=known.week_span or (slot.start, slot.end),
    )
    papers = documents_standing(slot, known.documents)
    blocks = {
        BlockCode.DNR: slot.location_id in known.dnr_sites,
        BlockCode.ABSENCE: _absent(slot, known.absences),
        BlockCode.UNAVAILABLE: _unavailable(slot, known.availability),
        BlockCode.OVERLAP: any(s.overlaps(slot.start, slot.end) for s in (*known.bookings, *known.shifts)),
        BlockCode.INACTIVE: not worker.active or worker.anonymised_at is not None,
        BlockCode.PENDING: worker.pending,
        BlockCode.DORMANT: worker.dormant,
        BlockCode.SUSPENDED: worker.suspended,
        BlockCode.YOUNG_WORKER: hours.young_worker,
        BlockCode.RIGHT_TO_WORK: papers.right_to_work,
        BlockCode.DOCUMENT_EXPIRED: bool(papers.expired),
    }
    warnings = {
        WarningCode.ROLE: role_differs(worker.job_role, slot.job_role),
        WarningCode.REST: _short_rest(slot, known),
        WarningCode.HOURS: _over_hours(worker.max_hours_per_week, known.week_minutes + slot.paid_minutes),
        WarningCode.CAPACITY: known.site_capacity is not None and known.site_people + 1 > known.site_capacity,
        WarningCode.WTR_AVERAGE: hours.average_over,
        WarningCode.REST_11H: hours.short_rest,
        WarningCode.WEEKLY_REST: hours.no_weekly_rest,
        WarningCode.DOCUMENT_EXPIRING: bool(papers.expiring),
    }
    return Eligibility(
        block_codes=tuple(str(code) for code in BlockCode if blocks[code]),
        warning_codes=tuple(str(code) for code in WarningCode if warnings[code]),
    )


def documents_standing(slot: Slot, facts: DocumentFacts) -> Standing:
    """The worker's documents over every local day the slot touches."""
    return standing(facts, slot_days(slot))


def slot_days(slot: Slot) -> set[date]:
    return {slot.shift_date, local_date(slot.start), local_date(slot.end - timedelta(microseconds=1))}


def role_differs(worker_role: str | None, slot_role: str | None) -> bool:
    """A slot asking for a role the worker does not have (case and outer spaces aside); a slot with no
    role suits anyone."""
    if not slot_role or not slot_role.strip():
        return False
    return (worker_role or "").strip().casefold() != slot_role.strip().casefold()


def _absent(slot: Slot, absences: Sequence[AbsenceDays]) -> bool:
    return any(a.start_date <= day <= a.end_date for a in absences for day in slot_days(slot))


def _unavailable(slot: Slot, rules: Sequence[AvailabilityRule]) -> bool:
    return any(
        span.overlaps(slot.start, slot.end)
        for rule in rules
        if rule.kind == "unavailable"
        for span in rule.spans_near(slot.start, slot.end)
    )


def _short_rest(slot: Slot, known: Known) -> bool:
    ends = [s.end for s in (*known.bookings, *known.shifts) if s.end is not None and s.end <= slot.start]
    if known.last_end is not None and known.last_end <= slot.start:
        ends.append(known.last_end)
    return bool(ends) and slot.start - max(ends) < DAILY_REST


def _over_hours(max_hours: Decimal | None, minutes: int) -> bool:
    return max_hours is not None and Decimal(minutes) > max_hours * 60
