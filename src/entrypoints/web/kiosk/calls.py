"""The site kiosk's JSON calls under ``/kiosk/`` (the page is ``page``): ``identify``, ``clock`` and
``sync`` (the clocks kept while offline), on the kiosk's request path (``request_path``).

A kiosk is its device cookie (``workforce_kiosk``: HttpOnly, ``SameSite=Strict``, for ``/kiosk`` only,
set when an owner or operator enrols the browser in the console). Its writes are JSON posts from the
kiosk's own page: refused (403 ``csrf_refused``) unless sent as ``application/json`` from this origin
(the ``Origin`` header, else ``Sec-Fetch-Site``), which a page elsewhere cannot do with the cookie.
Refusals answer the spec's status and ``error_code`` with words in the kiosk's language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from attrs import define
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

from workforce_adapters.json.commands import structure
from workforce_core.commands.kiosks import ClockAtKiosk, KioskIdentify, OfflineClock
from workforce_core.errors import KioskNotEnrolled, NotEligible, ValidationFailed, WorkforceError
from workforce_core.rules.london import shown
from workforce_core.services import kiosks
from workforce_core.services.kiosk_devices import kiosk_of
from workforce_core.views import AtKiosk
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.web.common import languages
from workforce_entrypoints.web.common.kiosk_cookie import DEVICE_COOKIE
from workforce_entrypoints.web.common.request_path import Body, Surface, route
from workforce_entrypoints.web.common.worker_words import SOMETHING_WRONG, refusal_words

MAX_SYNC = 500


def _time(moment: Any) -> str:
    """``HH:MM`` in Europe/London, as the kiosk shows a time."""
    text = shown(moment)
    return text[11:16] if text else ""


def _refusal(error: WorkforceError, lang: str | None) -> JSONResponse:
    code = "device_not_enrolled" if isinstance(error, KioskNotEnrolled) else error.code
    if isinstance(error, NotEligible) and error.extra.get("block_codes"):
        code = str(error.extra["block_codes"][0])  # the worker's documents: said as the worker reads it
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


@define
class KioskCall:
    """What a kiosk's call gets: the enrolled kiosk, its language, the JSON object sent, the request's
    address and the services."""

    kiosk: AtKiosk
    lang: str
    body: dict[str, Any]
    request: Request
    services: Services


def _opens(request: Request, services: Services, body: Body) -> KioskCall:
    kiosk = services.run(kiosk_of, request.cookies.get(DEVICE_COOKIE))
    assert isinstance(body, dict)  # every call is a write of a JSON object
    return KioskCall(kiosk, languages.language(kiosk.site.kiosk_language), body, request, services)


def _failed(call: KioskCall | None) -> Response:
    lang = call.lang if call is not None else None
    return JSONResponse({"error_code": "server_error", "message": languages.gettext_in(lang, SOMETHING_WRONG)}, 500)


KIOSK_CALLS: Surface[KioskCall] = Surface(
    name="kiosk call",
    opens=_opens,
    signed_out=lambda request: _refusal(KioskNotEnrolled(), None),  # a device has no session to end
    refused=lambda error, call: _refusal(error, call.lang if call is not None else None),
    failed=_failed,
)


def _call(path: str, handler: Callable[[KioskCall], dict[str, Any]]) -> BaseRoute:
    return route(KIOSK_CALLS, f"/kiosk/{path}", lambda call: JSONResponse(handler(call)), methods=("POST",))


def _address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def _identify(call: KioskCall) -> dict[str, Any]:
    kiosk, body, request, s = call.kiosk, call.body, call.request, call.services
    command = structure(KioskIdentify, body, exact=True)
    greeting = s.run(kiosks.identify, kiosk, command, address=_address(request))
    return {
        "first_name": greeting.first_name,
        "clocked_in": greeting.clocked_in,
        "since": _time(greeting.since) if greeting.since else None,
        "action": greeting.action,
    }


def _clock(call: KioskCall) -> dict[str, Any]:
    kiosk, body, request, s = call.kiosk, call.body, call.request, call.services
    command = structure(ClockAtKiosk, body, exact=True)
    worker, result = s.run(kiosks.clock_at_kiosk, kiosk, command, address=_address(request))
    entry = result.view.entry
    at = entry.clock_out if result.action == "clock_out" else entry.clock_in
    return {"action": result.action, "entry_id": entry.id, "first_name": worker.first_name, "at": _time(at)}


def _sync(call: KioskCall) -> dict[str, Any]:
    kiosk, body, request, s = call.kiosk, call.body, call.request, call.services
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
    done = s.run(kiosks.sync, kiosk, parsed, address=_address(request))
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


ROUTES: list[BaseRoute] = [_call("identify", _identify), _call("clock", _clock), _call("sync", _sync)]
