"""Read views: a record with the names a reply shows beside its ids.

The edge turns these into the spec's JSON shapes (``workforce_adapters.records``); events carry
them too, so an event's ``data`` is the record exactly as the API would return it.
"""

from __future__ import annotations

from attrs import frozen

from workforce_core.model.accounts import ClientAccount
from workforce_core.model.keys import ApiKey
from workforce_core.model.reference import CostCode, Department, Location
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.workers import Worker


@frozen
class WorkerView:
    worker: Worker
    location_name: str | None = None
    department_name: str | None = None
    cost_code: str | None = None

    @classmethod
    def of(
        cls,
        worker: Worker,
        location: Location | None,
        department: Department | None,
        cost_code: CostCode | None,
    ) -> WorkerView:
        return cls(
            worker=worker,
            location_name=location.name if location else None,
            department_name=department.name if department else None,
            cost_code=cost_code.code if cost_code else None,
        )


@frozen
class EntryView:
    """A time entry with its worker's and site's names, as timesheets and events show it."""

    entry: TimeEntry
    worker_name: str
    employee_id: str | None
    worker_client_id: int
    department_id: int | None
    location_name: str | None

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


@frozen
class DepartmentView:
    department: Department
    location_name: str | None = None


@frozen
class SiteSummary:
    id: int
    name: str
    active: bool


@frozen
class MeView:
    key: ApiKey
    client: ClientAccount
    effective_scopes: tuple[str, ...]
    locations: tuple[SiteSummary, ...]
