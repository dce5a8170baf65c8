"""Sign-in, sign-out and the console's front door.

The sign-in form is a write too: before there is a session it carries a token that must match a
cookie of its own (double submit), so another site cannot sign a browser in to an account of its
choosing. The session cookie is ``HttpOnly``, ``SameSite=Lax``, and ``Secure`` over HTTPS.
"""

from __future__ import annotations

import secrets

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from workforce_core.commands.people import SignIn
from workforce_core.errors import CsrfRefused, SignInRefused, WorkforceError
from workforce_core.rules.people import Power, may
from workforce_core.services.sign_in import reachable_clients, sign_in, sign_out
from workforce_core.steps.second_factor import CodeNeeded
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.serving.storage_threads import StorageThreads
from workforce_entrypoints.web.common.request_path import CSRF_FIELD, secure
from workforce_entrypoints.web.common.visits import COOKIE, Visit, console_route, keep_session, page_reply
from workforce_entrypoints.web.console.sign_in_code import ask_for_code
from workforce_entrypoints.web.console.sign_in_targets import PRE_COOKIE
from workforce_entrypoints.web.console.sign_in_targets import next_path as _next


async def sign_in_form(request: Request) -> Response:
    token = secrets.token_urlsafe(32)
    reply = page_reply("sign_in.html", None, pre_token=token, next=_next(request.query_params.get("next")))
    reply.set_cookie(PRE_COOKIE, token, httponly=True, samesite="lax", secure=request.url.scheme == "https")
    return reply


async def sign_in_post(request: Request) -> Response:
    services: Services = request.app.state.services
    threads: StorageThreads = request.app.state.threads
    form = await request.form()
    email, password = str(form.get("email") or ""), str(form.get("password") or "")
    target = _next(str(form.get("next") or ""))
    sent, kept = str(form.get(CSRF_FIELD) or ""), request.cookies.get(PRE_COOKIE) or ""
    address = request.client.host if request.client else "unknown"
    try:
        if not kept or not secrets.compare_digest(sent, kept):
            raise CsrfRefused()
        agent = request.headers.get("user-agent")
        command = SignIn(email=email, password=password, address=address, user_agent=agent)
        made = await threads.run(
            sign_in, command, uow=services.uow, hasher=services.hasher, limiter=services.limiter, clock=services.clock
        )
    except WorkforceError as error:
        token = secrets.token_urlsafe(32)
        status = 401 if isinstance(error, SignInRefused) else error.status
        reply = page_reply("sign_in.html", None, status, pre_token=token, next=target, error=error.message, email=email)
        retry_after = getattr(error, "retry_after", None)
        if retry_after is not None:
            reply.headers["Retry-After"] = str(retry_after)
        reply.set_cookie(PRE_COOKIE, token, httponly=True, samesite="lax", secure=request.url.scheme == "https")
        return reply
    if isinstance(made, CodeNeeded):
        reply = ask_for_code(request, made, target)
        reply.delete_cookie(PRE_COOKIE)
        return reply
    assert made.token is not None
    reply = keep_session(secure(RedirectResponse(target, status_code=303)), made.token, request)
    reply.delete_cookie(PRE_COOKIE)
    return reply


def sign_out_page(visit: Visit) -> Response:
    """End the session and drop its cookie (a POST: the CSRF check is the console route's)."""
    sign_out(visit.token, uow=visit.services.uow, clock=visit.services.clock)
    reply = secure(RedirectResponse("/console/sign-in", status_code=303))
    reply.delete_cookie(COOKIE, path="/")
    return reply


def home(visit: Visit) -> Response:
    """The client accounts the person may open; one alone opens at once (a hirer contact: the portal)."""
    s, actor = visit.services, visit.signed.actor
    if not may(actor, Power.CONSOLE) and actor.client_id is not None:
        return secure(RedirectResponse(f"/portal/{actor.client_id}/week", status_code=303))
    clients = reachable_clients(actor, uow=s.uow)
    if len(clients) == 1:
        return secure(RedirectResponse(f"/console/{clients[0].id}/timesheets", status_code=303))
    return visit.page("clients.html", clients=clients)


ROUTES: list[BaseRoute] = [
    Route("/console/sign-in", sign_in_form, methods=["GET"]),
    Route("/console/sign-in", sign_in_post, methods=["POST"]),
    console_route("/sign-out", sign_out_page, methods=("POST",), client=False, power=None),
    console_route("/", home, client=False, power=None),
]
