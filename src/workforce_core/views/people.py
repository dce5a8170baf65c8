"""Workers, departments and the caller (GET /me.php) with the names a reply shows beside ids."""

from __future__ import annotations

from attrs import frozen

from workforce_core.model.accounts import ClientAccount
from workforce_core.model.keys import ApiKey
from workforce_core.model.reference import CostCode, Department, Location
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
