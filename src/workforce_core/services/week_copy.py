"""Copy last week's requirements to this week (the shifts board's one action): each requirement of the
pay week before that is not cancelled, at a site the person reaches, is made again seven days later at
the same local times, with the same site, role, headcount, break and notes, in the same series
(``series_id``: the original's series, or the original itself when it had none). A copy already made
(the series holds a requirement on that day) is not made twice; a slot the clocks skip on the new day
is left out. All or none: a locked pay week refuses the whole copy (409 ``week_locked``)."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta

from attrs import frozen

from workforce_core.errors import ValidationFailed
from workforce_core.model.demands import Demand, DemandStatus
from workforce_core.model.principal import Principal
from workforce_core.ports import Clock, DemandFilter, Paging, Queries, UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.access import visible_sites
from workforce_core.rules.london import LONDON, utc
from workforce_core.rules.people import Power
from workforce_core.rules.slots import slot_times
from workforce_core.steps.booking_places import not_locked

WEEK = timedelta(days=7)
MOST = 2_000  # requirements of a week copied at once


@frozen
class WeekCopied:
    made: tuple[Demand, ...]
    already: int  # copies the week held before
    skipped: int  # slots the clocks skip on the new day


def series_of(demand: Demand) -> int:
    return demand.series_id if demand.series_id is not None else demand.id


def copy_last_week(
    principal: Principal, week: date, *, queries: Queries, uow: UnitOfWorkFactory, clock: Clock
) -> WeekCopied:
    """Last week's requirements into the pay week starting ``week``."""
    people.require(principal.actor, Power.BOOK)
    now = clock.now()
    sites = visible_sites(principal, None)

    def read(first: date) -> list[Demand]:
        wanted = DemandFilter(principal.client_id, Paging(limit=MOST), now, date_from=first,
                              date_to=first + timedelta(days=6), location_ids=sites)  # fmt: skip
        return [view.demand for view in queries.demands(wanted).items]

    there = {(series_of(d), d.shift_date) for d in read(week)}
    made, already, skipped = [], 0, 0
    with uow() as tx:
        for old in sorted(read(week - WEEK), key=lambda d: (d.start, d.id)):
            if old.status == DemandStatus.CANCELLED or not people.reaches(
                principal.actor, old.client_id, old.location_id
            ):
                continue
            day = old.shift_date + WEEK
            if (series_of(old), day) in there:
                already += 1
                continue
            try:
                times = slot_times(day, _wall(old.start), _wall(old.end))
            except ValidationFailed:
                skipped += 1
                continue
            not_locked(tx, old.client_id, old.location_id, day)
            made.append(
                tx.demands.add(
                    Demand(
                        client_id=old.client_id, location_id=old.location_id, shift_date=day, start=times.start,
                        end=times.end, headcount=old.headcount, requested=old.headcount, created_at=now,
                        updated_at=now, break_minutes=old.break_minutes, job_role=old.job_role, notes=old.notes,
                        series_id=series_of(old), source="console" if principal.actor is not None else "api",
                    )
                )
            )  # fmt: skip
        tx.commit()
    return WeekCopied(tuple(made), already, skipped)


def _wall(moment: datetime) -> time:
    """The local wall time of an instant."""
    return utc(moment).astimezone(LONDON).time().replace(tzinfo=None)
