"""The API log's hook: each request a recognised key made is queued for the log (``ApiLogBuffer``)
with its reply's status, its time from arrival to the reply's last byte, and its ``X-Request-Id``.

The dispatcher names the key once it is known (``note_caller``), working or refused (revoked, expired,
its account's API access off or the account not active); a request without a key or with an unknown
one has no key to be logged under. Failures after it (401, 403, 404, 429, 500) are logged with their
status. Sits inside ``RequestIdMiddleware``, which gave
the request its id and turns an escaping error into the 500 logged here.
"""

from __future__ import annotations

from time import perf_counter

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from workforce_core.model.api_requests import ApiRequest
from workforce_core.ports import Clock
from workforce_core.rules.api_log import logged_path
from workforce_entrypoints.serving.api_log_buffer import ApiLogBuffer

CALLER = "api_caller"  # the request state's name for the key: (client id, key id)


def note_caller(scope: Scope, client_id: int, api_key_id: int) -> None:
    """Log this request under this key of this account."""
    scope.setdefault("state", {})[CALLER] = (client_id, api_key_id)


class ApiLogMiddleware:
    def __init__(self, app: ASGIApp, *, buffer: ApiLogBuffer, clock: Clock, prefix: str) -> None:
        self.app = app
        self.buffer = buffer
        self.clock = clock
        self.prefix = prefix

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(self.prefix):
            await self.app(scope, receive, send)
            return
        at, started = self.clock.now(), perf_counter()
        status = 500  # unless a reply starts: an error escaped, which the request id middleware answers 500

        async def watched(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, watched)
        finally:
            state = scope.get("state", {})
            caller: tuple[int, int] | None = state.get(CALLER)
            if caller is not None:
                self.buffer.record(
                    ApiRequest(
                        client_id=caller[0],
                        api_key_id=caller[1],
                        at=at,
                        method=scope["method"],
                        path=logged_path(scope["path"], scope.get("query_string", b"").decode("latin-1")),
                        status=status,
                        duration_ms=round((perf_counter() - started) * 1000),
                        request_id=state.get("request_id", ""),
                    )
                )
