"""document_expired's data: which document of which worker reached its expiry (no number or reference:
a passport's number has no place in every webhook delivery)."""

from __future__ import annotations

from datetime import date
from typing import ClassVar

from attrs import frozen


@frozen
class DocumentExpired:
    EVENTS: ClassVar[frozenset[str]] = frozenset({"document_expired"})
    document_id: int
    worker_id: int
    worker_name: str
    employee_id: str
    type_id: int
    type_name: str
    kind: str
    expiry_date: date
