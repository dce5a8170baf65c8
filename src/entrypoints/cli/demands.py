"""``workforce demand cancel``: a requirement takes no more bookings."""

from __future__ import annotations

import typer

from workforce_adapters.json import demand_record
from workforce_core.rules import text
from workforce_core.rules.fields import read_text
from workforce_core.services import demands
from workforce_entrypoints.cli.output import command, emit
from workforce_entrypoints.cli.state import services

app = typer.Typer(help="Requirements (demands).", no_args_is_help=True)


@app.command("cancel")
@command
def cancel(
    ctx: typer.Context,
    demand_id: int = typer.Argument(..., metavar="ID"),
    reason: str | None = typer.Option(None, help="Why (at most 255 characters)."),
) -> None:
    """Cancel a requirement: further bookings onto it are refused (409 conflict); its bookings stay."""
    s = services(ctx)
    cancel_reason = read_text(reason, "cancel_reason", kind=text.free_text, max_length=255)
    emit(demand_record(s.run(demands.cancel, demand_id, cancel_reason)))
