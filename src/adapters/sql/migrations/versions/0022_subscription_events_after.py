"""A webhook subscription keeps the outbox event it was created (or last resumed) after, so fan-out never
sends it events recorded before: ``events_after``. Subscriptions made before stay null (every event).

Revision ID: 0022
Revises: 0021
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0022"
down_revision = "0021"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("webhook_subscriptions", sa.Column("events_after", sa.Integer(), nullable=True))


def downgrade() -> None:
    op.drop_column("webhook_subscriptions", "events_after")  # SQLite 3.35+ drops a column in place
