"""Facts and their handlers: the unit of work runs the registry over what a write noted before it commits,
in the same transaction; a handler's own facts are handled too; a rollback forgets them; and a write
that changes a time entry without noting it is refused by the test store (``FactForgotten``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import get_args

import attrs
import pytest

from tests.fakes import FactForgotten, FakeDatabase, FakeUnitOfWork
from tests.time_world import TimeWorld
from workforce_core.facts import EntriesChanged, Fact, WorkerPricingChanged
from workforce_core.handlers import HANDLERS, handle_facts
from workforce_core.ports import UnitOfWork
from workforce_core.services.figure_refresh import refresh_figures


def test_every_kind_of_fact_has_a_handler_in_the_registry() -> None:
    assert set(HANDLERS) == set(get_args(Fact))
    assert all(HANDLERS[kind] for kind in HANDLERS)


class Handled:
    """A facts handler that remembers each call; worker 1's change makes worker 2's (a fact of its own)."""

    def __init__(self) -> None:
        self.calls: list[list[Fact]] = []

    def __call__(self, tx: UnitOfWork, facts: Sequence[Fact]) -> None:
        self.calls.append(list(facts))
        if WorkerPricingChanged(1) in facts:
            tx.note(WorkerPricingChanged(2))


def test_a_fact_a_handler_notes_is_handled_before_the_commit() -> None:
    handled = Handled()
    with FakeUnitOfWork(FakeDatabase(), facts_handler=handled) as tx:
        tx.note(WorkerPricingChanged(1), WorkerPricingChanged(3))
        assert handled.calls == []  # nothing runs at note time
        tx.commit()
    assert handled.calls == [[WorkerPricingChanged(1), WorkerPricingChanged(3)], [WorkerPricingChanged(2)]]


def test_settle_runs_the_handlers_now_and_once() -> None:
    handled = Handled()
    with FakeUnitOfWork(FakeDatabase(), facts_handler=handled) as tx:
        tx.note(WorkerPricingChanged(3))
        tx.settle()
        assert handled.calls == [[WorkerPricingChanged(3)]]
        tx.commit()
    assert handled.calls == [[WorkerPricingChanged(3)]]


def test_a_rollback_forgets_the_facts_noted() -> None:
    handled = Handled()
    database = FakeDatabase()
    with FakeUnitOfWork(database, facts_handler=handled) as tx:
        tx.note(WorkerPricingChanged(3))
        tx.rollback()
        tx.commit()
    assert handled.calls == []


def test_the_registry_runs_each_kind_once_over_all_its_facts(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    monkeypatch.setitem(HANDLERS, WorkerPricingChanged, (lambda _tx, facts: seen.append(len(facts)),))
    with FakeUnitOfWork(FakeDatabase()) as tx:
        handle_facts(tx, [WorkerPricingChanged(1), EntriesChanged(()), WorkerPricingChanged(2)])
    assert seen == [2]


def test_an_entry_changed_with_no_fact_noted_is_refused_and_nothing_is_stored() -> None:
    world = TimeWorld()
    shift = world.backfill("2026-02-02 08:00", "2026-02-02 16:00")
    before = world.entry(shift.entry.id)
    with world.uow() as tx:
        tx.entries.update(attrs.evolve(before, notes="typed in by hand"))
        with pytest.raises(FactForgotten):
            tx.commit()
    assert world.entry(shift.entry.id) == before


def test_an_entry_changed_with_its_fact_noted_is_stored_and_its_figures_marked() -> None:
    world = TimeWorld()
    shift = world.backfill("2026-02-02 08:00", "2026-02-02 16:00")
    assert refresh_figures(uow=world.uow) == 1
    with world.uow(read_only=True) as tx:
        assert set(tx.figures.of([shift.entry.id])) == {shift.entry.id}
    before = world.entry(shift.entry.id)
    changed = attrs.evolve(before, notes="typed in by hand")
    with world.uow() as tx:
        tx.entries.update(changed)
        tx.note(EntriesChanged(((before, changed),)))
        tx.commit()
    assert world.entry(shift.entry.id) == changed
    with world.uow(read_only=True) as tx:
        assert tx.figures.of([shift.entry.id]) == {}  # stale: a read prices it, the background pass stores it
