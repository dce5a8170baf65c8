"""What pricing needs about some workers' pay weeks, read in a few queries."""

from __future__ import annotations

from datetime import date
from typing import Protocol

from attrs import field, frozen

from workforce_core.model.accounts import ClientAccount
from workforce_core.model.bookings import Booking
from workforce_core.model.rates import RateRule
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.rules.awr import Pause


@frozen
class PricingInputs:
    """What pricing needs about some workers' pay weeks, read in a few queries."""

    shifts: tuple[TimeEntry, ...]  # every shift of those workers in those weeks, at this client
    breaks: dict[int, tuple[TimeEntry, ...]]  # break entries by shift id
    bookings: dict[int, Booking]
    workers: dict[int, Worker]
    rules: list[RateRule]
    payable_weeks: dict[int, tuple[date, ...]]  # per worker, earlier pay weeks with payable shifts (AWR)
    pauses: dict[int, tuple[Pause, ...]] = field(factory=dict)  # per worker, absences pausing the AWR clock


class PricingInputsReader(Protocol):
    """What pricing needs, read inside a unit of work's transaction (so a use case can price and
    store figures atomically)."""

    def inputs(self, client: ClientAccount, entries: tuple[TimeEntry, ...]) -> PricingInputs: ...


@frozen
class AwrHistory:
    """What a worker's AWR clock is made of: every pay week with qualifying work, and the pausing absences."""

    weeks_worked: tuple[date, ...]
    pauses: tuple[Pause, ...]


class PricingReads(Protocol):
    def awr_history(self, client: ClientAccount, worker_id: int) -> AwrHistory:
        """The worker's pay weeks at ``client`` with a shift that counts toward parity, and their approved
        absences that pause the clock."""
        ...

    def pricing_inputs(self, client: ClientAccount, entries: tuple[TimeEntry, ...]) -> PricingInputs:
        """Everything needed to price ``entries``: their workers' shifts in the same pay weeks, and more."""
        ...
