"""Every reply of the API says ``Cache-Control: no-store`` and ``X-Content-Type-Options: nosniff``;
every HTML reply (the front page, the API's docs, the console, portal, kiosk and worker app pages,
error pages) also carries the pages' security headers: a Content-Security-Policy allowing only the
site's own scripts and styles, no framing, and a same-origin referrer.

API replies hold payroll data for one key: no cache or proxy keeps them, and no browser guesses a
type other than the one sent. This runs outermost, so errors, 404s for unknown paths, 405s, CORS
preflights and the OpenAPI document carry the headers too.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

REPLY_HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}
PAGE_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
    ),
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}


class ReplyHeadersMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in REPLY_HEADERS.items():
                    headers[name] = value
                if headers.get("content-type", "").startswith("text/html"):
                    for name, value in PAGE_HEADERS.items():
                        headers[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)
