"""The pay-week state machine (pricing.md section 1, the spec's Pay week table) as pure rules.

A week's status is derived from what is known of it (``WeekFacts``): whether it has ended, its
counts, whether a lock stands, and how many export batches were made since that lock (0 until
exports exist). The moves lock, close and unlock either give the week's next facts or raise the
refusal a user sees.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, datetime, time, timedelta

import attrs
from attrs import field, frozen

from workforce_core.errors import AlreadyLocked, NotLocked, WeekNotReady
from workforce_core.model.pay_weeks import PayWeekStatus, WeekCounts
from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules.exceptions import find_exceptions
from workforce_core.rules.london import from_local

WEEK = timedelta(days=7)


def week_end(start: date) -> date:
    """The last day of the pay week starting ``start``."""
    return start + timedelta(days=6)


def week_bounds(start: date) -> tuple[datetime, datetime]:
    """The instants from local midnight of ``start`` to local midnight after the week's last day."""
    return from_local(start, time(0)), from_local(start + WEEK, time(0))


def has_ended(start: date, now: datetime) -> bool:
    """A week has ended at local midnight after its ``week_end``."""
    return now >= week_bounds(start)[1]


@frozen
class WeekFacts:
    ended: bool
    counts: WeekCounts = field(factory=WeekCounts)
    locked: bool = False  # a lock stands over the whole scope (the whole client, or the sites asked)
    batches_since_lock: int = 0  # export batches made since the lock (none until exports exist)


def status(facts: WeekFacts) -> PayWeekStatus:
    if facts.locked:
        return PayWeekStatus.EXPORTED if facts.batches_since_lock > 0 else PayWeekStatus.LOCKED
    if not facts.ended:
        return PayWeekStatus.OPEN
    if any(facts.counts.left.values()):
        return PayWeekStatus.CHECKING
    return PayWeekStatus.READY_TO_LOCK


def lock(facts: WeekFacts) -> WeekFacts:
    """Lock needs an ended week in ``ready_to_lock``; the lock starts with no batch since it."""
    if facts.locked:
        raise AlreadyLocked()
    if not facts.ended:
        raise _not_ready("the pay week has not ended; it can be locked from the day after its last day.", facts)
    if status(facts) != PayWeekStatus.READY_TO_LOCK:
        raise _not_ready(f"the pay week is still being checked: {_left_text(facts)}.", facts)
    return attrs.evolve(facts, locked=True, batches_since_lock=0)


def can_close(facts: WeekFacts) -> None:
    """Close approves the pending shifts and then locks: the week must have ended, not be locked,
    and have nothing left that an approval cannot settle (open clock-outs, blocking exceptions)."""
    if facts.locked:
        raise AlreadyLocked()
    if not facts.ended:
        raise _not_ready("the pay week has not ended; it can be closed from the day after its last day.", facts)
    if facts.counts.open_clock_outs or facts.counts.exceptions_open:
        raise _not_ready(f"closing approves shifts but cannot settle: {_left_text(facts)}.", facts)


def lock_approved(facts: WeekFacts) -> WeekFacts:
    """Close's lock, once it approved the week's pending shifts (``can_close`` found no blocking exception
    before): the minimum wage is checked over payable shifts, so a shortfall the approval made payable
    refuses the close in words that say so (nothing is approved)."""
    if not facts.locked and facts.ended and facts.counts.exceptions_open:
        weeks = facts.counts.exceptions_open
        said = "1 worker's week" if weeks == 1 else f"{weeks} workers' weeks"
        raise _not_ready(
            f"approving the pending shifts leaves {said} paid below the minimum wage; nothing was approved. "
            "Change the rate or accept the shortfall, then close the week.",
            facts,
        )
    return lock(facts)


def close(facts: WeekFacts) -> WeekFacts:
    """Close as the model of its effect: every pending shift approved, then the lock."""
    can_close(facts)
    return lock(attrs.evolve(facts, counts=attrs.evolve(facts.counts, shifts_not_approved=0)))


def unlock(facts: WeekFacts) -> WeekFacts:
    """Unlock of a locked (or exported) week; its status is derived again."""
    if not facts.locked:
        raise NotLocked()
    return attrs.evolve(facts, locked=False, batches_since_lock=0)


def export(facts: WeekFacts) -> WeekFacts:
    """An export batch of a locked week (the export issue makes them): the week is ``exported``."""
    if not facts.locked:
        raise NotLocked("only a locked pay week can be exported.")
    return attrs.evolve(facts, batches_since_lock=facts.batches_since_lock + 1)


def _not_ready(message: str, facts: WeekFacts) -> WeekNotReady:
    return WeekNotReady(message, week_status=str(status(facts)), left=facts.counts.left)


def _left_text(facts: WeekFacts) -> str:
    left = [f"{count} {name.replace('_', ' ')}" for name, count in facts.counts.left.items() if count]
    return ", ".join(left) or "nothing"


# ---- the blocking exceptions of a week ---------------------------------------------------------


def blocking_open(candidates: Sequence[TimeEntry], context: Iterable[TimeEntry], now: datetime) -> set[int]:
    """The ids among ``candidates`` with an open blocking exception (rules.exceptions decides which:
    an open clock-out over 12 hours, an overlap). ``context`` holds the workers' other shifts."""
    found = find_exceptions(candidates, breaks={}, bookings=(), now=now, context=tuple(context))
    return {e.entry_id for e in found if e.severity == "blocking" and e.status == "open" and e.entry_id is not None}
