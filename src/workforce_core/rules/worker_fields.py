"""The WorkerCreate and WorkerUpdate bodies of the spec, read into typed values."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from workforce_core.errors import ValidationFailed
from workforce_core.model.reference import LANGUAGES
from workforce_core.model.workers import EDITABLE_FIELDS
from workforce_core.rules import fields, text
from workforce_core.rules.employee_ids import is_valid_employee_id

TEXTS: dict[str, tuple[text.TextKind, int]] = {
    "phone": (text.single_line, 32),
    "job_role": (text.single_line, 100),
    "leave_reason": (text.free_text, 255),
}
CREATE_ONLY_ABSENT: tuple[str, ...] = ("leave_reason", "active")


def read_worker_fields(raw: Mapping[str, Any], *, creating: bool) -> dict[str, Any]:
    """Typed values of the fields present in ``raw`` (all WorkerCreate fields when creating).

    Unknown fields are ignored. Raises ``ValidationFailed`` with the field at fault.
    """
    allowed = [name for name in EDITABLE_FIELDS if not (creating and name in CREATE_ONLY_ABSENT)]
    present = [name for name in allowed if name in raw or (creating and name == "name")]
    out: dict[str, Any] = {}
    for name in present:
        out[name] = _read_one(raw, name, creating=creating)
    start, end = out.get("start_date"), out.get("end_date")
    if start and end and end < start:
        raise ValidationFailed("end_date", "end_date cannot be before start_date.")
    return out


def _read_one(raw: Mapping[str, Any], name: str, *, creating: bool) -> Any:
    if name == "name":
        return fields.text(raw, "name", kind=text.name, max_length=100, required=True)
    if name == "employee_id":
        return _employee_id(raw, creating=creating)
    if name == "email":
        return fields.email(raw)
    if name in TEXTS:
        kind, max_length = TEXTS[name]
        return fields.text(raw, name, kind=kind, max_length=max_length)
    if name in ("location_id", "department_id", "cost_code_id"):
        return fields.identifier(raw, name)
    if name in ("start_date", "end_date"):
        return fields.day(raw, name)
    if name == "preferred_language":
        return fields.choice(raw, name, LANGUAGES)
    if name in ("hourly_rate", "charge_rate"):
        return fields.money(raw, name)
    if name == "active":
        return fields.flag(raw, name)
    raise AssertionError(name)  # pragma: no cover - EDITABLE_FIELDS are all handled above


def _employee_id(raw: Mapping[str, Any], *, creating: bool) -> str | None:
    value = raw.get("employee_id")
    blank = value is None or (isinstance(value, str) and not value.strip())
    if blank and creating:
        return None  # decisions.md: null, "" or spaces mean "not given" on POST, so the ID is generated
    if not isinstance(value, str) or not is_valid_employee_id(value):
        raise ValidationFailed("employee_id", "employee_id is 1 to 32 letters, digits, dashes or underscores.")
    return value
