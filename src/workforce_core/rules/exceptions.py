"""The checks of the Exceptions page (decisions.md "exceptions"), as pure functions.

Each check looks at shifts (with their breaks) and bookings and returns the exceptions it finds. An
exception's ``id`` is stable: ``type:entry_id``, or ``no_show:shift:<booking id>`` for a booking nobody
clocked against. Its ``date`` is the local (Europe/London) clock-in date, or the booking's date. It is
``resolved`` once the agency approved the entry (a no-show once the booking is marked ``no_show`` or
``awol``), else ``open``.

Thresholds are exact instants, not rounded minutes: "over 12 h" is more than 12 h 0 min 0 s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import date, datetime, timedelta
from enum import StrEnum

from attrs import frozen

from workforce_core.model.bookings import LIVE_BOOKING_STATUSES, Booking
from workforce_core.model.time_entries import OPEN_SHIFT_HOURS, ApprovalStatus, TimeEntry
from workforce_core.rules.clock_request import LATE_SYNC
from workforce_core.rules.documents import Standing
from workforce_core.rules.eligibility import BlockCode, WarningCode
from workforce_core.rules.london import LONDON, local_date, utc
from workforce_core.rules.minimum_wage import BELOW_MINIMUM_WAGE
from workforce_core.rules.working_time import Work, working_time

DOCUMENT_EXPIRED = "document_expired"


class ExceptionType(StrEnum):
    """An exception's ``type``: the checks, in the order of decisions.md (the order listed within a time)."""

    OPEN_CLOCK_OUT = "open_clock_out"
    LONG_SHIFT = "long_shift"
    SHORT_SHIFT = "short_shift"
    WALK_IN = "walk_in"
    LATE_START = "late_start"
    EARLY_FINISH = "early_finish"
    NO_SHOW = "no_show"
    GEOFENCE_OUTSIDE = "geofence_outside"
    LOW_GPS_CONFIDENCE = "low_gps_confidence"
    BACKDATED = "backdated"
    LATE_SYNC = LATE_SYNC  # a kiosk's offline clock sent long after it happened (risk flag ``late_sync``)
    OVERLAP = "overlap"
    MISSED_BREAK = "missed_break"
    BELOW_MINIMUM_WAGE = BELOW_MINIMUM_WAGE  # a worker's pay week (``services.minimum_wage``), not one shift
    DOCUMENT_EXPIRED = DOCUMENT_EXPIRED  # a live booking on a day the worker's documents do not allow
    WTR_AVERAGE = WarningCode.WTR_AVERAGE.value  # the working time checks over what was clocked
    REST_11H = WarningCode.REST_11H.value
    WEEKLY_REST = WarningCode.WEEKLY_REST.value
    YOUNG_WORKER = BlockCode.YOUNG_WORKER.value
    QUERY = "query"  # a question raised on the shift (the hirer's, the agency's or the worker's)


EXCEPTION_TYPES: tuple[str, ...] = tuple(ExceptionType)
SEVERITIES: tuple[str, ...] = ("info", "warning", "blocking")
EXCEPTION_STATUSES: tuple[str, ...] = ("open", "resolved")

SEVERITY: Mapping[str, str] = {
    "open_clock_out": "blocking",
    "overlap": "blocking",
    "below_minimum_wage": "blocking",
    DOCUMENT_EXPIRED: "warning",  # the clock-in is refused anyway; nothing of the pay week waits on it
    WarningCode.WTR_AVERAGE: "warning",
    WarningCode.REST_11H: "warning",
    WarningCode.WEEKLY_REST: "warning",
    BlockCode.YOUNG_WORKER: "warning",  # worked time is paid: it warns, where a booking is blocked
    "long_shift": "warning",
    "walk_in": "warning",
    "late_start": "warning",
    "early_finish": "warning",
    "no_show": "warning",
    "geofence_outside": "warning",
    "missed_break": "warning",
    "late_sync": "warning",
    "short_shift": "info",
    "low_gps_confidence": "info",
    "backdated": "info",
    "query": "warning",  # payroll already holds the shift while it is open (the pay gate)
}

OPEN_LIMIT = timedelta(hours=12)
LONG_SHIFT = timedelta(hours=14)
SHORT_SHIFT = timedelta(minutes=5)
GRACE = timedelta(minutes=15)  # late start, early finish, no-show
BREAK_AFTER = timedelta(hours=6)
OPEN_SPAN = timedelta(hours=OPEN_SHIFT_HOURS)  # how long an open shift is taken to last (overlaps)

RECORDED_NO_SHOWS: tuple[str, ...] = ("no_show", "awol")


@frozen
class TimeException:
    id: str
    type: str
    severity: str
    worker_id: int
    date: date
    detail: str
    status: str
    at: datetime  # the clock-in or booked start (orders the list; not shown)
    entry_id: int | None = None
    shift_id: int | None = None
    location_id: int | None = None
    query_text: str | None = None  # the shift's query and its answer, shown with each of its exceptions
    query_answer: str | None = None


def _span(delta: timedelta) -> str:
    minutes = max(0, int(delta.total_seconds() // 60))
    return f"{minutes // 60} h {minutes % 60:02d} min"


def _clock_time(moment: datetime) -> str:
    return utc(moment).astimezone(LONDON).strftime("%H:%M")


def _of_entry(kind: str, entry: TimeEntry, detail: str, *, settled: bool | None = None) -> TimeException:
    """An exception of ``entry``: resolved once the shift is approved, or as ``settled`` says."""
    if settled is None:
        settled = entry.approval_status == ApprovalStatus.APPROVED
    return TimeException(
        id=f"{kind}:{entry.id}",
        type=kind,
        severity=SEVERITY[kind],
        worker_id=entry.worker_id,
        date=local_date(entry.clock_in),
        detail=detail,
        status="resolved" if settled else "open",
        at=entry.clock_in,
        entry_id=entry.id,
        shift_id=entry.scheduled_shift_id,
        location_id=entry.location_id,
        query_text=entry.query_text if entry.queried else None,
        query_answer=entry.query_answer if entry.queried else None,
    )


def _elapsed(entry: TimeEntry) -> timedelta | None:
    return None if entry.clock_out is None else entry.clock_out - entry.clock_in


# ---- one shift at a time -------------------------------------------------------------------------


def may_be_open(entry: TimeEntry) -> bool:
    """Whether any exception of ``entry`` can be open: each is resolved once the shift is approved
    (``_of_entry``), but for an open query. A read of many shifts' open exceptions checks only these."""
    return entry.approval_status != ApprovalStatus.APPROVED or entry.open_query


def open_clock_out(entry: TimeEntry, now: datetime) -> TimeException | None:
    """Still open more than 12 hours after its clock-in."""
    if entry.clock_out is not None or now - entry.clock_in <= OPEN_LIMIT:
        return None
    return _of_entry("open_clock_out", entry, f"Open for {_span(now - entry.clock_in)} with no clock-out.")


def long_shift(entry: TimeEntry) -> TimeException | None:
    """A closed shift longer than 14 hours."""
    elapsed = _elapsed(entry)
    if elapsed is None or elapsed <= LONG_SHIFT:
        return None
    return _of_entry("long_shift", entry, f"Shift of {_span(elapsed)} (over 14 h).")


def short_shift(entry: TimeEntry) -> TimeException | None:
    """A closed shift shorter than 5 minutes."""
    elapsed = _elapsed(entry)
    if elapsed is None or elapsed >= SHORT_SHIFT:
        return None
    return _of_entry("short_shift", entry, f"Shift of {int(elapsed.total_seconds())} s (under 5 min).")


def walk_in(entry: TimeEntry) -> TimeException | None:
    """A shift with no booking."""
    if entry.scheduled_shift_id is not None:
        return None
    return _of_entry("walk_in", entry, "Clocked in with no booking.")


def late_start(entry: TimeEntry, booking: Booking | None) -> TimeException | None:
    """Clocked in more than 15 minutes after the booked start."""
    if booking is None or entry.clock_in - booking.start <= GRACE:
        return None
    late = entry.clock_in - booking.start
    detail = f"Clocked in {_span(late)} after the booked start {_clock_time(booking.start)}."
    return _of_entry("late_start", entry, detail)


def early_finish(entry: TimeEntry, booking: Booking | None) -> TimeException | None:
    """Clocked out more than 15 minutes before the booked end."""
    if booking is None or entry.clock_out is None or booking.end - entry.clock_out <= GRACE:
        return None
    early = booking.end - entry.clock_out
    detail = f"Clocked out {_span(early)} before the booked end {_clock_time(booking.end)}."
    return _of_entry("early_finish", entry, detail)


def geofence_outside(entry: TimeEntry) -> TimeException | None:
    """Clocked in or out outside the site's geofence (accepted by a warning-mode fence)."""
    where = []
    if entry.within_geofence == 0:
        where.append("in" if entry.distance_meters is None else f"in {entry.distance_meters} m away")
    if entry.clock_out_within_geofence == 0:
        distance = entry.clock_out_distance_meters
        where.append("out" if distance is None else f"out {distance} m away")
    if not where and "geofence_outside" in entry.risk_flags:
        where.append("in or out")
    if not where:
        return None
    return _of_entry("geofence_outside", entry, f"Clocked {' and '.join(where)}, outside the geofence.")


def low_gps_confidence(entry: TimeEntry) -> TimeException | None:
    """The clock-in's GPS accuracy was worse than the site's threshold."""
    if not (entry.low_gps_confidence or "low_gps_confidence" in entry.risk_flags or "low_gps" in entry.risk_flags):
        return None
    accuracy = "" if entry.gps_accuracy is None else f" ({entry.gps_accuracy} m)"
    return _of_entry("low_gps_confidence", entry, f"GPS accuracy{accuracy} worse than the site's threshold.")


def backdated(entry: TimeEntry) -> TimeException | None:
    """A clock sent through the API with a past ``occurred_at`` (risk flag ``api_backdated``)."""
    if "api_backdated" not in entry.risk_flags:
        return None
    return _of_entry("backdated", entry, "Clock sent with a past occurred_at (api_backdated).")


def late_sync(entry: TimeEntry) -> TimeException | None:
    """A clock a kiosk kept offline and sent past the installation's limit (risk flag ``late_sync``)."""
    if LATE_SYNC not in entry.risk_flags:
        return None
    return _of_entry("late_sync", entry, "Clock kept offline by a kiosk and sent long after it happened: check it.")


def missed_break(entry: TimeEntry, breaks: Sequence[TimeEntry]) -> TimeException | None:
    """A closed shift over 6 hours with no break entry and no manual break."""
    elapsed = _elapsed(entry)
    if elapsed is None or elapsed <= BREAK_AFTER or breaks or entry.manual_break_minutes:
        return None
    return _of_entry("missed_break", entry, f"Shift of {_span(elapsed)} with no break.")


def query(entry: TimeEntry) -> TimeException | None:
    """A query was raised on the shift: open until it is answered or resolved (not by an approval: the
    question stays a question), then resolved."""
    if not entry.queried:
        return None
    if entry.open_query:
        detail = "Queried: payroll holds the shift until the query is answered."
    else:
        detail = "Query answered." if entry.query_answer is not None else "Query resolved."
    return _of_entry("query", entry, detail, settled=not entry.open_query)


# ---- across shifts and bookings -------------------------------------------------------------------


def _end(entry: TimeEntry, now: datetime) -> datetime:
    """Where a shift ends for overlaps: its clock-out, else now, but an open shift lasts at most 18 h."""
    if entry.clock_out is not None:
        return entry.clock_out
    return max(entry.clock_in, min(now, entry.clock_in + OPEN_SPAN))


def overlaps(shifts: Iterable[TimeEntry], now: datetime) -> list[TimeException]:
    """Shifts of one worker that overlap: one exception on each later-starting shift, naming the earlier one."""
    by_worker: dict[int, list[TimeEntry]] = {}
    for shift in shifts:
        if shift.entry_type == "shift":
            by_worker.setdefault(shift.worker_id, []).append(shift)
    found = []
    for own in by_worker.values():
        own.sort(key=lambda e: (e.clock_in, e.id))
        earlier: list[TimeEntry] = []
        for shift in own:
            # Sorted by start: an earlier shift that ends after this one starts (or starts with it)
            # overlaps it, and one that ends before cannot overlap any later shift either.
            earlier = [e for e in earlier if _end(e, now) > shift.clock_in or e.clock_in == shift.clock_in]
            if earlier:
                clash = earlier[0]
                detail = f"Overlaps shift {clash.id} ({_clock_time(clash.clock_in)}-{_clock_time(_end(clash, now))})."
                found.append(_of_entry("overlap", shift, detail))
            earlier.append(shift)
    return found


def no_shows(
    bookings: Iterable[Booking], clocked_booking_ids: set[int], now: datetime, grace: timedelta = GRACE
) -> list[TimeException]:
    """Live bookings whose start plus ``grace`` (the client's ``no_show_grace_minutes``, 15 by default)
    has passed with no clock against them.

    A booking the agency marked ``no_show`` or ``awol`` is listed as resolved.
    """
    found = []
    for booking in bookings:
        if booking.id in clocked_booking_ids or now <= booking.start + grace:
            continue
        if booking.status in LIVE_BOOKING_STATUSES:
            status = "open"
        elif booking.status in RECORDED_NO_SHOWS:
            status = "resolved"
        else:
            continue
        found.append(
            TimeException(
                id=f"no_show:shift:{booking.id}",
                type="no_show",
                severity=SEVERITY["no_show"],
                worker_id=booking.worker_id,
                date=booking.shift_date,
                detail=f"No clock against the booking starting {_clock_time(booking.start)}.",
                status=status,
                at=booking.start,
                shift_id=booking.id,
                location_id=booking.location_id,
            )
        )
    return found


def of_shift(
    entry: TimeEntry, *, breaks: Sequence[TimeEntry], booking: Booking | None, now: datetime
) -> list[TimeException]:
    """Every one-shift check of ``entry``."""
    checks: list[Callable[[], TimeException | None]] = [
        lambda: open_clock_out(entry, now),
        lambda: long_shift(entry),
        lambda: short_shift(entry),
        lambda: walk_in(entry),
        lambda: late_start(entry, booking),
        lambda: early_finish(entry, booking),
        lambda: geofence_outside(entry),
        lambda: low_gps_confidence(entry),
        lambda: backdated(entry),
        lambda: late_sync(entry),
        lambda: missed_break(entry, breaks),
        lambda: query(entry),
    ]
    return [found for check in checks if (found := check()) is not None]


def find_exceptions(
    shifts: Sequence[TimeEntry],
    *,
    breaks: Mapping[int, Sequence[TimeEntry]],
    bookings: Sequence[Booking],
    now: datetime,
    context: Sequence[TimeEntry] = (),
    booking_context: Sequence[Booking] = (),
    no_show_grace: timedelta = GRACE,
) -> list[TimeException]:
    """The exceptions of ``shifts`` and the no-shows of ``bookings``, newest first.

    ``context`` holds other shifts of the same workers (outside the period or the sites asked for):
    they can overlap a shift of ``shifts`` and be the clock against a booking, but are not reported.
    ``booking_context`` holds other bookings a shift may be linked to (late start, early finish).
    ``no_show_grace`` is the client's ``no_show_grace_minutes``.
    """
    known = {shift.id: shift for shift in (*context, *shifts)}
    by_id = {booking.id: booking for booking in (*booking_context, *bookings)}
    reported = {shift.id for shift in shifts}
    found: list[TimeException] = []
    for shift in shifts:
        booking = by_id.get(shift.scheduled_shift_id) if shift.scheduled_shift_id is not None else None
        found.extend(of_shift(shift, breaks=breaks.get(shift.id, ()), booking=booking, now=now))
    found.extend(e for e in overlaps(known.values(), now) if e.entry_id in reported)
    clocked = {shift.scheduled_shift_id for shift in known.values() if shift.scheduled_shift_id is not None}
    found.extend(no_shows(bookings, clocked, now, no_show_grace))
    return sorted(found, key=order)


def document_exception(booking: Booking, found: Standing) -> TimeException | None:
    """A live booking on a day its worker may not work for their documents: open until a valid document
    is recorded (or the booking is cancelled or moved)."""
    if not found.blocked or booking.status not in LIVE_BOOKING_STATUSES:
        return None
    return TimeException(
        id=f"{DOCUMENT_EXPIRED}:shift:{booking.id}",
        type=DOCUMENT_EXPIRED,
        severity=SEVERITY[DOCUMENT_EXPIRED],
        worker_id=booking.worker_id,
        date=booking.shift_date,
        detail=f"Booked from {_clock_time(booking.start)}, but the worker {'; '.join(found.words())}.",
        status="open",
        at=booking.start,
        shift_id=booking.id,
        location_id=booking.location_id,
    )


def booked_days(booking: Booking) -> set[date]:
    """The local days a booking touches."""
    return {booking.shift_date, local_date(booking.start), local_date(booking.end - timedelta(microseconds=1))}


def order(found: TimeException) -> tuple[int, float, int, str]:
    """Newest date first, then latest start, then the order of the types in decisions.md."""
    return (-found.date.toordinal(), -utc(found.at).timestamp(), EXCEPTION_TYPES.index(found.type), found.id)


# ---- working time over what was clocked -------------------------------------------------------------

WORKING_TIME_DETAIL = {
    WarningCode.WTR_AVERAGE: "Over 48 h a week on average over the 17 weeks ending with this shift (no opt-out).",
    WarningCode.REST_11H: "Under 11 h rest between this shift and the one before or after it.",
    WarningCode.WEEKLY_REST: "No 24 h off in the 7 days, or 48 h in the 14, ending with this shift.",
    BlockCode.YOUNG_WORKER: "A worker under 18: over 8 h that day, 40 h that week, or under 12 h rest.",
}


def stretches_of(entries: Iterable[TimeEntry]) -> dict[int, list[Work]]:
    """The stretches of work of the closed shifts among ``entries``, by worker (what
    ``working_time_exceptions`` checks a shift against)."""
    found: dict[int, list[Work]] = {}
    for entry in entries:
        if entry.clock_out is not None and entry.entry_type == "shift":
            found.setdefault(entry.worker_id, []).append(
                Work.of(entry.clock_in, entry.clock_out, entry.manual_break_minutes or 0)
            )
    return found


def working_time_exceptions(
    shifts: Iterable[TimeEntry],
    work: Mapping[int, Sequence[Work]],
    workers: Mapping[int, tuple[date | None, bool]],
    week_of_shift: Callable[[TimeEntry], tuple[datetime, datetime]],
) -> list[TimeException]:
    """The working time checks of each closed shift of ``shifts`` against the worker's ``work`` (their
    closed shifts from 17 weeks before to 12 hours after, as clocked: ``stretches_of`` them, or the read
    port's ``work_of``; the shifts themselves may be among them); ``workers`` gives each worker's date of
    birth and opt-out, ``week_of_shift`` the real span of a shift's pay week."""
    shifts = list(shifts)
    stretches: dict[int, dict[Work, None]] = {}  # each worker's stretches once, in the order first met
    for worker_id, own in work.items():
        stretches[worker_id] = dict.fromkeys(own)
    for worker_id, own in stretches_of(shifts).items():
        stretches.setdefault(worker_id, {}).update(dict.fromkeys(own))
    kept = {worker_id: list(found) for worker_id, found in stretches.items()}
    found: list[TimeException] = []
    for entry in shifts:
        if entry.clock_out is None or entry.worker_id not in workers:
            continue
        born, opted_out = workers[entry.worker_id]
        checked = working_time(
            Work.of(entry.clock_in, entry.clock_out, entry.manual_break_minutes or 0),
            kept[entry.worker_id],
            date_of_birth=born,
            opted_out=opted_out,
            week=week_of_shift(entry),
        )
        flags = {
            WarningCode.WTR_AVERAGE: checked.average_over,
            WarningCode.REST_11H: checked.short_rest,
            WarningCode.WEEKLY_REST: checked.no_weekly_rest,
            BlockCode.YOUNG_WORKER: checked.young_worker,
        }
        found.extend(_of_entry(kind, entry, WORKING_TIME_DETAIL[kind]) for kind, hit in flags.items() if hit)
    return found
