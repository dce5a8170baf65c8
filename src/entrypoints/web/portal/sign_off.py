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
from workforce_core.errors import SessionEnded, ValidationFailed
from workforce_core.model.time_entries import CLIENT_APPROVALS
from workforce_core.rules.pages import Page
from workforce_core.rules.people import Power
from workforce_core.services import amendments, approvals
from workforce_core.services.charges import ChargeQuery, charges
from workforce_core.services.sign_off_links import open_sign_off_link
from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.double_submit import Arrival, arrivals, keep_token, new_token
from workforce_entrypoints.web.common.redirects import back_to
from workforce_entrypoints.web.common.request_path import route, secure
from workforce_entrypoints.web.common.visits import (
    Visit,
    console_route,
    error_page,
    failed_page,
    keep_session,
    page_reply,
)
from workforce_entrypoints.web.common.weeks import PAGE_SIZE as TIMESHEET_PAGE
from workforce_entrypoints.web.common.weeks import choice, shown_week, week_sheet


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
        filter=visit.value("client_approval") or "",
        client_approvals=CLIENT_APPROVALS,
    )


def charges_page(visit: Visit) -> Response:
    p, s = visit.client, visit.services
    week = shown_week(visit)
    found = s.run(charges, p, ChargeQuery(week_start=week.first, vat=True))
    return visit.page("charges.html", week=week, found=found)


def _ids(visit: Visit) -> list[int]:
    ids = [int(v) for v in visit.values("entry_ids") if v.isdigit()]
    if not ids:
        raise ValidationFailed("entry_ids", "tick at least one shift.")
    return ids


def _back(visit: Visit, done: Done, count: int | None = None) -> Response:
    return back_to(visit, "/week", done, prefix="/portal", count=count, week=visit.value("week"))


def decide(visit: Visit) -> Response:
    """The batch form's buttons: sign off, reject (with the reason given), or query the ticked shifts
    (with the question given)."""
    s, actor, ids = visit.services, visit.signed.actor, _ids(visit)
    action = visit.value("action")
    if action == "approve":
        s.run(approvals.client_approve, ids, actor=actor)
        return _back(visit, Done.SIGNED_OFF, len(ids))
    if action == "reject":
        command = structure(RejectEntries, {"entry_ids": tuple(ids), "reason": visit.value("reason")})
        s.run(approvals.client_reject, command, actor=actor)
        return _back(visit, Done.REJECTED, len(ids))
    if action == "query":
        question = visit.value("question")
        for entry_id in ids:
            asked = structure(QueryEntry, {"entry_id": entry_id, "via": "client", "question": question})
            s.run(approvals.query, asked, actor=actor)
        return _back(visit, Done.QUERIED, len(ids))
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
    s.run(amendments.raise_amendment, command, actor=visit.signed.actor)
    return _back(visit, Done.AMENDMENT_ASKED)


LINK_COOKIE = "workforce_portal_link"


async def link_page(request: Request) -> Response:
    """A one-time sign-off link's page: a button whose POST uses the link. The GET (or HEAD: a mail
    scanner's, a link preview's) reads and writes nothing, so it cannot use the link up."""
    token = new_token()
    reply = page_reply("portal_link.html", None, pre_token=token, link=request.path_params["token"])
    return keep_token(reply, token, request, cookie=LINK_COOKIE, path="/portal/link/")


def open_link(arrival: Arrival) -> Response:
    """Use the link: a session for its week, then that week's page; a used or ended link is a 404 page."""
    request = arrival.request
    opened = arrival.services.run(open_sign_off_link, request.path_params["token"], address=arrival.address)
    target = f"/portal/{opened.client_id}/week?week={opened.week_start}"
    reply = keep_session(secure(RedirectResponse(target, status_code=303)), opened.token, request)
    reply.delete_cookie(LINK_COOKIE, path="/portal/link/")
    return reply


OPENING = arrivals(
    "portal link",
    cookie=LINK_COOKIE,
    refused=lambda error, arrival: error_page(error, None),
    signed_out=lambda request: error_page(SessionEnded(), None),
    failed=lambda arrival: failed_page(None),
)


def _portal(path: str, page: Any, methods: tuple[str, ...] = ("GET",), opens: Page | None = None) -> BaseRoute:
    return console_route(path, page, methods=methods, power=Power.CLIENT_SIGN_OFF, prefix="/portal", opens=opens)


ROUTES: list[BaseRoute] = [
    Route("/portal/link/{token:str}", link_page, methods=["GET"]),
    route(OPENING, "/portal/link/{token:str}", open_link, methods=("POST",)),
    _portal("/{client_id:int}/week", week_page, opens=Page.PORTAL_WEEK),
    _portal("/{client_id:int}/charges", charges_page, opens=Page.PORTAL_CHARGES),
    _portal("/{client_id:int}/week/decide", decide, ("POST",)),
    _portal("/{client_id:int}/shifts/{entry_id:int}/amend", amend, ("POST",)),
]
