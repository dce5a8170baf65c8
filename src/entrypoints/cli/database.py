"""``workforce db upgrade`` and ``workforce serve``."""

from __future__ import annotations

import os

import typer
import uvicorn

from workforce_adapters.sql import schema
from workforce_adapters.sql.engine import is_postgres, make_engine
from workforce_entrypoints.bootstrap import DATABASE_ENV, RATE_LIMIT_ENV, Settings, rate_limit_storage
from workforce_entrypoints.cli.output import command, emit, fail
from workforce_entrypoints.cli.state import database_url

db = typer.Typer(help="The database schema.", no_args_is_help=True)


@db.command("upgrade")
@command
def upgrade(ctx: typer.Context) -> None:
    """Create or migrate the schema to the latest version."""
    engine = make_engine(database_url(ctx))
    try:
        before = schema.current_revision(engine)
        schema.upgrade(engine)
        emit(
            {
                "database": engine.url.render_as_string(hide_password=True),
                "from": before,
                "revision": schema.current_revision(engine),
            }
        )
    finally:
        engine.dispose()


@command
def serve(
    ctx: typer.Context,
    host: str = typer.Option("127.0.0.1"),
    port: int = typer.Option(8000),
    workers: int = typer.Option(
        1, min=1, max=64, help="Server processes (they share the rate limits through the database or Redis)."
    ),
) -> None:
    """Run the HTTP API (refuses a database that is not migrated)."""
    url = database_url(ctx)
    engine = make_engine(url)
    try:
        current = schema.is_current(engine)
        postgres = is_postgres(engine)
    finally:
        engine.dispose()
    if not current:
        fail(
            "database_not_migrated",
            "The database is not at the latest schema: run `workforce db upgrade` first.",
        )
    try:  # every process must count in the same place: chosen here, handed to them in the environment
        limits = rate_limit_storage(Settings.from_env(url), postgres=postgres, processes=workers)
    except ValueError as error:
        fail("invalid_rate_limit_storage", str(error))
    os.environ[DATABASE_ENV] = url
    os.environ[RATE_LIMIT_ENV] = limits
    uvicorn.run(
        "workforce_entrypoints.http.app:create_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="info",
        timeout_keep_alive=5,
        h11_max_incomplete_event_size=16 * 1024,
    )
