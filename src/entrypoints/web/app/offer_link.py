"""An offer's one-tap link (``/offers/link/{token}``, sent in the ``offer_sent`` message): the shift
offered (site, day, times) with Accept and Decline, in the language of the worker it was sent to; no
sign-in, the link's secret is the worker's proof. Showing it (GET, HEAD: a chat app's preview, a mail
scanner) changes nothing; the buttons' POST answers, once, through ``filling.answer_by_link``, and the
page then says what it did: booked, declined, or, when quicker workers took the places, that the shift
is filled.

The buttons' form carries a token matching a cookie of its own (double submit, as the other links'
forms); one token serves every offer link a phone opens, so two offers open side by side both answer.
"""

from __future__ import annotations

import secrets
from typing import Any

from attrs import frozen
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import BaseRoute

from workforce_core.errors import SessionEnded, ValidationFailed, WorkforceError
from workforce_core.model.filling import LinkAnswer
from workforce_core.services import filling
from workforce_core.services.filling import ShownOffer
from workforce_core.steps.offer_rounds import LINK_PATH
from workforce_entrypoints.bootstrap import Services
from workforce_entrypoints.web.app.rendering import language_of
from workforce_entrypoints.web.app.visits import app_error, app_page
from workforce_entrypoints.web.common.double_submit import keep_token, new_token
from workforce_entrypoints.web.common.request_path import Body, Surface, route, secure

COOKIE = "workforce_offer_link"
ANSWERS = ("accept", "decline")
OUTCOMES = frozenset(outcome.value for outcome in LinkAnswer)


@frozen
class OfferVisit:
    """A visit to an offer's link: the request, the services, the form posted (None on a GET), the
    double-submit token its cookie kept (empty: none) and the offer the link is for."""

    request: Request
    services: Services
    form: FormData | None
    kept: str
    shown: ShownOffer

    @property
    def token(self) -> str:
        return str(self.request.path_params["token"])

    @property
    def language(self) -> str:
        return language_of(self.shown.language)


def _opens(request: Request, services: Services, body: Body) -> OfferVisit:
    assert not isinstance(body, dict)  # the buttons post a form
    shown = services.run(filling.offer_by_link, request.path_params["token"])  # 404: no link has the token
    return OfferVisit(request, services, body, request.cookies.get(COOKIE) or "", shown)


def _refused(error: WorkforceError, visit: OfferVisit | None) -> Response:
    return app_error(error, visit.language if visit is not None else language_of(None))


def _failed(visit: OfferVisit | None) -> Response:
    language = visit.language if visit is not None else language_of(None)
    return app_page("app/error.html", language, 500, status=500, error_code="server_error", message="", extra={})


OFFER_LINKS: Surface[OfferVisit] = Surface(
    name="offer link",
    opens=_opens,
    # no cookie kept: a token nobody was given, so the post is refused
    csrf_token=lambda visit: visit.kept or secrets.token_urlsafe(32),
    signed_out=lambda request: app_error(SessionEnded(), language_of(None)),
    refused=_refused,
    failed=_failed,
)


def offer_page(visit: OfferVisit) -> Response:
    """The offer, its buttons while it can be answered, and what an answer did (``?done=``)."""
    done = visit.request.query_params.get("done")
    kept = visit.kept or new_token()
    context: dict[str, Any] = {
        "shown": visit.shown,
        "d": visit.shown.demand,
        "token": visit.token,
        "pre_token": kept,
        "done": done if done in OUTCOMES and not visit.shown.answerable else None,
    }
    reply = app_page("app/offer_link.html", visit.language, **context)
    return keep_token(reply, kept, visit.request, cookie=COOKIE, path=LINK_PATH)


def answer(visit: OfferVisit) -> Response:
    given = visit.form.get("answer") if visit.form is not None else None
    if given not in ANSWERS:
        raise ValidationFailed("answer", "answer accept or decline.")
    outcome = visit.services.run(filling.answer_by_link, visit.token, given)
    return secure(RedirectResponse(f"{LINK_PATH}{visit.token}?done={outcome.value}", status_code=303))


ROUTES: list[BaseRoute] = [
    route(OFFER_LINKS, LINK_PATH + "{token:str}", offer_page, methods=("GET", "HEAD")),
    route(OFFER_LINKS, LINK_PATH + "{token:str}", answer, methods=("POST",)),
]
