"""Pre-clock-in surveys: questions whose blocking answers refuse a clock-in."""

from __future__ import annotations

from datetime import datetime

from attrs import define, field, frozen


@frozen
class SurveyQuestion:
    id: int
    text: str
    blocking_answers: tuple[str, ...] = ()


@define
class Survey:
    client_id: int
    name: str
    created_at: datetime
    questions: tuple[SurveyQuestion, ...] = field(factory=tuple)
    location_id: int | None = None
    active: bool = True
    id: int = 0
