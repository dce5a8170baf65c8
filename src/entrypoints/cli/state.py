"""The console's per-run state: the database URL from ``--db`` and the services built from it."""

from __future__ import annotations

import typer

from workforce_entrypoints.bootstrap import Services, Settings, bootstrap, migrated_engine


def services(ctx: typer.Context) -> Services:
    """The services over the ``--db`` database, once it is known to be supported and migrated (a missing
    SQLite file is ``database_not_migrated`` and is not created)."""
    root = ctx.find_root()
    obj = root.obj
    if "services" not in obj:
        settings = Settings.from_env(obj.get("db"))
        obj["services"] = bootstrap(settings, engine=migrated_engine(settings.database_url))
        root.call_on_close(obj["services"].close)
    built: Services = obj["services"]
    return built


def database_url(ctx: typer.Context) -> str:
    return Settings.from_env(ctx.find_root().obj.get("db")).database_url
