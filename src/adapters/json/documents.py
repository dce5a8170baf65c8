"""Document types, worker documents and their evidence files (``/document-types.php``,
``/worker-documents.php``, ``/document-evidence.php``): an evidence file is named by its token, the only
handle that reads it."""

from __future__ import annotations

from typing import Any

from workforce_adapters.json.shapes import day, twin
from workforce_core.model.documents import DocumentType, EvidenceFile
from workforce_core.views import DocumentView


def document_type_record(kind: DocumentType) -> dict[str, Any]:
    return {
        "id": kind.id,
        "name": kind.name,
        "kind": kind.kind,
        "expires": kind.expires,
        "job_roles": list(kind.job_roles),
        **twin("created_at", kind.created_at),
    }


def evidence_record(found: EvidenceFile) -> dict[str, Any]:
    return {
        "id": found.token,
        "document_id": found.document_id,
        "worker_id": found.worker_id,
        "content_type": found.content_type,
        "size": found.size,
        "file_name": found.file_name,
        **twin("created_at", found.created_at),
    }


def document_record(view: DocumentView) -> dict[str, Any]:
    d = view.document
    return {
        "id": d.id,
        "worker_id": d.worker_id,
        "type_id": d.type_id,
        "type_name": view.type.name,
        "kind": d.kind,
        "reference": d.reference,
        "issue_date": day(d.issue_date),
        "expiry_date": day(d.expiry_date),
        "check_method": d.check_method,
        "list_b_group": d.list_b_group,
        "checked_on": day(d.checked_on),
        "checked_by": d.checked_by,
        "follow_up_date": day(d.follow_up_date),
        "follow_up_due": day(view.follow_up_due),
        "valid_until": day(view.valid_until),
        "valid_today": view.valid_today,
        "evidence": [evidence_record(e) for e in view.evidence],
        **twin("created_at", d.created_at),
        **twin("updated_at", d.updated_at),
    }
