"""Absences: made and decided at the console (``workforce absence ...``), read at GET /absences.php.

``requested`` -> ``approved`` or ``declined`` (``absence decide``); ``absence create --approve`` records
one approved at once; a requested or approved one -> ``cancelled`` (``absence cancel``). An approved
absence blocks booking the worker on its days (``absence``).
"""

from __future__ import annotations

from datetime import date, datetime

from attrs import frozen

from workforce_core.commands.absences import CreateAbsence
from workforce_core.errors import Conflict, InvalidParameter, NotFound, ValidationFailed, WorkerInactive
from workforce_core.facts import AbsenceApproved
from workforce_core.model.absences import Absence, AbsenceStatus
from workforce_core.model.people import Actor
from workforce_core.model.principal import Principal
from workforce_core.ports import AbsenceFilter, AvailabilityReads, Clock, Page, Paging, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.people import Power
from workforce_core.rules.worker_app import APP_ABSENCE_TYPES, may_use_app
from workforce_core.views import AbsenceView

DECISIONS = {"approve": AbsenceStatus.APPROVED, "decline": AbsenceStatus.DECLINED}
CANCELLABLE = (AbsenceStatus.REQUESTED, AbsenceStatus.APPROVED)


def create_absence(
    command: CreateAbsence, *, approve: bool, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None
) -> AbsenceView:
    """A worker's absence, ``requested`` (or ``approved`` with ``approve``); ``actor``: a person whose
    role looks after workers (a worker they do not reach is 404)."""
    people.require(actor, Power.WORKERS)
    now = clock.now()
    with uow() as tx:
        worker = tx.workers.get(command.worker_id)
        if worker is None or not people.reaches(actor, worker.client_id, worker.location_id):
            raise NotFound("The worker was not found.", field="worker_id")
        absence = tx.absences.add(
            Absence(
                client_id=worker.client_id,
                worker_id=worker.id,
                type=command.type,
                start_date=command.start_date,
                end_date=command.end_date,
                created_at=now,
                status=AbsenceStatus.APPROVED if approve else AbsenceStatus.REQUESTED,
                hours=command.hours,
                notes=command.notes,
            )
        )
        if absence.status == AbsenceStatus.APPROVED:
            tx.note(AbsenceApproved(absence))
        tx.commit()
    return AbsenceView(absence, worker.name)


def request_absence(command: CreateAbsence, *, uow: UnitOfWorkFactory, clock: Clock) -> AbsenceView:
    """A worker asks, in the app, for holiday or reports sickness (``rules.worker_app.APP_ABSENCE_TYPES``;
    another type is 400 ``type``): ``requested``, for the agency to decide. ``command.worker_id`` is the
    signed-in worker's own; one who may not use the app is 409 ``worker_inactive``."""
    if command.type not in APP_ABSENCE_TYPES:
        raise ValidationFailed("type", "ask for holiday or report sickness.")
    now = clock.now()
    with uow() as tx:
        worker = tx.workers.get(command.worker_id)
        if worker is None:
            raise NotFound("The worker was not found.", field="worker_id")
        if not may_use_app(worker):
            raise WorkerInactive()
        absence = tx.absences.add(
            Absence(
                client_id=worker.client_id,
                worker_id=worker.id,
                type=command.type,
                start_date=command.start_date,
                end_date=command.end_date,
                created_at=now,
                status=AbsenceStatus.REQUESTED,
                hours=command.hours,
                notes=command.notes,
            )
        )
        tx.commit()
    return AbsenceView(absence, worker.name)


def decide_absence(
    absence_id: int, decision: str, *, uow: UnitOfWorkFactory, clock: Clock, actor: Actor | None = None
) -> AbsenceView:
    """Approve or decline a requested absence; any other status is 409 ``conflict``."""
    people.require(actor, Power.WORKERS)
    if decision not in DECISIONS:
        raise InvalidParameter("decision", "decision must be approve or decline.")
    with uow() as tx:
        absence = tx.absences.get(absence_id)
        worker = tx.workers.get(absence.worker_id) if absence is not None else None
        if absence is None or worker is None or not people.reaches(actor, worker.client_id, worker.location_id):
            raise NotFound("The absence was not found.", field="absence_id")
        if absence.status != AbsenceStatus.REQUESTED:
            raise Conflict(f"absence {absence.id} is {absence.status}, not requested.", absence_id=absence.id)
        absence.status = DECISIONS[decision]
        absence.updated_at = clock.now()
        tx.absences.update(absence)
        if absence.status == AbsenceStatus.APPROVED:
            tx.note(AbsenceApproved(absence))
        tx.commit()
    return AbsenceView(absence, worker.name)


def cancel_absence(absence_id: int, *, uow: UnitOfWorkFactory, clock: Clock) -> AbsenceView:
    """Cancel a requested or approved absence (it blocks nothing more); declined or cancelled already:
    409 ``conflict``. No event (the catalogue has none for absences)."""
    with uow() as tx:
        absence = tx.absences.get(absence_id)
        worker = tx.workers.get(absence.worker_id) if absence is not None else None
        if absence is None or worker is None:
            raise NotFound("The absence was not found.", field="absence_id")
        if absence.status not in CANCELLABLE:
            raise Conflict(f"absence {absence.id} is {absence.status}: it cannot be cancelled.", absence_id=absence.id)
        absence.status = AbsenceStatus.CANCELLED
        absence.updated_at = clock.now()
        tx.absences.update(absence)
        tx.commit()
    return AbsenceView(absence, worker.name)


@frozen(kw_only=True)
class AbsenceQuery:
    paging: Paging
    id: int | None = None
    worker_id: int | None = None
    status: str | None = None
    type: str | None = None
    date_from: date | None = None
    date_to: date | None = None
    updated_since: datetime | None = None


def absences(principal: Principal, query: AbsenceQuery, *, queries: AvailabilityReads) -> Page[AbsenceView]:
    """The client's absences (a site-limited key: of workers based at its sites), newest start first."""
    principal.require("absences:read")
    if query.date_from is not None and query.date_to is not None and query.date_to < query.date_from:
        raise InvalidParameter("date_to", "date_to is before date_from.")
    return queries.absences(
        AbsenceFilter(
            client_id=principal.client_id,
            paging=query.paging,
            id=query.id,
            worker_id=query.worker_id,
            status=query.status,
            type=query.type,
            date_from=query.date_from,
            date_to=query.date_to,
            updated_since=query.updated_since,
            location_ids=principal.site_ids,
        )
    )
