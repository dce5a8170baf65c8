"""A status shown as a badge: its words, always, and a tone the stylesheet colours (``.badge-done``,
``-waiting``, ``-stopped``, ``-neutral``), so colour is never the only sign of a status (WCAG 1.4.1).

Presentation only: which status a shift, booking, requirement, offer or absence has is the core's; this
says how each of the core's statuses looks. A status not listed is neutral."""

from __future__ import annotations

from enum import StrEnum

from markupsafe import Markup, escape

from workforce_core.model.absences import AbsenceStatus
from workforce_core.model.bookings import BookingStatus
from workforce_core.model.demands import DemandStatus, OfferStatus
from workforce_core.model.documents import DocumentStatus
from workforce_core.model.pay_gate import PayrollStatus
from workforce_core.model.time_entries import ApprovalStatus, ClientApproval


class Tone(StrEnum):
    DONE = "done"  # nothing more to do: approved, signed off, payable, filled, accepted
    WAITING = "waiting"  # someone's move: pending, open, sent, requested, on hold
    STOPPED = "stopped"  # refused or missed: disputed, rejected, excluded, no-show, declined
    NEUTRAL = "neutral"  # neither: draft, cancelled, finished, expired, withdrawn


TONES: dict[str, Tone] = {
    ApprovalStatus.PENDING: Tone.WAITING,
    ApprovalStatus.APPROVED: Tone.DONE,
    ApprovalStatus.DISPUTED: Tone.STOPPED,
    ClientApproval.REJECTED: Tone.STOPPED,
    PayrollStatus.PAYABLE: Tone.DONE,
    PayrollStatus.ON_HOLD: Tone.WAITING,
    PayrollStatus.EXCLUDED: Tone.STOPPED,
    BookingStatus.DRAFT: Tone.NEUTRAL,
    BookingStatus.PUBLISHED: Tone.WAITING,
    BookingStatus.COMPLETED: Tone.DONE,
    BookingStatus.CANCELLED: Tone.NEUTRAL,
    BookingStatus.CLIENT_CANCELLED: Tone.NEUTRAL,
    BookingStatus.WORKER_CANCELLED: Tone.NEUTRAL,
    BookingStatus.SICK: Tone.STOPPED,
    BookingStatus.AWOL: Tone.STOPPED,
    BookingStatus.NO_SHOW: Tone.STOPPED,
    DemandStatus.OPEN: Tone.WAITING,
    DemandStatus.FILLED: Tone.DONE,
    DemandStatus.FINISHED: Tone.NEUTRAL,
    OfferStatus.SENT: Tone.WAITING,
    OfferStatus.ACCEPTED: Tone.DONE,
    OfferStatus.DECLINED: Tone.STOPPED,
    OfferStatus.EXPIRED: Tone.NEUTRAL,
    OfferStatus.WITHDRAWN: Tone.NEUTRAL,
    AbsenceStatus.REQUESTED: Tone.WAITING,
    DocumentStatus.VALID: Tone.DONE,
    DocumentStatus.EXPIRING: Tone.WAITING,
    DocumentStatus.EXPIRED: Tone.STOPPED,
    DocumentStatus.NOT_YET_VALID: Tone.NEUTRAL,
}


def badge(code: str | None) -> Markup:
    """The status ``code`` as a badge: ``<span class="badge badge-waiting">on hold</span>``."""
    if not code:
        return Markup("")
    tone = TONES.get(code, Tone.NEUTRAL)
    return Markup('<span class="badge badge-{}">{}</span>').format(tone.value, escape(code.replace("_", " ")))
