"""``workforce db upgrade``."""

from __future__ import annotations

import typer

from workforce_entrypoints.bootstrap import make_engine, schema
from workforce_entrypoints.cli.output import command, emit
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
