"""The person's own account, for every role (the console's staff and the portal's hirer contacts):
how they are told things (e-mail to their sign-in address, or nothing: users have no phone on record),
changing their password (the current one, the new one twice; their other sessions end, this one stays)
and where they are signed in (each session's start, address, browser and last use; end one, or every
one but this). Only their own sessions are ever looked up."""

from __future__ import annotations

from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute

from workforce_core.commands.people import ChangePassword
from workforce_core.errors import RateLimited, WorkforceError
from workforce_core.model.notifications import Channel, Recipient
from workforce_core.services import notifier_choices, notifier_reads
from workforce_core.services.own_sessions import end_other_sessions, end_own_session, own_sessions
from workforce_core.services.passwords import change_password
from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.request_path import secure
from workforce_entrypoints.web.common.visits import COOKIE, PageFunction, Visit, console_route, page_reply

PASSWORD_PAGE = "/console/account/password"
SESSIONS_PAGE = "/console/account/sessions"
CHANNELS_PAGE = "/console/account/channels"


def password_page(visit: Visit) -> Response:
    return visit.page("account_password.html")


def _raw(visit: Visit, name: str) -> str:
    """A password field as typed: spaces at either end are part of it."""
    sent = visit.form.get(name) if visit.form is not None else None
    return sent if isinstance(sent, str) else ""


def change_own_password(visit: Visit) -> Response:
    s, signed = visit.services, visit.signed
    try:
        command = ChangePassword(
            user_id=signed.user.id,
            session_id=signed.session.id,
            current_password=_raw(visit, "current_password"),
            new_password=_raw(visit, "new_password"),
            repeated=_raw(visit, "repeat_password"),
        )
        s.run(change_password, command)
    except WorkforceError as refused:  # the form again, with the reason beside the field it names
        reply = page_reply(
            "account_password.html", visit, refused.status, error=refused.message, field=refused.extra.get("field")
        )
        if isinstance(refused, RateLimited):
            reply.headers["Retry-After"] = str(refused.retry_after)
        return reply
    return _back(PASSWORD_PAGE, Done.PASSWORD_CHANGED)


def channels_page(visit: Visit) -> Response:
    reach = visit.services.run(notifier_reads.reach_of, Recipient.USER, visit.signed.user.id)
    return visit.page("account_channels.html", reach=reach)


def choose_channels(visit: Visit) -> Response:
    channels = [Channel.EMAIL] if Channel.EMAIL in visit.values("channels") else []
    visit.services.run(notifier_choices.choose_channels, Recipient.USER, visit.signed.user.id, channels)
    return _back(CHANNELS_PAGE, Done.CHANNELS_SAVED)


def sessions_page(visit: Visit) -> Response:
    s, signed = visit.services, visit.signed
    listed = s.run(own_sessions, signed.user.id, signed.session.id)
    return visit.page("account_sessions.html", sessions=listed)


def end_session(visit: Visit) -> Response:
    s, signed = visit.services, visit.signed
    ended = s.run(end_own_session, signed.user.id, int(visit.path["session_id"]))
    if ended.id == signed.session.id:  # this browser's own: signed out
        reply = secure(RedirectResponse("/console/sign-in", status_code=303))
        reply.delete_cookie(COOKIE, path="/")
        return reply
    return _back(SESSIONS_PAGE, Done.SESSION_ENDED)


def end_others(visit: Visit) -> Response:
    s, signed = visit.services, visit.signed
    s.run(end_other_sessions, signed.user.id, signed.session.id)
    return _back(SESSIONS_PAGE, Done.SIGNED_OUT_ELSEWHERE)


def _back(path: str, done: Done) -> Response:
    return secure(RedirectResponse(f"{path}?done={done.value}", status_code=303))


def _own(path: str, page: PageFunction, methods: tuple[str, ...] = ("GET",)) -> BaseRoute:
    return console_route(f"/account{path}", page, methods=methods, client=False, power=None)


ROUTES: list[BaseRoute] = [
    _own("/password", password_page),
    _own("/password", change_own_password, ("POST",)),
    _own("/channels", channels_page),
    _own("/channels", choose_channels, ("POST",)),
    _own("/sessions", sessions_page),
    _own("/sessions/others/end", end_others, ("POST",)),
    _own("/sessions/{session_id:int}/end", end_session, ("POST",)),
]
