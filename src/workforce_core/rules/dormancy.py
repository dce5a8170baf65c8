"""Dormancy (the spec's dormancy job): a working worker with no clock for the client's
``dormant_after_days`` becomes dormant; their next clock makes them active again.

Storage lists the candidates by this rule (SQL mirrors it in its query, which a property test holds
to it; memory calls it).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from workforce_core.model.workers import Worker


def dormancy_cutoff(now: datetime, dormant_after_days: int) -> datetime:
    """A worker with no clock since this instant (and made before it) is idle."""
    return now - timedelta(days=dormant_after_days)


def goes_dormant(worker: Worker, last_clock_in: datetime | None, cutoff: datetime) -> bool:
    """An active, approved, not dormant, not anonymised worker made before ``cutoff`` with no clock
    (``last_clock_in``: their latest clock-in, shift or break, at any client) since it."""
    return (
        worker.status == "active"
        and worker.active
        and worker.dormant_since is None
        and worker.anonymised_at is None
        and worker.created_at < cutoff
        and (last_clock_in is None or last_clock_in < cutoff)
    )
