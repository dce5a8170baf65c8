"""Sessions keep the browser they signed in with (``web_sessions.user_agent``, its User-Agent cut to
255 characters), so a person's list of where they are signed in says where from and in what; sessions
made before have none.

Revision ID: 0035
Revises: 0034
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0035"
down_revision = "0034"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("web_sessions", sa.Column("user_agent", sa.String(255), nullable=True))


def downgrade() -> None:
    op.drop_column("web_sessions", "user_agent")
