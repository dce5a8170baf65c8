"""A kiosk's name is unique within its client account, not across the installation: one agency's
"Front door" no longer blocks another's, nor tells it that the name exists elsewhere.

PostgreSQL drops and adds the unique constraint. SQLite cannot drop a table's constraint in place, and
Alembic's batch rebuild (copy, drop, rename) is refused by the foreign keys of ``kiosk_clocks`` on a
database that has clocks: here the rows are kept aside, the table is dropped and made again from its own
``CREATE TABLE`` with the other constraint, and the rows go back in, with the foreign keys' checks
deferred to the commit (by then every clock has its device again).

The downgrade makes names unique across the installation again: a device whose name an older device of
another account has is renamed ``<name>-<its id>`` (the clocks keep the ``kiosk_id`` they were made with).

Revision ID: 0033
Revises: 0031
"""

from __future__ import annotations

from alembic import op
from sqlalchemy import text

revision = "0033"
down_revision = "0031"
branch_labels = None
depends_on = None

TABLE = "kiosk_devices"
ACROSS = ("uq_kiosk_devices_kiosk_id", "(kiosk_id)")
PER_ACCOUNT = ("uq_kiosk_devices_client_kiosk_id", "(client_id, kiosk_id)")
INDEX = "CREATE INDEX ix_kiosk_devices_client_location ON kiosk_devices (client_id, location_id)"


def upgrade() -> None:
    _unique(drop=ACROSS, make=PER_ACCOUNT)


def downgrade() -> None:
    op.execute(
        "UPDATE kiosk_devices SET kiosk_id = substr(kiosk_id, 1, 52) || '-' || CAST(id AS VARCHAR(11)) "
        "WHERE EXISTS (SELECT 1 FROM kiosk_devices AS older "
        "WHERE older.kiosk_id = kiosk_devices.kiosk_id AND older.id < kiosk_devices.id)"
    )
    _unique(drop=PER_ACCOUNT, make=ACROSS)


def _unique(*, drop: tuple[str, str], make: tuple[str, str]) -> None:
    (dropped, _), (made, columns) = drop, make
    connection = op.get_bind()
    if connection.dialect.name == "postgresql":
        op.drop_constraint(dropped, TABLE, type_="unique")
        op.execute(f"ALTER TABLE {TABLE} ADD CONSTRAINT {made} UNIQUE {columns}")
        return
    made_as = connection.execute(text("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = :t"), {"t": TABLE})
    create = made_as.scalar_one()
    old = f"CONSTRAINT {dropped} UNIQUE {drop[1]}"
    assert old in create, create
    op.execute("PRAGMA defer_foreign_keys = ON")  # until the commit: the clocks' devices come back below
    op.execute(f"CREATE TEMPORARY TABLE kept_{TABLE} AS SELECT * FROM {TABLE}")
    op.execute(f"DROP TABLE {TABLE}")
    op.execute(create.replace(old, f"CONSTRAINT {made} UNIQUE {columns}"))
    op.execute(f"INSERT INTO {TABLE} SELECT * FROM kept_{TABLE}")
    op.execute(f"DROP TABLE kept_{TABLE}")
    op.execute(INDEX)
