"""pricing: rate rules and pricing settings

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-22 12:45:22.708762
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

import workforce_adapters.sql.types

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:

    op.create_table(
        "rate_rules",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("client_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=150), nullable=False),
        sa.Column("location_id", sa.Integer(), nullable=True),
        sa.Column("job_role", sa.String(length=100), nullable=True),
        sa.Column("cost_code_id", sa.Integer(), nullable=True),
        sa.Column("valid_from", sa.Date(), nullable=True),
        sa.Column("valid_to", sa.Date(), nullable=True),
        sa.Column("priority", sa.Integer(), nullable=False),
        sa.Column("active", sa.Boolean(), nullable=False),
        sa.Column("overtime_threshold", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("overtime_multiplier", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("overtime_tiers", sa.JSON(), nullable=False),
        sa.Column("daily_overtime_threshold", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("daily_overtime_multiplier", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("weekend_multiplier", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("sunday_multiplier", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("bank_holiday_multiplier", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("guarantee_hours", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("paid_break_minutes", sa.Integer(), nullable=True),
        sa.Column("auto_lunch_minutes", sa.Integer(), nullable=True),
        sa.Column("auto_lunch_after_hours", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("night_bands", sa.JSON(), nullable=False),
        sa.Column("pay_rate", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("overtime_pay_rate", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("daily_overtime_pay_rate", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("weekend_pay_rate", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("sunday_pay_rate", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("bank_holiday_pay_rate", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("pre_parity_pay_rate", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("post_parity_pay_rate", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("charge_rate", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("overtime_charge_rate", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("daily_overtime_charge_rate", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("weekend_charge_rate", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("sunday_charge_rate", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("bank_holiday_charge_rate", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("pre_parity_charge_rate", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("post_parity_charge_rate", workforce_adapters.sql.types.Money(), nullable=True),
        sa.Column("created_at", workforce_adapters.sql.types.UtcDateTime(), nullable=False),
        sa.Column("updated_at", workforce_adapters.sql.types.UtcDateTime(), nullable=True),
        sa.ForeignKeyConstraint(["client_id"], ["clients.id"], name=op.f("fk_rate_rules_client_id_clients")),
        sa.ForeignKeyConstraint(
            ["cost_code_id"], ["cost_codes.id"], name=op.f("fk_rate_rules_cost_code_id_cost_codes")
        ),
        sa.ForeignKeyConstraint(["location_id"], ["locations.id"], name=op.f("fk_rate_rules_location_id_locations")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rate_rules")),
    )
    with op.batch_alter_table("rate_rules", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_rate_rules_client_id"), ["client_id"], unique=False)

    with op.batch_alter_table("clients", schema=None) as batch_op:
        batch_op.add_column(sa.Column("premium_stacking", sa.String(length=20), server_default="stack", nullable=False))
        batch_op.add_column(
            sa.Column("premium_day_basis", sa.String(length=20), server_default="shift_start", nullable=False)
        )
        batch_op.add_column(sa.Column("site_overtime_mode", sa.String(length=20), server_default="off", nullable=False))
        batch_op.add_column(
            sa.Column("multi_shift_priority", sa.String(length=20), server_default="closest", nullable=False)
        )


def downgrade() -> None:

    with op.batch_alter_table("clients", schema=None) as batch_op:
        batch_op.drop_column("multi_shift_priority")
        batch_op.drop_column("site_overtime_mode")
        batch_op.drop_column("premium_day_basis")
        batch_op.drop_column("premium_stacking")

    with op.batch_alter_table("rate_rules", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_rate_rules_client_id"))

    op.drop_table("rate_rules")
