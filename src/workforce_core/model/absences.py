"""Absences (decisions.md): holiday, sickness and other time off, requested then decided.

``requested`` -> ``approved`` or ``declined``; ``requested`` or ``approved`` -> ``cancelled``. Only an
approved absence blocks booking (``absence``), on every local day from ``start_date`` to ``end_date``.
"""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from enum import StrEnum

from attrs import define


class AbsenceType(StrEnum):
    HOLIDAY = "holiday"
    SICKNESS = "sickness"
    OTHER = "other"
    JURY_SERVICE = "jury_service"  # pauses the AWR clock, as sickness does
    SHUTDOWN = "shutdown"  # the hirer's planned shutdown: pauses the AWR clock, as annual leave does


class AbsenceStatus(StrEnum):
    REQUESTED = "requested"
    APPROVED = "approved"
    DECLINED = "declined"
    CANCELLED = "cancelled"


ABSENCE_TYPES: tuple[str, ...] = tuple(AbsenceType)
ABSENCE_STATUSES: tuple[str, ...] = tuple(AbsenceStatus)


@define
class Absence:
    client_id: int
    worker_id: int
    type: str
    start_date: date
    end_date: date
    created_at: datetime
    status: str = AbsenceStatus.REQUESTED
    hours: Decimal | None = None
    notes: str | None = None
    updated_at: datetime | None = None
    id: int = 0
