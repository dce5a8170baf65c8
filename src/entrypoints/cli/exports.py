"""``workforce export create``: an export batch of a locked pay week and its file."""

from __future__ import annotations

from pathlib import Path

import typer
from attrs import evolve

from workforce_adapters.export_files import CsvExportFiles
from workforce_adapters.json import export_batch_record
from workforce_adapters.json.commands import structure
from workforce_adapters.json.export_preview import export_preview_record
from workforce_core.commands.exports import CreateExport
from workforce_core.errors import InvalidParameter
from workforce_core.model.exports import EXPORT_FORMATS, EXPORT_KINDS
from workforce_core.services import exports
from workforce_core.services.export_preview import PreviewQuery, preview_export
from workforce_entrypoints.cli.output import Bar, command, emit
from workforce_entrypoints.cli.reading import client_option, in_week, week_option
from workforce_entrypoints.cli.state import services

app = typer.Typer(
    help="Export batches: pay files (pkg_a, payroll) and charge files (pkg_b), in package presets; previews.",
    no_args_is_help=True,
)


@app.command("create")
@command
def create(
    ctx: typer.Context,
    client: int = typer.Option(..., help="The client."),
    week: str = typer.Option(..., help="Any date YYYY-MM-DD inside the (locked) pay week."),
    kind: str = typer.Option(..., help=f"One of {', '.join(EXPORT_KINDS)}."),
    file_format: str | None = typer.Option(
        None, "--format", help=f"A package preset of the kind (one of {', '.join(EXPORT_FORMATS)})."
    ),
    out: Path | None = typer.Option(None, help="Also write the file here (put in place after the commit)."),
) -> None:
    """Export a locked pay week: store the file, record the batch, stamp its shifts (export.created)."""
    s = services(ctx)
    body = {"client_id": client, "week": week.strip(), "kind": kind.strip()}
    if file_format is not None:
        body["format"] = file_format.strip()
    wanted = structure(CreateExport, body)
    bar = Bar("Exporting: pricing the week, then writing its file")
    try:
        batch = evolve(s, files=CsvExportFiles(out)).run(exports.create_export, wanted, progress=bar)
    finally:
        bar.close()
    emit(export_batch_record(batch, charge=True))


@app.command("preview")
@command
def preview(
    ctx: typer.Context,
    client: int = client_option(),
    week: str = week_option(),
    kind: str | None = typer.Option(None, help=f"One of {', '.join(EXPORT_KINDS)} (or leave it to --format)."),
    file_format: str | None = typer.Option(None, "--format", help="A format of the kind (a package preset)."),
) -> None:
    """The file an export of the week would make: its lines, totals per worker and site, and refusals."""
    s, caller, first, _ = in_week(ctx, client, week)
    kinds = {"kind": kind, "format": file_format}
    for name, value in kinds.items():  # the same words as the API's parameters
        allowed = EXPORT_KINDS if name == "kind" else EXPORT_FORMATS
        if value is not None and value.strip() not in allowed:
            raise InvalidParameter(name, f"{name} is one of {', '.join(allowed)}.")
    asked = PreviewQuery(week=first, kind=kind and kind.strip(), format=file_format and file_format.strip())
    emit(export_preview_record(s.run(preview_export, caller, asked)))
