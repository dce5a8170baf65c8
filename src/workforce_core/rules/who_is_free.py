"""The who-is-free query's own rules: a worker's stated availability for a slot, and the order of the
result (best matches first).

``available``: the worker's ``available`` rules together cover the whole slot. ``availability``: those
rules' stretches that meet the slot, as local ``HH:MM-HH:MM``. The order: eligible before ineligible,
available before not, role match first, then fewest week hours, then name, then id: a total order,
since no two workers share an id.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from attrs import frozen

from workforce_core.model.availability import AvailabilityKind
from workforce_core.model.workers import Worker
from workforce_core.rules.eligibility import AvailabilityRule, Eligibility, Slot, Span, role_differs
from workforce_core.rules.london import LONDON


@frozen
class FreeWorker:
    """One item of the result: the worker, what eligibility said, and their stated availability."""

    worker: Worker
    eligibility: Eligibility
    available: bool
    availability: tuple[str, ...]
    role_match: bool
    week_minutes: int


OrderKey = tuple[bool, bool, bool, int, str, int]


def order_key(item: FreeWorker) -> OrderKey:
    """Sorting by this key puts the best matches first."""
    return (
        not item.eligibility.eligible,
        not item.available,
        not item.role_match,
        item.week_minutes,
        item.worker.name,
        item.worker.id,
    )


def role_match(worker: Worker, slot: Slot) -> bool:
    return not role_differs(worker.job_role, slot.job_role)


def stated(rules: Sequence[AvailabilityRule], slot: Slot) -> tuple[bool, tuple[str, ...]]:
    """(``available``, ``availability``) of a worker's rules in force for ``slot``."""
    spans = sorted(
        {
            (span.start, span.end)
            for rule in rules
            if rule.kind == AvailabilityKind.AVAILABLE
            for span in rule.spans_near(slot.start, slot.end)
            if span.end is not None and span.overlaps(slot.start, slot.end)
        }
    )
    shown = tuple(f"{_wall(start)}-{_wall(end)}" for start, end in spans)
    return _covers([Span(start, end) for start, end in spans], slot.start, slot.end), shown


def _covers(spans: Sequence[Span], start: datetime, end: datetime) -> bool:
    reached = start
    for span in spans:  # sorted by start
        if span.start > reached:
            return False
        if span.end is not None and span.end > reached:
            reached = span.end
        if reached >= end:
            return True
    return reached >= end


def _wall(moment: datetime) -> str:
    return moment.astimezone(LONDON).strftime("%H:%M")
