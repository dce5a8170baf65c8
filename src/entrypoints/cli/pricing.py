"""``workforce price explain ENTRY_ID``: why one shift's pay is what it is, in one look."""

from __future__ import annotations

import typer

from workforce_adapters.json import payroll_fields, pricing_record
from workforce_core.services.figure_refresh import refresh_figures
from workforce_core.services.holiday import shift_holiday
from workforce_core.steps.pricing import explain_entry
from workforce_entrypoints.cli.output import Bar, command, emit
from workforce_entrypoints.cli.state import services

app = typer.Typer(help="Pricing: explain how a shift was priced; refresh the stale figures.", no_args_is_help=True)


@app.command("explain")
@command
def explain(ctx: typer.Context, entry_id: int = typer.Argument(..., metavar="ENTRY_ID")) -> None:
    """The rule chosen and why, the break taken, each interval with its day type, night band and
    overtime tier, the rates and the figures (pay and charge), and how its pay week pays holiday. A
    shift of a locked week shows its frozen figures, explained by what they were made from."""
    s = services(ctx)
    shown = s.run(explain_entry, entry_id)  # a locked week's shift: its frozen figures
    emit(
        {
            "entry_id": entry_id,
            **payroll_fields(shown.working.entry, shown.figures),
            "pricing": pricing_record(shown.figures, pay=True, charge=True, explanation=shown.working),
            "holiday": s.run(shift_holiday, entry_id),
        }
    )


@app.command("refresh")
@command
def refresh(ctx: typer.Context) -> None:
    """Price and store the figures of every stale worker-week of every client (what ``workforce serve``
    does in the background after a rate rule, a client setting or a worker's rates change)."""
    s = services(ctx)
    bar = Bar("Pricing the stale worker-weeks")
    try:
        priced = s.run(refresh_figures, progress=bar)
    finally:
        bar.close()
    emit({"shifts_priced": priced})
