"""``workforce survey create --client ID --file SURVEY.json``: pre-clock-in surveys."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer

from workforce_adapters.json.commands import structure
from workforce_core.commands.surveys import CreateSurvey
from workforce_core.errors import BadRequest, InvalidBody
from workforce_core.model.surveys import Survey
from workforce_core.rules.london import local_text, utc_text
from workforce_core.services import surveys
from workforce_entrypoints.cli.output import command, emit
from workforce_entrypoints.cli.state import services

app = typer.Typer(help="Pre-clock-in surveys.", no_args_is_help=True)


def survey_record(survey: Survey) -> dict[str, Any]:
    return {
        "id": survey.id,
        "client_id": survey.client_id,
        "name": survey.name,
        "location_id": survey.location_id,
        "active": survey.active,
        "questions": [
            {"id": q.id, "text": q.text, "blocking_answers": list(q.blocking_answers)} for q in survey.questions
        ],
        "created_at": local_text(survey.created_at),
        "created_at_utc": utc_text(survey.created_at),
    }


@app.command("create")
@command
def create(
    ctx: typer.Context,
    client: int = typer.Option(..., help="The owning client."),
    file: str = typer.Option(
        ...,
        help='JSON: {"name", "location_id"?, "active"?, "questions": [{"text", "blocking_answers": [...]}]}.',
    ),
) -> None:
    """A survey from a JSON file; prints it with its question ids."""
    try:
        text = Path(file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BadRequest(f"cannot read {file}: {type(error).__name__}.") from None
    try:
        raw = json.loads(text)
    except ValueError:
        raise InvalidBody(f"{file} is not valid JSON.") from None
    if not isinstance(raw, dict):
        raise InvalidBody("The survey must be a JSON object.")
    s = services(ctx)
    emit(survey_record(s.run(surveys.create_survey, structure(CreateSurvey, raw), client_id=client)))
