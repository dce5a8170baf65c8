"""Workers: the spec's WorkerCreate (POST) and WorkerUpdate (PUT) bodies as commands.

A field left out is ``UNSET``: creation leaves it empty, a change leaves it as it is; ``null`` or an
empty string clears an optional field. ``name`` and ``employee_id`` cannot be cleared.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any, ClassVar, cast

import attrs
from attrs import frozen

from workforce_core.commands.inputs import UNSET, Choice, Day, Email, Flag, Id, Input, Money, Text, Unset, given, needed
from workforce_core.errors import ValidationFailed
from workforce_core.model.holiday import HOLIDAY_PAY_CHOICES
from workforce_core.model.reference import LANGUAGES
from workforce_core.model.workers import EDITABLE_FIELDS
from workforce_core.rules import text
from workforce_core.rules.employee_ids import is_valid_employee_id


@frozen
class EmployeeIdInput(Input):
    """1 to 32 letters, digits, dashes or underscores; on creation a blank one is generated instead."""

    produces: ClassVar[tuple[type, ...]] = (str,)
    described: ClassVar[str] = "a string"
    creating: bool = False

    def read(self, value: Any, field: str) -> str | None:
        if isinstance(value, str):
            text.name(value, field)  # the text policy first: "\x1f" is no blank (``str.strip`` takes it as one)
        blank = value is None or (isinstance(value, str) and not value.strip())
        if blank and self.creating:
            return None  # decisions.md: null, "" or spaces mean "not given" on POST, so the ID is generated
        if not isinstance(value, str) or not is_valid_employee_id(value):
            raise ValidationFailed(field, "employee_id is 1 to 32 letters, digits, dashes or underscores.")
        return value


class _WorkerBody:
    """What both bodies do with their fields (attrs classes below; fields in the order they are checked)."""

    def sent(self) -> dict[str, Any]:
        """The fields the request sent, with their values (``None`` clears), in the spec's field order."""
        names = [f.name for f in attrs.fields(cast(Any, type(self)))]
        names.sort(key=lambda name: EDITABLE_FIELDS.index(name) if name in EDITABLE_FIELDS else len(EDITABLE_FIELDS))
        return {name: getattr(self, name) for name in names if getattr(self, name) is not UNSET}

    def __attrs_post_init__(self) -> None:
        start, end = getattr(self, "start_date"), getattr(self, "end_date")  # noqa: B009
        if isinstance(start, date) and isinstance(end, date) and end < start:
            raise ValidationFailed("end_date", "end_date cannot be before start_date.")


@frozen(kw_only=True)
class _WorkerFields(_WorkerBody):
    """The fields both bodies share. Faults are named in the spec's field order (``CHECK_ORDER``)."""

    CHECK_ORDER: ClassVar[tuple[str, ...]] = EDITABLE_FIELDS

    email: str | Unset | None = given(Email(), UNSET)
    phone: str | Unset | None = given(Text(text.single_line, 32), UNSET)
    job_role: str | Unset | None = given(Text(text.single_line, 100), UNSET)
    location_id: int | Unset | None = given(Id(), UNSET)
    department_id: int | Unset | None = given(Id(), UNSET)
    cost_code_id: int | Unset | None = given(Id(), UNSET)
    start_date: date | Unset | None = given(Day(), UNSET)
    end_date: date | Unset | None = given(Day(), UNSET)
    preferred_language: str | Unset | None = given(Choice(LANGUAGES), UNSET)
    hourly_rate: Decimal | Unset | None = given(Money(), UNSET)
    charge_rate: Decimal | Unset | None = given(Money(), UNSET)
    date_of_birth: date | Unset | None = given(Day(), UNSET)
    apprentice_since: date | Unset | None = given(Day(), UNSET)
    wtr_opt_out: bool | Unset = given(Flag(), UNSET)
    holiday_pay: str | Unset | None = given(Choice(HOLIDAY_PAY_CHOICES), UNSET)


@frozen(kw_only=True)
class CreateWorker(_WorkerFields):
    """POST /workers.php (and the console): a new worker; ``employee_id`` is generated when not given."""

    name: str = needed(Text(text.name, 100, required=True))
    employee_id: str | Unset | None = given(EmployeeIdInput(creating=True), UNSET)


@frozen(kw_only=True)
class UpdateWorker(_WorkerFields):
    """PUT /workers.php: a partial change; ``active: false`` is the leaver."""

    name: str | Unset = given(Text(text.name, 100, required=True), UNSET)
    employee_id: str | Unset = given(EmployeeIdInput(), UNSET)
    leave_reason: str | Unset | None = given(Text(text.free_text, 255), UNSET)
    active: bool | Unset = given(Flag(), UNSET)
