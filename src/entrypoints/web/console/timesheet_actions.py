"""What a person does to shifts from the timesheet pages: approve (one, or a batch), correct times with
a reason, add a break, clock out by hand, backfill a paper shift, raise, answer and resolve a query, and accept
or decline an amendment. Each builds the command the console and the API build (one converter), calls
the use case as the signed-in person, and goes back to the page with what was done."""

from __future__ import annotations

from datetime import date
from typing import Any

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_adapters.json.commands import structure
from workforce_core.commands.time_records import AddBreak, AnswerQuery, Backfill, EditEntry, QueryEntry
from workforce_core.errors import ValidationFailed
from workforce_core.rules.console_times import console_time
from workforce_core.rules.people import Screen
from workforce_core.services import amendments, approvals, corrections, time_records
from workforce_core.services.sign_off_links import send_sign_off_link
from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.redirects import back_to
from workforce_entrypoints.web.common.visits import Visit, console_route


def _ids(visit: Visit) -> list[int]:
    ids = [int(v) for v in visit.values("entry_ids") if v.isdigit()]
    if not ids:
        raise ValidationFailed("entry_ids", "tick at least one shift.")
    return ids


def _entry(visit: Visit) -> int:
    return int(visit.path["entry_id"])


def _shift(visit: Visit, done: Done) -> Response:
    return back_to(visit, f"/timesheets/{_entry(visit)}", done)


def _filled(visit: Visit, *names: str) -> dict[str, Any]:
    return {name: visit.value(name) for name in names if visit.value(name) is not None}


def approve_batch(visit: Visit) -> Response:
    s, ids = visit.services, _ids(visit)
    screen = Screen.BATCH_EDIT if len(ids) > 1 else Screen.TIMESHEETS
    s.run(approvals.approve, ids, actor=visit.signed.actor, screen=screen)
    return back_to(visit, "/timesheets", Done.APPROVED_SHIFTS, count=len(ids), week=visit.value("week"))


def approve_one(visit: Visit) -> Response:
    s = visit.services
    s.run(approvals.approve, [_entry(visit)], actor=visit.signed.actor)
    return _shift(visit, Done.APPROVED)


def correct(visit: Visit) -> Response:
    s = visit.services
    given = _filled(visit, "clock_in", "clock_out", "break_minutes", "pay_adjustment_minutes", "reason")
    if "reason" not in given:
        raise ValidationFailed("reason", "say why the times are corrected.")
    for name in ("break_minutes", "pay_adjustment_minutes"):
        if name in given:
            given[name] = _whole(given[name], name)
    command = structure(EditEntry, {"entry_id": _entry(visit), **given})
    s.run(corrections.edit, command, actor=visit.signed.actor)
    return _shift(visit, Done.CORRECTED)


def add_break(visit: Visit) -> Response:
    s = visit.services
    command = structure(AddBreak, {"shift_id": _entry(visit), **_filled(visit, "start", "end")})
    s.run(time_records.add_break, command, actor=visit.signed.actor)
    return _shift(visit, Done.BREAK_ADDED)


def clock_out(visit: Visit) -> Response:
    s = visit.services
    text = visit.value("at")
    if text is None:
        raise ValidationFailed("at", "give the clock-out time.")
    s.run(time_records.clock_out, _entry(visit), console_time(text, "at"), actor=visit.signed.actor)
    return _shift(visit, Done.CLOCKED_OUT)


def raise_query(visit: Visit) -> Response:
    s = visit.services
    command = structure(QueryEntry, {"entry_id": _entry(visit), "via": "agency", "question": visit.value("question")})
    s.run(approvals.query, command, actor=visit.signed.actor)
    return _shift(visit, Done.QUERY_RAISED)


def resolve_query(visit: Visit) -> Response:
    s = visit.services
    s.run(approvals.resolve_query, _entry(visit), actor=visit.signed.actor)
    return _shift(visit, Done.QUERY_RESOLVED)


def answer_query(visit: Visit) -> Response:
    s = visit.services
    command = structure(AnswerQuery, {"entry_id": _entry(visit), "answer": visit.value("answer")})
    s.run(approvals.answer_query, command, actor=visit.signed.actor)
    return _shift(visit, Done.QUERY_ANSWERED)


def accept_amendment(visit: Visit) -> Response:
    s = visit.services
    s.run(amendments.accept, int(visit.path["amendment_id"]), actor=visit.signed.actor)
    return _shift(visit, Done.AMENDMENT_ACCEPTED)


def decline_amendment(visit: Visit) -> Response:
    s = visit.services
    s.run(amendments.decline, int(visit.path["amendment_id"]), actor=visit.signed.actor)
    return _shift(visit, Done.AMENDMENT_DECLINED)


def backfill(visit: Visit) -> Response:
    s = visit.services
    given = _filled(visit, "worker_id", "location_id", "clock_in", "clock_out", "break_minutes")
    for name in ("worker_id", "location_id", "break_minutes"):
        if name in given:
            given[name] = _whole(given[name], name)
    made = s.run(time_records.backfill, structure(Backfill, given), actor=visit.signed.actor)
    return back_to(visit, f"/timesheets/{made.entry.id}", Done.BACKFILLED)


def send_link(visit: Visit) -> Response:
    s = visit.services
    week = visit.value("week")
    contact = visit.number("user_id")
    if contact is None:
        raise ValidationFailed("user_id", "choose the contact to send the link to.")
    try:
        day = date.fromisoformat(week or "")
    except ValueError:
        raise ValidationFailed("week", "week is a date YYYY-MM-DD.") from None
    s.run(send_sign_off_link, contact, day, link_base=visit.base_url, actor=visit.signed.actor)
    return back_to(visit, "/timesheets", Done.LINK_SENT, week=str(day))


def _whole(text: str, name: str) -> int:
    if not text.lstrip("-").isdigit():
        raise ValidationFailed(name, f"{name} must be a whole number.")
    return int(text)


POST = ("POST",)
AMENDMENT = "/{client_id:int}/timesheets/{entry_id:int}/amendments/{amendment_id:int}"
ROUTES: list[BaseRoute] = [
    console_route("/{client_id:int}/timesheets/approve", approve_batch, methods=POST),
    console_route("/{client_id:int}/timesheets/backfill", backfill, methods=POST),
    console_route("/{client_id:int}/sign-off-links", send_link, methods=POST),
    console_route("/{client_id:int}/timesheets/{entry_id:int}/approve", approve_one, methods=POST),
    console_route("/{client_id:int}/timesheets/{entry_id:int}/correct", correct, methods=POST),
    console_route("/{client_id:int}/timesheets/{entry_id:int}/break", add_break, methods=POST),
    console_route("/{client_id:int}/timesheets/{entry_id:int}/clock-out", clock_out, methods=POST),
    console_route("/{client_id:int}/timesheets/{entry_id:int}/query", raise_query, methods=POST),
    console_route("/{client_id:int}/timesheets/{entry_id:int}/resolve-query", resolve_query, methods=POST),
    console_route("/{client_id:int}/timesheets/{entry_id:int}/answer-query", answer_query, methods=POST),
    console_route(AMENDMENT + "/accept", accept_amendment, methods=POST),
    console_route(AMENDMENT + "/decline", decline_amendment, methods=POST),
]
