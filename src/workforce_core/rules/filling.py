"""Filling a requirement in rounds of offers (pure): how many a round offers to, until when it waits,
and who is offered: the best-ranked eligible workers (a block is never offered; warnings are shown)
not offered this requirement before."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime, timedelta

from workforce_core.rules.who_is_free import FreeWorker


def round_size(open_places: int, factor: int) -> int:
    """A round offers to ``factor`` workers per open place (at least one)."""
    return max(1, open_places * max(1, factor))


def round_ends(now: datetime, minutes: int, shift_start: datetime) -> datetime:
    """A round waits ``minutes`` for answers, never past the shift's start."""
    return min(now + timedelta(minutes=minutes), shift_start)


def chosen(ranked: Sequence[FreeWorker], offered: Collection[int], size: int) -> list[FreeWorker]:
    """The first ``size`` eligible workers of the ranking not offered the requirement before."""
    return [item for item in ranked if item.eligibility.eligible and item.worker.id not in offered][:size]
