"""demands: requirements (how many people a client wants for a slot) and the offers sent for them

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-12 10:00:00.000000
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import workforce_adapters.sql.types

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    instant = workforce_adapters.sql.types.UtcDateTime
    op.create_table(
        "demands",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("location_id", sa.Integer(), nullable=False),
        sa.Column("shift_date", sa.Date(), nullable=False),
        sa.Column("start", instant(), nullable=False),
        sa.Column("end", instant(), nullable=False),
        sa.Column("break_minutes", sa.Integer(), nullable=False),
        sa.Column("job_role", sa.String(length=100), nullable=True),
        sa.Column("headcount", sa.Integer(), nullable=False),
        sa.Column("requested", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("series_id", sa.Integer(), nullable=True),
        sa.Column("source", sa.String(length=20), nullable=False),
        sa.Column("notes", sa.String(length=1000), nullable=True),
        sa.Column("cancel_reason", sa.String(length=255), nullable=True),
        sa.Column("cancelled_at", instant(), nullable=True),
        sa.Column("created_at", instant(), nullable=False),
        sa.Column("updated_at", instant(), nullable=True),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name=op.f("fk_demands_client_id_clients")),
        sa.ForeignKeyConstraint(["location_id"], ["locations.id"], name=op.f("fk_demands_location_id_locations")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_demands")),
    )
    op.create_index("ix_demands_client_date", "demands", ["client_id", "shift_date"])
    op.create_table(
        "offers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("demand_id", sa.Integer(), nullable=False),
        sa.Column("worker_id", sa.Integer(), nullable=False),
        sa.Column("status", sa.String(length=20), nullable=False),
        sa.Column("sent_at", instant(), nullable=False),
        sa.Column("answered_at", instant(), nullable=True),
        sa.Column("shift_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name=op.f("fk_offers_client_id_clients")),
        sa.ForeignKeyConstraint(["demand_id"], ["demands.id"], name=op.f("fk_offers_demand_id_demands")),
        sa.ForeignKeyConstraint(["worker_id"], ["workers.id"], name=op.f("fk_offers_worker_id_workers")),
        sa.ForeignKeyConstraint(["shift_id"], ["shifts.id"], name=op.f("fk_offers_shift_id_shifts")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_offers")),
    )
    op.create_index("ix_offers_demand_worker", "offers", ["demand_id", "worker_id"])
    op.create_index("ix_offers_client_id", "offers", ["client_id", "id"])
    op.create_index("ix_shifts_demand_id", "shifts", ["demand_id"])


def downgrade() -> None:
    op.drop_index("ix_shifts_demand_id", table_name="shifts")
    op.drop_index("ix_offers_client_id", table_name="offers")
    op.drop_index("ix_offers_demand_worker", table_name="offers")
    op.drop_table("offers")
    op.drop_index("ix_demands_client_date", table_name="demands")
    op.drop_table("demands")
