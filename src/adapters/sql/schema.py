"""Create or migrate the schema (Alembic), and tell whether a database is at the latest version."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine
from sqlalchemy.exc import SQLAlchemyError

from workforce_adapters.sql.engine import make_engine, missing_sqlite_file, supported_url
from workforce_core.errors import DatabaseNotMigrated, DatabaseUnreachable

SCRIPT_LOCATION = "workforce_adapters.sql:migrations"


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", SCRIPT_LOCATION)
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    config = _config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, revision)


def downgrade(engine: Engine, revision: str) -> None:
    """Back to ``revision`` (tests of a migration over data; the console has no downgrade)."""
    config = _config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, revision)


def migration_scripts() -> ScriptDirectory:
    """The migrations, for tests and tools that walk them."""
    return ScriptDirectory.from_config(_config())


def head_revision() -> str | None:
    return ScriptDirectory.from_config(_config()).get_current_head()


def current_revision(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def is_current(engine: Engine) -> bool:
    return current_revision(engine) == head_revision()


def readiness(engine: Engine) -> tuple[bool, dict[str, str | None]]:
    """Whether the database answers and is at the latest migration, with what was found."""
    head = head_revision()
    try:
        current = current_revision(engine)
    except SQLAlchemyError:
        return False, {"database": "unreachable", "revision": None, "latest": head}
    return current == head, {
        "database": "ok" if current == head else "not_migrated",
        "revision": current,
        "latest": head,
    }


def migrated_engine(url: str) -> Engine:
    """An engine on ``url`` once it is known to be a supported database at the latest schema; otherwise
    ``UnsupportedDatabase``, ``DatabaseUnreachable`` or ``DatabaseNotMigrated`` (saying what to run). A
    missing SQLite file is not created."""
    shown = supported_url(url).render_as_string(hide_password=True)
    fix = f"run `workforce --db {shown} db upgrade` first"
    if missing_sqlite_file(url):
        raise DatabaseNotMigrated(f"There is no database at {shown}: {fix}.", command="workforce db upgrade")
    engine = make_engine(url)
    ready, found = readiness(engine)
    if ready:
        return engine
    engine.dispose()
    if found["database"] == "unreachable":
        raise DatabaseUnreachable(f"The database {shown} cannot be reached: check the URL and that it is running.")
    raise DatabaseNotMigrated(
        f"The database {shown} is not at the latest schema: {fix}.", command="workforce db upgrade"
    )


def has_clients(engine: Engine) -> bool:
    from sqlalchemy import select

    from workforce_adapters.sql.tables import clients

    with engine.connect() as connection:
        return connection.execute(select(clients.c.id).limit(1)).first() is not None
