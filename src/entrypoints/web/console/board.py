"""The shifts board as a week grid (the console's Shifts page): rows are the sites' requirement lines,
columns the seven days of the pay week; each requirement shows filled/headcount and its open places,
each booking is a chip with the worker's name and status. Choosing an open place loads who is free for
its slot (htmx, ranked as ``/shifts.php?action=free``), where one click books (the requirement's card
changes in place) and another offers the place to the rest of the eligible workers. Copying last week's
requirements is one action. At phone width the grid shows one day (``?day=``) at a time."""

from __future__ import annotations

from datetime import date
from itertools import groupby

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_adapters.json.commands import structure
from workforce_core.commands.bookings import BookShift
from workforce_core.commands.demands import SendOffers
from workforce_core.errors import Conflict, InvalidParameter, NotEligible
from workforce_core.model.bookings import BookingStatus
from workforce_core.model.demands import DemandStatus, OfferStatus
from workforce_core.ports import Paging
from workforce_core.rules.london import local_date
from workforce_core.rules.pages import Page
from workforce_core.rules.people import Power, may
from workforce_core.services import bookings, offers, reads
from workforce_core.services.availability import FreeQuery, who_is_free
from workforce_core.services.board import STATUSES, BoardQuery, board, placed
from workforce_core.services.demands import DemandQuery, demands
from workforce_core.services.offers import OfferQuery
from workforce_core.services.week_copy import copy_last_week
from workforce_core.views import DemandView
from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.redirects import back_to
from workforce_entrypoints.web.common.visits import Visit, console_route
from workforce_entrypoints.web.common.weeks import shown_week
from workforce_entrypoints.web.console import reasons
from workforce_entrypoints.web.console.shifts import FREE, free_row, site_choices, wall, worker_choices

OFFERS = 500  # a requirement's offers read to leave out who already has one


def board_page(visit: Visit) -> Response:
    p, s = visit.client, visit.services
    week = shown_week(visit)
    site_id, role, status = visit.number("location_id"), visit.value("job_role"), visit.value("status")
    found = s.run(board, p, BoardQuery(week=week.first, location_id=site_id, job_role=role, status=status))
    return visit.page(
        "board.html",
        week=week,
        board=found,
        by_site=[(site, list(lines)) for site, lines in groupby(found.lines, key=lambda line: line.site)],
        shown_day=_shown_day(visit, found.days, local_date(s.clock.now())),
        sites=site_choices(visit),
        workers=worker_choices(visit) if may(visit.signed.actor, Power.BOOK) else (),
        location_id=site_id,
        job_role=role or "",
        status=status or "",
        statuses=STATUSES,
        may_book=may(visit.signed.actor, Power.BOOK),
    )


def _shown_day(visit: Visit, days: tuple[date, ...], today: date) -> date:
    """The day a phone shows: ``?day=`` inside the week, else today when the week holds it, else the first."""
    text = visit.value("day")
    if text is not None:
        try:
            asked = date.fromisoformat(text)
        except ValueError:
            raise InvalidParameter("day", "day is a date YYYY-MM-DD inside the week.") from None
        if asked in days:
            return asked
    return today if today in days else days[0]


def _requirement(visit: Visit) -> DemandView:
    p, s = visit.client, visit.services
    asked = DemandQuery(paging=Paging(limit=1), id=int(visit.path["demand_id"]))
    return reads.one(s.run(demands, p, asked))


def _panel(visit: Visit, view: DemandView, *, message: str | None = None, refused: bool = False) -> Response:
    """Who is free for the requirement's slot, best first; with the requirement's card, swapped in place."""
    p, s = visit.client, visit.services
    d = view.demand
    slot = FreeQuery(paging=Paging(limit=FREE), available_from=d.start, available_to=d.end, location_id=d.location_id,
                     job_role=d.job_role)  # fmt: skip
    free = s.run(who_is_free, p, slot)
    waiting = {
        o.offer.worker_id
        for o in s.run(offers.offers, p, OfferQuery(paging=Paging(limit=OFFERS), demand_id=d.id)).items
        if o.offer.status == OfferStatus.SENT
    }
    booked = {shift.booking.worker_id for shift in view.shifts or ()}
    rows = [free_row(found) | {"offered": found.worker.id in waiting} for found in free.page.items]
    rest = [row["worker"].id for row in rows if row["eligible"] and row["worker"].id not in waiting | booked]
    return visit.page(
        "_board_free.html",
        view=view,
        placed=placed(view, view.shifts or (), s.clock.now()),
        start=wall(d.start),
        end=wall(d.end),
        free=rows,
        free_total=free.page.total,
        rest=rest,
        takes_bookings=view.status == DemandStatus.OPEN,
        may_book=may(visit.signed.actor, Power.BOOK),
        message=message,
        refused=refused,
    )


def free_panel(visit: Visit) -> Response:
    return _panel(visit, _requirement(visit))


def book_from_board(visit: Visit) -> Response:
    """One click: the worker booked onto the requirement (published); the panel and the card again."""
    s = visit.services
    demand_id = int(visit.path["demand_id"])
    given = {"worker_id": visit.number("worker_id"), "demand_id": demand_id, "status": BookingStatus.PUBLISHED}
    command = structure(BookShift, given)
    try:
        made = s.run(bookings.book, command, client_id=visit.client.client_id, actor=visit.signed.actor)
    except NotEligible as error:
        return _panel(visit, _requirement(visit), message=reasons.refusal(error, "The worker"), refused=True)
    except Conflict as error:  # full, cancelled or finished since the panel was shown
        return _panel(visit, _requirement(visit), message=error.message, refused=True)
    return _panel(visit, _requirement(visit), message=f"Booked {made.worker_name}.")


def offer_to_the_rest(visit: Visit) -> Response:
    """Offers of the place to each worker the panel listed as eligible, not booked and not yet offered."""
    s = visit.services
    ids = tuple(int(v) for v in visit.values("worker_ids") if v.isdigit())
    if not ids:
        return _panel(visit, _requirement(visit), message="Nobody else can be offered this place.", refused=True)
    try:
        command = SendOffers(demand_id=int(visit.path["demand_id"]), worker_ids=ids)
        sent = s.run(offers.send, command, actor=visit.signed.actor)
    except Conflict as error:
        return _panel(visit, _requirement(visit), message=error.message, refused=True)
    count = len(sent)
    return _panel(visit, _requirement(visit), message=f"Offered to {count} worker{'s' if count != 1 else ''}.")


def copy_week(visit: Visit) -> Response:
    s = visit.services
    week = shown_week(visit)
    copied = s.run(copy_last_week, visit.client, week.first)
    return back_to(visit, "/shifts", Done.WEEK_COPIED, count=len(copied.made), week=str(week.first))


BOARD = "/{client_id:int}/shifts/board/{demand_id:int}"
POST = ("POST",)
ROUTES: list[BaseRoute] = [
    console_route("/{client_id:int}/shifts", board_page, opens=Page.SHIFTS),
    console_route("/{client_id:int}/shifts/copy-last-week", copy_week, methods=POST),
    console_route(BOARD + "/free", free_panel, opens=Page.SHIFTS),
    console_route(BOARD + "/book", book_from_board, methods=POST),
    console_route(BOARD + "/offers", offer_to_the_rest, methods=POST),
]
