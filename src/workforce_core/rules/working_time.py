"""The Working Time Regulations 1998 as checks of a shift against the worker's other work (pure).

Adults (warnings): the average week over the 17 weeks ending with the shift above 48 hours, unless the
worker opted out (regs. 4(1), 4(3)(b), 5); less than 11 hours' rest between two shifts (reg. 10(1)); no
uninterrupted 24 hours' rest in the 7 days ending with the shift, or 48 in the 14 (reg. 11(1), (2)).
Young workers, under 18 (a block, and the opt-out does not apply): more than 8 hours in a day or 40 in a
week (reg. 5A), less than 12 hours' rest between two shifts (reg. 10(2)).

Everything is real elapsed time on aware UTC instants, so a shift across a clock change is as long as
it really was; thresholds are exact (10 h 59 min warns, 11 h 0 min does not).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, datetime, timedelta

from attrs import frozen

from workforce_core.rules.london import local_date

AVERAGE_WEEKS = 17
AVERAGE_PERIOD = timedelta(weeks=AVERAGE_WEEKS)
AVERAGE_LIMIT_MINUTES = 48 * 60 * AVERAGE_WEEKS  # 48 hours a week on average
DAILY_REST = timedelta(hours=11)
WEEKLY_REST = ((timedelta(days=7), timedelta(hours=24)), (timedelta(days=14), timedelta(hours=48)))
YOUNG_AGE = 18
YOUNG_DAY_MINUTES = 8 * 60
YOUNG_WEEK_MINUTES = 40 * 60
YOUNG_DAILY_REST = timedelta(hours=12)
READ_BEFORE = AVERAGE_PERIOD  # how far before a shift its checks look
READ_AFTER = YOUNG_DAILY_REST  # and after it (the rest before the next shift)


@frozen
class Work:
    """A stretch of work: a booking or a shift, ``minutes`` of it working time (unpaid breaks out)."""

    start: datetime
    end: datetime
    minutes: int

    @classmethod
    def of(cls, start: datetime, end: datetime, break_minutes: int = 0) -> Work:
        return cls(start, end, max(0, int((end - start).total_seconds() // 60) - break_minutes))


@frozen
class WorkingTime:
    """What the checks found for one shift."""

    average_over: bool  # above 48 h a week on average over the 17 weeks ending with it
    short_rest: bool  # under 11 h between it and the shift before or after
    no_weekly_rest: bool  # no 24 h off in the 7 days, or 48 h in the 14, ending with it
    young_worker: bool  # under 18 and over 8 h that day, 40 h that week, or under 12 h rest


def is_young(date_of_birth: date | None, day: date) -> bool:
    if date_of_birth is None:
        return False
    age = day.year - date_of_birth.year - ((day.month, day.day) < (date_of_birth.month, date_of_birth.day))
    return age < YOUNG_AGE


def _others(shift: Work, work: Iterable[Work]) -> list[Work]:
    """``work`` without ``shift`` (compared field by field: the checks call this for every shift of a page)."""
    start, end, minutes = shift.start, shift.end, shift.minutes
    return [w for w in work if w.start != start or w.end != end or w.minutes != minutes]


def average_minutes(shift: Work, work: Iterable[Work]) -> int:
    """Working minutes in the 17 weeks ending with ``shift`` (the part of a stretch inside them)."""
    return _average(shift, _others(shift, work))


def _average(shift: Work, others: Sequence[Work]) -> int:
    since = shift.end - AVERAGE_PERIOD
    total = shift.minutes
    for other in others:
        if other.end <= since or other.start >= shift.end:
            continue
        whole = (other.end - other.start).total_seconds()
        inside = (min(other.end, shift.end) - max(other.start, since)).total_seconds()
        total += other.minutes if inside >= whole else int(other.minutes * inside // whole) if whole else 0
    return total


def rest_gaps(shift: Work, work: Iterable[Work]) -> list[timedelta]:
    """The rest before ``shift`` (since the last work that ended by its start) and after it (until the next
    that starts at or after its end)."""
    return _gaps(shift, _others(shift, work))


def _gaps(shift: Work, others: Sequence[Work]) -> list[timedelta]:
    gaps = []
    before = [w.end for w in others if w.end <= shift.start]
    if before:
        gaps.append(shift.start - max(before))
    after = [w.start for w in others if w.start >= shift.end]
    if after:
        gaps.append(min(after) - shift.end)
    return gaps


def longest_rest(shift: Work, work: Iterable[Work], period: timedelta) -> timedelta:
    """The longest stretch without work in the ``period`` ending with ``shift``."""
    return _longest_rest(shift, _others(shift, work), period)


def _longest_rest(shift: Work, others: Sequence[Work], period: timedelta) -> timedelta:
    start = shift.end - period
    busy = sorted(
        (max(w.start, start), min(w.end, shift.end)) for w in (*others, shift) if w.end > start and w.start < shift.end
    )
    longest, free_from = timedelta(0), start
    for begins, ends in busy:
        longest = max(longest, begins - free_from)
        free_from = max(free_from, ends)
    return max(longest, shift.end - free_from)


def _young_over(shift: Work, others: Sequence[Work], week: tuple[datetime, datetime]) -> bool:
    day = local_date(shift.start)
    all_work = (*others, shift)
    day_minutes = sum(w.minutes for w in all_work if local_date(w.start) == day)
    week_minutes = sum(w.minutes for w in all_work if week[0] <= w.start < week[1])
    short = any(gap < YOUNG_DAILY_REST for gap in _gaps(shift, others))
    return day_minutes > YOUNG_DAY_MINUTES or week_minutes > YOUNG_WEEK_MINUTES or short


def working_time(
    shift: Work,
    work: Sequence[Work],
    *,
    date_of_birth: date | None,
    opted_out: bool,
    week: tuple[datetime, datetime],
) -> WorkingTime:
    """The checks of ``shift`` among the worker's ``work`` (the shift itself may be in it); ``week`` is the
    real span of the week the 40-hour limit of a young worker counts (the pay week)."""
    young = is_young(date_of_birth, local_date(shift.start))
    others = _others(shift, work)  # once for every check
    longest = max(period for period, _ in WEEKLY_REST)
    recent = [w for w in others if w.end > shift.end - longest]  # what the rest periods can meet
    return WorkingTime(
        average_over=(young or not opted_out) and _average(shift, others) > AVERAGE_LIMIT_MINUTES,
        short_rest=any(gap < DAILY_REST for gap in _gaps(shift, others)),
        no_weekly_rest=any(_longest_rest(shift, recent, period) < rest for period, rest in WEEKLY_REST),
        young_worker=young and _young_over(shift, others, week),
    )
