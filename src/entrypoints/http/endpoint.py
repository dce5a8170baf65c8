"""One endpoint of the API: its path (with and without ``.php``), its methods and the scope of each.

The dispatcher answers 405 with ``Allow`` for other methods, authenticates the key, then runs the
handler in a worker thread (storage is synchronous) with a ``Call`` holding what it needs.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from attrs import define, frozen
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from workforce_core.errors import InvalidBody, MethodNotAllowed
from workforce_core.model.principal import Principal
from workforce_core.services.auth import authenticate
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.http.auth import bearer_secret
from workforce_entrypoints.http.params import Params
from workforce_entrypoints.http.replies import error_reply

PREFIX = "/api/v1"
ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]


@define
class Call:
    principal: Principal
    params: Params
    services: Services
    raw_body: bytes = b""

    def body(self) -> dict[str, Any]:
        """The JSON object sent, or 400 ``invalid_body``. Numbers keep their exact decimal digits."""
        if not self.raw_body.strip():
            raise InvalidBody("A JSON object body is required.")
        try:
            parsed = json.loads(self.raw_body, parse_float=Decimal, parse_constant=_no_constant)
        except (ValueError, RecursionError):
            raise InvalidBody("The body is not valid JSON.") from None
        if not isinstance(parsed, dict):
            raise InvalidBody("The body must be a JSON object.")
        return parsed


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


Handler = Callable[[Call], Response]


@frozen
class Method:
    """A handler and the scopes that open it (any one of them; none = any valid key)."""

    handler: Handler
    scopes: tuple[str, ...] = ()


@frozen
class Endpoint:
    name: str  # e.g. "workers": served at /api/v1/workers.php and /api/v1/workers
    handlers: dict[str, Method]

    @property
    def allow(self) -> str:
        return ", ".join(self.handlers)

    def routes(self) -> list[BaseRoute]:
        return [
            Route(f"{PREFIX}/{self.name}{suffix}", self.dispatch, methods=ALL_METHODS, name=f"{self.name}{suffix}")
            for suffix in (".php", "")
        ]

    async def dispatch(self, request: Request) -> Response:
        method = self.handlers.get(request.method)
        if method is None:
            return error_reply(MethodNotAllowed(), headers={"Allow": self.allow})
        services: Services = request.app.state.services
        secret = bearer_secret(request.headers.get("authorization"))
        principal = await run_in_threadpool(authenticate, secret, uow=services.uow, clock=services.clock)
        if method.scopes:
            principal.require(*method.scopes)
        raw_body = await request.body() if request.method in ("POST", "PUT", "DELETE") else b""
        call = Call(principal=principal, params=Params(request.query_params), services=services, raw_body=raw_body)
        return await run_in_threadpool(method.handler, call)
