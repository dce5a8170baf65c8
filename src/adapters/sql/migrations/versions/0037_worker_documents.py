"""Worker documents: the account's document types (right to work, licences and cards, the job
roles needing each), each worker's documents with the Home Office's right-to-work check, and their
evidence files (kept in the file store, by a random token); the account's two settings: whether every
worker needs a right-to-work check, and the days before an expiry that warn.

Its downgrade drops the three tables and the settings (the evidence files stay in the file store).

Revision ID: 0037
Revises: 0036
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from workforce_adapters.sql.types import UtcDateTime

revision = "0037"
down_revision = "0036"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("clients", sa.Column("right_to_work_required", sa.Boolean, nullable=False, server_default=sa.false()))
    op.add_column("clients", sa.Column("document_warning_days", sa.Integer, nullable=False, server_default="28"))
    op.create_table(
        "document_types",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("client_id", sa.Integer, sa.ForeignKey("clients.id"), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("expires", sa.Boolean, nullable=False),
        sa.Column("job_roles", sa.JSON, nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("retired_at", UtcDateTime),
        sa.Index("ix_document_types_client", "client_id"),
    )
    op.create_table(
        "worker_documents",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("client_id", sa.Integer, sa.ForeignKey("clients.id"), nullable=False),
        sa.Column("worker_id", sa.Integer, sa.ForeignKey("workers.id"), nullable=False),
        sa.Column("type_id", sa.Integer, sa.ForeignKey("document_types.id"), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("reference", sa.String(100)),
        sa.Column("issue_date", sa.Date),
        sa.Column("expiry_date", sa.Date),
        sa.Column("check_method", sa.String(30)),
        sa.Column("list_b_group", sa.Integer),
        sa.Column("checked_on", sa.Date),
        sa.Column("checked_by", sa.String(100)),
        sa.Column("follow_up_date", sa.Date),
        sa.Column("expiry_notified_on", sa.Date),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("updated_at", UtcDateTime),
        sa.Column("removed_at", UtcDateTime),
        sa.Index("ix_worker_documents_worker", "worker_id"),
        sa.Index("ix_worker_documents_expiry", "expiry_date"),
    )
    op.create_table(
        "document_evidence",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("client_id", sa.Integer, sa.ForeignKey("clients.id"), nullable=False),
        sa.Column("worker_id", sa.Integer, sa.ForeignKey("workers.id"), nullable=False),
        sa.Column("document_id", sa.Integer, sa.ForeignKey("worker_documents.id"), nullable=False),
        sa.Column("token", sa.String(64), nullable=False),
        sa.Column("content_type", sa.String(40), nullable=False),
        sa.Column("size", sa.Integer, nullable=False),
        sa.Column("created_at", UtcDateTime, nullable=False),
        sa.Column("file_name", sa.String(255)),
        sa.Column("deleted_at", UtcDateTime),
        sa.UniqueConstraint("token", name="uq_document_evidence_token"),
        sa.Index("ix_document_evidence_worker", "worker_id"),
    )


def downgrade() -> None:
    op.drop_table("document_evidence")
    op.drop_table("worker_documents")
    op.drop_table("document_types")
    op.drop_column("clients", "document_warning_days")  # SQLite drops a column in place: no table copy
    op.drop_column("clients", "right_to_work_required")
