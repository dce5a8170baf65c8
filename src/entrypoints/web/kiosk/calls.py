"""The site kiosk under ``/kiosk/``: the page (badge number, PIN keypad, the worker's first name and
state only after a right PIN, the site's survey before clocking in), in the site's ``kiosk_language``,
and its JSON calls: ``identify``, ``clock`` and ``sync`` (the clocks kept while offline).

A kiosk is its device cookie (``workforce_kiosk``: HttpOnly, ``SameSite=Strict``, for ``/kiosk`` only,
set when an owner or operator enrols the browser in the console). Its writes are JSON posts from the
kiosk's own page: refused (403 ``csrf_refused``) unless sent as ``application/json`` from this origin
(the ``Origin`` header, else ``Sec-Fetch-Site``), which a page elsewhere cannot do with the cookie.
Refusals answer the spec's status and ``error_code`` with words in the kiosk's language.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import cache
from importlib.resources import files
from typing import Any

import orjson
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from workforce_adapters.json.commands import structure
from workforce_core.commands.kiosks import ClockAtKiosk, KioskIdentify, OfflineClock
from workforce_core.errors import CsrfRefused, InvalidBody, KioskNotEnrolled, ValidationFailed, WorkforceError
from workforce_core.rules.london import shown
from workforce_core.services import kiosks
from workforce_core.services.kiosk_devices import kiosk_of
from workforce_core.views import AtKiosk
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.serving.storage_threads import StorageThreads
from workforce_entrypoints.web.common import languages
from workforce_entrypoints.web.common.visits import secure
from workforce_entrypoints.web.common.worker_words import SAVED_OFFLINE, SOMETHING_WRONG, refusal_words

DEVICE_COOKIE = "workforce_kiosk"
DEVICE_COOKIE_DAYS = 400  # the longest a browser keeps a cookie; a kiosk in use is enrolled again after
MAX_SYNC = 500
log = logging.getLogger("workforce.kiosk")


def keep_device(reply: Response, token: str, *, secure: bool) -> Response:
    """The device cookie, for the kiosk's paths only, never readable by a script."""
    reply.set_cookie(
        DEVICE_COOKIE,
        token,
        max_age=DEVICE_COOKIE_DAYS * 86400,
        httponly=True,
        samesite="strict",
        secure=secure,
        path="/kiosk",
    )
    return reply


def _time(moment: Any) -> str:
    """``HH:MM`` in Europe/London, as the kiosk shows a time."""
    text = shown(moment)
    return text[11:16] if text else ""


# ---- the page ----------------------------------------------------------------------------------------


def _page(request: Request, services: Services) -> Response:
    try:
        kiosk = kiosk_of(request.cookies.get(DEVICE_COOKIE), uow=services.uow, clock=services.clock)
    except WorkforceError as refused:
        body = languages.render_in(None, "kiosk/not_enrolled.html", status=refused.status, code=refused.code)
        return _kiosk_headers(HTMLResponse(body, status_code=refused.status))
    lang = languages.language(kiosk.site.kiosk_language)
    words = {code: languages.gettext_in(lang, refusal_words(code)) for code in _CODES}
    words |= {"saved_offline": languages.gettext_in(lang, SAVED_OFFLINE)}
    survey = kiosk.survey
    body = languages.render_in(
        lang,
        "kiosk/page.html",
        kiosk_id=kiosk.device.kiosk_id,
        site_name=kiosk.site.name,
        survey=survey,
        words=words,
    )
    return _kiosk_headers(HTMLResponse(body))


_CODES = (
    "pin_refused",
    "pin_throttled",
    "already_clocked_in",
    "no_open_clock_in",
    "worker_inactive",
    "blocked_by_survey",
    "conflict",
    "device_not_enrolled",
    "server_error",
)


def _kiosk_headers(reply: Response) -> Response:
    secure(reply)
    reply.headers["Cache-Control"] = "no-cache"  # the service worker keeps the shell for offline use
    return reply


async def page(request: Request) -> Response:
    services: Services = request.app.state.services
    threads: StorageThreads = request.app.state.threads
    return await threads.run(_page, request, services)


async def bare(request: Request) -> Response:
    return RedirectResponse("/kiosk/", status_code=308)


@cache
def _worker_script() -> bytes:
    return files("workforce_entrypoints.web").joinpath("static/kiosk-sw.js").read_bytes()


async def service_worker(request: Request) -> Response:
    """The kiosk's service worker, served from ``/kiosk/`` so that it may control the kiosk's pages."""
    headers = {"Cache-Control": "no-cache", "Service-Worker-Allowed": "/kiosk/"}
    return Response(_worker_script(), media_type="text/javascript", headers=headers)


# ---- the JSON calls ----------------------------------------------------------------------------------


def _same_origin(request: Request) -> None:
    if request.headers.get("content-type", "").split(";")[0].strip().lower() != "application/json":
        raise CsrfRefused()
    origin = request.headers.get("origin")
    if origin is not None:
        own = f"{request.url.scheme}://{request.url.netloc}"
        if origin != own:
            raise CsrfRefused()
    elif request.headers.get("sec-fetch-site", "same-origin") != "same-origin":
        raise CsrfRefused()


def _refusal(error: WorkforceError, lang: str | None) -> JSONResponse:
    code = "device_not_enrolled" if isinstance(error, KioskNotEnrolled) else error.code
    body: dict[str, Any] = {
        "error_code": error.code,
        "message": languages.gettext_in(lang, refusal_words(code)),
        "detail": error.message,
    }
    if isinstance(error.extra.get("field"), str):
        body["field"] = error.extra["field"]
    retry_after = getattr(error, "retry_after", None)
    headers = {"Retry-After": str(retry_after)} if retry_after is not None else None
    if retry_after is not None:
        body["retry_after"] = retry_after
    return JSONResponse(body, status_code=error.status, headers=headers)


Handler = Callable[[AtKiosk, Any, Request, Services], dict[str, Any]]


def _call(handler: Handler) -> Callable[[Request], Any]:
    async def endpoint(request: Request) -> Response:
        services: Services = request.app.state.services
        threads: StorageThreads = request.app.state.threads
        try:
            _same_origin(request)
            raw = await request.body()
            try:
                body = orjson.loads(raw) if raw else None
            except orjson.JSONDecodeError:
                raise InvalidBody("The body is not JSON.") from None
            if not isinstance(body, dict):
                raise InvalidBody("Send a JSON object.")
            return secure(await threads.run(_run, handler, request, services, body))
        except WorkforceError as error:
            return secure(_refusal(error, None))

    return endpoint


def _run(handler: Handler, request: Request, services: Services, body: dict[str, Any]) -> Response:
    kiosk = kiosk_of(request.cookies.get(DEVICE_COOKIE), uow=services.uow, clock=services.clock)
    lang = languages.language(kiosk.site.kiosk_language)
    try:
        return JSONResponse(handler(kiosk, body, request, services))
    except WorkforceError as error:
        return _refusal(error, lang)
    except Exception:  # a kiosk never shows a traceback
        log.exception("kiosk call failed: %s", request.url.path)
        return JSONResponse({"error_code": "server_error", "message": languages.gettext_in(lang, SOMETHING_WRONG)}, 500)


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _identify(kiosk: AtKiosk, body: Any, request: Request, s: Services) -> dict[str, Any]:
    command = structure(KioskIdentify, body, exact=True)
    greeting = kiosks.identify(
        kiosk, command, address=_address(request), uow=s.uow, hasher=s.hasher, limiter=s.limiter, clock=s.clock
    )
    return {
        "first_name": greeting.first_name,
        "clocked_in": greeting.clocked_in,
        "since": _time(greeting.since) if greeting.since else None,
        "action": greeting.action,
    }


def _clock(kiosk: AtKiosk, body: Any, request: Request, s: Services) -> dict[str, Any]:
    command = structure(ClockAtKiosk, body, exact=True)
    worker, result = kiosks.clock_at_kiosk(
        kiosk, command, address=_address(request), uow=s.uow, hasher=s.hasher, limiter=s.limiter, clock=s.clock
    )
    entry = result.view.entry
    at = entry.clock_out if result.action == "clock_out" else entry.clock_in
    return {"action": result.action, "entry_id": entry.id, "first_name": worker.first_name, "at": _time(at)}


def _sync(kiosk: AtKiosk, body: Any, request: Request, s: Services) -> dict[str, Any]:
    sent = body.get("clocks")
    if not isinstance(sent, list) or len(sent) > MAX_SYNC:
        raise ValidationFailed("clocks", f"clocks is a list of at most {MAX_SYNC} clocks.")
    parsed: list[OfflineClock] = []
    places: list[int] = []
    answers: list[dict[str, Any] | None] = []
    for n, item in enumerate(sent):
        try:
            if not isinstance(item, dict):
                raise ValidationFailed(f"clocks[{n}]", "each clock is a JSON object.")
            parsed.append(structure(OfflineClock, item, exact=True))
            places.append(n)
            answers.append(None)
        except WorkforceError as bad:
            cid = item.get("client_clock_id") if isinstance(item, dict) else None
            answers.append(
                {
                    "client_clock_id": cid if isinstance(cid, str) else None,
                    "status": bad.status,
                    "error_code": bad.code,
                    "message": bad.message,
                    "field": bad.extra.get("field"),
                }
            )
    done = kiosks.sync(
        kiosk,
        parsed,
        address=_address(request),
        uow=s.uow,
        hasher=s.hasher,
        limiter=s.limiter,
        clock=s.clock,
        offline_limit=s.settings.offline_clock_limit,
    )
    for place, answer in zip(places, done, strict=True):
        answers[place] = {
            "client_clock_id": answer.client_clock_id,
            "status": answer.status,
            "error_code": answer.error_code,
            "message": answer.message,
            "field": answer.field,
            "entry_id": answer.entry_id,
            "repeated": answer.repeated,
        }
    return {"answers": answers}


ROUTES: list[BaseRoute] = [
    Route("/kiosk", bare, methods=["GET"]),
    Route("/kiosk/", page, methods=["GET"]),
    Route("/kiosk/sw.js", service_worker, methods=["GET"]),
    Route("/kiosk/identify", _call(_identify), methods=["POST"]),
    Route("/kiosk/clock", _call(_clock), methods=["POST"]),
    Route("/kiosk/sync", _call(_sync), methods=["POST"]),
]
