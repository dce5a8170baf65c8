"""The ``workforce`` console: a thin Typer entry point over the core's use cases.

Each command group's module is imported only when that group runs (or shows its help), so that
``workforce --help`` answers without loading the storage, the use cases or the HTTP server.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

import typer
from typer._click import Command, Context, HelpFormatter

from workforce_core.model.audit import Origin, Via
from workforce_entrypoints.cli.output import JsonErrorsGroup
from workforce_entrypoints.environment import DATABASE_ENV
from workforce_entrypoints.origins import ORIGIN

# name: (module of workforce_entrypoints.cli, its Typer app or command function, the line `--help` shows)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "db": ("database", "db", "The database schema: upgrade."),
    "serve": ("serve", "serve", "Run the HTTP API (refuses a database that is not migrated)."),
    "demo": ("demo", "demo", "A demo account; prints its keys."),
    "client": ("accounts", "clients", "Client accounts: create, update, list."),
    "key": ("accounts", "keys", "API keys: create, revoke, rotate, list; their API log's retention."),
    "location": ("reference", "locations", "Sites (locations)."),
    "department": ("reference", "departments", "Departments (own or global)."),
    "cost-code": ("reference", "cost_codes", "Cost codes (own or global)."),
    "worker": ("workers", "app", "Workers: register, approve, suspend, anonymise, move, export, dormancy, list."),
    "timesheet": ("timesheets", "app", "Time records: backfill, approvals, queries, corrections, clock-outs, list."),
    "amendment": ("amendments", "app", "Amendment requests: accept, decline, withdraw."),
    "survey": ("surveys", "app", "Pre-clock-in surveys."),
    "shift": ("shifts", "app", "Bookings (shifts): book, check no-shows, list."),
    "demand": ("demands", "app", "Requirements (demands)."),
    "offer": ("offers", "app", "Shift offers of a requirement."),
    "absence": ("absences", "app", "Absences: holiday, sickness and other time off."),
    "rate-rule": ("rate_rules", "app", "Rate rules: how shifts are priced (pay and charge)."),
    "pay-codes": ("pay_codes", "app", "Pay codes: each pay element's code in a payroll package."),
    "pay-week": ("pay_weeks", "app", "Pay weeks: show, lock, unlock, close."),
    "export": ("exports", "app", "Export batches: pay files (pkg_a, payroll) and charge files (pkg_b)."),
    "price": ("pricing", "app", "Pricing: explain how a shift was priced; refresh the stale figures."),
    "webhooks": ("webhooks", "app", "Webhooks: deliver events to the subscriptions; verify a delivery."),
    "fill": ("filling", "app", "Fill requirements with rounds of offers; send the next rounds."),
    "notify": ("notify", "app", "Messages people are told: send them, list a person's, the Web Push key."),
    "user": (
        "people",
        "app",
        "People who sign in to the console and the portal: create, list, disable, reset-password.",
    ),
}
HIDDEN = {"shifts": "shift"}  # ``workforce shifts check-no-shows``, the plural some people type
_LITERAL = re.compile(r"``(.+?)``")


def _plain(command: Command) -> Command:
    """Help as plain text: no Rich panels (whose type labels follow even boolean flags) and no reST
    literals shown raw (``x`` becomes x)."""
    command.rich_markup_mode = None  # type: ignore[attr-defined]
    for holder in (command, *command.params):
        for attribute in ("help", "short_help"):
            text = getattr(holder, attribute, None)
            if text:
                setattr(holder, attribute, _LITERAL.sub(r"\1", text))
    for sub in getattr(command, "commands", {}).values():
        _plain(sub)
    return command


def load_command(name: str) -> Command:
    module_name, attribute, _ = COMMANDS[name]
    target = getattr(importlib.import_module(f"workforce_entrypoints.cli.{module_name}"), attribute)
    if isinstance(target, typer.Typer):
        target._add_completion = False  # the root has no completion options either
        loaded: Command = typer.main.get_group(target)  # a group even with one command (``db upgrade``)
    else:
        single = typer.Typer(add_completion=False)
        single.command(name)(target)
        loaded = typer.main.get_command(single)
    loaded.name = name
    return _plain(loaded)


class Console(JsonErrorsGroup):
    """The root group: groups registered on ``app`` as usual, and those of ``COMMANDS`` loaded on use."""

    def list_commands(self, ctx: Context) -> list[str]:
        return [*COMMANDS, *(name for name in super().list_commands(ctx) if name not in COMMANDS)]

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        registered: Command | None = super().get_command(ctx, cmd_name)
        if registered is not None:
            return _plain(registered)
        name = HIDDEN.get(cmd_name, cmd_name)
        return load_command(name) if name in COMMANDS else None

    def format_commands(self, ctx: Context, formatter: HelpFormatter) -> None:
        rows = [(name, line) for name, (_, _, line) in COMMANDS.items()]
        for name in super().list_commands(ctx):
            registered = super().get_command(ctx, name)
            if name not in COMMANDS and registered is not None and not registered.hidden:
                rows.append((name, _LITERAL.sub(r"\1", registered.get_short_help_str(limit=80))))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


app = typer.Typer(
    help="workforce: time, booking and payroll for staffing agencies.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    cls=Console,
    add_completion=False,
    rich_markup_mode=None,
)


@app.callback()
def root(
    ctx: typer.Context,
    db: str | None = typer.Option(
        None, "--db", metavar="URL", envvar=DATABASE_ENV, help="SQLAlchemy URL (default sqlite:///./workforce.db)."
    ),
) -> None:
    ctx.ensure_object(dict)  # an embedding caller may hand in {"services": ...} already built
    ctx.obj.setdefault("db", db)
    token = ORIGIN.set(Origin(Via.CLI))  # the command line's writes in the audit log, for this command only
    ctx.call_on_close(lambda: ORIGIN.reset(token))


def main(*args: Any) -> None:
    app()
