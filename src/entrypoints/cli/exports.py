"""``workforce export create``: an export batch of a locked pay week and its file."""

from __future__ import annotations

from pathlib import Path

import typer

from workforce_adapters.export_files import CsvExportFiles
from workforce_adapters.json import export_batch_record
from workforce_adapters.json.commands import structure
from workforce_core.commands.exports import CreateExport
from workforce_core.model.exports import EXPORT_KINDS
from workforce_core.services import exports
from workforce_entrypoints.cli.output import Bar, command, emit
from workforce_entrypoints.cli.state import services

app = typer.Typer(help="Export batches: pay files (pkg_a, payroll) and charge files (pkg_b).", no_args_is_help=True)


@app.command("create")
@command
def create(
    ctx: typer.Context,
    client: int = typer.Option(..., help="The client."),
    week: str = typer.Option(..., help="Any date YYYY-MM-DD inside the (locked) pay week."),
    kind: str = typer.Option(..., help=f"One of {', '.join(EXPORT_KINDS)}."),
    out: Path | None = typer.Option(None, help="Also write the file here (put in place after the commit)."),
) -> None:
    """Export a locked pay week: store the file, record the batch, stamp its shifts (export.created)."""
    s = services(ctx)
    wanted = structure(CreateExport, {"client_id": client, "week": week.strip(), "kind": kind.strip()})
    bar = Bar("Exporting: pricing the week, then writing its file")
    try:
        batch = exports.create_export(
            wanted, uow=s.uow, queries=s.queries, files=CsvExportFiles(out), clock=s.clock, progress=bar
        )
    finally:
        bar.close()
    emit(export_batch_record(batch, charge=True))
