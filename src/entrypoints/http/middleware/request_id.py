"""Every reply carries ``X-Request-Id`` and ``X-API-Version``; no failure ever leaks a traceback.

Core errors become the spec's error envelope here; anything else is logged and answered
500 ``server_error`` (with the request id, so the log line can be found).
"""

from __future__ import annotations

import logging
import re
import uuid

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from workforce_core import API_VERSION
from workforce_core.errors import ServerError, WorkforceError
from workforce_core.model.audit import Origin
from workforce_entrypoints.http.replies import error_reply
from workforce_entrypoints.origins import set_origin, via_of

log = logging.getLogger("workforce.http")
_CLIENT_ID = re.compile(r"^[A-Za-z0-9._-]{8,64}$")


class RequestIdMiddleware:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = uuid.uuid4().hex
        scope.setdefault("state", {})["request_id"] = request_id
        client = scope.get("client")
        set_origin(Origin(via_of(scope.get("path", "")), client[0] if client else None, request_id))
        started = False

        async def send_with_id(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"x-request-id"]
                headers.append((b"x-request-id", request_id.encode()))
                if not any(k.lower() == b"x-api-version" for k, _ in headers):
                    headers.append((b"x-api-version", API_VERSION.encode()))
                message["headers"] = headers
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except WorkforceError as error:
            if started:
                raise
            await error_reply(error)(scope, receive, send_with_id)
        except Exception:
            log.exception("request %s failed", request_id)
            if started:
                raise
            await error_reply(ServerError())(scope, receive, send_with_id)
