"""The Starlette application factory: ``create_app(settings)``, mounting the API (``http``) and the pages
(``web``), which do not import each other. Nothing is built at import time."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response

from workforce_core.errors import BadRequest, MethodNotAllowed, NotFound, WorkforceError
from workforce_entrypoints.bootstrap import Services, Settings, bootstrap, is_postgres
from workforce_entrypoints.http import front, openapi
from workforce_entrypoints.http.endpoint import PREFIX, Endpoint
from workforce_entrypoints.http.middleware.api_log import ApiLogMiddleware
from workforce_entrypoints.http.middleware.body_limit import BodyLimitMiddleware
from workforce_entrypoints.http.middleware.request_id import RequestIdMiddleware
from workforce_entrypoints.http.replies import error_reply
from workforce_entrypoints.http.resources import (
    absences,
    amendments,
    availability,
    charges,
    clock,
    cost_codes,
    demands,
    departments,
    document_evidence,
    document_types,
    exceptions,
    export_batches,
    holiday,
    locations,
    me,
    offers,
    on_site_now,
    pay_weeks,
    payroll,
    rate_rules,
    shifts,
    timesheets,
    webhooks,
    worker_documents,
    workers,
)
from workforce_entrypoints.http.secret_paths import hide_secrets_in_access_log
from workforce_entrypoints.serving.reply_headers import ReplyHeadersMiddleware
from workforce_entrypoints.serving.storage_threads import StorageThreads, threads_from_env
from workforce_entrypoints.web.routes import PAGE_PATHS, no_such_page, web_routes

ENDPOINTS: tuple[Endpoint, ...] = (
    me.ENDPOINT,
    workers.ENDPOINT,
    locations.ENDPOINT,
    departments.ENDPOINT,
    cost_codes.ENDPOINT,
    clock.ENDPOINT,
    payroll.ENDPOINT,
    holiday.ENDPOINT,
    charges.ENDPOINT,
    timesheets.ENDPOINT,
    rate_rules.ENDPOINT,
    on_site_now.ENDPOINT,
    exceptions.ENDPOINT,
    amendments.ENDPOINT,
    shifts.ENDPOINT,
    demands.ENDPOINT,
    offers.ENDPOINT,
    pay_weeks.ENDPOINT,
    availability.ENDPOINT,
    absences.ENDPOINT,
    export_batches.ENDPOINT,
    webhooks.ENDPOINT,
    document_types.ENDPOINT,
    worker_documents.ENDPOINT,
    document_evidence.ENDPOINT,
)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    if request.url.path.startswith(PAGE_PATHS):  # a person's page: in words, not JSON
        return no_such_page(exc.status_code, str(exc.detail))
    if exc.status_code == 405:
        return error_reply(MethodNotAllowed(), headers=dict(exc.headers or {}))
    if exc.status_code == 404:
        return error_reply(NotFound("No such endpoint."))
    return error_reply(BadRequest(str(exc.detail)))


async def _workforce_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, WorkforceError)
    return error_reply(exc)


def create_app(
    settings: Settings | None = None, *, services: Services | None = None, threads: int | None = None
) -> Starlette:
    """The API over ``services`` (built from ``settings`` when not given; closed with the app then), its
    storage work on ``threads`` threads (default ``WORKFORCE_HTTP_THREADS``, else 1 on SQLite and 4 on
    PostgreSQL: see ``storage_threads``). uvicorn's access log never shows a link's token (``secret_paths``).
    Each request of a key is queued for the API log, written in batches (``middleware.api_log``)."""
    owned = services is None
    built = services or bootstrap(settings or Settings.from_env())
    hide_secrets_in_access_log()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        if owned:
            built.close()
        else:  # the services' owner closes them; what this app's requests queued is written now
            built.api_log_buffer.flush()

    routes = [
        *front.routes(),
        *openapi.ROUTES,
        *(route for endpoint in ENDPOINTS for route in endpoint.routes()),
        *web_routes(),
    ]
    app = Starlette(
        routes=routes,
        middleware=[
            Middleware(ReplyHeadersMiddleware),
            Middleware(RequestIdMiddleware),
            Middleware(ApiLogMiddleware, buffer=built.api_log_buffer, clock=built.clock, prefix=PREFIX),
            Middleware(BodyLimitMiddleware, api_prefix=PREFIX),
        ],
        exception_handlers={HTTPException: _http_error, WorkforceError: _workforce_error},
        lifespan=lifespan,
    )
    app.router.redirect_slashes = False  # a trailing slash is 404: no redirect built from the Host header sent
    app.state.services = built
    app.state.threads = StorageThreads(threads or threads_from_env(postgres=is_postgres(built.engine)))
    return app
