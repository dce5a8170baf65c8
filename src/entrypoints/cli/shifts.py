"""``workforce shift book ...``: a minimal booking (the bookings API is a later issue)."""

from __future__ import annotations

from typing import Any

import typer

from workforce_core.model.bookings import Booking
from workforce_core.rules.london import local_text, utc_text
from workforce_core.services import bookings
from workforce_entrypoints.cli.output import command, emit
from workforce_entrypoints.cli.state import services

app = typer.Typer(help="Bookings (shifts).", no_args_is_help=True)


def shift_record(booking: Booking) -> dict[str, Any]:
    start, end = local_text(booking.start), local_text(booking.end)
    return {
        "id": booking.id,
        "client_id": booking.client_id,
        "worker_id": booking.worker_id,
        "location_id": booking.location_id,
        "shift_date": booking.shift_date.isoformat(),
        "start_time": start[11:16] if start else None,
        "end_time": end[11:16] if end else None,
        "start_utc": utc_text(booking.start),
        "end_utc": utc_text(booking.end),
        "break_minutes": booking.break_minutes,
        "job_role": booking.job_role,
        "status": booking.status,
        "created_at": local_text(booking.created_at),
        "created_at_utc": utc_text(booking.created_at),
    }


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
) -> None:
    """Book a worker at a site (status published by default)."""
    s = services(ctx)
    booking = bookings.book(
        client,
        worker,
        location,
        date,
        start,
        end,
        break_minutes=break_minutes,
        job_role=role,
        status=status,
        uow=s.uow,
        clock=s.clock,
    )
    emit(shift_record(booking))
