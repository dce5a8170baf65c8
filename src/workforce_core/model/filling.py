"""Filling a requirement with offers: the rounds of offers "Fill" sends, and each offer's one-tap link
(kept by the hash of its token, used once, ending with the round)."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from attrs import define


@define
class OfferRound:
    """One round of offers of a requirement: how many were sent, and until when the round waits for
    answers before the next one goes (``closed_at``: the next round went, or the coordinators were told
    the places stayed unfilled, or the requirement filled)."""

    client_id: int
    demand_id: int
    number: int
    size: int
    sent_at: datetime
    expires_at: datetime
    closed_at: datetime | None = None
    id: int = 0


@define
class OfferLink:
    """The one-tap link of an offer: the SHA-256 of its token, until when it works, when it was used."""

    offer_id: int
    client_id: int
    token_hash: str
    created_at: datetime
    expires_at: datetime
    used_at: datetime | None = None
    id: int = 0


class LinkAnswer(StrEnum):
    """What an answer through a link did: the worker was booked, declined, or was told the shift is
    filled (the places went to quicker workers; the offer is then ``expired``)."""

    BOOKED = "booked"
    DECLINED = "declined"
    FILLED = "filled"
