"""What a page shows once after a form: a new API key's secret, a new user's first password, a webhook's
signing secret, a worker's app link.

The form answers with a redirect (POST, redirect, GET), and the value rides to the page it leads to in a
cookie for that page's path only, encrypted (Fernet: AES and an HMAC) with a key drawn from the
session's token. The server keeps only that token's hash, so neither the database nor the cookie alone
reads it. The page shows the value and drops the cookie; a reload shows it no more and makes nothing.
A value not taken within five minutes is not shown.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from collections.abc import Mapping
from urllib.parse import urlsplit

from cryptography.fernet import Fernet, InvalidToken
from starlette.responses import Response

ONCE_COOKIE = "workforce_once"
ONCE_LIFE_SECONDS = 300


def _fernet(session_token: str) -> Fernet:
    key = hmac.new(session_token.encode(), b"workforce: shown once", hashlib.sha256).digest()
    return Fernet(base64.urlsafe_b64encode(key))


def keep_once(reply: Response, session_token: str, values: Mapping[str, str], *, https: bool) -> Response:
    """Give ``values`` to the page ``reply`` redirects to, once, on this session's browser."""
    path = urlsplit(reply.headers["location"]).path
    sealed = _fernet(session_token).encrypt(json.dumps({"path": path, **values}).encode())
    reply.set_cookie(
        ONCE_COOKIE,
        sealed.decode(),
        max_age=ONCE_LIFE_SECONDS,
        httponly=True,
        samesite="strict",
        secure=https,
        path=path,
    )
    return reply


def read_once(cookie_header: str | None, session_token: str | None, path: str) -> dict[str, str] | None:
    """The values kept for the page at ``path`` by this session, if a cookie holds some (else None:
    none, another session's, another page's, or too old). A page under another's path gets both
    cookies of the name, so each is tried."""
    if not cookie_header or not session_token:
        return None
    for part in cookie_header.split(";"):
        name, _, sealed = part.strip().partition("=")
        if name == ONCE_COOKIE and (opened := _opened(sealed.strip('"'), session_token, path)) is not None:
            return opened
    return None


def _opened(sealed: str, session_token: str, path: str) -> dict[str, str] | None:
    try:
        opened = json.loads(_fernet(session_token).decrypt(sealed.encode(), ttl=ONCE_LIFE_SECONDS))
    except (InvalidToken, ValueError):
        return None
    if not isinstance(opened, dict) or opened.pop("path", None) != path:
        return None
    return {str(name): str(value) for name, value in opened.items()}


def forget_once(reply: Response, path: str) -> Response:
    """Drop the cookie the page at ``path`` has shown."""
    reply.delete_cookie(ONCE_COOKIE, path=path, httponly=True, samesite="strict")
    return reply
