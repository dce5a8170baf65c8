"""A pay week as GET /pay-weeks.php and the pay-week console show it, and what storage counts of it."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from attrs import frozen

from workforce_core.model.exports import ExportBatch
from workforce_core.model.pay_weeks import PayWeekLock, WeekCounts
from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules.pay_week_states import WeekFacts


@frozen
class PayWeekView:
    """One pay week as a scope sees it (the whole client, or some of its sites): its facts (counts,
    ended, locked), the lock shown (the whole-client one, else the scope's latest site lock) and the
    sites locked on their own, and the export batches made of it (newest first)."""

    week_start: date
    week_end: date
    status: str
    facts: WeekFacts
    lock: PayWeekLock | None = None
    locked_location_ids: tuple[int, ...] = ()
    batches: tuple[ExportBatch, ...] = ()

    @property
    def counts(self) -> WeekCounts:
        return self.facts.counts


@frozen
class WeekTallies:
    """What storage counts of some pay weeks (shifts by local clock-in week, at the sites asked).

    ``counts`` has ``shifts``, ``shifts_not_approved`` (closed, not approved) and ``open_clock_outs``
    per week (``exceptions_open`` 0: the core decides it from ``candidates``, the not-approved shifts
    that may carry a blocking exception, and ``context``, their workers' shifts around them)."""

    counts: Mapping[date, WeekCounts]
    candidates: tuple[TimeEntry, ...] = ()
    context: tuple[TimeEntry, ...] = ()
    late: tuple[TimeEntry, ...] = ()  # the client's late clocks (flagged ``locked_week``) at the sites, any week
    paid: Mapping[int, date] = {}  # of them, those paid as an adjustment: the week that paid each
