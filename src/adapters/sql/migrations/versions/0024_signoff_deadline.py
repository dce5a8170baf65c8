"""A client's sign-off deadline: hours after a pay week ends when shifts still pending the client's
sign-off are approved by the service (null: no deadline).

Revision ID: 0024
Revises: 0021
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0024"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("clients", sa.Column("signoff_deadline_hours", sa.Integer, nullable=True))


def downgrade() -> None:
    op.drop_column("clients", "signoff_deadline_hours")
