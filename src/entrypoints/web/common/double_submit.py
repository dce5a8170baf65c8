"""Forms posted before there is a session (signing in, opening a one-time link): the page carries a
random token that must come back matching a cookie of its own (double submit), so another site cannot
post them with a browser's cookies."""

from __future__ import annotations

import secrets

from starlette.requests import Request
from starlette.responses import Response

from workforce_core.errors import CsrfRefused


def new_token() -> str:
    return secrets.token_urlsafe(32)


def keep_token(reply: Response, token: str, request: Request, *, cookie: str, path: str) -> Response:
    """The token's cookie: ``HttpOnly``, ``SameSite=Lax``, ``Secure`` over HTTPS, for ``path`` only."""
    reply.set_cookie(cookie, token, httponly=True, samesite="lax", secure=request.url.scheme == "https", path=path)
    return reply


def check_token(request: Request, sent: object, *, cookie: str) -> None:
    """403 ``csrf_refused`` unless the form's token is the cookie's (compared in constant time)."""
    kept = request.cookies.get(cookie) or ""
    if not kept or not isinstance(sent, str) or not secrets.compare_digest(sent, kept):
        raise CsrfRefused()
