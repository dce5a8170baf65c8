"""The second step of signing in: a person with two-factor sign-in on sends a code from their app (or a
recovery code) after a right password. The challenge is a cookie of the sign-in pages' path alone
(``HttpOnly``, five minutes); the form carries a double-submit token, as the password form does.
A recovery code leads to the two-factor page, which says how many are left.
"""

from __future__ import annotations

import secrets

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from workforce_core.commands.two_factor import SignInWithCode
from workforce_core.errors import CsrfRefused, SecondStepEnded, WorkforceError
from workforce_core.rules.two_factor import SECOND_STEP_LIFETIME, CodeKind
from workforce_core.services.second_step import sign_in_with_code
from workforce_core.steps.second_factor import CodeNeeded
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.serving.storage_threads import StorageThreads
from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.request_path import CSRF_FIELD, secure
from workforce_entrypoints.web.common.visits import keep_session, page_reply
from workforce_entrypoints.web.console.sign_in_targets import PRE_COOKIE as PASSWORD_COOKIE
from workforce_entrypoints.web.console.sign_in_targets import next_path

CHALLENGE_COOKIE = "workforce_second_step"
CODE_PATH = "/console/sign-in/code"
PRE_COOKIE = "workforce_sign_in_code"


def ask_for_code(request: Request, needed: CodeNeeded, target: str) -> Response:
    """The reply to a right password when a code is needed: the challenge's cookie, then the code page."""
    reply = secure(RedirectResponse(f"{CODE_PATH}?next={target}", status_code=303))
    reply.set_cookie(
        CHALLENGE_COOKIE,
        needed.token,
        max_age=int(SECOND_STEP_LIFETIME.total_seconds()),
        path=CODE_PATH,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )
    return reply


def _form(request: Request, target: str, code: int = 200, error: str | None = None) -> Response:
    token = secrets.token_urlsafe(32)
    reply = page_reply("sign_in_code.html", None, code, pre_token=token, next=target, error=error)
    reply.set_cookie(
        PRE_COOKIE, token, httponly=True, samesite="lax", secure=request.url.scheme == "https", path=CODE_PATH
    )
    return reply


async def code_form(request: Request) -> Response:
    if not request.cookies.get(CHALLENGE_COOKIE):
        return secure(RedirectResponse("/console/sign-in", status_code=303))
    return _form(request, next_path(request.query_params.get("next")))


async def code_post(request: Request) -> Response:
    services: Services = request.app.state.services
    threads: StorageThreads = request.app.state.threads
    form = await request.form()
    target = next_path(str(form.get("next") or ""))
    sent, kept = str(form.get(CSRF_FIELD) or ""), request.cookies.get(PRE_COOKIE) or ""
    address = request.client.host if request.client else "unknown"
    command = SignInWithCode(
        token=request.cookies.get(CHALLENGE_COOKIE) or "", code=str(form.get("code") or ""), address=address
    )
    try:
        if not kept or not secrets.compare_digest(sent, kept):
            raise CsrfRefused()
        accepted = await threads.run(
            sign_in_with_code,
            command,
            uow=services.uow,
            codes=services.codes,
            limiter=services.limiter,
            clock=services.clock,
        )
    except SecondStepEnded as ended:  # the password form again, with its own token
        token = secrets.token_urlsafe(32)
        reply = page_reply("sign_in.html", None, ended.status, pre_token=token, next=target, error=ended.message)
        reply.set_cookie(PASSWORD_COOKIE, token, httponly=True, samesite="lax", secure=request.url.scheme == "https")
        reply.delete_cookie(CHALLENGE_COOKIE, path=CODE_PATH)
        return reply
    except WorkforceError as error:
        reply = _form(request, target, error.status, error.message)
        retry_after = getattr(error, "retry_after", None)
        if retry_after is not None:
            reply.headers["Retry-After"] = str(retry_after)
        return reply
    assert accepted.signed.token is not None
    if accepted.kind is CodeKind.RECOVERY:  # likely a lost device: the page that tells what is left
        target = f"/console/two-factor?done={Done.RECOVERY_CODE_USED.value}&count={accepted.recovery_left}"
    reply = keep_session(secure(RedirectResponse(target, status_code=303)), accepted.signed.token, request)
    reply.delete_cookie(CHALLENGE_COOKIE, path=CODE_PATH)
    reply.delete_cookie(PRE_COOKIE, path=CODE_PATH)
    return reply


ROUTES: list[BaseRoute] = [
    Route(CODE_PATH, code_form, methods=["GET"]),
    Route(CODE_PATH, code_post, methods=["POST"]),
]
