"""``workforce price explain ENTRY_ID``: why one shift's pay is what it is, in one look."""

from __future__ import annotations

import typer

from workforce_adapters.json import payroll_fields, pricing_record
from workforce_core.services.pricing import price_entry
from workforce_entrypoints.cli.output import command, emit
from workforce_entrypoints.cli.state import services

app = typer.Typer(help="Pricing: explain how a shift was priced.", no_args_is_help=True)


@app.command("explain")
@command
def explain(ctx: typer.Context, entry_id: int = typer.Argument(..., metavar="ENTRY_ID")) -> None:
    """The rule chosen and why, the break taken, each interval with its day type, night band and
    overtime tier, the rates and the figures (pay and charge)."""
    s = services(ctx)
    priced = price_entry(entry_id, uow=s.uow)
    emit(
        {
            "entry_id": entry_id,
            **payroll_fields(priced.entry, priced.figures()),
            "pricing": pricing_record(priced.figures(), pay=True, charge=True, explanation=priced),
        }
    )
