"""The client portal (``/portal/``) for hirer contacts: the shifts at their sites a week at a time,
signed off, rejected with a reason, queried with a question (the agency's answer is shown on the shift),
or sent back with the times they believe (an amendment); the charge schedule of their sites with VAT.
Nothing about pay: their role has no pay scope, so the same reads the API uses leave pay out."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from workforce_adapters.json.commands import structure
from workforce_core.commands.time_records import QueryEntry, RaiseAmendment, RejectEntries
from workforce_core.errors import ValidationFailed, WorkforceError
from workforce_core.model.time_entries import CLIENT_APPROVALS
from workforce_core.rules.people import Power
from workforce_core.services import amendments, approvals
from workforce_core.services.charges import ChargeQuery, charges
from workforce_core.services.sign_off_links import open_sign_off_link
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.http.storage_threads import StorageThreads
from workforce_entrypoints.web.timesheets import PAGE_SIZE as TIMESHEET_PAGE
from workforce_entrypoints.web.timesheets import week_sheet
from workforce_entrypoints.web.visits import Visit, console_route, error_page, keep_session, secure
from workforce_entrypoints.web.weeks import choice, shown_week


def week_page(visit: Visit) -> Response:
    client_approval = choice(visit, "client_approval", CLIENT_APPROVALS)
    week, offset, sheet = week_sheet(visit, client_approval=client_approval, checks=False)
    rows: list[dict[str, Any]] = [
        {"view": view, "entry": view.entry, "figures": sheet.figures.get(view.entry.id)} for view in sheet.page.items
    ]
    return visit.page(
        "portal_week.html",
        week=week,
        rows=rows,
        total=sheet.page.total,
        offset=offset,
        page_size=TIMESHEET_PAGE,
        done=visit.value("done"),
        filter=visit.value("client_approval") or "",
        client_approvals=CLIENT_APPROVALS,
    )


def charges_page(visit: Visit) -> Response:
    p, s = visit.client, visit.services
    week = shown_week(visit)
    found = charges(p, ChargeQuery(week_start=week.first, vat=True), queries=s.queries, uow=s.uow, now=s.clock.now())
    return visit.page("charges.html", week=week, found=found)


def _ids(visit: Visit) -> list[int]:
    ids = [int(v) for v in visit.values("entry_ids") if v.isdigit()]
    if not ids:
        raise ValidationFailed("entry_ids", "tick at least one shift.")
    return ids


def _back(visit: Visit, done: str) -> Response:
    week = visit.value("week") or ""
    return secure(RedirectResponse(f"/portal/{visit.client.client_id}/week?week={week}&done={done}", status_code=303))


def decide(visit: Visit) -> Response:
    """The batch form's buttons: sign off, reject (with the reason given), or query the ticked shifts
    (with the question given)."""
    s, actor, ids = visit.services, visit.signed.actor, _ids(visit)
    action = visit.value("action")
    if action == "approve":
        approvals.client_approve(ids, uow=s.uow, clock=s.clock, actor=actor)
        return _back(visit, f"signed+off+{len(ids)}")
    if action == "reject":
        command = structure(RejectEntries, {"entry_ids": tuple(ids), "reason": visit.value("reason")})
        approvals.client_reject(command, uow=s.uow, clock=s.clock, actor=actor)
        return _back(visit, f"rejected+{len(ids)}")
    if action == "query":
        question = visit.value("question")
        for entry_id in ids:
            asked = structure(QueryEntry, {"entry_id": entry_id, "via": "client", "question": question})
            approvals.query(asked, uow=s.uow, clock=s.clock, actor=actor)
        return _back(visit, f"queried+{len(ids)}")
    raise ValidationFailed("action", "choose sign off, reject or query.")


def amend(visit: Visit) -> Response:
    s = visit.services
    given: dict[str, Any] = {
        name: visit.value(name) for name in ("clock_in", "clock_out", "reason") if visit.value(name)
    }
    breaks = visit.number("break_minutes")
    if breaks is not None:
        given["break_minutes"] = breaks
    command = structure(RaiseAmendment, {"entry_id": int(visit.path["entry_id"]), "raised_by": "client", **given})
    amendments.raise_amendment(command, uow=s.uow, clock=s.clock, actor=visit.signed.actor)
    return _back(visit, "amendment+asked+for")


async def open_link(request: Request) -> Response:
    """A one-time sign-off link: a session for its week, then that week's page; a used or ended link is
    a 404 page."""
    services: Services = request.app.state.services
    threads: StorageThreads = request.app.state.threads
    address = request.client.host if request.client else "unknown"
    try:
        opened = await threads.run(
            open_sign_off_link, request.path_params["token"], address=address, uow=services.uow, clock=services.clock
        )
    except WorkforceError as error:
        return error_page(error, None)
    target = f"/portal/{opened.client_id}/week?week={opened.week_start}"
    return keep_session(secure(RedirectResponse(target, status_code=303)), opened.token, request)


def _portal(path: str, page: Any, methods: tuple[str, ...] = ("GET",)) -> BaseRoute:
    return console_route(path, page, methods=methods, power=Power.CLIENT_SIGN_OFF, prefix="/portal")


ROUTES: list[BaseRoute] = [
    Route("/portal/link/{token:str}", open_link, methods=["GET"]),
    _portal("/{client_id:int}/week", week_page),
    _portal("/{client_id:int}/charges", charges_page),
    _portal("/{client_id:int}/week/decide", decide, ("POST",)),
    _portal("/{client_id:int}/shifts/{entry_id:int}/amend", amend, ("POST",)),
]
