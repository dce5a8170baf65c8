"""Making an export batch of a client's locked pay week (the console's ``export create``)."""

from __future__ import annotations

from datetime import date

from attrs import frozen

from workforce_core.commands.inputs import Choice, Day, Id, needed
from workforce_core.errors import ValidationFailed
from workforce_core.model.exports import EXPORT_KINDS


@frozen(kw_only=True)
class CreateExport:
    """Export the pay week holding ``week`` (any day of it) as ``kind``: pkg_a, pkg_b or payroll."""

    client_id: int = needed(Id(required=True))
    week: date = needed(Day(required=True))
    kind: str = needed(Choice(EXPORT_KINDS, required=True))

    def __attrs_post_init__(self) -> None:
        if self.week is None:
            raise ValidationFailed("week", "week is required (a date YYYY-MM-DD inside the pay week).")
