"""One endpoint of the API: its path (with and without ``.php``), its methods and the scope of each.

The dispatcher runs every request through the same steps, in the spec's order: method (405 with
``Allow``), CORS preflight, the key (401/403, with the unknown-key throttle), the key's rate limit
(429), its browser origin, the method's scope, the Idempotency-Key, then the handler on a storage
thread (storage is synchronous; see ``storage_threads``). Every reply to a recognised key carries the
rate-limit headers.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from decimal import Decimal
from functools import partial
from typing import Any

from attrs import define, evolve, frozen
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from workforce_core.errors import (
    InvalidApiKey,
    InvalidBody,
    KeyExpired,
    KeyRefused,
    KeyRevoked,
    MethodNotAllowed,
    RateLimited,
    WorkforceError,
)
from workforce_core.model.principal import Principal
from workforce_core.ports import KeyedWork, RateDecision, StoredReply
from workforce_core.services import idempotency, limits
from workforce_core.services.auth import authenticate
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.http import cors
from workforce_entrypoints.http.auth import bearer_secret
from workforce_entrypoints.http.middleware.api_log import note_caller
from workforce_entrypoints.http.params import Params
from workforce_entrypoints.http.replies import error_reply
from workforce_entrypoints.serving.storage_threads import StorageThreads

PREFIX = "/api/v1"
ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
WRITES = ("POST", "PUT")
BODIES = (*WRITES, "DELETE")  # the methods whose body is read
REPLAYED_HEADERS = ("content-type", "x-api-version")


@define
class Call:
    principal: Principal
    params: Params
    services: Services
    raw_body: bytes = b""
    # Units of work that commit on their own even in a keyed request: for work that talks to the network
    # between its writes (a webhook test or redelivery), which cannot be held in one transaction.
    unheld: Services | None = None

    @property
    def committing(self) -> Services:
        return self.unheld or self.services

    def body(self) -> dict[str, Any]:
        """The JSON object sent, or 400 ``invalid_body``. Numbers keep their exact decimal digits; a
        non-finite number (``NaN``) reaches the field readers, which refuse it naming the field; an object
        that names a key twice is refused (which value was meant is unclear)."""
        if not self.raw_body.strip():
            raise InvalidBody("A JSON object body is required.")
        try:
            parsed = json.loads(self.raw_body, parse_float=Decimal, parse_constant=_constant, object_pairs_hook=_object)
        except (ValueError, RecursionError):
            raise InvalidBody("The body is not valid JSON.") from None
        if not isinstance(parsed, dict):
            raise InvalidBody("The body must be a JSON object.")
        # a lone surrogate escape ("\ud800") is JSON but not text: refuse it here, not in storage (an ASCII
        # body without a \u escape holds none)
        if not self.raw_body.isascii() or b"\\u" in self.raw_body:
            try:
                json.dumps(parsed, ensure_ascii=False, default=str).encode("utf-8")
            except UnicodeEncodeError:
                raise InvalidBody("The body holds a string that is not valid Unicode text.") from None
        return parsed


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different."""
    read = dict(pairs)
    if len(read) != len(pairs):
        raise InvalidBody("A JSON object in the body names the same key more than once.")
    return read


def _constant(name: str) -> Decimal:
    """``NaN`` and ``Infinity`` are read (as non-finite numbers) so that the field at fault is named."""
    return Decimal(name)


Handler = Callable[[Call], Response]


@frozen
class Method:
    """A handler and the scopes that open it (any one of them; none = any valid key). ``one_read``: a
    read that never writes, answered from the key to the reply in one connection and one read
    transaction (``Services.one_read``)."""

    handler: Handler
    scopes: tuple[str, ...] = ()
    one_read: bool = True


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
        services: Services = request.app.state.services
        threads: StorageThreads = request.app.state.threads
        if cors.is_preflight(request):
            origin = request.headers["origin"]
            allowed = await threads.run(services.queries.origin_allowed, origin, services.clock.now())
            return cors.preflight_reply(allowed, origin, self.allow)
        method = self.handlers.get(request.method)
        if method is None:
            return error_reply(MethodNotAllowed(), headers={"Allow": self.allow})
        secret = bearer_secret(request.headers.get("authorization"))
        address = request.client.host if request.client else "unknown"
        if request.method not in BODIES:  # no body to wait for: the whole request in one storage thread
            return await threads.run(_read_reply, request, method, secret, address, services)
        if request.headers.get(idempotency.HEADER) is None or request.method not in WRITES:
            # the body first (a small one came with the head), then the key to the reply in one storage thread
            raw_body = await request.body()
            return await threads.run(_write_reply, request, method, secret, address, services, raw_body)
        principal, decision = await threads.run(_admit, request, secret, address, services)
        headers = _limit_headers(decision)
        try:
            _pass(request, method, principal, decision, headers)
            reply = await self._keyed(request, method, principal, services, threads)
        except WorkforceError as error:
            reply = error_reply(error)
        reply.headers.update(headers)
        return reply

    async def _keyed(
        self, request: Request, method: Method, principal: Principal, services: Services, threads: StorageThreads
    ) -> Response:
        """A write with an ``Idempotency-Key``: its reply kept with its change, or the kept one replayed."""
        raw_body = await request.body()
        call = Call(principal=principal, params=Params(request.query_params), services=services, raw_body=raw_body)
        key = idempotency.valid_key(request.headers.get(idempotency.HEADER) or "")
        print_ = idempotency.fingerprint(request.method, request.url.path, request.url.query, raw_body)
        now = services.clock.now()
        begun = await threads.run(
            partial(services.run, idempotency.begin), services.idempotency, principal.api_key, key, print_, now
        )
        if isinstance(begun, StoredReply):
            return Response(
                begun.body, status_code=begun.status, headers={**dict(begun.headers), "Idempotent-Replayed": "true"}
            )
        call.services = evolve(services, uow=begun)  # its units of work hold the change for the reply
        call.unheld = services
        return await threads.run(_kept_reply, method, call, begun)


def _admit(request: Request, secret: str, address: str, services: Services) -> tuple[Principal, RateDecision]:
    """The key's principal and its rate-limit decision (401/403 and the unknown-key throttle first); once
    the key is known (working or refused) the request is logged under it (``middleware.api_log``)."""
    try:
        principal = services.run(authenticate, secret)
    except InvalidApiKey:
        limits.note_unknown_key(address, services.limiter)
        raise
    except KeyRefused as refused:  # a known key: its request is logged under it
        if refused.holder is not None:
            note_caller(request.scope, *refused.holder)
        if isinstance(refused, (KeyRevoked, KeyExpired)):
            limits.check_not_throttled(address, services.limiter)
        raise
    note_caller(request.scope, principal.client_id, principal.api_key.id)
    return principal, limits.admit(principal, services.limiter)


def _limit_headers(decision: RateDecision) -> dict[str, str]:
    return {"X-RateLimit-Limit": str(decision.limit), "X-RateLimit-Remaining": str(decision.remaining)}


def _pass(
    request: Request, method: Method, principal: Principal, decision: RateDecision, headers: dict[str, str]
) -> None:
    """The steps after the key, in the spec's order: 429, the browser origin (its headers added to
    ``headers``), the method's scope."""
    if not decision.allowed:
        raise RateLimited(decision.retry_after)
    headers.update(cors.origin_headers(request, principal))
    if method.scopes:
        principal.require(*method.scopes)


def _read_reply(request: Request, method: Method, secret: str, address: str, services: Services) -> Response:
    """A request without a body, from the key to the reply (on a storage thread)."""
    if method.one_read:
        with services.one_read():
            return _answer(request, method, secret, address, services)
    return _answer(request, method, secret, address, services)


def _write_reply(
    request: Request, method: Method, secret: str, address: str, services: Services, raw_body: bytes
) -> Response:
    """A request with a body, from the key to the reply (on a storage thread), on one connection: the
    key's read and the change each in a transaction of their own."""
    with services.one_connection():
        return _answer(request, method, secret, address, services, raw_body)


def _answer(
    request: Request, method: Method, secret: str, address: str, services: Services, raw_body: bytes = b""
) -> Response:
    """A request from the key to the reply (on a storage thread), its body already read."""
    principal, decision = _admit(request, secret, address, services)
    headers = _limit_headers(decision)
    try:
        _pass(request, method, principal, decision, headers)
        params = Params(request.query_params)
        reply = _reply(method, Call(principal=principal, params=params, services=services, raw_body=raw_body))
    except WorkforceError as error:
        reply = error_reply(error)
    reply.headers.update(headers)
    return reply


def _reply(method: Method, call: Call) -> Response:
    try:
        return method.handler(call)
    except WorkforceError as error:
        return error_reply(error)


def _kept_reply(method: Method, call: Call, work: KeyedWork) -> Response:
    """The reply of a keyed request, kept with the change it reports (the use case's commit waits
    for it, see ``KeyedWork``); anything that fails before that rolls the change back."""
    try:
        reply = _reply(method, call)
        kept = tuple((k, v) for k, v in reply.headers.items() if k in REPLAYED_HEADERS)
        idempotency.finish(work, StoredReply(reply.status_code, kept, bytes(reply.body)))
    except BaseException:
        work.drop()
        raise
    return reply
