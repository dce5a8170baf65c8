"""Event data is typed: the outbox and the delivery log keep each event's data in the core's form, its
kind named under ``_kind``, and the payload is shaped when the event is sent. Rows kept before this
revision hold the payload already shaped: they are marked as the kind ``Shaped`` (the payload, as it is).

The downgrade gives those rows their payload back. An earlier release cannot shape the events recorded
since, and would send their stored form as it is (fields a key may not read among it), so their data is
emptied: such an event is no longer fanned out, and its deliveries still waiting are refused.

Revision ID: 0029
Revises: 0028
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

from workforce_adapters.sql.types import UtcDateTime

revision = "0029"
down_revision = "0028"
branch_labels = None
depends_on = None

SQLITE = {
    "kind": "json_extract(data, '$._kind')",
    "mark": "json_object('_kind', 'Shaped', 'payload', json(data))",
    "unmark": "json_extract(data, '$.payload')",
    "empty": "'{{}}'",
}
POSTGRES = {  # the outbox keeps text, the delivery log json
    "kind": "CAST(data AS json) ->> '_kind'",
    "mark": "CAST(json_build_object('_kind', 'Shaped', 'payload', CAST(data AS json)) AS {type})",
    "unmark": "CAST(CAST(data AS json) -> 'payload' AS {type})",
    "empty": "CAST('{{}}' AS {type})",
}
TABLES = (("outbox", "text"), ("webhook_deliveries", "json"))
REFUSED = "refused: the event was recorded by a later release, whose data this one cannot send"


def _forms(table_type: str) -> dict[str, str]:
    forms = SQLITE if op.get_bind().dialect.name == "sqlite" else POSTGRES
    return {name: form.format(type=table_type) for name, form in forms.items()}


def upgrade() -> None:
    for table, kind in TABLES:
        f = _forms(kind)
        op.execute(f"UPDATE {table} SET data = {f['mark']} WHERE {f['kind']} IS NULL")


def downgrade() -> None:
    now = sa.bindparam("now", datetime.now(UTC), type_=UtcDateTime())
    for table, kind in TABLES:
        f = _forms(kind)
        op.execute(f"UPDATE {table} SET data = {f['unmark']} WHERE {f['kind']} = 'Shaped'")
        typed = f"{f['kind']} IS NOT NULL"
        if table == "outbox":
            emptied = (
                f"UPDATE outbox SET data = {f['empty']}, dispatched_at = coalesce(dispatched_at, :now) WHERE {typed}"
            )
            op.execute(sa.text(emptied).bindparams(now))
            continue
        op.execute(
            sa.text(
                f"UPDATE webhook_deliveries SET status = 'refused', response_code = 0, response_body = :reason, "
                f"next_retry_at = NULL WHERE status = 'pending' AND {typed}"
            ).bindparams(reason=REFUSED)
        )
        op.execute(f"UPDATE webhook_deliveries SET data = {f['empty']} WHERE {typed}")
