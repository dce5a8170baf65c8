"""Worker documents: the account's document types, each worker's documents (a right-to-work
check as the Home Office names it, or a licence or card), and their evidence files.

A right-to-work check is one of ``RightToWorkCheck``: a manual check of a List A document (permanent
right to work: no end), of a List B document (time-limited: group 1 ends with the permission's expiry,
group 2 six months after the Employer Checking Service's Positive Verification Notice), an online check
with the worker's share code (ends with the permission's expiry, when time-limited) or an identity
service provider's check (British and Irish passports: no end). ``rules.documents`` says when a document
is valid; the evidence's bytes sit behind the file store port (``ports.file_store``).
"""

from __future__ import annotations

from datetime import date, datetime
from enum import StrEnum

from attrs import define


class DocumentKind(StrEnum):
    RIGHT_TO_WORK = "right_to_work"
    LICENCE = "licence"  # a licence or card a job role may need: forklift, CSCS, SIA, DBS ...


class RightToWorkCheck(StrEnum):
    MANUAL_LIST_A = "manual_list_a"
    MANUAL_LIST_B = "manual_list_b"
    ONLINE_SHARE_CODE = "online_share_code"
    IDSP = "idsp"


class EvidenceType(StrEnum):
    """The evidence files kept, by what their bytes are (never by their name)."""

    PDF = "application/pdf"
    JPEG = "image/jpeg"
    PNG = "image/png"


class DocumentStatus(StrEnum):
    """A document's standing on a day, as a page says it."""

    VALID = "valid"
    EXPIRING = "expiring"  # valid, but ends within the account's warning days
    EXPIRED = "expired"
    NOT_YET_VALID = "not_yet_valid"  # issued (or checked) after the day


DOCUMENT_KINDS: tuple[str, ...] = tuple(DocumentKind)
RIGHT_TO_WORK_CHECKS: tuple[str, ...] = tuple(RightToWorkCheck)
EVIDENCE_TYPES: tuple[str, ...] = tuple(EvidenceType)
LIST_B_GROUPS: tuple[int, ...] = (1, 2)
MAX_EVIDENCE_BYTES = 1024 * 1024  # the API's body limit: a scan or a phone photo saved at a sensible size


@define
class DocumentType:
    """One of the account's document types; ``job_roles``: the roles that need a valid one to work
    (compared as ``rules.eligibility.role_differs`` does: case and outer spaces aside)."""

    client_id: int
    name: str
    kind: str
    expires: bool
    created_at: datetime
    job_roles: tuple[str, ...] = ()
    retired_at: datetime | None = None
    id: int = 0


@define
class WorkerDocument:
    client_id: int
    worker_id: int
    type_id: int
    created_at: datetime
    kind: str = DocumentKind.LICENCE  # its type's kind, kept with it
    reference: str | None = None  # the number or reference on it (a share code for an online check)
    issue_date: date | None = None
    expiry_date: date | None = None  # the last day it is valid (for right to work: the permission's end)
    check_method: str | None = None  # RightToWorkCheck, right to work only
    list_b_group: int | None = None  # 1 or 2, a manual List B check only
    checked_on: date | None = None
    checked_by: str | None = None  # the name of who checked
    follow_up_date: date | None = None  # when the time-limited permission is checked again
    expiry_notified_on: date | None = None  # the day document_expired was sent (once)
    updated_at: datetime | None = None
    removed_at: datetime | None = None
    id: int = 0


@define
class EvidenceFile:
    """An evidence file of a document: ``token`` is a random id (the file store's key and the only
    handle a reader gets), ``content_type`` what its bytes are; ``deleted_at`` once the retention ran."""

    client_id: int
    worker_id: int
    document_id: int
    token: str
    content_type: str
    size: int
    created_at: datetime
    file_name: str | None = None  # the name it was sent with, shown only (never a path)
    deleted_at: datetime | None = None
    id: int = 0
