"""The AWR clock: an agency worker's qualifying weeks with one hirer (Agency Workers Regulations 2010,
regulation 7), the one rule behind parity pay.

A week counts when any work is done in it (a shift that ``counts_toward_parity``), from the first
week of the assignment. Weeks are the client's pay weeks, so a pay week is priced at one base rate.
Between two weeks of work, a break pauses the clock when at most ``MAX_BREAK_WEEKS`` of its weeks are
plain breaks: weeks that an approved sickness or jury-service absence touches are not counted against
it for that absence's first ``CAPPED_PAUSE_WEEKS`` weeks (reg. 7(8)(b), (e)), annual leave and a
planned shutdown for their whole length (reg. 7(8)(d), (f)). A longer break restarts the count. With
no absences this is the rule of pricing.md section 7: 12 qualifying weeks before the shift's week, a
gap of more than 6 weeks restarting the count.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date, timedelta
from enum import StrEnum

from attrs import frozen

from workforce_core.rules.pay_weeks import week_start

QUALIFYING_WEEKS = 12  # reg. 7(2)
MAX_BREAK_WEEKS = 6  # reg. 7(8)(a)
CAPPED_PAUSE_WEEKS = 28  # reg. 7(8)(b) sickness, (e) jury service
WEEK = timedelta(weeks=1)
# how far back a week's count can reach without absences: 12 weeks of work, each after a break of 6
PARITY_LOOKBACK = WEEK * QUALIFYING_WEEKS * (MAX_BREAK_WEEKS + 1)


class PauseKind(StrEnum):
    """The absence types that pause the clock (the others are plain breaks)."""

    HOLIDAY = "holiday"  # annual leave: for its length
    SICKNESS = "sickness"  # up to 28 weeks
    JURY_SERVICE = "jury_service"  # up to 28 weeks
    SHUTDOWN = "shutdown"  # a planned shutdown by the hirer: for its length


CAPPED_KINDS = frozenset({PauseKind.SICKNESS, PauseKind.JURY_SERVICE})


class AwrStatus(StrEnum):
    NOT_STARTED = "not_started"  # no qualifying week in the current count
    COUNTING = "counting"  # worked in the week before: the count runs
    PAUSED = "paused"  # a break that has not (yet) restarted the count
    QUALIFIED = "qualified"  # 12 qualifying weeks: parity applies


@frozen
class Pause:
    """An approved absence that pauses the clock, over the local days ``start`` to ``end``."""

    kind: str
    start: date
    end: date


@frozen
class Break:
    """Weeks without work between two weeks of the count (pay-week starts ``first`` to ``last``)."""

    first: date
    last: date
    excused: int  # of them, weeks paused by an absence

    @property
    def weeks(self) -> int:
        return (self.last - self.first) // WEEK + 1

    @property
    def plain(self) -> int:
        """The weeks the 6-week limit counts."""
        return self.weeks - self.excused


@frozen
class AwrClock:
    """The clock as it stands at the start of the pay week ``week``."""

    week: date
    weeks_counted: int  # qualifying weeks before ``week`` in the current count
    counting_since: date | None  # the first week of the current count
    qualifies_on: date | None  # when parity starts (or would, working every week from ``week``)
    status: AwrStatus
    restarted_by: Break | None  # the break that restarted the count, when one did
    paused_weeks: int  # weeks of the current count's breaks

    @property
    def parity(self) -> bool:
        return self.weeks_counted >= QUALIFYING_WEEKS


def excused_weeks(pauses: Iterable[Pause], start_day: int) -> frozenset[date]:
    """The pay weeks (their starts) that an absence pauses: any week the absence touches, the first 28
    of them for sickness and jury service."""
    weeks: set[date] = set()
    for pause in pauses:
        if pause.kind not in tuple(PauseKind):
            continue
        first, last = week_start(pause.start, start_day), week_start(pause.end, start_day)
        count = (last - first) // WEEK + 1
        if pause.kind in CAPPED_KINDS:
            count = min(count, CAPPED_PAUSE_WEEKS)
        weeks.update(first + n * WEEK for n in range(count))
    return frozenset(weeks)


def awr_clock(
    week: date, weeks_worked: Iterable[date], pauses: Iterable[Pause] = (), *, start_day: int | None = None
) -> AwrClock:
    """The clock at the start of pay week ``week`` (a pay-week start), from the pay weeks with
    qualifying work (``weeks_worked``, pay-week starts) and the pausing absences (``pauses``, whose
    days are put in pay weeks starting on ``start_day``, 1 = Monday; by default ``week``'s weekday)."""
    day = week.isoweekday() if start_day is None else start_day
    excused = excused_weeks(pauses, day)
    earlier = sorted({w for w in weeks_worked if w < week}, reverse=True)
    run: list[date] = []
    paused = 0
    restarted_by = None
    following = week
    for worked in earlier:
        gap = _break(worked + WEEK, following - WEEK, excused)
        if gap is not None and gap.plain > MAX_BREAK_WEEKS:
            restarted_by = gap
            break
        paused += gap.weeks if gap is not None else 0
        run.append(worked)
        following = worked
    run.reverse()
    counted = len(run)
    if counted >= QUALIFYING_WEEKS:
        status, qualifies_on = AwrStatus.QUALIFIED, run[QUALIFYING_WEEKS - 1] + WEEK
    elif counted == 0:
        status, qualifies_on = AwrStatus.NOT_STARTED, None
    else:
        status = AwrStatus.COUNTING if run[-1] == week - WEEK else AwrStatus.PAUSED
        qualifies_on = week + (QUALIFYING_WEEKS - counted) * WEEK
    return AwrClock(
        week=week,
        weeks_counted=counted,
        counting_since=run[0] if run else None,
        qualifies_on=qualifies_on,
        status=status,
        restarted_by=restarted_by,
        paused_weeks=paused,
    )


def _break(first: date, last: date, excused: frozenset[date]) -> Break | None:
    if last < first:
        return None
    weeks = (last - first) // WEEK + 1
    return Break(first, last, sum(first + n * WEEK in excused for n in range(weeks)))


def lookback_start(first_week: date, pauses: Iterable[Pause]) -> date:
    """The earliest week whose work can decide the clock of ``first_week`` or later: the plain look-back,
    stretched by the length of every pausing absence inside it (newest first)."""
    reach = first_week - PARITY_LOOKBACK
    for pause in sorted(pauses, key=lambda p: p.end, reverse=True):
        if pause.end < reach:
            break
        reach -= ((pause.end - pause.start) // WEEK + 2) * WEEK
    return reach


def why(clock: AwrClock) -> str:
    """The clock in one sentence: why a shift of ``clock.week`` is paid pre or post parity."""
    head = f"{clock.weeks_counted} qualifying week{'s' if clock.weeks_counted != 1 else ''} at this hirer"
    since = f" since the week of {clock.counting_since.isoformat()}" if clock.counting_since else ""
    paused = f", the clock paused for {clock.paused_weeks} week(s) of breaks" if clock.paused_weeks else ""
    restart = ""
    if clock.restarted_by is not None:
        gap = clock.restarted_by
        restart = (
            f"; a break of {gap.plain} week(s) without work or a pausing absence (the weeks of"
            f" {gap.first.isoformat()} to {gap.last.isoformat()}) is over {MAX_BREAK_WEEKS} and restarted the count"
        )
    if clock.parity:
        return (
            f"post parity: {head}{since}{paused} before the week of {clock.week.isoformat()}; qualified on"
            f" {clock.qualifies_on}{restart}"
        )
    return (
        f"pre parity: {head}{since}{paused} before the week of {clock.week.isoformat()}, of {QUALIFYING_WEEKS}"
        f" needed{restart}"
    )
