"""The demo's current pay week, alive whatever the day it is seeded on.

The demo account's pay week starts three days before the day of the seed (``DAYS_BEFORE``), so the
current week always has three days already worked, today, and three days to come. Everything below
goes through the use cases, each step as of the moment it happened (``At``):

- worked and approved shifts of the past days, waiting for the hirer's sign-off; some already signed off;
- flagged shifts for the agency to approve: a clock outside City Depot's fence, a clock with a poor GPS
  fix, a shift with no clock-out, a paper shift typed in;
- a hirer's query on a shift, and a worker paid under the minimum wage of their age band;
- two workers on site now;
- requirements later this week partly filled, with offers waiting for the workers' answers.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from decimal import Decimal
from typing import Any

from attrs import evolve, frozen

from workforce_adapters.json.commands import structure
from workforce_core.commands.bookings import BookShift
from workforce_core.commands.clocking import ClockWorker
from workforce_core.commands.demands import CreateDemand, SendOffers
from workforce_core.commands.time_records import AddBreak, Backfill, QueryEntry
from workforce_core.model.people import Actor
from workforce_core.model.principal import Principal
from workforce_core.ports import Clock
from workforce_core.rules.calendar import day_type
from workforce_core.rules.london import LONDON, from_local
from workforce_core.services import approvals, bookings, clocking, demands, offers, time_records
from workforce_entrypoints.bootstrap import Services

NORTH, DEPOT, OFFICE = "North Warehouse", "City Depot", "Head Office"  # demo.SITES
DAYS_BEFORE = 3  # the pay week starts this many days before the seed's day
DAY_SHIFT = (time(8), time(16, 30))
# Where the phones were when the demo's workers clocked: at each mapped site, and 1.8 km from City Depot
AT_SITE: dict[str, tuple[Decimal, Decimal]] = {
    NORTH: (Decimal("53.7801"), Decimal("-1.5502")),
    DEPOT: (Decimal("53.4795"), Decimal("-2.2451")),
}
AWAY_FROM_CITY_DEPOT = (Decimal("53.4930"), Decimal("-2.2300"))
GOOD_FIX, POOR_FIX_METRES = Decimal(12), Decimal(180)  # metres; North Warehouse trusts a fix of 50 m or better
HIRER_QUESTION = "Our gate log has this worker leaving at 15:45, not 16:30. Can you check?"


@frozen
class At:
    """The clock of a step of the demo's past: what happened then is recorded as of then."""

    moment: datetime

    def now(self) -> datetime:
        return self.moment


def pay_week_start_day(today: date) -> int:
    """The demo account's pay week start day (1 Monday ... 7 Sunday): ``DAYS_BEFORE`` days before today."""
    return (today - timedelta(days=DAYS_BEFORE)).isoweekday()


# who the week's stories happen to (the demo's workers by name; demo.WORKERS says where each belongs)
DAY_WORKERS = (("Alice Brown", NORTH), ("Jack Evans", NORTH), ("Hiroshi Tanaka", OFFICE))
OUTSIDE_FENCE = ("Femi Adeyemi", DEPOT)  # the middle day clocked 1.8 km from the site
POOR_FIX = ("Bogdan Ionescu", NORTH)  # the last day clocked with a poor GPS fix
NO_CLOCK_OUT = ("Chloe Davies", NORTH)  # clocked in yesterday, never out
PAPER = ("Ieva Kazlauskaitė", OFFICE)  # the middle day typed in from paper
ON_SITE = (("Grace Taylor", DEPOT), ("Ieva Kazlauskaitė", OFFICE))
QUERIED = "Alice Brown"  # the hirer queries the first day of this worker
SIGNED_OFF = ("Jack Evans", "Bogdan Ionescu")  # the hirer signed their first day off
HIRER_SITES = (NORTH, DEPOT)  # the hirer contact's sites
# paid under the National Living Wage of their age (12.71 from April 2026): an exception to see
PAID_UNDER_BAND: dict[str, dict[str, Any]] = {
    "Jack Evans": {"hourly_rate": Decimal("12.00"), "date_of_birth": "1994-03-09"}
}
BADGES = ("Grace Taylor", "Jack Evans")  # kiosk PINs printed for them
APP_WORKER = "Grace Taylor"  # on site now with an offer waiting: the worker app link is hers
PLACES = (  # site, days after today, headcount, role, booked onto it, offered
    (NORTH, 1, 4, "Picker", ("Alice Brown", "Bogdan Ionescu"), ("Jack Evans", "Chloe Davies")),
    (DEPOT, 2, 3, "Loader", ("Femi Adeyemi",), ("Grace Taylor",)),
)


@frozen
class Demo:
    """The demo account as the week's seed acts on it: its full key, its hirer contact, its sites and
    workers by name."""

    key: Principal
    hirer: Actor
    sites: dict[str, int]
    workers: dict[str, int]


def this_week(s: Services, demo: Demo, week: date) -> dict[str, Any]:
    """Seed the current pay week starting ``week`` (today is its day ``DAYS_BEFORE``); what it made."""
    past = [week + timedelta(days=n) for n in range(DAYS_BEFORE)]
    before = At(from_local(week - timedelta(days=1), time(9)))
    for name, site in (*DAY_WORKERS, OUTSIDE_FENCE, POOR_FIX):
        for day in _days_of(name, past):
            _book(s, demo, name, site, day, DAY_SHIFT, before)
    _book(s, demo, *NO_CLOCK_OUT, past[-1], DAY_SHIFT, before)
    worked: dict[tuple[str, int], int] = {}
    for name, site in DAY_WORKERS:
        for n, day in enumerate(past):
            if day in _days_of(name, past):
                worked[(name, n)] = _day_worked(s, demo, name, site, day, AT_SITE.get(site))
    for n, day in enumerate(past):  # the middle day away from City Depot, the last with a poor fix
        where = AWAY_FROM_CITY_DEPOT if n == 1 else AT_SITE[DEPOT]
        worked[(OUTSIDE_FENCE[0], n)] = _day_worked(s, demo, *OUTSIDE_FENCE, day, where)
        fix = POOR_FIX_METRES if n == 2 else GOOD_FIX
        worked[(POOR_FIX[0], n)] = _day_worked(s, demo, *POOR_FIX, day, AT_SITE[NORTH], fix)
    flagged = {
        "geofence_outside": worked.pop((OUTSIDE_FENCE[0], 1)),
        "low_gps_confidence": worked.pop((POOR_FIX[0], 2)),
        "open_clock_out": _clock(s, demo, *NO_CLOCK_OUT, past[-1], DAY_SHIFT[0], "in", AT_SITE[NORTH]),
        "paper": _paper(s, demo, *PAPER, past[1]),
    }
    queried = _hirer(s, demo, worked, past)
    return {
        "pay_week": week.isoformat(),
        "today": (week + timedelta(days=DAYS_BEFORE)).isoformat(),
        "flagged_entry_ids": flagged,
        "queried_entry_id": queried,
        "on_site_entry_ids": [_on_site(s, demo, name, site) for name, site in ON_SITE],
        **_open_places(s, demo, week),
    }


def _hirer(s: Services, demo: Demo, worked: dict[tuple[str, int], int], past: list[date]) -> int:
    """At the end of yesterday the agency approved the clean shifts; the hirer signed two off and queried
    one; the rest wait for the hirer's sign-off. The queried shift's id."""
    evolve(s, clock=At(from_local(past[-1], time(17, 30)))).run(approvals.approve, sorted(worked.values()))
    hirer = evolve(s, clock=At(from_local(past[-1], time(18))))
    first = {name: worked[min(key for key in worked if key[0] == name)] for name, _ in worked}
    hirer.run(approvals.client_approve, [first[name] for name in SIGNED_OFF], actor=demo.hirer)
    queried = first[QUERIED]
    question = QueryEntry(entry_id=queried, via="client", question=HIRER_QUESTION)
    hirer.run(approvals.query, question, actor=demo.hirer)
    return queried


def _days_of(name: str, past: list[date]) -> list[date]:
    """The past days a worker worked: the one paid under their band only ordinary weekdays (a weekend or
    bank holiday premium would lift the week's pay over the band's rate)."""
    return [day for day in past if name not in PAID_UNDER_BAND or day_type(day) == "weekday"]


def _open_places(s: Services, demo: Demo, week: date) -> dict[str, Any]:
    """Requirements in the days to come, each partly filled, with offers waiting for answers."""
    asked = evolve(s, clock=At(from_local(week + timedelta(days=DAYS_BEFORE - 1), time(11))))
    made: list[int] = []
    waiting = 0
    for site, after_today, headcount, role, booked, offered in PLACES:
        raw = {
            "location_id": demo.sites[site],
            "shift_date": (week + timedelta(days=DAYS_BEFORE + after_today)).isoformat(),
            "start_time": "08:00",
            "end_time": "16:30",
            "break_minutes": 30,
            "headcount": headcount,
            "job_role": role,
        }
        demand = asked.run(demands.create, structure(CreateDemand, raw), principal=demo.key).demand
        for name in booked:
            onto = BookShift(worker_id=demo.workers[name], demand_id=demand.id, status="published")
            asked.run(bookings.book, onto, client_id=demand.client_id)
        sent = SendOffers(demand_id=demand.id, worker_ids=tuple(demo.workers[name] for name in offered))
        waiting += len(asked.run(offers.send, sent))
        made.append(demand.id)
    return {"requirement_ids": made, "offers_waiting": waiting}


def _book(s: Services, demo: Demo, name: str, site: str, day: date, slot: tuple[time, time], at: Clock) -> int:
    raw = {
        "worker_id": demo.workers[name],
        "location_id": demo.sites[site],
        "shift_date": day.isoformat(),
        "start_time": slot[0].strftime("%H:%M"),
        "end_time": slot[1].strftime("%H:%M"),
        "break_minutes": 30,
        "status": "published",
    }
    booked = evolve(s, clock=at).run(bookings.book, structure(BookShift, raw), client_id=demo.key.client_id)
    return booked.booking.id


def _clock(
    s: Services,
    demo: Demo,
    name: str,
    site: str,
    day: date,
    when: time,
    action: str,
    where: tuple[Decimal, Decimal] | None,
    fix: Decimal = GOOD_FIX,
) -> int:
    """A clock sent by the site's clocking terminal (the API) at ``when`` on ``day``, from ``where``."""
    latitude, longitude = where if where else (None, None)
    command = ClockWorker(
        action=action,
        worker_id=demo.workers[name],
        location_id=demo.sites[site],
        latitude=latitude,
        longitude=longitude,
        gps_accuracy=fix if where else None,
    )
    done = evolve(s, clock=At(from_local(day, when))).run(clocking.clock_worker, command, principal=demo.key)
    return done.view.entry.id


def _day_worked(
    s: Services,
    demo: Demo,
    name: str,
    site: str,
    day: date,
    where: tuple[Decimal, Decimal] | None,
    fix: Decimal = GOOD_FIX,
) -> int:
    """A booked day shift clocked in and out on time (two minutes early in, a minute late out), with its
    lunch break added from the site's sheet before the day's approvals."""
    entry = _clock(s, demo, name, site, day, time(7, 58), "in", where, fix)
    _clock(s, demo, name, site, day, time(16, 31), "out", where, fix)
    lunch = AddBreak(shift_id=entry, start=from_local(day, time(12, 30)), end=from_local(day, time(13)))
    evolve(s, clock=At(from_local(day, time(17)))).run(time_records.add_break, lunch)
    return entry


def _paper(s: Services, demo: Demo, name: str, site: str, day: date) -> int:
    """A shift worked without clocking, typed in the next morning from the paper timesheet."""
    paper = Backfill(
        worker_id=demo.workers[name],
        location_id=demo.sites[site],
        clock_in=from_local(day, time(9)),
        clock_out=from_local(day, time(17, 15)),
        break_minutes=30,
    )
    typed = At(from_local(day + timedelta(days=1), time(9, 30)))
    return evolve(s, clock=typed).run(time_records.backfill, paper).entry.id


def _on_site(s: Services, demo: Demo, name: str, site: str) -> int:
    """Booked for a shift that began two hours ago (on the quarter hour) and clocked in at its start."""
    local = (s.clock.now() - timedelta(hours=2)).astimezone(LONDON)
    start = local.replace(minute=local.minute - local.minute % 15, second=0, microsecond=0)
    slot = (start.time(), (start + timedelta(hours=8, minutes=30)).time())
    _book(s, demo, name, site, start.date(), slot, At(start - timedelta(days=1)))
    return _clock(s, demo, name, site, start.date(), slot[0], "in", AT_SITE.get(site))
