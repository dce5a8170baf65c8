"""A kiosk's device cookie (``workforce_kiosk``): set by the console when an owner or operator enrols
the browser, read by the kiosk's page and calls. HttpOnly, ``SameSite=Strict``, for ``/kiosk`` only."""

from __future__ import annotations

from starlette.responses import Response

DEVICE_COOKIE = "workforce_kiosk"
DEVICE_COOKIE_DAYS = 400  # the longest a browser keeps a cookie; a kiosk in use is enrolled again after


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
