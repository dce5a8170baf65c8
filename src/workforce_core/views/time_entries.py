"""A time entry with its names and pay gate, and what a clock returns."""

from __future__ import annotations

from attrs import frozen

from workforce_core.model.reference import Location
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.rules.pay_gate import GateResult


@frozen
class ShiftGate:
    """What a timesheet shows of a completed shift's figures without its pricing: its paid time and
    its pay gate (read with the page, joined to it, when the figures are current)."""

    paid_minutes: int
    unpaid_break_minutes: int
    gate: GateResult


@frozen
class EntryView:
    """A time entry with its worker's and site's names, as timesheets and events show it. ``gate``:
    its stored figures' paid time and pay gate, when the read asked for them and they are current."""

    entry: TimeEntry
    worker_name: str
    employee_id: str | None
    worker_client_id: int
    department_id: int | None
    location_name: str | None
    locked: bool = False  # frozen by a pay-week lock (the read models say; a frozen shift never changes)
    gate: ShiftGate | None = None

    @classmethod
    def of(cls, entry: TimeEntry, worker: Worker, location: Location | None) -> EntryView:
        return cls(
            entry=entry,
            worker_name=worker.name,
            employee_id=worker.employee_id,
            worker_client_id=worker.client_id,
            department_id=worker.department_id,
            location_name=location.name if location else None,
        )


@frozen
class ClockResult:
    """The reply to a clock (POST /clock.php)."""

    action: str  # clock_in or clock_out
    view: EntryView
    backdated: bool
    fence_shown: bool  # coordinates were sent and the site has a fence
    warning: str | None = None
