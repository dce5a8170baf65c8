"""Request bodies: at most 1 MiB (413 ``payload_too_large``), and all of it within 30 seconds
(408 ``request_timeout``), so a slow or endless body cannot tie up a worker. A call of the API declaring a
longer body is refused before it is read; a page's form is refused as its body passes the limit, inside
the page's request path, so a person gets their surface's refusal in words (a file too large to upload),
not the API's JSON."""

from __future__ import annotations

import asyncio

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from workforce_core.errors import BadRequest, PayloadTooLarge, RequestTimeout
from workforce_entrypoints.http.replies import error_reply

MAX_BODY_BYTES = 1024 * 1024
BODY_SECONDS = 30.0


class BodyLimitMiddleware:
    def __init__(
        self, app: ASGIApp, api_prefix: str, max_bytes: int = MAX_BODY_BYTES, seconds: float = BODY_SECONDS
    ) -> None:
        self.app = app
        self.api_prefix = api_prefix
        self.max_bytes = max_bytes
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers", [])).get(b"content-length")
        if declared is not None and not declared.isdigit():
            await error_reply(BadRequest("Content-Length must be a whole number of bytes."))(scope, receive, send)
            return
        api = scope["path"].startswith(self.api_prefix)
        if api and declared is not None and int(declared) > self.max_bytes:
            await error_reply(PayloadTooLarge())(scope, receive, send)
            return
        deadline = asyncio.get_running_loop().time() + self.seconds
        received = 0

        async def limited_receive() -> Message:
            nonlocal received
            try:
                # asyncio's own timeout, at every request: half the cost of anyio's cancel scope (13 against 30 µs)
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                raise RequestTimeout() from None
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    raise PayloadTooLarge()
            return message

        await self.app(scope, limited_receive, send)
