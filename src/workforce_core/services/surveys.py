"""Pre-clock-in surveys (console data): a survey of a client, optionally of one site, with questions
whose blocking answers refuse a clock-in (403 ``blocked_by_survey``)."""

from __future__ import annotations

from workforce_core.commands.surveys import CreateSurvey
from workforce_core.errors import LocationNotFound, NotFound
from workforce_core.model.surveys import Survey, SurveyQuestion
from workforce_core.ports import Clock, UnitOfWorkFactory


def create_survey(command: CreateSurvey, *, client_id: int, uow: UnitOfWorkFactory, clock: Clock) -> Survey:
    """A survey of the client (of one of its sites with ``location_id``); question ids are given when it
    is stored."""
    with uow() as tx:
        if tx.clients.get(client_id) is None:
            raise NotFound(f"client {client_id} was not found.", field="client_id")
        if command.location_id is not None:
            site = tx.locations.get(command.location_id)
            if site is None or site.client_id != client_id:
                raise LocationNotFound(field="location_id")
        questions = tuple(
            SurveyQuestion(id=0, text=q.text, blocking_answers=q.blocking_answers) for q in command.questions
        )
        survey = tx.surveys.add(
            Survey(
                client_id=client_id,
                name=command.name,
                created_at=clock.now(),
                questions=questions,
                location_id=command.location_id,
                active=command.active,
            )
        )
        tx.commit()
    return survey
