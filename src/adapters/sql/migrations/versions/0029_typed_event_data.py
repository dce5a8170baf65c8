"""Event data is typed: the outbox and the delivery log keep each event's data in the core's form, its
kind named under ``_kind``, and the payload is shaped when the event is sent. Rows kept before this
revision hold the payload already shaped: they are marked as the kind ``Shaped`` (the payload, as it is).

Revision ID: 0029
Revises: 0028
"""

from __future__ import annotations

from alembic import op

revision = "0029"
down_revision = "0028"
branch_labels = None
depends_on = None

SQLITE = {
    "upgrade": (
        "UPDATE {table} SET data = json_object('_kind', 'Shaped', 'payload', json(data)) "
        "WHERE json_extract(data, '$._kind') IS NULL"
    ),
    "downgrade": (
        "UPDATE {table} SET data = json_extract(data, '$.payload') WHERE json_extract(data, '$._kind') = 'Shaped'"
    ),
}
POSTGRES = {  # the outbox keeps text, the delivery log json
    "upgrade": (
        "UPDATE {table} SET data = CAST(json_build_object('_kind', 'Shaped', 'payload', CAST(data AS json)) AS {type}) "
        "WHERE CAST(data AS json) ->> '_kind' IS NULL"
    ),
    "downgrade": (
        "UPDATE {table} SET data = CAST(CAST(data AS json) -> 'payload' AS {type}) "
        "WHERE CAST(data AS json) ->> '_kind' = 'Shaped'"
    ),
}
TABLES = (("outbox", "text"), ("webhook_deliveries", "json"))


def _run(step: str) -> None:
    statements = SQLITE if op.get_bind().dialect.name == "sqlite" else POSTGRES
    for table, kind in TABLES:
        op.execute(statements[step].format(table=table, type=kind))


def upgrade() -> None:
    _run("upgrade")


def downgrade() -> None:
    """Rows kept before 0029 get their payload back; events recorded since keep the typed form."""
    _run("downgrade")
