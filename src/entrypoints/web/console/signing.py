"""Sign-in, sign-out and the console's front door.

The sign-in form is a write too: before there is a session it carries a token that must match a
cookie of its own (double submit, checked by the request path: ``double_submit``), so another site
cannot sign a browser in to an account of its choosing. The session cookie is ``HttpOnly``,
``SameSite=Lax``, and ``Secure`` over HTTPS.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from workforce_core.commands.people import SignIn
from workforce_core.errors import SignInRefused, WorkforceError
from workforce_core.rules.people import Power, may
from workforce_core.services.sign_in import reachable_clients, sign_in, sign_out
from workforce_core.steps.second_factor import CodeNeeded
from workforce_entrypoints.web.common.double_submit import Arrival, arrivals, retry_later
from workforce_entrypoints.web.common.request_path import route, secure
from workforce_entrypoints.web.common.visits import (
    COOKIE,
    Visit,
    console_route,
    error_page,
    failed_page,
    keep_session,
)
from workforce_entrypoints.web.console.sign_in_code import ask_for_code
from workforce_entrypoints.web.console.sign_in_targets import PRE_COOKIE, password_form
from workforce_entrypoints.web.console.sign_in_targets import next_path as _next


async def sign_in_form(request: Request) -> Response:
    return password_form(request, next=_next(request.query_params.get("next")))


def sign_in_post(arrival: Arrival) -> Response:
    request, target = arrival.request, _next(arrival.field("next"))
    agent = request.headers.get("user-agent")
    command = SignIn(
        email=arrival.field("email"), password=arrival.field("password"), address=arrival.address, user_agent=agent
    )
    made = arrival.services.run(sign_in, command)
    if isinstance(made, CodeNeeded):
        reply = ask_for_code(request, made, target)
        reply.delete_cookie(PRE_COOKIE)
        return reply
    assert made.token is not None
    reply = keep_session(secure(RedirectResponse(target, status_code=303)), made.token, request)
    reply.delete_cookie(PRE_COOKIE)
    return reply


def _refused(error: WorkforceError, arrival: Arrival | None) -> Response:
    """The form again with a new token and the words of the refusal (401 for a wrong password, 429
    with ``Retry-After`` when throttled, 403 without the form's token)."""
    if arrival is None:
        return error_page(error, None)
    status = 401 if isinstance(error, SignInRefused) else error.status
    email, target = arrival.field("email"), _next(arrival.field("next"))
    return retry_later(password_form(arrival.request, status, next=target, error=error.message, email=email), error)


SIGNING_IN = arrivals(
    "console sign-in",
    cookie=PRE_COOKIE,
    refused=_refused,
    signed_out=lambda request: password_form(request, next="/console/"),
    failed=lambda arrival: failed_page(None),
)


def sign_out_page(visit: Visit) -> Response:
    """End the session and drop its cookie (a POST: the CSRF check is the console route's)."""
    visit.services.run(sign_out, visit.token)
    reply = secure(RedirectResponse("/console/sign-in", status_code=303))
    reply.delete_cookie(COOKIE, path="/")
    return reply


def home(visit: Visit) -> Response:
    """The client accounts the person may open; one alone opens at once (a hirer contact: the portal)."""
    s, actor = visit.services, visit.signed.actor
    if not may(actor, Power.CONSOLE) and actor.client_id is not None:
        return secure(RedirectResponse(f"/portal/{actor.client_id}/week", status_code=303))
    clients = s.run(reachable_clients, actor)
    if len(clients) == 1:
        return secure(RedirectResponse(f"/console/{clients[0].id}/timesheets", status_code=303))
    return visit.page("clients.html", clients=clients)


ROUTES: list[BaseRoute] = [
    Route("/console/sign-in", sign_in_form, methods=["GET"]),
    route(SIGNING_IN, "/console/sign-in", sign_in_post, methods=("POST",)),
    console_route("/sign-out", sign_out_page, methods=("POST",), client=False, power=None),
    console_route("/", home, client=False, power=None),
]
