"""One visit to a page of the worker app (``/app/``): the workers' ``Surface`` on the one request path
(``request_path``): the worker's own session (its cookie is not the console's), its CSRF token on
every write, the page in the worker's language, and the reply.

A visit without a live session goes to the app's front door; a core error becomes the app's error
page with the error's status, in the worker's words, never a traceback. Paths carry no worker id: a
page is always the session's worker's, and an id in a form (an offer, a shift, a rule) is checked
against that worker by the use case.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from attrs import define
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from workforce_core.errors import NotFound, ValidationFailed, WorkforceError
from workforce_core.rules.fields import read_id
from workforce_core.rules.worker_app import APP_SESSION_LONGEST, device_code, new_device
from workforce_core.services.worker_sessions import signed_worker
from workforce_core.views import SignedWorker
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.web.app.rendering import language_of, render
from workforce_entrypoints.web.common.done import APP_DONE, AppDone
from workforce_entrypoints.web.common.request_path import Body, Surface, route, secure
from workforce_entrypoints.web.common.visits import session_cookie

APP_COOKIE = "workforce_app_session"
DEVICE_COOKIE = "workforce_app_device"
ACCOUNT_COOKIE = "workforce_app_account"  # the account whose sign-in page /app/ opens on this phone
DEVICE_LIFE_SECONDS = 400 * 24 * 3600  # the longest a browser keeps a cookie


@define
class WorkerVisit:
    """What an app page gets: the request's values, the services and the signed-in worker."""

    services: Services
    me: SignedWorker
    query: Mapping[str, str]
    form: FormData | None
    token: str | None = None

    @property
    def language(self) -> str:
        return language_of(self.me.worker.preferred_language)

    def value(self, name: str) -> str | None:
        """A form field (or, for a GET, a query parameter), trimmed; None when blank or absent."""
        source: Any = self.form if self.form is not None else self.query
        raw = source.get(name)
        text = raw.strip() if isinstance(raw, str) else None
        return text or None

    @property
    def done(self) -> str | None:
        """The address's ``done`` when it is a code of ``AppDone`` (the page says its words), else None."""
        code = self.query.get("done")
        return code if code in APP_DONE else None

    def number(self, name: str) -> int:
        """A form's id field (1 to the largest id): else 400 naming it."""
        text = self.value(name)
        if text is None or not text.isdigit():
            raise ValidationFailed(name, f"{name} must be a whole number.")
        found = read_id(int(text), name, required=True)
        assert found is not None
        return found

    def page(self, template: str, status_code: int = 200, **context: Any) -> Response:
        return app_page(template, self.language, status_code, me=self.me, **context)

    def back(self, path: str, done: AppDone) -> Response:
        target = f"{path}?done={done.value}"
        return secure(RedirectResponse(target, status_code=303))


WorkerPage = Callable[[WorkerVisit], Response]


def app_page(
    template: str, language: str, status_code: int = 200, *, me: SignedWorker | None = None, **context: Any
) -> Response:
    shared: dict[str, Any] = {"me": me, "csrf_token": me.session.csrf_token if me is not None else None}
    return secure(HTMLResponse(render(template, language, **shared, **context), status_code=status_code))


def app_error(error: WorkforceError, language: str, me: SignedWorker | None = None) -> Response:
    status = 404 if isinstance(error, NotFound) else error.status
    return app_page(
        "app/error.html",
        language,
        status,
        me=me,
        status=status,
        error_code=error.code,
        message=error.message,
        extra=error.extra,
    )


def keep_app_session(reply: Response, token: str, request: Request) -> Response:
    """The app's session cookie, for /app/ only."""
    return session_cookie(reply, request, APP_COOKIE, token, APP_SESSION_LONGEST, "/app/")


def device_of(request: Request) -> str:
    """This phone's code: the one its cookie holds, else a new one (``keep_device`` stores it)."""
    return device_code(request.cookies.get(DEVICE_COOKIE)) or new_device()


def keep_device(reply: Response, device: str, request: Request) -> Response:
    reply.set_cookie(
        DEVICE_COOKIE,
        device,
        max_age=DEVICE_LIFE_SECONDS,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
        path="/app/",
    )
    return reply


def _open(request: Request, services: Services, form: Body) -> WorkerVisit:
    token = request.cookies.get(APP_COOKIE)
    me = services.run(signed_worker, token)
    assert not isinstance(form, dict)  # the app's pages post forms
    return WorkerVisit(services, me, request.query_params, form, token)


def _refused(error: WorkforceError, visit: WorkerVisit | None) -> Response:
    if visit is None:
        return app_error(error, language_of(None))
    return app_error(error, visit.language, visit.me)


def _failed(visit: WorkerVisit | None) -> Response:
    language, me = (visit.language, visit.me) if visit is not None else (language_of(None), None)
    return app_page("app/error.html", language, 500, me=me, status=500, error_code="server_error", message="", extra={})


WORKERS: Surface[WorkerVisit] = Surface(
    name="worker app",
    opens=_open,
    csrf_token=lambda visit: visit.me.session.csrf_token,
    signed_out=lambda request: RedirectResponse("/app/", status_code=303),
    refused=_refused,
    failed=_failed,
)


def app_route(path: str, page: WorkerPage, *, methods: tuple[str, ...] = ("GET",)) -> Route:
    """A page at ``/app{path}`` for a signed-in worker, on the workers' request path."""
    return route(WORKERS, f"/app{path}", page, methods=methods)
