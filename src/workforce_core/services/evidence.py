"""Evidence files of worker documents: a PDF, JPEG or PNG (decided by its bytes' signature,
never by a name or a declared type), at most ``MAX_EVIDENCE_BYTES``, kept in the file store under a
random token that is its only handle; served to callers who see the worker. A refused file leaves
nothing behind: neither a row nor bytes in the store. ``file_name`` is kept as a label only: one with a
path in it (a slash, a backslash, ``..``) or a control character is refused.
"""

from __future__ import annotations

import secrets

from workforce_core.errors import NotFound, ValidationFailed
from workforce_core.model.documents import EVIDENCE_TYPES, MAX_EVIDENCE_BYTES, EvidenceFile
from workforce_core.model.principal import Principal
from workforce_core.ports import Clock, ContentSniffer, FileStore, UnitOfWorkFactory
from workforce_core.rules import people, text
from workforce_core.rules.people import Power
from workforce_core.steps.audit_trail import record_change
from workforce_core.steps.document_access import seen_document, seen_worker

TOKEN_BYTES = 32  # 256 random bits: no one guesses a file's handle


def add_evidence(
    document_id: int,
    content: bytes,
    file_name: str | None,
    *,
    principal: Principal,
    uow: UnitOfWorkFactory,
    clock: Clock,
    file_store: FileStore,
    sniffer: ContentSniffer,
) -> EvidenceFile:
    people.require(principal.actor, Power.WORKERS)
    name = label(file_name)
    if not content:
        raise ValidationFailed("file", "The file is empty.")
    if len(content) > MAX_EVIDENCE_BYTES:
        raise ValidationFailed("file", f"A file is at most {MAX_EVIDENCE_BYTES // 1024} KiB.")
    content_type = sniffer.content_type(content[:8192])
    if content_type not in EVIDENCE_TYPES:
        raise ValidationFailed("file", "Evidence is a PDF, JPEG or PNG file.")
    now = clock.now()
    token = secrets.token_urlsafe(TOKEN_BYTES)
    with uow() as tx:
        document, _ = seen_document(tx, principal, document_id)
        kept = tx.evidence.add(
            EvidenceFile(
                client_id=document.client_id,
                worker_id=document.worker_id,
                document_id=document.id,
                token=token,
                content_type=content_type,
                size=len(content),
                created_at=now,
                file_name=name,
            )
        )
        record_change(
            tx,
            principal,
            client_id=document.client_id,
            action="add_evidence",
            entity="worker_document",
            entity_id=document.id,
            now=now,
            changes={"evidence": (None, {"content_type": content_type, "size": len(content), "file_name": name})},
        )
        file_store.put(token, content)
        try:
            tx.commit()
        except BaseException:
            file_store.delete(token)
            raise
    return kept


def evidence_content(
    token: str, *, principal: Principal, uow: UnitOfWorkFactory, file_store: FileStore
) -> tuple[EvidenceFile, bytes]:
    """The file and its bytes; unknown, deleted, or of a worker the caller does not see: 404."""
    with uow(read_only=True) as tx:
        found = tx.evidence.by_token(token)
        if found is None or found.deleted_at is not None or found.client_id != principal.client_id:
            raise NotFound("The file was not found.")
        seen_worker(tx, principal, found.worker_id)
    content = file_store.get(found.token)
    if content is None:
        raise NotFound("The file was not found.")
    return found, content


def label(file_name: str | None) -> str | None:
    """The name a file was sent with, as a label: trimmed, at most 255 characters, never a path."""
    if file_name is None or not file_name.strip():
        return None
    name = text.single_line(file_name.strip(), "file_name")
    if len(name) > 255 or any(c in name for c in "/\\") or ".." in name:
        raise ValidationFailed("file_name", "file_name is a file's name, not a path.")
    return name
