"""``workforce webhooks dispatch``: deliver the outbox's events to the webhook subscriptions."""

from __future__ import annotations

import time

import attrs
import typer

from workforce_core.services.dispatch import DEFAULT_CONCURRENCY, dispatch
from workforce_entrypoints.cli.output import command, emit
from workforce_entrypoints.cli.state import services

app = typer.Typer(help="Webhooks: deliver events to the subscriptions.", no_args_is_help=True)
DEFAULT_INTERVAL = 2.0  # seconds between passes when running on


@app.command("dispatch")
@command
def dispatch_command(
    ctx: typer.Context,
    once: bool = typer.Option(False, "--once", help="Deliver what is due now, print what was done, and exit."),
    concurrency: int = typer.Option(
        DEFAULT_CONCURRENCY, min=1, max=64, help="Deliveries sent at the same time (a slow receiver holds one)."
    ),
    interval: float = typer.Option(
        DEFAULT_INTERVAL, min=0.1, max=600, help="Seconds between passes when running on (without --once)."
    ),
) -> None:
    """Fan out new events and send every delivery that is due, retrying on the spec's schedule. Several
    dispatchers may run on one PostgreSQL database (each attempt is made once); on SQLite run one."""
    s = services(ctx)
    sender = s.webhooks.sender(s.clock)
    while True:
        report = dispatch(uow=s.uow, clock=s.clock, sender=sender, concurrency=concurrency)
        if once:
            emit(attrs.asdict(report))
            return
        if report.fanned_out or report.attempts or report.refused:
            emit(attrs.asdict(report))
        time.sleep(interval)
