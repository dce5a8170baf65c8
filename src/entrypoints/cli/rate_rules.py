"""``workforce rate-rule create|update|retire``: rate rules in the API's RateRule shape."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import typer

from workforce_adapters.json import rate_rule_record
from workforce_adapters.json.commands import structure
from workforce_core.commands.rate_rules import RateRuleDefinition
from workforce_core.errors import ValidationFailed
from workforce_core.services import rate_rules
from workforce_entrypoints.cli.output import command, emit
from workforce_entrypoints.cli.state import services

app = typer.Typer(help="Rate rules: how shifts are priced (pay and charge).", no_args_is_help=True)


def _read(path: Path) -> RateRuleDefinition:
    """The file's RateRule; its numbers are read as written (``12.10`` is ``Decimal("12.10")``)."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"), parse_float=Decimal)
    except (OSError, ValueError) as error:
        raise ValidationFailed("file", f"cannot read {path}: {error}") from None
    if not isinstance(raw, dict):
        raise ValidationFailed("file", "the file must hold one JSON object (a RateRule).")
    return structure(RateRuleDefinition, raw)


@app.command("create")
@command
def create(
    ctx: typer.Context,
    client: int = typer.Option(..., help="Client account id."),
    file: Path = typer.Option(..., help="RULE.json: a RateRule with `pay` and `charge` objects."),
) -> None:
    """A new rate rule from a file."""
    s = services(ctx)
    emit(rate_rule_record(s.run(rate_rules.create_rate_rule, _read(file), client_id=client)))


@app.command("update")
@command
def update(
    ctx: typer.Context,
    rule_id: int = typer.Argument(..., metavar="ID"),
    file: Path = typer.Option(..., help="RULE.json: the rule's whole new definition."),
) -> None:
    """Replace a rule's definition (its id stays)."""
    s = services(ctx)
    emit(rate_rule_record(s.run(rate_rules.update_rate_rule, rule_id, _read(file))))


@app.command("retire")
@command
def retire(ctx: typer.Context, rule_id: int = typer.Argument(..., metavar="ID")) -> None:
    """Retire a rule (it stops applying; it stays listed with `active=false`)."""
    s = services(ctx)
    emit(rate_rule_record(s.run(rate_rules.retire_rate_rule, rule_id)))
