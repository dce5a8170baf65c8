"""The ClockRequest body (POST /clock.php) read into a typed command, and the timing rules of a clock."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Any

from attrs import frozen

from workforce_core.errors import ValidationFailed
from workforce_core.rules import fields, text
from workforce_core.rules.geofence import Position
from workforce_core.rules.london import is_local, parse_instant, passes

MAX_PAST = timedelta(minutes=15)
MAX_FUTURE = timedelta(seconds=60)
BACKDATED_AFTER = timedelta(seconds=60)
MAX_NOTES = 255


@frozen
class SurveyAnswer:
    question_id: int
    answer_value: str


@frozen
class ClockCommand:
    action: str  # "in" or "out"
    worker_id: int | None = None
    employee_id: str | None = None
    location_id: int | None = None
    scheduled_shift_id: int | None = None
    occurred_at: datetime | None = None
    occurred_at_passes: tuple[datetime, ...] = ()  # a local time in the repeated hour: both readings
    notes: str | None = None
    position: Position | None = None
    survey_id: int | None = None
    survey_answers: tuple[SurveyAnswer, ...] = ()


def _number(raw: Mapping[str, Any], name: str, low: Decimal, high: Decimal) -> Decimal | None:
    value = raw.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        raise ValidationFailed(name, f"{name} must be a number.")
    number = Decimal(str(value)) if isinstance(value, float) else Decimal(value)
    if not number.is_finite() or not low <= number <= high:
        raise ValidationFailed(name, f"{name} must be a number from {low} to {high}.")
    return number


def read_clock_request(raw: Mapping[str, Any]) -> ClockCommand:
    action = raw.get("action")
    if action not in ("in", "out"):
        raise ValidationFailed("action", "action is required: in or out.")
    has_id, has_badge = raw.get("worker_id") not in (None, ""), raw.get("employee_id") not in (None, "")
    if has_id == has_badge:
        raise ValidationFailed("worker_id", "give exactly one of worker_id or employee_id.")
    worker_id = fields.identifier(raw, "worker_id")
    employee_id = raw.get("employee_id")
    if has_badge and (
        not isinstance(employee_id, str) or not 1 <= len(text.single_line(employee_id, "employee_id")) <= 32
    ):
        raise ValidationFailed("employee_id", "employee_id must be a string of 1 to 32 characters.")
    latitude = _number(raw, "latitude", Decimal(-90), Decimal(90))
    longitude = _number(raw, "longitude", Decimal(-180), Decimal(180))
    if (latitude is None) != (longitude is None):
        raise ValidationFailed(
            "longitude" if longitude is None else "latitude", "send latitude and longitude together."
        )
    accuracy = _number(raw, "gps_accuracy", Decimal(0), Decimal(1_000_000))
    position = Position(latitude, longitude, accuracy) if latitude is not None and longitude is not None else None
    occurred_at: datetime | None = None
    readings: tuple[datetime, ...] = ()
    if raw.get("occurred_at") is not None:
        written = raw["occurred_at"]
        occurred_at = parse_instant(text.single_line(written, "occurred_at")) if isinstance(written, str) else None
        if occurred_at is None:
            raise ValidationFailed("occurred_at", "occurred_at is ISO 8601 with Z or an offset, or a local time.")
        readings = passes(occurred_at) if is_local(written) else (occurred_at,)
    notes = raw.get("notes")
    if notes is not None and (not isinstance(notes, str) or len(text.free_text(notes, "notes")) > MAX_NOTES):
        raise ValidationFailed("notes", f"notes is a string of at most {MAX_NOTES} characters.")
    return ClockCommand(
        action=str(action),
        worker_id=worker_id,
        employee_id=employee_id if has_badge else None,
        location_id=fields.identifier(raw, "location_id"),
        scheduled_shift_id=fields.identifier(raw, "scheduled_shift_id"),
        occurred_at=occurred_at,
        occurred_at_passes=readings,
        notes=notes.strip() or None if isinstance(notes, str) else None,
        position=position,
        survey_id=fields.identifier(raw, "survey_id"),
        survey_answers=_answers(raw.get("survey_answers")),
    )


def _answers(value: Any) -> tuple[SurveyAnswer, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or len(value) > 100:
        raise ValidationFailed("survey_answers", "survey_answers is a list of {question_id, answer_value}.")
    answers = []
    for item in value:
        if not isinstance(item, dict):
            raise ValidationFailed("survey_answers", "each survey answer is an object.")
        question = item.get("question_id")
        answer = item.get("answer_value")
        if isinstance(question, bool) or not isinstance(question, int) or not 1 <= question <= fields.MAX_ID:
            raise ValidationFailed("survey_answers", "question_id must be a positive integer.")
        if not isinstance(answer, str) or len(text.single_line(answer, "survey_answers")) > 255:
            raise ValidationFailed("survey_answers", "answer_value must be a string of at most 255 characters.")
        answers.append(SurveyAnswer(question, answer))
    return tuple(answers)


def clock_instant(
    occurred_at: datetime | None, now: datetime, passes: tuple[datetime, ...] = ()
) -> tuple[datetime, bool]:
    """When the clock happened and whether it is backdated; 400 outside 15 minutes back to 60 s ahead.
    A local time in the repeated autumn hour means whichever pass lies in that window (the first if both)."""
    in_window = [moment for moment in passes if now - MAX_PAST <= moment <= now + MAX_FUTURE]
    at = in_window[0] if in_window else (occurred_at or now)
    if at > now + MAX_FUTURE:
        raise ValidationFailed("occurred_at", "occurred_at is more than 60 seconds in the future.")
    if at < now - MAX_PAST:
        raise ValidationFailed("occurred_at", "occurred_at is more than 15 minutes in the past.")
    return at, now - at > BACKDATED_AFTER
