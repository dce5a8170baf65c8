"""A worker clocked in or out, with every rule of the spec: the step behind POST /clock.php, the worker
app and the kiosk (``services.clocking``, ``services.kiosks``).

A refused clock changes nothing but its refusal event (recorded in a transaction of its own).
Concurrent clocks for one worker queue on the worker's row lock: exactly one clock-in wins.
A site-limited key may clock in a worker based elsewhere at its own site (the shift is that site's
record); a refusal names (``entry_id``) only shifts at sites the key sees.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import attrs

from workforce_core import events
from workforce_core.commands.clocking import ClockWorker
from workforce_core.errors import (
    AlreadyClockedIn,
    BlockedBySurvey,
    Conflict,
    LocationNotAllowed,
    NoOpenClockIn,
    NotFound,
    ValidationFailed,
    WorkerInactive,
    WorkerPending,
)
from workforce_core.facts import EntriesChanged
from workforce_core.model.bookings import Booking
from workforce_core.model.principal import Principal
from workforce_core.model.reference import Location
from workforce_core.model.time_entries import OPEN_SHIFT_HOURS, TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.ports import Clock, UnitOfWork, UnitOfWorkFactory
from workforce_core.rules.access import owned_site
from workforce_core.rules.booking_choice import closest_booking
from workforce_core.rules.clock_request import LATE_SYNC, clock_instant, offline_instant
from workforce_core.rules.employee_ids import employee_id_key
from workforce_core.rules.london import local_date
from workforce_core.steps.booking_states import complete_booking, require_live
from workforce_core.steps.clock_fences import Refused, any_site_fence, attempt, site_fence
from workforce_core.steps.document_checks import require_documents
from workforce_core.steps.entry_edits import EntryViews, breaks_inside
from workforce_core.steps.late_clocks import record_entry
from workforce_core.steps.open_shifts import close_open_shift
from workforce_core.views import ClockResult, EntryView

OPEN_WINDOW = timedelta(hours=OPEN_SHIFT_HOURS)
WARNING_TEXT = "Clocked outside the site's geofence; the clock was recorded and flagged."


def clock(command: ClockWorker, *, principal: Principal, uow: UnitOfWorkFactory, clock: Clock) -> ClockResult:
    now = clock.now()
    written = command.occurred_at
    happened = command.origin.happened_at
    if happened is not None:  # a kiosk's clock sent after the fact: its own time, however late
        at, backdated = offline_instant(happened, now), False
    else:
        at, backdated = clock_instant(written.at if written else None, now, written.passes if written else ())
    since = (at if happened is not None else now) - OPEN_WINDOW  # the oldest clock-in a shift still open may have
    late = command.origin.sent_late  # a kiosk's offline clock sent days later
    flags = tuple(flag for flag, raised in (("api_backdated", backdated), (LATE_SYNC, late)) if raised)
    try:
        with uow() as tx:
            worker = _worker(tx, command, principal)
            if command.action == "in":
                result = _clock_in(tx, command, principal, worker, at, now, since, flags)
            else:
                result = _clock_out(tx, command, principal, worker, at, now, since, flags)
            tx.commit()
            return result
    except Refused as refused:
        with uow() as tx:
            tx.record([refused.event])
            tx.commit()
        raise refused.error from None


def _worker(tx: UnitOfWork, command: ClockWorker, principal: Principal) -> Worker:
    worker_id = command.worker_id
    if worker_id is None:
        assert command.employee_id is not None
        worker_id = tx.workers.id_by_employee_id(principal.client_id, employee_id_key(command.employee_id))
    worker = tx.workers.lock(worker_id) if worker_id is not None else None
    if worker is None or worker.client_id != principal.client_id:
        raise NotFound("The worker was not found.", field="employee_id" if command.worker_id is None else "worker_id")
    if worker.pending:
        raise WorkerPending()
    if not worker.active or worker.suspended or worker.anonymised_at is not None:
        raise WorkerInactive()
    return worker


def _shown_id(entry: TimeEntry, principal: Principal) -> int | None:
    """The id a refusal may name: none for a shift at a site the key cannot see (ownership rule 4)."""
    return entry.id if principal.sees_site(entry.location_id) else None


def _site(
    tx: UnitOfWork, location_id: int | None, principal: Principal, at: datetime
) -> tuple[Location | None, bool | None]:
    """The site a clock-in names and whether its pay week is locked there (None: no site, read later)."""
    if location_id is None:
        if principal.site_ids is not None:
            raise ValidationFailed("location_id", "a site-limited key must clock at one of its sites.")
        return None, None
    site, late = tx.locations.with_week_lock(location_id, local_date(at))
    return owned_site(principal, site, field="location_id"), late


def _booking(
    tx: UnitOfWork, command: ClockWorker, worker: Worker, at: datetime, principal: Principal
) -> Booking | None:
    if command.scheduled_shift_id is not None:
        booking = tx.bookings.get(command.scheduled_shift_id)
        if booking is None or booking.worker_id != worker.id or booking.client_id != worker.client_id:
            raise NotFound("The booking was not found.", field="scheduled_shift_id")
        return require_live(booking)
    return closest_booking(tx.bookings.near(worker.id, at), at, principal.client.settings.multi_shift_priority)


def _check_survey(
    tx: UnitOfWork, command: ClockWorker, worker: Worker, site: Location | None, at: datetime, principal: Principal
) -> None:
    if command.survey_id is None:
        if command.survey_answers:
            raise ValidationFailed("survey_id", "survey_answers need their survey_id.")
        return
    survey = tx.surveys.get(command.survey_id)
    if survey is None or survey.client_id != principal.client_id:
        raise NotFound("The survey was not found.", field="survey_id")
    questions = {question.id: question for question in survey.questions}
    for answer in command.survey_answers:
        if answer.question_id not in questions:
            raise ValidationFailed("survey_answers", f"question {answer.question_id} is not in survey {survey.id}.")
    for answer in command.survey_answers:
        question = questions[answer.question_id]
        blocking = {value.strip().lower() for value in question.blocking_answers}
        if answer.answer_value.strip().lower() in blocking:
            message = f"The answer to '{question.text}' blocks clocking in."
            data = events.ClockBlockedBySurvey(attempt(command, worker, site, at), survey.id, question.id, message)
            error = BlockedBySurvey(message, question_id=question.id)
            raise Refused(error, events.Event("clock.blocked_by_survey", principal.client_id, at, data))


def _clock_in(
    tx: UnitOfWork,
    command: ClockWorker,
    principal: Principal,
    worker: Worker,
    at: datetime,
    now: datetime,
    since: datetime,
    flags: tuple[str, ...],
) -> ClockResult:
    """A clock-in: a new shift, flagged with the clock's time ``flags`` (``api_backdated``, ``late_sync``)."""
    open_shift, clash, missed = tx.entries.clock_in_blockers(worker.id, since, at)
    if open_shift is not None:
        raise AlreadyClockedIn(entry_id=_shown_id(open_shift, principal))
    if clash is not None:
        raise Conflict("occurred_at is before the end of a recorded shift.", entry_id=_shown_id(clash, principal))
    booking = _booking(tx, command, worker, at, principal)
    require_documents(tx, worker, {local_date(at)}, booking.job_role if booking else None, principal.client.settings)
    site: Location | None
    late: bool | None = None  # whether its pay week is locked, when read with the site
    if command.origin.app:
        preferred = booking.location_id if booking else worker.location_id
        sites = tx.locations.of_client(principal.client_id)
        site, fence = any_site_fence(command, worker, sites, preferred, at, principal, "in")
        if booking is not None and booking.location_id != site.id:
            booking = None  # clocked in at another site than the one booked: a walk-in there
    else:
        location_id = command.location_id or (booking.location_id if booking else None) or worker.location_id
        site, late = _site(tx, location_id, principal, at)
        fence = site_fence(command, worker, site, at, principal, "in")
    _check_survey(tx, command, worker, site, at, principal)
    entry = TimeEntry(
        worker_id=worker.id,
        client_id=site.client_id if site else worker.client_id,
        location_id=site.id if site else None,
        clock_in=at,
        created_at=now,
        updated_at=now,
        clock_method=command.origin.method,
        clock_source=command.origin.source,
        kiosk_id=command.origin.kiosk_id,
        notes=command.notes,
        cost_code_id=worker.cost_code_id,
        scheduled_shift_id=booking.id if booking else None,
        latitude=command.position.latitude if command.position else None,
        longitude=command.position.longitude if command.position else None,
        gps_accuracy=round(command.position.accuracy)
        if command.position and command.position.accuracy is not None
        else None,
        within_geofence=fence.within,
        distance_meters=fence.distance,
        low_gps_confidence=fence.low_gps_confidence,
    )
    entry.flag(*flags)
    if fence.breach:
        entry.flag("geofence_outside")
    if fence.low_gps_confidence:
        entry.flag("low_gps_confidence")
    if worker.dormant:
        entry.flag("dormant_worker")
        woken = attrs.evolve(worker, dormant_since=None, updated_at=now)
        tx.workers.update(woken)
    if missed:  # shifts left open more than 18 hours: closed as the auto clock-out rule would, by this clock-in
        views = EntryViews(tx)
        for stale in missed:
            close_open_shift(tx, views, stale, at, now, "missed_clockout")
    entry = record_entry(tx, entry, late=late)
    view = EntryView.of(entry, worker, site)
    names = ["clock_in"]
    if fence.breach:
        names.append("clock.geofence_breach")
    if fence.low_gps_confidence:
        names.append("clock.low_gps_confidence")
    tx.record(_clock_events(names, view, command, principal, at))
    backdated = "api_backdated" in flags
    return ClockResult("clock_in", view, backdated, fence.within is not None, WARNING_TEXT if fence.breach else None)


def _clock_out(
    tx: UnitOfWork,
    command: ClockWorker,
    principal: Principal,
    worker: Worker,
    at: datetime,
    now: datetime,
    since: datetime,
    flags: tuple[str, ...],
) -> ClockResult:
    entry, breaks, site = tx.entries.clock_out_reads(worker.id, since)
    if entry is None:
        raise NoOpenClockIn()
    before = attrs.evolve(entry)
    if not principal.sees_site(entry.location_id):
        raise LocationNotAllowed(field="location_id")
    if at < entry.clock_in:
        raise Conflict("occurred_at is before the clock-in of the open shift.", entry_id=entry.id)
    breaks_inside(breaks, entry.clock_in, at)
    if command.origin.app:
        mapped = site is not None and site.latitude is not None and site.longitude is not None
        sites = [site] if site is not None and mapped else tx.locations.of_client(principal.client_id)
        _, fence = any_site_fence(command, worker, sites, entry.location_id, at, principal, "out")
    else:
        fence = site_fence(command, worker, site, at, principal, "out")
    entry.clock_out = at
    entry.clock_out_method = command.origin.method
    entry.updated_at = now
    if command.notes:
        entry.notes = f"{entry.notes}\n{command.notes}" if entry.notes else command.notes
    if command.position is not None:
        entry.clock_out_latitude = command.position.latitude
        entry.clock_out_longitude = command.position.longitude
    entry.clock_out_within_geofence = fence.within
    entry.clock_out_distance_meters = fence.distance
    entry.flag(*flags)
    if fence.breach:
        entry.flag("geofence_outside")
    tx.entries.change(before, entry)
    tx.note(EntriesChanged(((before, entry),), principal.client))
    if entry.scheduled_shift_id is not None:
        complete_booking(tx, tx.bookings.get(entry.scheduled_shift_id))
    view = EntryView.of(entry, worker, site)
    tx.record(_clock_events(["clock_out"], view, command, principal, at))
    backdated = "api_backdated" in flags
    return ClockResult("clock_out", view, backdated, fence.within is not None, WARNING_TEXT if fence.breach else None)


def _clock_events(
    names: list[str], view: EntryView, command: ClockWorker, principal: Principal, at: datetime
) -> list[events.Event]:
    """The events of a clock made: its shift after the clock, and how it was made."""
    origin = command.origin
    data = events.Clocked(view, origin.method, origin.source, origin.kiosk_id)
    return [events.Event(name, principal.client_id, at, data) for name in names]
