"""Eligibility's block and warning codes, booking statuses and absence types in words people read
(presentation only: which codes apply is decided in the core, ``rules.eligibility``)."""

from __future__ import annotations

from collections.abc import Iterable

from workforce_core.errors import NotEligible
from workforce_core.model.bookings import BookingStatus
from workforce_core.rules.eligibility import BlockCode, WarningCode

BLOCK_WORDS: dict[str, str] = {
    BlockCode.DNR: "marked do not return to this site",
    BlockCode.ABSENCE: "on an approved absence that day",
    BlockCode.UNAVAILABLE: "marked unavailable for this time",
    BlockCode.OVERLAP: "already booked or working at this time",
    BlockCode.INACTIVE: "a leaver",
    BlockCode.PENDING: "not yet approved (self-registered)",
    BlockCode.DORMANT: "dormant (no clock for a long time)",
    BlockCode.SUSPENDED: "suspended",
    BlockCode.RIGHT_TO_WORK: "no valid right to work check for that day (expired or not recorded)",
    BlockCode.DOCUMENT_EXPIRED: "no valid document the job role needs for that day (expired or not recorded)",
}
WARNING_WORDS: dict[str, str] = {
    WarningCode.ROLE: "a different job role",
    WarningCode.REST: "under 11 hours' rest since the last shift",
    WarningCode.HOURS: "over their weekly hours",
    WarningCode.CAPACITY: "the site would be over its capacity",
    WarningCode.DOCUMENT_EXPIRING: "a document ends or is due a follow-up check soon",
}
STATUS_WORDS: dict[str, str] = {
    BookingStatus.DRAFT: "draft",
    BookingStatus.PUBLISHED: "published",
    BookingStatus.COMPLETED: "worked",
    BookingStatus.CANCELLED: "cancelled",
    BookingStatus.CLIENT_CANCELLED: "cancelled by the client",
    BookingStatus.WORKER_CANCELLED: "cancelled by the worker",
    BookingStatus.SICK: "cancelled: worker sick",
    BookingStatus.AWOL: "cancelled: worker absent without leave",
    BookingStatus.NO_SHOW: "no-show",
}


def blocks(codes: Iterable[str]) -> list[str]:
    return [BLOCK_WORDS.get(code, code.replace("_", " ")) for code in codes]


def warnings(codes: Iterable[str]) -> list[str]:
    return [WARNING_WORDS.get(code, code.replace("_", " ")) for code in codes]


def status(code: str) -> str:
    return STATUS_WORDS.get(code, code.replace("_", " "))


def refusal(error: NotEligible, worker: str) -> str:
    """A ``not_eligible`` refusal in words: why the worker cannot be booked, and what to bear in mind."""
    why = "; ".join(blocks(error.extra.get("block_codes", ())))
    text = f"{worker} cannot take this shift: {why}."
    if error.extra.get("warning_codes"):
        text += f" Also: {'; '.join(warnings(error.extra['warning_codes']))}."
    return text
