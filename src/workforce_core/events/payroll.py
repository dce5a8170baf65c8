"""The payroll and amendment events' data: a pay week or period locked or unlocked, an export batch
made, a client's amendment raised or decided."""

from __future__ import annotations

from typing import ClassVar

from attrs import frozen

from workforce_core.model.amendments import Amendment
from workforce_core.model.exports import ExportBatch
from workforce_core.views import PayWeekView


@frozen
class PayWeekChanged:
    """pay_week.* and period.*: the week as /pay-weeks.php shows it, the site locked (None: the whole
    client) and the lock made or lifted."""

    EVENTS: ClassVar[frozenset[str]] = frozenset(
        {"pay_week.locked", "pay_week.unlocked", "period.locked", "period.unlocked"}
    )
    week: PayWeekView
    location_id: int | None
    lock_id: int


@frozen
class ExportCreated:
    """export.created: the batch recorded (its shifts are not listed)."""

    EVENTS: ClassVar[frozenset[str]] = frozenset({"export.created"})
    batch: ExportBatch


@frozen
class TimesheetAmended:
    """timesheet.amended: the amendment as /amendments.php shows it, its status included."""

    EVENTS: ClassVar[frozenset[str]] = frozenset({"timesheet.amended"})
    amendment: Amendment
