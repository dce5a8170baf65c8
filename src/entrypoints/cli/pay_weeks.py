"""``workforce pay-week lock|unlock|close``: the Close pay week page over the core's use cases."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import typer

from workforce_adapters.json import pay_week_record
from workforce_adapters.json.commands import structure
from workforce_core.commands.pay_weeks import (
    AcceptMinimumWage,
    ClosePayWeek,
    LockPayWeek,
    PayWeekCommand,
    UnlockPayWeek,
)
from workforce_core.services import pay_weeks
from workforce_core.services.minimum_wage import accept_minimum_wage
from workforce_core.services.pay_week_reads import PayWeekQuery
from workforce_core.services.pay_week_reads import pay_weeks as pay_week_list
from workforce_core.services.pay_weeks import PayWeekChange
from workforce_entrypoints.cli.output import Format, command, emit, emit_record, format_option
from workforce_entrypoints.cli.reading import in_week
from workforce_entrypoints.cli.state import services

app = typer.Typer(
    help="Pay weeks: show, lock, unlock, close (approve the pending shifts, then lock).", no_args_is_help=True
)

C = TypeVar("C", bound=PayWeekCommand)
CLIENT = typer.Option(..., help="The client.")
WEEK = typer.Option(..., help="Any date YYYY-MM-DD inside the pay week.")
LOCATION = typer.Option(None, help="One site (default: the whole client).")


def _run(
    ctx: typer.Context,
    cls: type[C],
    use_case: Callable[..., PayWeekChange],
    client: int,
    week: str,
    location: int | None,
) -> None:
    s = services(ctx)
    given: dict[str, Any] = {"client_id": client, "week": week.strip(), "location_id": location}
    change = s.run(use_case, structure(cls, given))
    emit(
        {
            "id": change.lock.id,
            "client_id": change.lock.client_id,
            "location_id": change.lock.location_id,
            **pay_week_record(change.week),
            "frozen_entries": change.frozen_entries,
            "approved_entry_ids": list(change.approved_entry_ids),
        }
    )


@app.command("lock")
@command
def lock(ctx: typer.Context, client: int = CLIENT, week: str = WEEK, location: int | None = LOCATION) -> None:
    """Lock an ended week that is ready_to_lock; its shifts are frozen (pay_week.locked, period.locked)."""
    _run(ctx, LockPayWeek, pay_weeks.lock_week, client, week, location)


@app.command("unlock")
@command
def unlock(ctx: typer.Context, client: int = CLIENT, week: str = WEEK, location: int | None = LOCATION) -> None:
    """Lift the lock (pay_week.unlocked, period.unlocked); the week's shifts can change again."""
    _run(ctx, UnlockPayWeek, pay_weeks.unlock_week, client, week, location)


@app.command("close")
@command
def close(ctx: typer.Context, client: int = CLIENT, week: str = WEEK, location: int | None = LOCATION) -> None:
    """Approve the week's pending shifts (timesheet.approved, via close_week), then lock it."""
    _run(ctx, ClosePayWeek, pay_weeks.close_week, client, week, location)


@app.command("show")
@command
def show(ctx: typer.Context, client: int = CLIENT, week: str = WEEK, shown: Format | None = format_option()) -> None:
    """A pay week as GET /pay-weeks.php shows it: its state, its counts and its export batches."""
    s, caller, first, _ = in_week(ctx, client, week)
    found = s.run(pay_week_list, caller, PayWeekQuery(week_start=first))
    (view,) = found.weeks
    emit_record(pay_week_record(view, charge=True, batch_totals=found.batch_totals), shown, f"Pay week {first}")


@app.command("accept-minimum-wage")
@command
def accept_wage(
    ctx: typer.Context,
    client: int = CLIENT,
    week: str = WEEK,
    worker: int = typer.Option(..., help="The worker paid below their band."),
    reason: str = typer.Option(..., help="Why it is accepted (kept with who and when)."),
) -> None:
    """Accept a worker's pay week paid below their minimum wage band, with a reason: the shortfall no
    longer blocks the lock (while it stays within the amount accepted)."""
    s = services(ctx)
    given = {"client_id": client, "week": week.strip(), "worker_id": worker, "reason": reason}
    made = s.run(accept_minimum_wage, structure(AcceptMinimumWage, given))
    emit(
        {
            "id": made.id,
            "client_id": made.client_id,
            "worker_id": made.worker_id,
            "week_start": made.week_start.isoformat(),
            "amount_short": float(made.amount_short),
            "reason": made.reason,
            "accepted_at": made.accepted_at.isoformat(),
        }
    )
