"""The ``workforce`` console: a thin Typer entry point over the core's use cases."""

from __future__ import annotations

import typer

from workforce_entrypoints.bootstrap import DATABASE_ENV
from workforce_entrypoints.cli import (
    absences,
    accounts,
    amendments,
    database,
    demands,
    demo,
    exports,
    offers,
    pay_weeks,
    people,
    pricing,
    rate_rules,
    reference,
    serve,
    shifts,
    surveys,
    timesheets,
    webhooks,
    workers,
)
from workforce_entrypoints.cli.output import JsonErrorsGroup

app = typer.Typer(
    help="workforce: time, booking and payroll for staffing agencies.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    cls=JsonErrorsGroup,
    add_completion=False,
)


@app.callback()
def root(
    ctx: typer.Context,
    db: str | None = typer.Option(
        None, "--db", envvar=DATABASE_ENV, help="SQLAlchemy URL (default sqlite:///./workforce.db)."
    ),
) -> None:
    ctx.ensure_object(dict)  # an embedding caller may hand in {"services": ...} already built
    ctx.obj.setdefault("db", db)


app.add_typer(database.db, name="db")
app.command("serve")(serve.serve)
app.command("demo")(demo.demo)
app.add_typer(accounts.clients, name="client")
app.add_typer(accounts.keys, name="key")
app.add_typer(reference.locations, name="location")
app.add_typer(reference.departments, name="department")
app.add_typer(reference.cost_codes, name="cost-code")
app.add_typer(workers.app, name="worker")
app.add_typer(timesheets.app, name="timesheet")
app.add_typer(amendments.app, name="amendment")
app.add_typer(surveys.app, name="survey")
app.add_typer(shifts.app, name="shift")
app.add_typer(demands.app, name="demand")
app.add_typer(offers.app, name="offer")
app.add_typer(shifts.app, name="shifts", hidden=True)  # ``workforce shifts check-no-shows``, as issue 11 writes it
app.add_typer(absences.app, name="absence")
app.add_typer(rate_rules.app, name="rate-rule")
app.add_typer(pay_weeks.app, name="pay-week")
app.add_typer(exports.app, name="export")
app.add_typer(pricing.app, name="price")
app.add_typer(webhooks.app, name="webhooks")
app.add_typer(people.app, name="user")


def main() -> None:
    app()
