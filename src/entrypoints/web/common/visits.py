"""One visit of a signed-in person to a page of the console or the portal: the people's ``Surface``
on the one request path (``request_path``): the session of the console's cookie, its CSRF token on
every write, the client account the page is about (as a principal with the person's role), and the
reply.

A visit without a live session goes to the sign-in page; a core error becomes a page with the error's
status (404 for what the person cannot reach, as for what does not exist), never a traceback.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import timedelta
from typing import Any
from urllib.parse import quote

from attrs import define
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from workforce_core.errors import (
    InsufficientScope,
    InvalidParameter,
    NotFound,
    RoleNotAllowed,
    WorkforceError,
)
from workforce_core.model.principal import Principal
from workforce_core.rules import pages, people
from workforce_core.rules.pages import Page
from workforce_core.rules.people import SESSION_LONGEST, Power
from workforce_core.services.sign_in import acting_for, signed_in
from workforce_core.views.signed_in import SignedIn
from workforce_entrypoints import origins
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.web.common import two_factor_gate
from workforce_entrypoints.web.common.done import done_words
from workforce_entrypoints.web.common.menu import menu
from workforce_entrypoints.web.common.once import forget_once, keep_once, read_once
from workforce_entrypoints.web.common.rendering import render
from workforce_entrypoints.web.common.request_path import Body, Surface, route, secure

COOKIE = "workforce_session"
REFUSALS: dict[Power, str] = {
    Power.CONSOLE: "The agency console is for the agency's and the client account's staff.",
    Power.CLIENT_SIGN_OFF: "The client portal is for the client's hirer contacts.",
}


@define
class Visit:
    """What a page function gets: the request's values, the services, who is signed in, and (on a
    client account's pages) the principal they read it with."""

    services: Services
    signed: SignedIn
    query: Mapping[str, str]
    path: Mapping[str, Any]
    form: FormData | None
    token: str | None = None  # the session cookie's value
    base_url: str = ""  # WORKFORCE_PUBLIC_URL, else the site as the browser reached it (links in mail)
    principal: Principal | None = None
    once: dict[str, str] | None = None  # what the page shows once (``once.py``), taken on this GET
    at: str = ""  # the page's path
    cookies: str | None = None  # the request's Cookie header (where what the page shows once rides)

    @property
    def client(self) -> Principal:
        assert self.principal is not None
        return self.principal

    def value(self, name: str) -> str | None:
        """A form field (or, for a GET, a query parameter), trimmed; None when blank or absent."""
        source: Any = self.form if self.form is not None else self.query
        raw = source.get(name)
        text = raw.strip() if isinstance(raw, str) else None
        return text or None

    def values(self, name: str) -> list[str]:
        return [str(v) for v in self.form.getlist(name)] if self.form is not None else []

    def number(self, name: str) -> int | None:
        text = self.value(name)
        if text is None:
            return None
        if not text.isdigit():
            raise InvalidParameter(name, f"{name} must be a whole number.")
        return int(text)

    def page(self, template: str, **context: Any) -> Response:
        return page_reply(template, self, **context)

    def once_there(self, reply: Response, **values: str) -> Response:
        """``reply`` (a redirect) with ``values`` for the page it leads to to show once."""
        return keep_once(reply, self.token or "", values, https=self.base_url.startswith("https://"))


PageFunction = Callable[[Visit], Response]


def page_reply(template: str, visit: Visit | None, code: int = 200, **context: Any) -> Response:
    shared: dict[str, Any] = {}
    if visit is not None:
        portal = not people.may(visit.signed.actor, Power.CONSOLE)
        shared = {
            "user": visit.signed.user,
            "csrf_token": visit.signed.session.csrf_token,
            "principal": visit.principal,
            "client_id": visit.principal.client_id if visit.principal else None,
            "portal": portal,
            "menu": _menu(visit, portal=portal),
            "here": visit.at,  # the menu marks the entry of this page (aria-current)
            "done": done_words(visit),
            "once": visit.once or {},
        }
    return secure(HTMLResponse(render(template, **shared, **context), status_code=code))


def _menu(visit: Visit, *, portal: bool) -> list[tuple[str, str]]:
    """The menu of the page's account; on a page of no account (one's own account pages), the menu of the
    person's own account, so every page of a client account's staff has the same header and menu. An
    operator's pages of no account have none: they choose an account first."""
    account = visit.principal.client_id if visit.principal else visit.signed.actor.client_id
    return menu(visit.signed.actor, account, portal=portal) if account is not None else []


def keep_session(reply: Response, token: str, request: Request) -> Response:
    """The console's session cookie, for every path."""
    return session_cookie(reply, request, COOKIE, token, SESSION_LONGEST, "/")


def session_cookie(reply: Response, request: Request, name: str, token: str, longest: timedelta, path: str) -> Response:
    """A session's cookie (the console's, the worker app's): ``HttpOnly``, ``SameSite=Lax``, ``Secure``
    over HTTPS, kept at most as long as the session can live."""
    reply.set_cookie(
        name,
        token,
        max_age=int(longest.total_seconds()),
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
        path=path,
    )
    return reply


def _open(request: Request, services: Services, form: Body) -> Visit:
    token = request.cookies.get(COOKIE)
    signed = services.run(signed_in, token)
    base = (services.settings.public_url or str(request.base_url)).rstrip("/")
    assert not isinstance(form, dict)  # a person's pages post forms
    path, cookies = request.url.path, request.headers.get("cookie")
    return Visit(
        services, signed, request.query_params, request.path_params, form, token, base, at=path, cookies=cookies
    )


def _to_sign_in(request: Request) -> Response:
    if request.method != "GET":
        return RedirectResponse("/console/sign-in", status_code=303)
    return RedirectResponse(f"/console/sign-in?next={quote(request.url.path)}", status_code=303)


def _two_factor_first(visit: Visit, request: Request) -> Response | None:
    if two_factor_gate.set_up_first(visit.signed, visit.services, request.url.path):
        return RedirectResponse(two_factor_gate.SET_UP_PAGE, status_code=303)
    return None


def failed_page(visit: Visit | None) -> Response:
    """The page of a page that failed (logged by the request path)."""
    return page_reply("error.html", visit, 500, status=500, message="The page failed; it was logged.", field=None)


PEOPLE: Surface[Visit] = Surface(
    name="console",
    opens=_open,
    csrf_token=lambda visit: visit.signed.session.csrf_token,
    signed_out=_to_sign_in,
    refused=lambda error, visit: error_page(error, visit),
    failed=failed_page,
    gate=_two_factor_first,
)


def console_route(
    path: str,
    page: PageFunction,
    *,
    methods: tuple[str, ...] = ("GET",),
    client: bool = True,
    power: Power | None = Power.CONSOLE,
    prefix: str = "/console",
    opens: Page | None = None,
) -> Route:
    """A page at ``{prefix}{path}`` (the agency console; the client portal with ``prefix`` ``/portal``
    and ``power`` ``CLIENT_SIGN_OFF``) on the people's request path: signed in, a CSRF token on every
    POST, the power the role needs (None: anyone signed in), the client account of ``{client_id}``
    reached through the person's role (else 404); a page of the menu names itself (``opens``), and the
    person's role must be able to open it (as the menu asks), else a refusal in words."""

    def allowed(visit: Visit) -> Response:
        signed = visit.signed
        origins.set_person(signed.actor)  # whom the page's writes are audited for
        if power in REFUSALS and not people.may(signed.actor, power):
            raise RoleNotAllowed(REFUSALS[power])
        if power is not None:
            people.require(signed.actor, power)
        if opens is not None and not pages.may_open(signed.actor, opens):
            raise pages.refused(signed.actor, opens)
        if client:
            visit.principal = visit.services.run(acting_for, signed.actor, visit.path["client_id"])
        if visit.form is None:
            visit.once = read_once(visit.cookies, visit.token, visit.at)
        reply = page(visit)
        return forget_once(reply, visit.at) if visit.once is not None else reply

    return route(PEOPLE, f"{prefix}{path}", allowed, methods=methods)


def error_page(error: WorkforceError, visit: Visit | None) -> Response:
    """The page of a refusal; a read the role lacks the scope of is said in words, not by the scope."""
    status = 404 if isinstance(error, NotFound) else error.status
    if isinstance(error, InsufficientScope) and visit is not None:
        error = people.scope_refusal(visit.signed.actor, str(error.extra.get("required_scope")))
    return page_reply("error.html", visit, status, status=status, message=error.message, field=error.extra.get("field"))
