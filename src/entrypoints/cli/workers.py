"""``workforce worker ...``: the agency console's worker actions."""

from __future__ import annotations

import getpass
import sys
from pathlib import Path

import attrs
import typer

from workforce_adapters.json import worker_record
from workforce_adapters.json.commands import structure
from workforce_core.commands.worker_moves import MoveWorker
from workforce_core.commands.worker_pins import SetWorkerPin
from workforce_core.commands.workers import CreateWorker
from workforce_core.ports import WorkerFilter
from workforce_core.services import console_reads, do_not_return, reads, subject_access, worker_moves, worker_pins
from workforce_core.services import workers as use_cases
from workforce_core.services.worker_app_links import make_app_link
from workforce_entrypoints.cli.output import Format, command, emit, emit_rows, format_option
from workforce_entrypoints.cli.reading import client_option, operator
from workforce_entrypoints.cli.state import services

app = typer.Typer(
    help="Workers: register, approve, suspend, anonymise, move, export, dormancy, list.", no_args_is_help=True
)
COLUMNS = ("id", "employee_id", "name", "status", "location_id", "job_role", "email")


@app.command("register")
@command
def register(
    ctx: typer.Context,
    client: int = typer.Option(...),
    name: str = typer.Option(...),
    employee_id: str | None = typer.Option(None),
    location: int | None = typer.Option(None),
    email: str | None = typer.Option(None),
) -> None:
    """A self-registered worker: ``pending`` until approved (cannot clock or be booked)."""
    s = services(ctx)
    raw = {"name": name, "employee_id": employee_id, "location_id": location, "email": email}
    view = s.run(use_cases.create_worker, structure(CreateWorker, raw), client_id=client, pending=True)
    emit(worker_record(view))


@app.command("approve")
@command
def approve(ctx: typer.Context, worker_id: int = typer.Argument(..., metavar="ID")) -> None:
    """Pending to active; announces ``worker.created``."""
    s = services(ctx)
    emit(worker_record(s.run(use_cases.approve_worker, worker_id)))


@app.command("suspend")
@command
def suspend(ctx: typer.Context, worker_id: int = typer.Argument(..., metavar="ID")) -> None:
    """Suspend a worker: they cannot clock or be booked."""
    s = services(ctx)
    emit(worker_record(s.run(use_cases.suspend_worker, worker_id)))


@app.command("anonymise")
@command
def anonymise(ctx: typer.Context, worker_id: int = typer.Argument(..., metavar="ID")) -> None:
    """Erase a leaver's personal data; the record can no longer be changed (409)."""
    s = services(ctx)
    emit(worker_record(s.run(use_cases.anonymise_worker, worker_id)))


@app.command("move")
@command
def move(
    ctx: typer.Context,
    worker_id: int = typer.Argument(..., metavar="ID"),
    to_client: int = typer.Option(..., "--to-client", help="The client account the worker moves to."),
) -> None:
    """Move a worker to another client account: this copy closes as moved out (its shifts, pay and
    documents stay); a new worker is made there. Prints both, ``old`` and ``new``."""
    s = services(ctx)
    moved = s.run(worker_moves.move_worker, MoveWorker(worker_id=worker_id, client_id=to_client))
    emit({"old": worker_record(moved.old), "new": worker_record(moved.new)})


@app.command("export")
@command
def export(
    ctx: typer.Context,
    worker_id: int = typer.Argument(..., metavar="ID"),
    client: int = client_option(),
    out: Path = typer.Option(..., "--out", help="The ZIP file to write."),
) -> None:
    """The worker's data for the worker (subject access): one ZIP of their records as JSON and CSV and
    their documents' evidence; recorded in the audit trail."""
    s, caller = operator(ctx, client)
    made = s.run(subject_access.export_worker_data, worker_id, principal=caller)
    out.write_bytes(made.content)
    emit({"worker_id": worker_id, "file": str(out), "bytes": len(made.content)})


def _pin() -> str:
    """The PIN from a prompt at a terminal (not echoed), else one line of standard input."""
    if sys.stdin.isatty():
        return getpass.getpass("PIN (4 to 8 digits): ")
    return sys.stdin.readline().rstrip("\r\n")


@app.command("set-pin")
@command
def set_pin(
    ctx: typer.Context,
    worker: int = typer.Option(..., "--worker", help="The worker's id."),
    clear: bool = typer.Option(False, "--clear", help="Remove the PIN: the worker cannot clock at a kiosk."),
) -> None:
    """Set a worker's kiosk PIN, read from a prompt or standard input (never an option); ``--clear`` removes it."""
    s = services(ctx)
    changed = SetWorkerPin(worker_id=worker, pin=None if clear else _pin())
    done = s.run(worker_pins.set_worker_pin, changed)
    emit({"worker_id": done.id, "employee_id": done.employee_id, "has_pin": done.has_pin})


@app.command("mark-dormant")
@command
def mark_dormant(ctx: typer.Context, client: int = typer.Option(..., help="Client account id.")) -> None:
    """The dormancy job: workers with no clock for the client's dormant_after_days (90) become dormant."""
    s = services(ctx)
    views = s.run(use_cases.mark_dormant, client)
    emit({"client_id": client, "count": len(views), "worker_ids": [view.worker.id for view in views]})


@app.command("dnr")
@command
def dnr(
    ctx: typer.Context,
    worker_id: int = typer.Argument(..., metavar="ID"),
    location: int = typer.Option(..., help="The site id."),
    remove: bool = typer.Option(False, "--remove", help="Allow the worker back at the site."),
) -> None:
    """Do not return: the worker cannot be booked at the site (``dnr``); ``--remove`` lifts it."""
    s = services(ctx)
    marked = s.run(do_not_return.mark, worker_id, location, remove=remove)
    emit(attrs.asdict(marked))


@app.command("list")
@command
def list_workers(
    ctx: typer.Context,
    client: int = client_option(),
    search: str | None = typer.Option(None, help="Part of a name, employee id or email."),
    shown: Format | None = format_option(),
) -> None:
    """The client's workers, as GET /workers.php lists them."""
    s, caller = operator(ctx, client)
    views = console_reads.every(
        lambda paging: s.run(reads.workers, caller, WorkerFilter(client, paging, search=search))
    )
    emit_rows([worker_record(view) for view in views], COLUMNS, shown, "Workers")


@app.command("app-link")
@command
def app_link(
    ctx: typer.Context,
    worker: int = typer.Option(..., help="The worker's id."),
    base: str | None = typer.Option(None, help="The site's address people use (default: WORKFORCE_PUBLIC_URL)."),
) -> None:
    """A one-time sign-in link to the worker app for the worker (works once, within 48 hours)."""
    s = services(ctx)
    made = s.run(make_app_link, worker, link_base=base or s.settings.public_url or "")
    emit({"worker_id": made.link.worker_id, "url": made.url, "expires_at": made.link.expires_at.isoformat()})
