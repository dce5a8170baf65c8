"""The worker app's availability and absences: the worker says when they can or cannot work (rules
of the availability use cases, for the session's worker only), and asks for holiday or reports
sickness (absence requests the agency decides at the console's worker page)."""

from __future__ import annotations

from typing import Any

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_adapters.json.commands import structure
from workforce_core.commands.absences import CreateAbsence
from workforce_core.commands.availability import AddAvailabilityRule
from workforce_core.errors import ValidationFailed
from workforce_core.model.availability import AVAILABILITY_KINDS
from workforce_core.rules.worker_app import APP_ABSENCE_TYPES
from workforce_core.services import absences, availability
from workforce_core.services.worker_app_reads import absences as my_absences
from workforce_core.services.worker_app_reads import availability_rules
from workforce_entrypoints.web.app.visits import WorkerVisit, app_route
from workforce_entrypoints.web.common.done import AppDone

DAYS = (1, 2, 3, 4, 5, 6, 7)


def _given(visit: WorkerVisit, *names: str) -> dict[str, Any]:
    return {name: value for name in names if (value := visit.value(name)) is not None}


def availability_page(visit: WorkerVisit, code: int = 200, **more: Any) -> Response:
    rules = visit.services.run(availability_rules, visit.me)
    return visit.page(
        "app/availability.html",
        code,
        rules=rules,
        kinds=AVAILABILITY_KINDS,
        days=DAYS,
        done=visit.done,
        **more,
    )


def add_rule(visit: WorkerVisit) -> Response:
    s = visit.services
    raw = _given(visit, "kind", "date", "start_time", "end_time", "notes")
    day = visit.value("day_of_week")
    if day is not None:
        if not day.isdigit():
            raise ValidationFailed("day_of_week", "choose a day of the week.")
        raw["day_of_week"] = int(day)
    command = structure(AddAvailabilityRule, {**raw, "worker_id": visit.me.worker.id})
    s.run(availability.add_rule, command, principal=visit.me.principal)
    return visit.back("/app/availability", AppDone.SAVED)


def retire_rule(visit: WorkerVisit) -> Response:
    s = visit.services
    s.run(availability.retire_rule, visit.number("rule_id"), principal=visit.me.principal, worker_id=visit.me.worker.id)
    return visit.back("/app/availability", AppDone.REMOVED)


def absences_page(visit: WorkerVisit) -> Response:
    found = visit.services.run(my_absences, visit.me)
    return visit.page("app/absences.html", absences=found, types=APP_ABSENCE_TYPES, done=visit.done)


def ask_absence(visit: WorkerVisit) -> Response:
    s = visit.services
    raw = _given(visit, "type", "start_date", "end_date", "notes")
    command = structure(CreateAbsence, {**raw, "worker_id": visit.me.worker.id})
    s.run(absences.request_absence, command)
    return visit.back("/app/absences", AppDone.ASKED)


ROUTES: list[BaseRoute] = [
    app_route("/availability", availability_page),
    app_route("/availability/add", add_rule, methods=("POST",)),
    app_route("/availability/remove", retire_rule, methods=("POST",)),
    app_route("/absences", absences_page),
    app_route("/absences/ask", ask_absence, methods=("POST",)),
]
