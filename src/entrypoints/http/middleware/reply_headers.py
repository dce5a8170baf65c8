"""Every reply of the API says ``Cache-Control: no-store`` and ``X-Content-Type-Options: nosniff``.

API replies hold payroll data for one key: no cache or proxy keeps them, and no browser guesses a
type other than the one sent. This runs outermost, so errors, 404s for unknown paths, 405s, CORS
preflights and the OpenAPI document carry the headers too.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

REPLY_HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}


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
            await send(message)

        await self.app(scope, receive, send_with_headers)
