"""Document types, worker documents and their evidence files."""

from __future__ import annotations

from sqlalchemy import JSON, Boolean, Column, Date, ForeignKey, Index, Integer, String, Table, UniqueConstraint

from workforce_adapters.sql.tables.base import metadata
from workforce_adapters.sql.types import UtcDateTime

document_types = Table(
    "document_types",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("name", String(100), nullable=False),
    Column("kind", String(20), nullable=False),  # right_to_work, licence
    Column("expires", Boolean, nullable=False),  # a document of the type has an expiry date
    Column("job_roles", JSON, nullable=False),  # the roles that need one
    Column("created_at", UtcDateTime, nullable=False),
    Column("retired_at", UtcDateTime),
    Index("ix_document_types_client", "client_id"),
)

worker_documents = Table(
    "worker_documents",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("worker_id", Integer, ForeignKey("workers.id"), nullable=False),
    Column("type_id", Integer, ForeignKey("document_types.id"), nullable=False),
    Column("kind", String(20), nullable=False),
    Column("reference", String(100)),
    Column("issue_date", Date),
    Column("expiry_date", Date),
    Column("check_method", String(30)),
    Column("list_b_group", Integer),
    Column("checked_on", Date),
    Column("checked_by", String(100)),
    Column("follow_up_date", Date),
    Column("expiry_notified_on", Date),
    Column("created_at", UtcDateTime, nullable=False),
    Column("updated_at", UtcDateTime),
    Column("removed_at", UtcDateTime),
    Index("ix_worker_documents_worker", "worker_id"),
    Index("ix_worker_documents_expiry", "expiry_date"),
)

document_evidence = Table(
    "document_evidence",
    metadata,
    Column("id", Integer, primary_key=True),
    Column("client_id", Integer, ForeignKey("clients.id"), nullable=False),
    Column("worker_id", Integer, ForeignKey("workers.id"), nullable=False),
    Column("document_id", Integer, ForeignKey("worker_documents.id"), nullable=False),
    Column("token", String(64), nullable=False),
    Column("content_type", String(40), nullable=False),
    Column("size", Integer, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("file_name", String(255)),
    Column("deleted_at", UtcDateTime),
    UniqueConstraint("token", name="uq_document_evidence_token"),
    Index("ix_document_evidence_worker", "worker_id"),
)
