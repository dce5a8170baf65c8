"""The worker app's shifts and offers: the worker's own bookings of the next four weeks (each
acknowledged or declined), and the offers waiting for their answer (accepted or declined). The
answers go through the same use cases as the console's, given the session's worker: an id of
another worker's offer or shift is 404."""

from __future__ import annotations

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_core.errors import ValidationFailed
from workforce_core.rules.london import local_date
from workforce_core.services import offers
from workforce_core.services.booking_answers import BookingAnswer, answer_booking
from workforce_core.services.worker_app_reads import open_shift, upcoming_shifts, waiting_offers
from workforce_entrypoints.web.app.visits import WorkerVisit, app_route
from workforce_entrypoints.web.common.done import AppDone


def shifts_page(visit: WorkerVisit) -> Response:
    s, now = visit.services, visit.services.clock.now()
    return visit.page(
        "app/shifts.html",
        shifts=s.run(upcoming_shifts, visit.me, local_date(now)),
        offers=len(s.run(waiting_offers, visit.me, now)),
        open_entry=s.run(open_shift, visit.me, now),
        as_of=now,
        done=visit.done,
    )


def answer_shift(visit: WorkerVisit) -> Response:
    s, answer = visit.services, visit.value("answer")
    given: BookingAnswer
    if answer == "acknowledge":
        given = "acknowledge"
    elif answer == "decline":
        given = "decline"
    else:
        raise ValidationFailed("answer", "answer acknowledge or decline.")
    s.run(answer_booking, visit.number("shift_id"), given, worker_id=visit.me.worker.id)
    return visit.back("/app/shifts", AppDone.ACKNOWLEDGED if given == "acknowledge" else AppDone.DECLINED)


def offers_page(visit: WorkerVisit) -> Response:
    s = visit.services
    waiting = s.run(waiting_offers, visit.me, s.clock.now())
    return visit.page("app/offers.html", offers=waiting, done=visit.done)


def answer_offer(visit: WorkerVisit) -> Response:
    s, answer = visit.services, visit.value("answer")
    given: offers.Answer
    if answer == "accept":
        given = "accept"
    elif answer == "decline":
        given = "decline"
    else:
        raise ValidationFailed("answer", "answer accept or decline.")
    s.run(offers.answer, visit.number("offer_id"), given, worker_id=visit.me.worker.id)
    return visit.back("/app/offers", AppDone.ACCEPTED if given == "accept" else AppDone.DECLINED)


ROUTES: list[BaseRoute] = [
    app_route("/shifts", shifts_page),
    app_route("/shifts/answer", answer_shift, methods=("POST",)),
    app_route("/offers", offers_page),
    app_route("/offers/answer", answer_offer, methods=("POST",)),
]
