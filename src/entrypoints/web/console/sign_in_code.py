"""The second step of signing in: a person with two-factor sign-in on sends a code from their app (or a
recovery code) after a right password. The challenge is a cookie of the sign-in pages' path alone
(``HttpOnly``, five minutes); the form carries a double-submit token, as the password form does, checked
by the request path (``double_submit``).
A recovery code leads to the two-factor page, which says how many are left.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from workforce_core.commands.two_factor import SignInWithCode
from workforce_core.errors import SecondStepEnded, WorkforceError
from workforce_core.rules.two_factor import SECOND_STEP_LIFETIME, CodeKind
from workforce_core.services.second_step import sign_in_with_code
from workforce_core.steps.second_factor import CodeNeeded
from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.double_submit import Arrival, arrivals, keep_token, new_token, retry_later
from workforce_entrypoints.web.common.request_path import route, secure
from workforce_entrypoints.web.common.visits import error_page, failed_page, keep_session, page_reply
from workforce_entrypoints.web.console.sign_in_targets import next_path, password_form

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
    token = new_token()
    reply = page_reply("sign_in_code.html", None, code, pre_token=token, next=target, error=error)
    return keep_token(reply, token, request, cookie=PRE_COOKIE, path=CODE_PATH)


async def code_form(request: Request) -> Response:
    if not request.cookies.get(CHALLENGE_COOKIE):
        return secure(RedirectResponse("/console/sign-in", status_code=303))
    return _form(request, next_path(request.query_params.get("next")))


def code_post(arrival: Arrival) -> Response:
    request, target = arrival.request, next_path(arrival.field("next"))
    challenge = request.cookies.get(CHALLENGE_COOKIE) or ""
    command = SignInWithCode(token=challenge, code=arrival.field("code"), address=arrival.address)
    accepted = arrival.services.run(sign_in_with_code, command)
    assert accepted.signed.token is not None
    if accepted.kind is CodeKind.RECOVERY:  # likely a lost device: the page that tells what is left
        target = f"/console/two-factor?done={Done.RECOVERY_CODE_USED.value}&count={accepted.recovery_left}"
    reply = keep_session(secure(RedirectResponse(target, status_code=303)), accepted.signed.token, request)
    reply.delete_cookie(CHALLENGE_COOKIE, path=CODE_PATH)
    reply.delete_cookie(PRE_COOKIE, path=CODE_PATH)
    return reply


def _refused(error: WorkforceError, arrival: Arrival | None) -> Response:
    """An ended challenge: the password form again, with its own token; else the code form again with
    the refusal's words (``Retry-After`` when throttled)."""
    if arrival is None:
        return error_page(error, None)
    request, target = arrival.request, next_path(arrival.field("next"))
    if isinstance(error, SecondStepEnded):
        reply = password_form(request, error.status, next=target, error=error.message)
        reply.delete_cookie(CHALLENGE_COOKIE, path=CODE_PATH)
        return reply
    return retry_later(_form(request, target, error.status, error.message), error)


SECOND_STEP = arrivals(
    "console sign-in code",
    cookie=PRE_COOKIE,
    refused=_refused,
    signed_out=lambda request: secure(RedirectResponse("/console/sign-in", status_code=303)),
    failed=lambda arrival: failed_page(None),
)


ROUTES: list[BaseRoute] = [
    Route(CODE_PATH, code_form, methods=["GET"]),
    route(SECOND_STEP, CODE_PATH, code_post, methods=("POST",)),
]
