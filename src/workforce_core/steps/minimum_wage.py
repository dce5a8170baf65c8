"""The minimum wage check of pay weeks (``rules.minimum_wage``) over the stored figures.

A worker-week paid below the band is a blocking exception (``below_minimum_wage``): the week's
``exceptions_open`` counts it and a lock is refused until it is resolved, by a rate change (the figures
are repriced and the check passes) or by an acceptance recorded with a reason that covers the amount short.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable
from datetime import date, time
from decimal import Decimal

from attrs import frozen

from workforce_core.model.accounts import ClientAccount
from workforce_core.ports import UnitOfWork
from workforce_core.ports.minimum_wage import WageRecords, WageWeeks
from workforce_core.rules import pay_week_states
from workforce_core.rules.exceptions import TimeException
from workforce_core.rules.london import from_local
from workforce_core.rules.minimum_wage import BELOW_MINIMUM_WAGE, LABELS, WageCheck, check_minutes, open_shortfall
from workforce_core.steps.pay_figures import reprice_within
from workforce_core.views import WageWeek


@frozen
class WeekWage:
    """One worker-week's check with what was accepted of it."""

    worker_id: int
    week_start: date
    check: WageCheck
    accepted: Decimal | None
    location_ids: frozenset[int | None]

    @property
    def open(self) -> bool:
        return open_shortfall(self.check, self.accepted)

    def exception(self, *, money: bool) -> TimeException:
        """As /exceptions.php lists it; the figures only for a reader with ``pay:read`` (``money``)."""
        status = "open" if self.open else "resolved"
        said = f" (accepted up to {self.accepted})" if self.accepted is not None and not self.open else ""
        detail = self.check.detail() if money else f"paid below the {LABELS[self.check.band]} rate"
        return TimeException(
            id=f"{BELOW_MINIMUM_WAGE}:{self.worker_id}:{self.week_start.isoformat()}",
            type=BELOW_MINIMUM_WAGE,
            severity="blocking",
            worker_id=self.worker_id,
            date=self.week_start,
            detail=f"pay week of {self.week_start.isoformat()}: {detail}{said if money else ''}",
            status=status,
            at=from_local(self.week_start, time(0)),
        )


def week_check(week: WageWeek) -> WageCheck | None:
    """The check of a worker's pay week over every site (the week's payable figures)."""
    return check_minutes(
        week.week_start, week.minutes, date_of_birth=week.date_of_birth, apprentice_since=week.apprentice_since
    )


def below_wage(
    records: WageRecords,
    client_id: int,
    week_starts: Collection[date],
    sites: tuple[int, ...] | None = None,
    *,
    figures: WageWeeks,
) -> list[WeekWage]:
    """The worker-weeks of those weeks paid below the band (accepted ones too), of workers with shifts at
    ``sites`` (None: all), over the ``figures`` given: a lock's stored ones, or a read's current ones."""
    accepted = records.accepted(client_id, week_starts)
    found = []
    for week in figures.wage_weeks(client_id, week_starts):
        if sites is not None and not week.location_ids.intersection(sites):
            continue
        check = week_check(week)
        if check is not None and check.below:
            key = (week.worker_id, week.week_start)
            found.append(WeekWage(week.worker_id, week.week_start, check, accepted.get(key), week.location_ids))
    return found


def open_per_week(found: Iterable[WeekWage]) -> Counter[date]:
    return Counter(item.week_start for item in found if item.open)


def priced_now(tx: UnitOfWork, client: ClientAccount, start: date, sites: tuple[int, ...] | None = None) -> None:
    """Price the week's stale shifts inside the transaction, so its check reads current figures."""
    first, end = pay_week_states.week_bounds(start)
    reprice_within(tx, tx.figures.unpriced(client.id, first, end, sites), client)
