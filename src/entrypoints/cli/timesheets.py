"""``workforce timesheet ...``: time records changed by hand, approvals, corrections and amendments.

Times are local Europe/London ``YYYY-MM-DD HH:MM`` (or ISO 8601 with ``Z`` or an offset).
"""

from __future__ import annotations

from typing import Any

import typer

from workforce_adapters.json import amendment_record, payroll_fields, pricing_record, time_entry_record
from workforce_adapters.json.commands import structure
from workforce_core.commands.manual_clocks import ManualClockIn
from workforce_core.commands.time_records import (
    AddBreak,
    AnswerQuery,
    Backfill,
    EditEntry,
    QueryEntry,
    RaiseAmendment,
    RejectEntries,
)
from workforce_core.model.time_entries import APPROVAL_STATUSES
from workforce_core.ports import Page, Paging
from workforce_core.rules.console_times import console_time
from workforce_core.rules.fields import read_choice
from workforce_core.services import (
    amendments,
    approvals,
    console_reads,
    corrections,
    manual_clocks,
    sign_off,
    time_records,
)
from workforce_core.services.time_reads.timesheets import TimesheetQuery, timesheets
from workforce_core.views import EntryView
from workforce_entrypoints.cli.output import Format, command, emit, emit_rows, format_option
from workforce_entrypoints.cli.reading import client_option, in_week, week_option
from workforce_entrypoints.cli.state import services

app = typer.Typer(
    help="Time records: backfill, clock-ins by hand, breaks, approvals, queries, corrections, clock-outs, amendments.",
    no_args_is_help=True,
)
COLUMNS = ("id", "worker_name", "location_name", "clock_in", "clock_out", "paid_hours", "pay_amount", "approval_status")

IDS = typer.Argument(..., metavar="ID...", help="Time entry ids (shifts).")
TIME_HELP = 'Local time "YYYY-MM-DD HH:MM" (Europe/London).'


def entries(views: list[EntryView]) -> dict[str, Any]:
    """The reply of a command on several shifts: how many, their ids, and each shift."""
    return {
        "count": len(views),
        "entry_ids": [view.entry.id for view in views],
        "entries": [time_entry_record(view) for view in views],
    }


@app.command("backfill")
@command
def backfill(
    ctx: typer.Context,
    worker: int = typer.Option(..., help="The worker id."),
    location: int = typer.Option(..., help="The site id."),
    clock_in: str = typer.Option(..., help=TIME_HELP),
    clock_out: str = typer.Option(..., help=TIME_HELP),
    break_minutes: int | None = typer.Option(None, help="Unpaid break (manual_break_minutes)."),
    shift: int | None = typer.Option(None, help="The booking worked (default: a booking at the site covering it)."),
) -> None:
    """A paper shift typed in (clock_method backfill); sends time_entry.created."""
    s = services(ctx)
    given = {"worker_id": worker, "location_id": location, "clock_in": clock_in, "clock_out": clock_out}
    backfilled = structure(Backfill, {**given, "break_minutes": break_minutes, "booking_id": shift})
    emit(time_entry_record(s.run(time_records.backfill, backfilled)))


@app.command("clock-in")
@command
def clock_in(
    ctx: typer.Context,
    worker: int = typer.Option(..., help="The worker id."),
    location: int = typer.Option(..., help="The site id."),
    reason: str = typer.Option(..., help="Why by hand (the worker forgot, the kiosk was down ...)."),
    at: str | None = typer.Option(None, help=TIME_HELP + " Default now; at most an hour back."),
) -> None:
    """Clock a worker in by hand (clock_method manual); sends time_entry.created (manual_clock_in)."""
    s = services(ctx)
    given = {"worker_id": worker, "location_id": location, "reason": reason, "clock_in": at}
    made = s.run(manual_clocks.manual_clock_in, structure(ManualClockIn, given))
    emit(time_entry_record(made))


@app.command("break")
@command
def add_break(
    ctx: typer.Context,
    shift_id: int = typer.Argument(..., metavar="SHIFT_ID"),
    start: str = typer.Option(..., help=TIME_HELP),
    end: str = typer.Option(..., help=TIME_HELP),
) -> None:
    """A break entry inside a shift (entry_type break); prints the break with its shift."""
    s = services(ctx)
    command = structure(AddBreak, {"shift_id": shift_id, "start": start, "end": end})
    piece, shift = s.run(time_records.add_break, command)
    emit({**time_entry_record(piece), "shift": time_entry_record(shift)})


@app.command("approve")
@command
def approve(ctx: typer.Context, entry_ids: list[int] = IDS) -> None:
    """Agency approval: pending to approved; timesheet.approved (one event per site, 100 shifts at most)."""
    s = services(ctx)
    emit(entries(s.run(approvals.approve, entry_ids)))


@app.command("client-approve")
@command
def client_approve(ctx: typer.Context, entry_ids: list[int] = IDS) -> None:
    """Client sign-off: timesheet.client_approved."""
    s = services(ctx)
    emit(entries(s.run(approvals.client_approve, entry_ids)))


@app.command("client-reject")
@command
def client_reject(
    ctx: typer.Context, entry_ids: list[int] = IDS, reason: str = typer.Option(..., help="Why the client rejects.")
) -> None:
    """Client rejection: timesheet.client_rejected with the reason."""
    s = services(ctx)
    command = structure(RejectEntries, {"entry_ids": entry_ids, "reason": reason})
    emit(entries(s.run(approvals.client_reject, command)))


@app.command("revert")
@command
def revert(ctx: typer.Context, entry_ids: list[int] = IDS) -> None:
    """Approved back to pending: timesheet.unapproved (reason_code reverted)."""
    s = services(ctx)
    emit(entries(s.run(approvals.revert, entry_ids)))


@app.command("query")
@command
def query(
    ctx: typer.Context,
    entry_id: int = typer.Argument(..., metavar="ID"),
    via: str = typer.Option(..., help="Who raised it: client, agency or worker."),
    question: str | None = typer.Option(None, help="The question (needed for a client's query)."),
) -> None:
    """Raise a query: the shift is held (open_query); timesheet.queried."""
    s = services(ctx)
    command = structure(QueryEntry, {"entry_id": entry_id, "via": via, "question": question})
    emit(time_entry_record(s.run(approvals.query, command)))


@app.command("answer-query")
@command
def answer_query(
    ctx: typer.Context,
    entry_id: int = typer.Argument(..., metavar="ID"),
    answer: str = typer.Option(..., help="The answer for who asked; it resolves the query."),
) -> None:
    """Answer the open query, which settles it: time_entry.updated (change query_resolved)."""
    s = services(ctx)
    command = structure(AnswerQuery, {"entry_id": entry_id, "answer": answer})
    emit(time_entry_record(s.run(approvals.answer_query, command)))


@app.command("resolve-query")
@command
def resolve_query(ctx: typer.Context, entry_id: int = typer.Argument(..., metavar="ID")) -> None:
    """Settle the open query: time_entry.updated (change query_resolved)."""
    s = services(ctx)
    emit(time_entry_record(s.run(approvals.resolve_query, entry_id)))


@app.command("dispute")
@command
def dispute(ctx: typer.Context, entry_id: int = typer.Argument(..., metavar="ID")) -> None:
    """The client disputes an approved shift: timesheet.unapproved (reason_code disputed)."""
    s = services(ctx)
    emit(time_entry_record(s.run(approvals.dispute, entry_id)))


@app.command("edit")
@command
def edit(
    ctx: typer.Context,
    entry_id: int = typer.Argument(..., metavar="ID"),
    clock_in: str | None = typer.Option(None, help=TIME_HELP),
    clock_out: str | None = typer.Option(None, help=TIME_HELP),
    break_minutes: int | None = typer.Option(None, help="Unpaid break (manual_break_minutes)."),
    pay_adjustment_minutes: int | None = typer.Option(None, help="Minutes added to (or taken from) paid time."),
) -> None:
    """Correct a shift: time_entry.updated (corrected); an approved shift goes back to pending."""
    s = services(ctx)
    change = {"clock_in": clock_in, "clock_out": clock_out, "break_minutes": break_minutes}
    command = structure(EditEntry, {"entry_id": entry_id, **change, "pay_adjustment_minutes": pay_adjustment_minutes})
    emit(time_entry_record(s.run(corrections.edit, command)))


@app.command("clock-out")
@command
def clock_out(
    ctx: typer.Context,
    entry_id: int = typer.Argument(..., metavar="ID"),
    at: str = typer.Option(..., help=TIME_HELP),
) -> None:
    """Close an open shift by hand (clock_out_method manual): time_entry.updated (clocked_out)."""
    s = services(ctx)
    emit(time_entry_record(s.run(time_records.clock_out, entry_id, console_time(at, "clock_out"))))


@app.command("auto-close")
@command
def auto_close(ctx: typer.Context) -> None:
    """Close every shift open 18 hours: at its booked end, else clock-in plus the client's default shift hours."""
    s = services(ctx)
    emit(entries(s.run(time_records.auto_close)))


@app.command("auto-sign-off")
@command
def auto_sign_off(ctx: typer.Context) -> None:
    """Sign off (via auto) the shifts still pending the client's sign-off past its deadline (cron: hourly)."""
    s = services(ctx)
    emit(entries(s.run(sign_off.auto_sign_off)))


@app.command("amend")
@command
def amend(
    ctx: typer.Context,
    entry_id: int = typer.Argument(..., metavar="ID"),
    reason: str = typer.Option(..., help="Why the change is asked for."),
    clock_in: str | None = typer.Option(None, help=TIME_HELP),
    clock_out: str | None = typer.Option(None, help=TIME_HELP),
    break_minutes: int | None = typer.Option(None, help="The break asked for, in minutes."),
    raised_by: str = typer.Option("client", help="Who asks (default client)."),
) -> None:
    """Raise an amendment request on a shift (status raised): timesheet.amended."""
    s = services(ctx)
    asked = {"clock_in": clock_in, "clock_out": clock_out, "break_minutes": break_minutes, "raised_by": raised_by}
    command = structure(RaiseAmendment, {"entry_id": entry_id, "reason": reason, **asked})
    amendment = s.run(amendments.raise_amendment, command)
    emit(amendment_record(amendment))


@app.command("list")
@command
def list_timesheets(
    ctx: typer.Context,
    client: int = client_option(),
    week_day: str = week_option(),
    status: str | None = typer.Option(None, help=f"Approval status: {', '.join(APPROVAL_STATUSES)}."),
    shown: Format | None = format_option(),
) -> None:
    """The client's shifts worked in a pay week, with their pay figures, as GET /timesheets.php lists them."""
    s, caller, first, last = in_week(ctx, client, week_day)
    wanted = read_choice(status, "status", APPROVAL_STATUSES)
    figures: dict[int, Any] = {}
    checked: dict[int, tuple[str, ...]] = {}

    def page(paging: Paging) -> Page[EntryView]:
        query = TimesheetQuery(paging, date_from=first, date_to=last, approval_status=wanted)
        sheet = s.run(timesheets, caller, query)
        figures.update(sheet.figures)
        checked.update(sheet.exceptions)
        return sheet.page

    views = console_reads.every(page)

    def shown_row(view: EntryView) -> dict[str, Any]:  # as GET /timesheets.php?include_pricing=true shows it
        priced = figures.get(view.entry.id)
        row = {**time_entry_record(view), **payroll_fields(view.entry, priced)}
        row["open_exceptions"] = list(checked.get(view.entry.id, ()))
        if priced is not None:
            row["pricing"] = pricing_record(priced, pay=True, charge=True)
            row["pay_amount"] = row["pricing"].get("pay_amount")
        return row

    emit_rows([shown_row(view) for view in views], COLUMNS, shown, f"Timesheets {first} to {last}")
