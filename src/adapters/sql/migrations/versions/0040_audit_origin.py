"""The audit trail: where each write came from (the caller's address, the request's
``X-Request-Id``, the way in: api, console, portal, kiosk, app, cli, jobs), and the indexes the Setup
page's filters (account and date) and a record's own history (shift, worker) read by.

Its downgrade drops the three columns and the indexes (the rows stay).

Revision ID: 0040
Revises: 0039
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0040"
down_revision = "0039"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("audit_log", sa.Column("ip", sa.String(64), nullable=True))
    op.add_column("audit_log", sa.Column("request_id", sa.String(64), nullable=True))
    op.add_column("audit_log", sa.Column("via", sa.String(20), nullable=True))
    op.create_index("ix_audit_log_client_created", "audit_log", ["client_id", "created_at"])
    op.create_index("ix_audit_log_record", "audit_log", ["entity", "entity_id"])


def downgrade() -> None:
    op.drop_index("ix_audit_log_record", table_name="audit_log")
    op.drop_index("ix_audit_log_client_created", table_name="audit_log")
    with op.batch_alter_table("audit_log") as batch:
        batch.drop_column("via")
        batch.drop_column("request_id")
        batch.drop_column("ip")
