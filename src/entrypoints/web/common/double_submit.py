"""Forms posted before there is a session (signing in, its second step, opening a one-time link): the
page carries a random token that must come back matching a cookie of its own (double submit), so another
site cannot post them with a browser's cookies.

Such a form is a ``Surface`` of its own on the one request path (``arrivals``): its visit is an
``Arrival`` whose CSRF token is the one its cookie kept, so the path checks it as it checks a session's,
and a refusal (a wrong password, a used link, a missing token) is the form's own reply: the sign-in
form again with a new token, the link's error page.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable

from attrs import frozen
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import Response

from workforce_core.errors import WorkforceError
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.web.common.request_path import Body, Surface


def new_token() -> str:
    return secrets.token_urlsafe(32)


def keep_token(reply: Response, token: str, request: Request, *, cookie: str, path: str) -> Response:
    """The token's cookie: ``HttpOnly``, ``SameSite=Lax``, ``Secure`` over HTTPS, for ``path`` only."""
    reply.set_cookie(cookie, token, httponly=True, samesite="lax", secure=request.url.scheme == "https", path=path)
    return reply


@frozen
class Arrival:
    """What a form before a session gets: the request, the services, the form posted (None on a GET)
    and the token its cookie kept (empty when there is none: every write is then refused)."""

    request: Request
    services: Services
    form: FormData | None
    kept: str

    def field(self, name: str) -> str:
        """A form field as sent ("" when absent), else the address's query parameter."""
        raw = self.form.get(name) if self.form is not None else self.request.query_params.get(name)
        return raw if isinstance(raw, str) else ""

    @property
    def address(self) -> str:
        return self.request.client.host if self.request.client else "unknown"


Refused = Callable[[WorkforceError, "Arrival | None"], Response]


def arrivals(
    name: str,
    *,
    cookie: str,
    refused: Refused,
    signed_out: Callable[[Request], Response],
    failed: Callable[[Arrival | None], Response],
) -> Surface[Arrival]:
    """The surface of forms whose double-submit token rides in ``cookie``: ``refused`` answers a core
    error (a missing or wrong token among them), ``failed`` anything else."""

    def opens(request: Request, services: Services, body: Body) -> Arrival:
        assert not isinstance(body, dict)  # these post forms
        return Arrival(request, services, body, request.cookies.get(cookie) or "")

    return Surface(
        name=name,
        opens=opens,
        csrf_token=lambda arrival: arrival.kept,
        signed_out=signed_out,
        refused=refused,
        failed=failed,
    )


def retry_later(reply: Response, error: WorkforceError) -> Response:
    """``reply`` with ``Retry-After`` when ``error`` is a throttle's (it says when to try again)."""
    retry_after = getattr(error, "retry_after", None)
    if retry_after is not None:
        reply.headers["Retry-After"] = str(retry_after)
    return reply
