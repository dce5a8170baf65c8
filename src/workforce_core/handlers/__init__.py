"""The one registry of what follows from a fact, run by the unit of work before it commits.

``handle_facts`` is what a unit of work is given (``facts_handler``): it runs, for each kind of fact in
the registry's order, that kind's handlers over every fact of the kind noted, so that one transaction's
many changes make one step each (one stale-marking statement for a batch of approvals, not one per
shift). A handler may note further facts; they are handled in the same pass until none is left.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from workforce_core.facts import (
    AbsenceApproved,
    ClientPricingChanged,
    EntriesChanged,
    Fact,
    PayWeekLocked,
    PayWeekUnlocked,
    WorkerPricingChanged,
)
from workforce_core.handlers import stale_figures
from workforce_core.ports import UnitOfWork

Handler = Callable[[UnitOfWork, Sequence[Any]], None]

HANDLERS: Mapping[type[Fact], tuple[Handler, ...]] = {
    EntriesChanged: (stale_figures.entries_changed,),
    AbsenceApproved: (stale_figures.absence_approved,),
    WorkerPricingChanged: (stale_figures.worker_pricing_changed,),
    ClientPricingChanged: (stale_figures.client_pricing_changed,),
    PayWeekLocked: (stale_figures.pay_week_locked,),
    PayWeekUnlocked: (stale_figures.pay_week_unlocked,),
}


def handle_facts(tx: UnitOfWork, facts: Sequence[Fact]) -> None:
    """Run the registry's handlers over ``facts`` (all noted in ``tx``), kind by kind."""
    for kind, handlers in HANDLERS.items():
        of_kind = [fact for fact in facts if type(fact) is kind]
        if of_kind:
            for handler in handlers:
                handler(tx, of_kind)


FactsHandler = Callable[[UnitOfWork, Sequence[Fact]], None]


class NotedFacts:
    """A unit of work's facts not handled yet (both stores' units of work keep one): ``settle`` runs
    ``handle`` over them until no handler notes another."""

    def __init__(self, handle: FactsHandler = handle_facts) -> None:
        self.handle = handle
        self.pending: list[Fact] = []

    def note(self, facts: Sequence[Fact]) -> None:
        self.pending.extend(facts)

    def settle(self, tx: UnitOfWork) -> None:
        while self.pending:
            facts, self.pending = self.pending, []
            self.handle(tx, facts)

    def clear(self) -> None:
        self.pending.clear()
