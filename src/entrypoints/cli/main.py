"""The ``workforce`` console: a thin Typer entry point over the core's use cases."""

from __future__ import annotations

import typer

from workforce_entrypoints.bootstrap import DATABASE_ENV
from workforce_entrypoints.cli import accounts, database, demo, reference, workers

app = typer.Typer(
    help="workforce: time, booking and payroll for staffing agencies.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


@app.callback()
def root(
    ctx: typer.Context,
    db: str | None = typer.Option(
        None, "--db", envvar=DATABASE_ENV, help="SQLAlchemy URL (default sqlite:///./workforce.db)."
    ),
) -> None:
    ctx.obj = {"db": db}


app.add_typer(database.db, name="db")
app.command("serve")(database.serve)
app.command("demo")(demo.demo)
app.add_typer(accounts.clients, name="client")
app.add_typer(accounts.keys, name="key")
app.add_typer(reference.locations, name="location")
app.add_typer(reference.departments, name="department")
app.add_typer(reference.cost_codes, name="cost-code")
app.add_typer(workers.app, name="worker")


def main() -> None:
    app()
