"""Pay codes: a client's code for each pay element in each payroll package (Sage 50 Payroll's payment
number, BrightPay's hourly payment with its multiplier, Staffology's pay code).

Revision ID: 0026
Revises: 0025
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from workforce_adapters.sql.types import ExactDecimal

revision = "0026"
down_revision = "0025"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "pay_codes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("client_id", sa.Integer, sa.ForeignKey("clients.id"), nullable=False),
        sa.Column("package", sa.String(32), nullable=False),
        sa.Column("element", sa.String(32), nullable=False),
        sa.Column("code", sa.String(60), nullable=False),
        sa.Column("multiplier", ExactDecimal(), nullable=True),
        sa.UniqueConstraint("client_id", "package", "element", name="uq_pay_codes_client_package_element"),
    )


def downgrade() -> None:
    op.drop_table("pay_codes")
