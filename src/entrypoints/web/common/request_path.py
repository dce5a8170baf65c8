"""The one path of a request to a page or call of any surface (the console, the portal, the kiosk, the
worker app): the write's body read, the visit opened (the session's, or the enrolled device's), the
CSRF check of every write, the page run on the storage threads, and its reply with the pages' headers;
a core error becomes the surface's refusal (a page, or JSON for the kiosk's calls) with the error's
status, anything else the surface's "it failed" reply, logged, never a traceback.

Each surface says how in a ``Surface``; a page is a function of the surface's visit. A write (any
method but GET and HEAD) is checked one of two ways: a surface whose visits carry a token names it
(``csrf_token``: a session's, or before a session the one a form's own cookie kept, ``double_submit``),
which the form's ``csrf_token`` field or the ``X-CSRF-Token`` header must match (no token: refused); a
surface without one (the kiosk, a device) takes JSON from its own origin only (the
``Origin`` header, else ``Sec-Fetch-Site``), which a page elsewhere cannot send with the cookie.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from typing import Any, Generic, TypeVar

import orjson
from attrs import frozen
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from workforce_core.errors import CsrfRefused, InvalidBody, SessionEnded, WorkforceError
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.serving.reply_headers import PAGE_HEADERS
from workforce_entrypoints.serving.storage_threads import StorageThreads

CSRF_FIELD = "csrf_token"
CSRF_HEADER = "x-csrf-token"
READS = ("GET", "HEAD")
log = logging.getLogger("workforce.web")

V = TypeVar("V")
PageOf = Callable[[V], Response]  # a page of a surface: its visit in, the reply out
Body = FormData | dict[str, Any] | None


def _no_gate(visit: Any, request: Request) -> Response | None:
    return None


@frozen
class Surface(Generic[V]):
    """How one surface opens, checks and answers its visits (``V``: what its pages get)."""

    name: str  # in the log of a page that failed
    opens: Callable[[Request, Services, Body], V]  # the session's or device's visit; raises SessionEnded
    signed_out: Callable[[Request], Response]  # a visit without a live session: its sign-in
    refused: Callable[[WorkforceError, V | None], Response]  # a core error's page (None: before the visit)
    failed: Callable[[V | None], Response]  # any other error's
    csrf_token: Callable[[V], str] | None = None  # the token a write sends back; None: same-origin JSON
    gate: Callable[[V, Request], Response | None] = _no_gate  # a reply before any page (a set-up to finish)


def secure(reply: Response) -> Response:
    """Headers of every page's reply: nothing from elsewhere runs, nothing is framed or cached."""
    for name, value in PAGE_HEADERS.items():  # the app's middleware sets them on every HTML reply too
        reply.headers[name] = value
    reply.headers["X-Content-Type-Options"] = "nosniff"
    reply.headers.setdefault("Cache-Control", "no-store")
    return reply


def route(
    surface: Surface[V], path: str, page: Callable[[V], Response], *, methods: tuple[str, ...] = ("GET",)
) -> Route:
    """``page`` at ``path`` on ``surface``'s request path."""

    async def endpoint(request: Request) -> Response:
        services: Services = request.app.state.services
        threads: StorageThreads = request.app.state.threads
        body: Body = None
        try:
            if request.method not in READS:
                body = await _read(surface, request)
            return secure(await threads.run(_visit, surface, page, request, services, body))
        except SessionEnded:
            return secure(surface.signed_out(request))
        except WorkforceError as error:
            return secure(surface.refused(error, None))
        finally:
            if isinstance(body, FormData):
                await body.close()

    return Route(path, endpoint, methods=list(methods))


def _visit(
    surface: Surface[V], page: Callable[[V], Response], request: Request, services: Services, body: Body
) -> Response:
    visit = surface.opens(request, services, body)
    early = surface.gate(visit, request)
    if early is not None:
        return early
    try:
        if isinstance(body, FormData) and surface.csrf_token is not None:
            _token_sent(request, body, surface.csrf_token(visit))
        return page(visit)
    except WorkforceError as error:
        return surface.refused(error, visit)
    except Exception:  # a person never sees a traceback
        log.exception("%s page failed: %s", surface.name, request.url.path)
        return surface.failed(visit)


async def _read(surface: Surface[Any], request: Request) -> Body:
    """A write's body: a form, checked against the session's token once the visit is open; else a JSON
    object from this origin, checked before anything is read."""
    if surface.csrf_token is not None:
        return await request.form()
    _same_origin(request)
    raw = await request.body()
    try:
        body = orjson.loads(raw) if raw else None
    except orjson.JSONDecodeError:
        raise InvalidBody("The body is not JSON.") from None
    if not isinstance(body, dict):
        raise InvalidBody("Send a JSON object.")
    return body


def _token_sent(request: Request, form: FormData, token: str) -> None:
    sent = form.get(CSRF_FIELD) or request.headers.get(CSRF_HEADER) or ""
    if not token or not isinstance(sent, str) or not secrets.compare_digest(sent, token):
        raise CsrfRefused()


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
