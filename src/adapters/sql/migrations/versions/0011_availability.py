"""availability: availability rules, absences and do-not-return sites

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-22 23:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import workforce_adapters.sql.types

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "availability_rules",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("worker_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("day_of_week", sa.Integer(), nullable=True),
        sa.Column("date", sa.Date(), nullable=True),
        sa.Column("start_time", sa.Time(), nullable=False),
        sa.Column("end_time", sa.Time(), nullable=False),
        sa.Column("valid_from", sa.Date(), nullable=True),
        sa.Column("valid_to", sa.Date(), nullable=True),
        sa.Column("notes", sa.String(length=1000), nullable=True),
        sa.Column("created_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.Column("retired_at", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name="fk_availability_rules_client_id_clients"),
        sa.ForeignKeyConstraint(["worker_id"], ["workers.id"], name="fk_availability_rules_worker_id_workers"),
        sa.PrimaryKeyConstraint("id", name="pk_availability_rules"),
    )
    op.create_index("ix_availability_rules_client_worker", "availability_rules", ["client_id", "worker_id"])
    op.create_table(
        "absences",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("worker_id", sa.Integer(), nullable=False),
        sa.Column("type", sa.String(length=20), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("start_date", sa.Date(), nullable=False),
        sa.Column("end_date", sa.Date(), nullable=False),
        sa.Column("hours", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("notes", sa.String(length=1000), nullable=True),
        sa.Column("created_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.Column("updated_at", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name="fk_absences_client_id_clients"),
        sa.ForeignKeyConstraint(["worker_id"], ["workers.id"], name="fk_absences_worker_id_workers"),
        sa.PrimaryKeyConstraint("id", name="pk_absences"),
    )
    op.create_index("ix_absences_client_start", "absences", ["client_id", "start_date"])
    op.create_index("ix_absences_worker_start", "absences", ["worker_id", "start_date"])
    op.create_table(
        "do_not_return",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("worker_id", sa.Integer(), nullable=False),
        sa.Column("location_id", sa.Integer(), nullable=False),
        sa.Column("created_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name="fk_do_not_return_client_id_clients"),
        sa.ForeignKeyConstraint(["worker_id"], ["workers.id"], name="fk_do_not_return_worker_id_workers"),
        sa.ForeignKeyConstraint(["location_id"], ["locations.id"], name="fk_do_not_return_location_id_locations"),
        sa.PrimaryKeyConstraint("id", name="pk_do_not_return"),
        sa.UniqueConstraint("worker_id", "location_id", name="uq_do_not_return_worker_location"),
    )
    op.create_index("ix_do_not_return_client_location", "do_not_return", ["client_id", "location_id"])


def downgrade() -> None:
    op.drop_index("ix_do_not_return_client_location", table_name="do_not_return")
    op.drop_table("do_not_return")
    op.drop_index("ix_absences_worker_start", table_name="absences")
    op.drop_index("ix_absences_client_start", table_name="absences")
    op.drop_table("absences")
    op.drop_index("ix_availability_rules_client_worker", table_name="availability_rules")
    op.drop_table("availability_rules")
