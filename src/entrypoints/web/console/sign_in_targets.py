"""What the sign-in pages share: where to go after signing in, and the password form with its own
token cookie (double submit)."""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.requests import Request
from starlette.responses import Response

from workforce_entrypoints.web.common.double_submit import keep_token, new_token
from workforce_entrypoints.web.common.visits import page_reply

PRE_COOKIE = "workforce_sign_in"


def next_path(target: str | None) -> str:
    """Where to go after signing in: a console or portal path of this site only (never another host)."""
    if target and target.startswith(("/console/", "/portal/")) and not urlsplit(target).netloc:
        return target
    return "/console/"


def password_form(request: Request, status: int = 200, **context: object) -> Response:
    """The password form with a new double-submit token (its cookie for every path)."""
    token = new_token()
    reply = page_reply("sign_in.html", None, status, pre_token=token, **context)
    return keep_token(reply, token, request, cookie=PRE_COOKIE, path="/")
