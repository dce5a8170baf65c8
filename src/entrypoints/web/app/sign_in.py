"""The worker app's front door: the account's sign-in page (badge number and PIN), the one-time
link the agency sends, signing out, and the installable app's manifest and service worker.

Forms before a session carry a token matching a cookie of their own (double submit, checked by the
request path: ``double_submit``), as the console's sign-in does. A link is opened by a button, not by
the GET itself: a chat app's preview fetching the link does not use it up.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from typing import Any

from babel.core import negotiate_locale
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from workforce_core.commands.worker_pins import CheckWorkerPin
from workforce_core.errors import NotFound, SessionEnded, WorkforceError
from workforce_core.rules.fields import MAX_ID
from workforce_core.rules.worker_app import mobile_kiosk_id
from workforce_core.services.worker_sessions import open_app_link, sign_in_worker, sign_out_worker, signed_worker
from workforce_entrypoints.web.app.visits import (
    ACCOUNT_COOKIE,
    APP_COOKIE,
    DEVICE_LIFE_SECONDS,
    WorkerVisit,
    app_error,
    app_page,
    app_route,
    device_of,
    keep_app_session,
    keep_device,
)
from workforce_entrypoints.web.common.double_submit import Arrival, arrivals, keep_token, new_token, retry_later
from workforce_entrypoints.web.common.languages import ENGLISH, LANGUAGES
from workforce_entrypoints.web.common.request_path import route, secure

PRE_COOKIE = "workforce_app_sign_in"
HOME = "/app/shifts"


def browser_language(request: Request) -> str:
    """Before anyone is signed in: the first of the app's languages the browser asks for, else English."""
    asked: list[tuple[float, str]] = []
    for part in request.headers.get("accept-language", "").split(","):
        tag, _, weight = part.strip().partition(";q=")
        try:
            asked.append((float(weight) if weight else 1.0, tag.strip()))
        except ValueError:
            continue
    preferred = [tag for _, tag in sorted(asked, key=lambda pair: -pair[0]) if tag]
    return negotiate_locale(preferred, list(LANGUAGES), sep="-") or ENGLISH


def _pre_token(reply: Response, token: str, request: Request) -> Response:
    return keep_token(reply, token, request, cookie=PRE_COOKIE, path="/app/")


def _keep_account(reply: Response, client_id: int, request: Request) -> None:
    """The account this phone signs in to, for /app/ (the installed app's start) to open its page."""
    secure_only = request.url.scheme == "https"
    reply.set_cookie(
        ACCOUNT_COOKIE,
        str(client_id),
        max_age=DEVICE_LIFE_SECONDS,
        samesite="lax",
        httponly=True,
        secure=secure_only,
        path="/app/",
    )


def front(arrival: Arrival) -> Response:
    """Signed in: the shifts; else this phone's account's sign-in page, else how to get there."""
    request = arrival.request
    try:
        arrival.services.run(signed_worker, request.cookies.get(APP_COOKIE))
        return secure(RedirectResponse(HOME, status_code=303))
    except SessionEnded:
        pass
    account = request.cookies.get(ACCOUNT_COOKIE) or request.query_params.get("account") or ""
    if account.strip().isdigit() and 1 <= int(account) <= MAX_ID:
        return secure(RedirectResponse(f"/app/{int(account)}/sign-in", status_code=303))
    return app_page("app/start.html", browser_language(request))


def _sign_in_page(request: Request, status_code: int = 200, **context: Any) -> Response:
    token = new_token()
    client_id = request.path_params["client_id"]
    lang = browser_language(request)
    reply = app_page("app/sign_in.html", lang, status_code, pre_token=token, client_id=client_id, **context)
    _pre_token(reply, token, request)
    _keep_account(reply, client_id, request)
    return keep_device(reply, device_of(request), request)


def _account(request: Request) -> int | None:
    """The account of the sign-in page's address, when it can be one (an id from 1 to the largest)."""
    client_id = request.path_params["client_id"]
    return client_id if isinstance(client_id, int) and 1 <= client_id <= MAX_ID else None


async def sign_in_form(request: Request) -> Response:
    if _account(request) is None:
        return app_error(NotFound("There is no such account."), browser_language(request))
    return _sign_in_page(request)


def sign_in_post(arrival: Arrival) -> Response:
    """Badge number and PIN: a session on this phone, then the worker's shifts; a refusal is the form
    again with the same words for every wrong badge or PIN (401), or 429 with ``Retry-After``."""
    request = arrival.request
    client_id = _account(request)
    if client_id is None:
        raise NotFound("There is no such account.")
    device = device_of(request)
    command = CheckWorkerPin(
        client_id=client_id,
        employee_id=arrival.field("employee_id"),
        pin=arrival.field("pin"),
        device=mobile_kiosk_id(device),
        address=arrival.address,
    )
    me = arrival.services.run(sign_in_worker, command, device=device)
    assert me.token is not None
    reply = keep_app_session(secure(RedirectResponse(HOME, status_code=303)), me.token, request)
    reply.delete_cookie(PRE_COOKIE, path="/app/")
    return keep_device(reply, device, request)


def _sign_in_refused(error: WorkforceError, arrival: Arrival | None) -> Response:
    """The form again with the refusal (``Retry-After`` when throttled); an account that cannot be one
    is the 404 page, whatever was sent."""
    if arrival is None:
        return _refused(error, None)
    if _account(arrival.request) is None:
        return _refused(NotFound("There is no such account."), arrival)
    employee_id = arrival.field("employee_id")
    return retry_later(_sign_in_page(arrival.request, error.status, refused=error, employee_id=employee_id), error)


async def link_page(request: Request) -> Response:
    token = new_token()
    reply = app_page("app/link.html", browser_language(request), pre_token=token, link=request.path_params["token"])
    return _pre_token(reply, token, request)


def link_open(arrival: Arrival) -> Response:
    """Use the link: a session for its worker, then their shifts; a used or ended link is a 404 page."""
    request = arrival.request
    device = device_of(request)
    token = request.path_params["token"]
    me = arrival.services.run(open_app_link, token, device=device, address=arrival.address)
    assert me.token is not None
    reply = keep_app_session(secure(RedirectResponse(HOME, status_code=303)), me.token, request)
    _keep_account(reply, me.client.id, request)
    reply.delete_cookie(PRE_COOKIE, path="/app/")
    return keep_device(reply, device, request)


def _refused(error: WorkforceError, arrival: Arrival | None) -> Response:
    return app_error(error, browser_language(arrival.request) if arrival is not None else ENGLISH)


def _failed(arrival: Arrival | None) -> Response:
    language = browser_language(arrival.request) if arrival is not None else ENGLISH
    return app_page("app/error.html", language, 500, status=500, error_code="server_error", message="", extra={})


def _to_front(request: Request) -> Response:
    return secure(RedirectResponse("/app/", status_code=303))


ARRIVING = arrivals("worker app front door", cookie=PRE_COOKIE, refused=_refused, signed_out=_to_front, failed=_failed)
SIGNING_IN = arrivals(
    "worker app sign-in", cookie=PRE_COOKIE, refused=_sign_in_refused, signed_out=_to_front, failed=_failed
)


def sign_out(visit: WorkerVisit) -> Response:
    visit.services.run(sign_out_worker, visit.token)
    reply = secure(RedirectResponse("/app/", status_code=303))
    reply.delete_cookie(APP_COOKIE, path="/app/")
    return reply


@cache
def _asset(name: str) -> bytes:
    return files("workforce_entrypoints.web").joinpath(f"static/{name}").read_bytes()


async def manifest(request: Request) -> Response:
    return Response(_asset("app.webmanifest"), media_type="application/manifest+json")


async def service_worker(request: Request) -> Response:
    """Served at /app/sw.js so that its scope is the app (/app/), from the package's static folder."""
    reply = Response(_asset("app-sw.js"), media_type="text/javascript", headers={"Cache-Control": "no-cache"})
    return reply


ROUTES: list[BaseRoute] = [
    route(ARRIVING, "/app/", front),
    Route("/app/manifest.webmanifest", manifest, methods=["GET"]),
    Route("/app/sw.js", service_worker, methods=["GET"]),
    Route("/app/{client_id:int}/sign-in", sign_in_form, methods=["GET"]),
    route(SIGNING_IN, "/app/{client_id:int}/sign-in", sign_in_post, methods=("POST",)),
    Route("/app/link/{token:str}", link_page, methods=["GET"]),
    route(ARRIVING, "/app/link/{token:str}", link_open, methods=("POST",)),
    app_route("/sign-out", sign_out, methods=("POST",)),
]
