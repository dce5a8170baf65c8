"""Document types and worker documents as commands, checked as they are made.

A right-to-work document needs its check (``check_method``, ``checked_on``, ``checked_by``); a manual
List B check needs its group, and group 1 its permission's expiry date (group 2 ends six months after the
Positive Verification Notice when no expiry is given). A type that expires needs an expiry date on each
document. ``UpdateWorkerDocument`` changes only what it sends (null clears).
"""

from __future__ import annotations

from datetime import date
from typing import Any

import attrs
from attrs import frozen

from workforce_core.commands.inputs import UNSET, Choice, Day, Flag, Id, Text, Unset, Whole, Words, given, needed
from workforce_core.errors import ValidationFailed
from workforce_core.model.documents import DOCUMENT_KINDS, RIGHT_TO_WORK_CHECKS
from workforce_core.rules import text


@frozen(kw_only=True)
class CreateDocumentType:
    name: str = needed(Text(text.name, 100, required=True))
    kind: str = needed(Choice(DOCUMENT_KINDS, required=True))
    expires: bool = given(Flag(), default=True)
    job_roles: tuple[str, ...] = given(Words(text.single_line, 100), default=())


@frozen(kw_only=True)
class CreateWorkerDocument:
    worker_id: int = needed(Id(required=True))
    type_id: int = needed(Id(required=True))
    reference: str | None = given(Text(text.single_line, 100))
    issue_date: date | None = given(Day())
    expiry_date: date | None = given(Day())
    check_method: str | None = given(Choice(RIGHT_TO_WORK_CHECKS))
    list_b_group: int | None = given(Whole(1, 2))
    checked_on: date | None = given(Day())
    checked_by: str | None = given(Text(text.name, 100))
    follow_up_date: date | None = given(Day())

    def __attrs_post_init__(self) -> None:
        if self.issue_date and self.expiry_date and self.expiry_date < self.issue_date:
            raise ValidationFailed("expiry_date", "expiry_date is before issue_date.")


@frozen(kw_only=True)
class UpdateWorkerDocument:
    id: int = needed(Id(required=True))
    reference: str | Unset | None = given(Text(text.single_line, 100), UNSET)
    issue_date: date | Unset | None = given(Day(), UNSET)
    expiry_date: date | Unset | None = given(Day(), UNSET)
    check_method: str | Unset | None = given(Choice(RIGHT_TO_WORK_CHECKS), UNSET)
    list_b_group: int | Unset | None = given(Whole(1, 2), UNSET)
    checked_on: date | Unset | None = given(Day(), UNSET)
    checked_by: str | Unset | None = given(Text(text.name, 100), UNSET)
    follow_up_date: date | Unset | None = given(Day(), UNSET)

    def changes(self) -> dict[str, Any]:
        """The fields sent, by name."""
        sent = {field.name: getattr(self, field.name) for field in attrs.fields(type(self)) if field.name != "id"}
        return {name: value for name, value in sent.items() if value is not UNSET}
