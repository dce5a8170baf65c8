"""The console's per-run state: the database URL from ``--db`` and the services built from it."""

from __future__ import annotations

import typer

from workforce_entrypoints.bootstrap import Services, Settings, bootstrap


def services(ctx: typer.Context) -> Services:
    root = ctx.find_root()
    obj = root.obj
    if "services" not in obj:
        obj["services"] = bootstrap(Settings.from_env(obj.get("db")))
        root.call_on_close(obj["services"].close)
    built: Services = obj["services"]
    return built


def database_url(ctx: typer.Context) -> str:
    return Settings.from_env(ctx.find_root().obj.get("db")).database_url
