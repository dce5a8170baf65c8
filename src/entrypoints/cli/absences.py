"""``workforce absence create|decide``: absence requests made and decided at the agency console."""

from __future__ import annotations

import typer

from workforce_adapters.json import absence_record
from workforce_adapters.json.commands import structure
from workforce_core.commands.absences import CreateAbsence
from workforce_core.services import absences
from workforce_entrypoints.cli.output import command, emit
from workforce_entrypoints.cli.state import services

app = typer.Typer(help="Absences: holiday, sickness and other time off.", no_args_is_help=True)


@app.command("create")
@command
def create(
    ctx: typer.Context,
    worker: int = typer.Option(..., help="The worker id."),
    type: str = typer.Option(..., "--type", help="holiday, sickness or other."),
    date_from: str = typer.Option(..., "--from", help="First day YYYY-MM-DD."),
    date_to: str = typer.Option(..., "--to", help="Last day YYYY-MM-DD (inclusive)."),
    hours: float | None = typer.Option(None, help="The hours it counts for."),
    notes: str | None = typer.Option(None, help="Notes."),
    approve: bool = typer.Option(False, "--approve", help="Record it approved (it then blocks booking)."),
) -> None:
    """Record an absence, ``requested`` (or ``approved`` with ``--approve``)."""
    s = services(ctx)
    raw = {
        "worker_id": worker,
        "type": type.strip(),
        "start_date": date_from.strip(),
        "end_date": date_to.strip(),
        "hours": hours,
        "notes": notes,
    }
    view = s.run(absences.create_absence, structure(CreateAbsence, raw), approve=approve)
    emit(absence_record(view))


@app.command("decide")
@command
def decide(
    ctx: typer.Context,
    absence_id: int = typer.Argument(..., metavar="ID"),
    decision: str = typer.Argument(..., metavar="approve|decline"),
) -> None:
    """Approve or decline a requested absence."""
    s = services(ctx)
    emit(absence_record(s.run(absences.decide_absence, absence_id, decision)))


@app.command("cancel")
@command
def cancel(ctx: typer.Context, absence_id: int = typer.Argument(..., metavar="ID")) -> None:
    """Cancel a requested or approved absence (it no longer blocks bookings)."""
    s = services(ctx)
    emit(absence_record(s.run(absences.cancel_absence, absence_id)))
