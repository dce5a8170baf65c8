"""Making an export batch of a client's locked pay week (the console's ``export create``)."""

from __future__ import annotations

from datetime import date

from attrs import frozen

from workforce_core.commands.inputs import Choice, Day, Id, given, needed
from workforce_core.errors import ValidationFailed
from workforce_core.model.exports import EXPORT_FORMATS, EXPORT_KINDS, FORMATS, KIND_OF_FORMAT


def format_of(kind: str, format: str | None, field: str = "format") -> str:
    """The format asked (it must be one of ``kind``'s), else the kind's own."""
    if format is None:
        return FORMATS[kind]
    if KIND_OF_FORMAT[format] != kind:
        made = ", ".join(f for f, k in KIND_OF_FORMAT.items() if k == kind)
        raise ValidationFailed(field, f"a {kind} file is made as one of {made}.")
    return format


@frozen(kw_only=True)
class CreateExport:
    """Export the pay week holding ``week`` (any day of it) as ``kind``: pkg_a, pkg_b or payroll;
    ``format`` a package preset of that kind (left out: the kind's own columns)."""

    client_id: int = needed(Id(required=True))
    week: date = needed(Day(required=True))
    kind: str = needed(Choice(EXPORT_KINDS, required=True))
    format: str | None = given(Choice(EXPORT_FORMATS))

    def __attrs_post_init__(self) -> None:
        if self.week is None:
            raise ValidationFailed("week", "week is required (a date YYYY-MM-DD inside the pay week).")
        format_of(self.kind, self.format)

    @property
    def file_format(self) -> str:
        return format_of(self.kind, self.format)
