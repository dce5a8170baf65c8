"""A pre-clock-in survey as the console makes it: ``{"name", "location_id"?, "active"?, "questions":
[{"text", "blocking_answers": [...]}]}``. A fault in a question is named by its path
(``questions[0].text``)."""

from __future__ import annotations

from typing import Any

from attrs import frozen

from workforce_core.commands.inputs import Flag, Id, Input, Items, Text, given, needed
from workforce_core.errors import ValidationFailed
from workforce_core.rules import text

MAX_QUESTIONS = 50
MAX_ANSWERS = 20


@frozen
class BlockingAnswers(Input):
    """At most ``MAX_ANSWERS`` single-line strings of 1 to 255 characters, trimmed; each kept once."""

    def read(self, value: Any, field: str) -> tuple[str, ...]:
        if not isinstance(value, list) or len(value) > MAX_ANSWERS:
            raise ValidationFailed(field, f"{field} must be a list of at most {MAX_ANSWERS} answers.")
        cleaned: list[str] = []
        for answer in value:
            if not isinstance(answer, str) or not 1 <= len(text.single_line(answer, field).strip()) <= 255:
                raise ValidationFailed(field, f"each of {field} must be a string of 1 to 255 characters.")
            cleaned.append(answer.strip())
        return tuple(dict.fromkeys(cleaned))


@frozen
class Questions(Items):
    """1 to ``most`` questions (an ``Items`` kind with the survey's own words)."""

    def read(self, value: Any, field: str) -> list[Any]:
        if not isinstance(value, list) or not value:
            raise ValidationFailed(field, f"{field} must be a list of 1 or more questions.")
        if len(value) > self.most:
            raise ValidationFailed(field, f"a survey has at most {self.most} questions.")
        return value


@frozen(kw_only=True)
class SurveyQuestionTerms:
    """A question; a worker giving one of its ``blocking_answers`` (compared without case) cannot clock in."""

    text: str = needed(Text(text.single_line, 500, required=True))
    blocking_answers: tuple[str, ...] = given(BlockingAnswers(), ())


@frozen(kw_only=True)
class CreateSurvey:
    """A survey of a client, of one site (``location_id``) or of all its sites; question ids are given
    when it is stored."""

    name: str = needed(Text(text.name, 150, required=True))
    location_id: int | None = given(Id())
    active: bool = given(Flag(), True)
    questions: tuple[SurveyQuestionTerms, ...] = needed(
        Questions(of=SurveyQuestionTerms, most=MAX_QUESTIONS, indexed=True)
    )
