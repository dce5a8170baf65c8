"""A worker's document as a read shows it: the record, its type, its evidence files, and what the rules
say of it today (valid, its last valid day, when its follow-up check is due)."""

from __future__ import annotations

from datetime import date

from attrs import frozen

from workforce_core.model.documents import DocumentType, EvidenceFile, WorkerDocument


@frozen
class DocumentView:
    document: WorkerDocument
    type: DocumentType
    evidence: tuple[EvidenceFile, ...] = ()
    valid_today: bool = False
    valid_until: date | None = None
    follow_up_due: date | None = None
