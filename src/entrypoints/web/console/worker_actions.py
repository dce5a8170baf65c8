"""What a person does to workers: add one, change one (rates only for a role allowed to set them),
record a leaver, mark or lift do-not-return at a site, add or retire an availability rule, record an
absence and approve or refuse a requested one. Each calls the use case the console command calls, as
the signed-in person, and goes back to the worker's page with what was done."""

from __future__ import annotations

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_adapters.json.commands import structure
from workforce_core.commands.absences import CreateAbsence
from workforce_core.commands.availability import AddAvailabilityRule
from workforce_core.commands.worker_pins import SetWorkerPin
from workforce_core.commands.workers import CreateWorker, UpdateWorker
from workforce_core.errors import ValidationFailed
from workforce_core.services import absences, availability, do_not_return, worker_pins, workers
from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.forms import filled
from workforce_entrypoints.web.common.redirects import back_to
from workforce_entrypoints.web.common.visits import Visit, console_route

RECORD = ("name", "employee_id", "email", "phone", "job_role", "location_id", "start_date", "end_date")
RATES = ("hourly_rate", "charge_rate")


def _worker(visit: Visit) -> int:
    return int(visit.path["worker_id"])


def _back(visit: Visit, done: Done) -> Response:
    return back_to(visit, f"/workers/{_worker(visit)}", done)


def add_worker(visit: Visit) -> Response:
    s = visit.services
    command = structure(CreateWorker, filled(visit, *RECORD, *RATES))
    made = s.run(workers.create_worker, command, client_id=visit.client.client_id, actor=visit.signed.actor)
    return back_to(visit, f"/workers/{made.worker.id}", Done.WORKER_ADDED)


def change_worker(visit: Visit) -> Response:
    s = visit.services
    command = structure(UpdateWorker, filled(visit, *RECORD, *RATES))
    s.run(workers.update_worker, _worker(visit), command, client_id=visit.client.client_id, actor=visit.signed.actor)
    return _back(visit, Done.WORKER_CHANGED)


def leaver(visit: Visit) -> Response:
    """``active`` false, with the reason and the last day (a leaver cannot be booked: ``inactive``)."""
    s = visit.services
    given = {"active": False, **filled(visit, "leave_reason", "end_date")}
    if "leave_reason" not in given:
        raise ValidationFailed("leave_reason", "say why the worker is leaving.")
    s.run(
        workers.update_worker,
        _worker(visit),
        structure(UpdateWorker, given),
        client_id=visit.client.client_id,
        actor=visit.signed.actor,
    )
    return _back(visit, Done.LEAVER)


def set_pin(visit: Visit) -> Response:
    """Set the worker's kiosk PIN, or clear it (``clear`` 1); the PIN is never shown back."""
    s = visit.services
    clear = visit.value("clear") == "1"
    pin = None if clear else (visit.value("pin") or "")
    command = SetWorkerPin(worker_id=_worker(visit), pin=pin)
    s.run(worker_pins.set_worker_pin, command, principal=visit.client)
    return _back(visit, Done.PIN_CLEARED if clear else Done.PIN_SET)


def do_not_return_mark(visit: Visit) -> Response:
    s = visit.services
    site = filled(visit, "location_id").get("location_id")
    if site is None:
        raise ValidationFailed("location_id", "choose the site.")
    remove = visit.value("remove") == "1"
    s.run(do_not_return.mark, _worker(visit), site, remove=remove, actor=visit.signed.actor)
    return _back(visit, Done.DNR_LIFTED if remove else Done.DNR_MARKED)


def add_rule(visit: Visit) -> Response:
    s = visit.services
    given = {"worker_id": _worker(visit), **filled(visit, "kind", "day_of_week", "date", "start_time", "end_time")}
    given |= filled(visit, "valid_from", "valid_to", "notes")
    command = structure(AddAvailabilityRule, given)
    s.run(availability.add_rule, command, principal=visit.client)
    return _back(visit, Done.AVAILABILITY_ADDED)


def retire_rule(visit: Visit) -> Response:
    s = visit.services
    s.run(availability.retire_rule, int(visit.path["rule_id"]), principal=visit.client)
    return _back(visit, Done.AVAILABILITY_RETIRED)


def add_absence(visit: Visit) -> Response:
    s = visit.services
    given = {"worker_id": _worker(visit), **filled(visit, "type", "start_date", "end_date", "hours", "notes")}
    approve = visit.value("approve") == "1"
    s.run(absences.create_absence, structure(CreateAbsence, given), approve=approve, actor=visit.signed.actor)
    return _back(visit, Done.ABSENCE_RECORDED)


def _decide(visit: Visit, decision: str, done: Done) -> Response:
    s = visit.services
    absence_id = int(visit.path["absence_id"])
    s.run(absences.decide_absence, absence_id, decision, actor=visit.signed.actor)
    return _back(visit, done)


def approve_absence(visit: Visit) -> Response:
    return _decide(visit, "approve", Done.ABSENCE_APPROVED)


def refuse_absence(visit: Visit) -> Response:
    return _decide(visit, "decline", Done.ABSENCE_REFUSED)


POST = ("POST",)
WORKER = "/{client_id:int}/workers/{worker_id:int}"
ROUTES: list[BaseRoute] = [
    console_route("/{client_id:int}/workers", add_worker, methods=POST),
    console_route(WORKER + "/change", change_worker, methods=POST),
    console_route(WORKER + "/leaver", leaver, methods=POST),
    console_route(WORKER + "/pin", set_pin, methods=POST),
    console_route(WORKER + "/do-not-return", do_not_return_mark, methods=POST),
    console_route(WORKER + "/availability", add_rule, methods=POST),
    console_route(WORKER + "/availability/{rule_id:int}/retire", retire_rule, methods=POST),
    console_route(WORKER + "/absences", add_absence, methods=POST),
    console_route(WORKER + "/absences/{absence_id:int}/approve", approve_absence, methods=POST),
    console_route(WORKER + "/absences/{absence_id:int}/refuse", refuse_absence, methods=POST),
]
