"""Alembic environment: runs on the connection the caller hands over (see ``workforce_adapters.sql.schema``)."""

from __future__ import annotations

from alembic import context

from workforce_adapters.sql.tables import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
