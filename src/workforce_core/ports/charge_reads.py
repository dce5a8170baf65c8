"""The charge schedule's read: stored charge minutes grouped per site, worker, role, element and rate,
and what the gate held back per site."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Protocol

from attrs import frozen

from workforce_core.rules.london import from_local
from workforce_core.views.charges import ChargeGroup, HeldBack


@frozen
class ChargeFilter:
    """A charge schedule's period, by local days: the shifts clocked in from ``first_day`` to ``last_day``,
    and the late clocks charged in it (those whose adjust week, due or paid, starts in it). The schedule
    and the ``pkg_b`` file of a week ask the same filter, so they hold the same lines."""

    client_id: int
    first_day: date
    last_day: date
    location_ids: tuple[int, ...] | None = None
    with_entries: bool = False

    @property
    def start(self) -> datetime:
        """Clock-ins from (inclusive) ..."""
        return from_local(self.first_day, time(0))

    @property
    def end(self) -> datetime:
        """... to (exclusive)."""
        return from_local(self.last_day + timedelta(days=1), time(0))


class ChargeReads(Protocol):
    def charge_groups(self, query: ChargeFilter) -> list[ChargeGroup]:
        """Every group of the period (no paging: the schedule is one document), in site, worker name, role,
        element and rate order."""
        ...

    def held_back(self, query: ChargeFilter) -> list[HeldBack]: ...
