"""``workforce shift book ...``: a booking through the API's use case (same rules, same events); and
``workforce shift check-no-shows``, the no-show job (also reached as ``workforce shifts ...``)."""

from __future__ import annotations

import typer

from workforce_adapters.json import shift_record
from workforce_adapters.json.commands import structure
from workforce_core.commands.bookings import BookShift
from workforce_core.commands.no_shows import DEFAULT_LOOKBACK_HOURS, MAX_LOOKBACK_HOURS, CheckNoShows
from workforce_core.services import bookings, console_reads, no_shows
from workforce_core.services.shift_reads import ShiftQuery, shifts
from workforce_entrypoints.cli.output import Format, command, emit, emit_rows, format_option
from workforce_entrypoints.cli.reading import client_option, in_week, week_option
from workforce_entrypoints.cli.state import services

app = typer.Typer(help="Bookings (shifts): book, check no-shows, list.", no_args_is_help=True)
COLUMNS = ("id", "shift_date", "start_time", "end_time", "worker_name", "location_name", "status")


@app.command("book")
@command
def book(
    ctx: typer.Context,
    client: int = typer.Option(..., help="The client."),
    worker: int = typer.Option(..., help="The worker id."),
    location: int = typer.Option(..., help="The site id."),
    date: str = typer.Option(..., help="Local date YYYY-MM-DD."),
    start: str = typer.Option(..., help="Local start HH:MM."),
    end: str = typer.Option(..., help="Local end HH:MM (at or before the start: the next day)."),
    break_minutes: int = typer.Option(0, help="Break in minutes."),
    role: str | None = typer.Option(None, help="Job role."),
    status: str = typer.Option("published", help="draft or published."),
    notes: str | None = typer.Option(None, help="Notes."),
) -> None:
    """Book a worker at a site (status published by default); the eligibility rules of POST /shifts.php."""
    s = services(ctx)
    given = {
        "worker_id": worker,
        "location_id": location,
        "shift_date": date.strip(),
        "start_time": start,
        "end_time": end,
        "break_minutes": break_minutes,
        "job_role": role,
        "status": status,
        "notes": notes,
    }
    view = s.run(bookings.book, structure(BookShift, given), client_id=client)
    emit(shift_record(view))


@app.command("check-no-shows")
@command
def check_no_shows(
    ctx: typer.Context,
    lookback_hours: int = typer.Option(
        DEFAULT_LOOKBACK_HOURS, help=f"Only bookings that started in the last N hours (1 to {MAX_LOOKBACK_HOURS})."
    ),
) -> None:
    """Send shift.no_show for each published booking whose start plus the client's no_show_grace_minutes
    has passed with no clock-in. The booking's status stays. Each booking's no-show is sent once, however
    often this runs (safe every minute from cron, two runs at once included). Prints
    {"checked": N, "no_shows": N, "shift_ids": [...]}."""
    s = services(ctx)
    run = s.run(no_shows.check_no_shows, structure(CheckNoShows, {"lookback_hours": lookback_hours}))
    emit({"checked": run.checked, "no_shows": len(run.no_shows), "shift_ids": [v.booking.id for v in run.no_shows]})


@app.command("list")
@command
def list_shifts(
    ctx: typer.Context,
    client: int = client_option(),
    week_day: str = week_option(),
    shown: Format | None = format_option(),
) -> None:
    """The client's bookings in a pay week, as GET /shifts.php lists them."""
    s, caller, first, last = in_week(ctx, client, week_day)
    views = console_reads.every(
        lambda paging: s.run(shifts, caller, ShiftQuery(paging=paging, date_from=first, date_to=last))
    )
    emit_rows([shift_record(view) for view in views], COLUMNS, shown, f"Shifts {first} to {last}")
