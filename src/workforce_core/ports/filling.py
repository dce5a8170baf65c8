"""The repositories of filling a requirement: its rounds of offers and the offers' one-tap links."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from workforce_core.model.filling import OfferLink, OfferRound


class OfferRounds(Protocol):
    def add(self, item: OfferRound) -> OfferRound: ...

    def update(self, item: OfferRound) -> None: ...

    def of_demand(self, demand_id: int) -> list[OfferRound]:
        """The requirement's rounds, first first."""
        ...

    def lapsed(self, now: datetime) -> list[OfferRound]:
        """Rounds not closed whose time ran out by ``now``, oldest first."""
        ...


class OfferLinks(Protocol):
    def add(self, item: OfferLink) -> OfferLink: ...

    def update(self, item: OfferLink) -> None: ...

    def by_token_hash(self, token_hash: str) -> OfferLink | None:
        """The link with this token's hash, locked for the transaction (a second tap waits, then sees it used)."""
        ...
