"""``workforce amendment accept|decline|withdraw ID``: deciding amendment requests."""

from __future__ import annotations

import typer

from workforce_adapters.json import amendment_record, time_entry_record
from workforce_core.services import amendments
from workforce_entrypoints.cli.output import command, emit
from workforce_entrypoints.cli.state import services

app = typer.Typer(help="Amendment requests: accept, decline, withdraw.", no_args_is_help=True)


@app.command("accept")
@command
def accept(ctx: typer.Context, amendment_id: int = typer.Argument(..., metavar="ID")) -> None:
    """Apply the requested times and break to the shift; prints the request with the changed ``entry``."""
    s = services(ctx)
    amendment, view = s.run(amendments.accept, amendment_id)
    emit({**amendment_record(amendment), "entry": time_entry_record(view)})


@app.command("decline")
@command
def decline(ctx: typer.Context, amendment_id: int = typer.Argument(..., metavar="ID")) -> None:
    """Refuse the request; the shift is unchanged."""
    s = services(ctx)
    emit(amendment_record(s.run(amendments.decline, amendment_id)))


@app.command("withdraw")
@command
def withdraw(ctx: typer.Context, amendment_id: int = typer.Argument(..., metavar="ID")) -> None:
    """Take the request back (the client); the shift is unchanged."""
    s = services(ctx)
    emit(amendment_record(s.run(amendments.withdraw, amendment_id)))
