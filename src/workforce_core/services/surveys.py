"""Pre-clock-in surveys (console data): a survey of a client, optionally of one site, with questions
whose blocking answers refuse a clock-in (403 ``blocked_by_survey``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from workforce_core.errors import InvalidBody, LocationNotFound, NotFound, ValidationFailed
from workforce_core.model.surveys import Survey, SurveyQuestion
from workforce_core.ports import Clock, UnitOfWorkFactory
from workforce_core.rules import fields, text

MAX_QUESTIONS = 50
MAX_ANSWERS = 20


def create_survey(client_id: int, raw: Any, *, uow: UnitOfWorkFactory, clock: Clock) -> Survey:
    """``{"name", "location_id"?, "active"?, "questions": [{"text", "blocking_answers": [...]}]}``; question
    ids are given when the survey is stored."""
    if not isinstance(raw, Mapping):
        raise InvalidBody("The survey must be a JSON object.")
    name = fields.text(raw, "name", kind=text.name, max_length=150, required=True)
    assert name is not None
    location_id = fields.identifier(raw, "location_id")
    active = raw.get("active", True)
    if not isinstance(active, bool):
        raise ValidationFailed("active", "active must be true or false.")
    questions = _questions(raw.get("questions"))
    with uow() as tx:
        if tx.clients.get(client_id) is None:
            raise NotFound(f"client {client_id} was not found.", field="client_id")
        if location_id is not None:
            site = tx.locations.get(location_id)
            if site is None or site.client_id != client_id:
                raise LocationNotFound(field="location_id")
        survey = tx.surveys.add(
            Survey(
                client_id=client_id,
                name=name,
                created_at=clock.now(),
                questions=questions,
                location_id=location_id,
                active=active,
            )
        )
        tx.commit()
    return survey


def _questions(value: Any) -> tuple[SurveyQuestion, ...]:
    if not isinstance(value, list) or not value:
        raise ValidationFailed("questions", "questions must be a list of 1 or more questions.")
    if len(value) > MAX_QUESTIONS:
        raise ValidationFailed("questions", f"a survey has at most {MAX_QUESTIONS} questions.")
    return tuple(_question(item, f"questions[{index}]") for index, item in enumerate(value))


def _question(item: Any, where: str) -> SurveyQuestion:
    if not isinstance(item, Mapping):
        raise ValidationFailed(where, f"{where} must be an object with text and blocking_answers.")
    question = item.get("text")
    if not isinstance(question, str) or not 1 <= len(text.single_line(question, f"{where}.text").strip()) <= 500:
        raise ValidationFailed(f"{where}.text", f"{where}.text must be 1 to 500 characters.")
    answers = item.get("blocking_answers", [])
    field = f"{where}.blocking_answers"
    if not isinstance(answers, list) or len(answers) > MAX_ANSWERS:
        raise ValidationFailed(field, f"{field} must be a list of at most {MAX_ANSWERS} answers.")
    cleaned: list[str] = []
    for answer in answers:
        if not isinstance(answer, str) or not 1 <= len(text.single_line(answer, field).strip()) <= 255:
            raise ValidationFailed(field, f"each of {field} must be a string of 1 to 255 characters.")
        cleaned.append(answer.strip())
    return SurveyQuestion(id=0, text=question.strip(), blocking_answers=tuple(dict.fromkeys(cleaned)))
