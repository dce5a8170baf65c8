"""A pre-clock-in survey as a command (commands/surveys.py) read by the one converter, and made by its use case on
the memory adapter: a fault in a question is named by its path, as the console has always named it."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from tests.clocks import FakeClock
from workforce_adapters.json import event_codec
from workforce_adapters.json.commands import structure
from workforce_adapters.memory import MemoryStore, MemoryUnitOfWorkFactory
from workforce_core.commands.surveys import MAX_ANSWERS, MAX_QUESTIONS, CreateSurvey, SurveyQuestionTerms
from workforce_core.errors import LocationNotFound, NotFound, ValidationFailed
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.reference import Location
from workforce_core.services.surveys import create_survey

Q = {"text": "Unwell?", "blocking_answers": ["yes"]}


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({"questions": [Q]}, "name"),
        ({"name": "S"}, "questions"),
        ({"name": "S", "questions": []}, "questions"),
        ({"name": "S", "questions": [Q] * (MAX_QUESTIONS + 1)}, "questions"),
        ({"name": "S", "questions": [Q, "Boots?"]}, "questions[1]"),
        ({"name": "S", "questions": [Q, {"blocking_answers": ["no"]}]}, "questions[1].text"),
        ({"name": "S", "questions": [{"text": "x" * 501}]}, "questions[0].text"),
        ({"name": "S", "questions": [{"text": "Fit?\nReally?"}]}, "questions[0].text"),
        ({"name": "S", "questions": [{"text": "Q", "blocking_answers": "yes"}]}, "questions[0].blocking_answers"),
        ({"name": "S", "questions": [{"text": "Q", "blocking_answers": None}]}, "questions[0].blocking_answers"),
        ({"name": "S", "questions": [{"text": "Q", "blocking_answers": [" "]}]}, "questions[0].blocking_answers"),
        (
            {"name": "S", "questions": [{"text": "Q", "blocking_answers": ["a"] * (MAX_ANSWERS + 1)}]},
            "questions[0].blocking_answers",
        ),
        ({"name": "S", "questions": [Q], "active": "yes"}, "active"),
        ({"name": "S", "questions": [Q], "location_id": "1"}, "location_id"),
    ],
    ids=repr,
)
def test_a_bad_survey_is_refused_naming_the_field_by_its_path(raw: dict[str, Any], field: str) -> None:
    with pytest.raises(ValidationFailed) as refused:
        structure(CreateSurvey, raw)
    assert refused.value.extra == {"field": field}


def test_questions_and_answers_are_trimmed_and_an_answer_is_kept_once() -> None:
    raw = {"name": " Fit ", "questions": [{"text": " Boots? ", "blocking_answers": [" no ", "no", "lost them"]}]}
    assert structure(CreateSurvey, raw) == CreateSurvey(
        name="Fit", questions=(SurveyQuestionTerms(text="Boots?", blocking_answers=("no", "lost them")),)
    )


class Surveys:
    def __init__(self) -> None:
        self.clock = FakeClock(datetime(2026, 5, 1, 9, 0, tzinfo=UTC))
        self.uow = MemoryUnitOfWorkFactory(MemoryStore(), event_codec=event_codec)
        with self.uow() as tx:
            self.client = tx.clients.add(ClientAccount(name="Acme", created_at=self.clock.now()))
            other = tx.clients.add(ClientAccount(name="Other", created_at=self.clock.now()))
            self.site = tx.locations.add(Location(client_id=self.client.id, name="Depot", created_at=self.clock.now()))
            self.theirs = tx.locations.add(Location(client_id=other.id, name="Theirs", created_at=self.clock.now()))
            tx.commit()

    def create(self, client_id: int | None = None, **raw: Any) -> Any:
        command = structure(CreateSurvey, {"name": "Fit", "questions": [Q, {"text": "Boots?"}], **raw})
        return create_survey(command, client_id=client_id or self.client.id, uow=self.uow, clock=self.clock)


def test_a_survey_is_stored_with_ids_for_its_questions() -> None:
    s = Surveys()
    survey = s.create(location_id=s.site.id, active=False)
    assert (survey.client_id, survey.location_id, survey.active) == (s.client.id, s.site.id, False)
    assert [(q.text, q.blocking_answers) for q in survey.questions] == [("Unwell?", ("yes",)), ("Boots?", ())]
    assert all(q.id > 0 for q in survey.questions)


def test_a_survey_of_an_unknown_client_or_of_another_clients_site_is_refused() -> None:
    s = Surveys()
    with pytest.raises(NotFound) as unknown:
        s.create(client_id=999)
    assert unknown.value.extra == {"field": "client_id"}
    with pytest.raises(LocationNotFound) as foreign:
        s.create(location_id=s.theirs.id)
    assert foreign.value.extra == {"field": "location_id"}
