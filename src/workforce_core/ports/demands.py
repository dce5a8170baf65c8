"""The requirement and offer repositories a unit of work carries."""

from __future__ import annotations

from datetime import datetime
from typing import Protocol

from workforce_core.model.demands import Demand, Offer


class DemandRepository(Protocol):
    def get(self, id: int) -> Demand | None: ...

    def add(self, item: Demand) -> Demand:
        """Store a new requirement; returns it with its ``id``."""
        ...

    def update(self, item: Demand) -> None: ...

    def lock(self, id: int) -> Demand | None:
        """The requirement, locked for the rest of the transaction: bookings onto it queue here, so each
        counts the places the one before it took."""
        ...

    def filled(self, id: int) -> int:
        """How many of its bookings are not cancelled (draft, published or worked)."""
        ...


class OfferRepository(Protocol):
    def get(self, id: int) -> Offer | None: ...

    def add(self, item: Offer) -> Offer:
        """Store a new offer; returns it with its ``id``."""
        ...

    def update(self, item: Offer) -> None: ...

    def lock(self, id: int) -> Offer | None:
        """The offer, locked for the rest of the transaction (two answers to one offer queue here)."""
        ...

    def waiting(self, demand_id: int, worker_id: int) -> Offer | None:
        """The worker's offer for the requirement still ``sent`` (unanswered), if any."""
        ...

    def of_demand(self, demand_id: int) -> list[Offer]:
        """Every offer of the requirement, whatever its status, by id."""
        ...

    def unanswered(self, *, demand_id: int | None = None, ended_by: datetime | None = None) -> list[Offer]:
        """Offers still ``sent``, by id: of one requirement, or of the requirements that ended by then."""
        ...
