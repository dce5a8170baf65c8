"""The pay-week state machine (pricing.md section 1): status derived from the week's facts, and the
moves lock, close, unlock (and export, as the export issue will make it) with their refusals."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import attrs
import pytest
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from workforce_core.errors import AlreadyLocked, NotLocked, WeekNotReady, WorkforceError
from workforce_core.model.pay_weeks import PayWeekStatus, WeekCounts
from workforce_core.rules import pay_week_states as rules
from workforce_core.rules.pay_week_states import WeekFacts

MONDAY = date(2026, 3, 2)


def facts(*, ended: bool = True, locked: bool = False, batches: int = 0, **counts: int) -> WeekFacts:
    return WeekFacts(ended=ended, counts=WeekCounts(**counts), locked=locked, batches_since_lock=batches)


@pytest.mark.parametrize(
    ("week", "status"),
    [
        (facts(ended=False), "open"),
        (facts(ended=False, shifts_not_approved=3), "open"),
        (facts(shifts=4, shifts_not_approved=1), "checking"),
        (facts(shifts=4, open_clock_outs=1), "checking"),
        (facts(shifts=4, exceptions_open=1), "checking"),
        (facts(shifts=4), "ready_to_lock"),
        (facts(), "ready_to_lock"),
        (facts(locked=True, shifts_not_approved=2), "locked"),
        (facts(locked=True, batches=1), "exported"),
    ],
)
def test_the_status_is_derived_from_the_end_the_counts_the_lock_and_the_batches(week: WeekFacts, status: str) -> None:
    assert rules.status(week) == status


def test_a_week_ends_at_local_midnight_after_its_last_day() -> None:
    assert rules.week_end(MONDAY) == date(2026, 3, 8)
    assert not rules.has_ended(MONDAY, datetime(2026, 3, 8, 23, 59, 59, tzinfo=UTC))
    assert rules.has_ended(MONDAY, datetime(2026, 3, 9, 0, 0, tzinfo=UTC))  # GMT in March: UTC midnight
    summer = date(2026, 6, 1)
    assert not rules.has_ended(summer, datetime(2026, 6, 7, 22, 59, tzinfo=UTC))
    assert rules.has_ended(summer, datetime(2026, 6, 7, 23, 0, tzinfo=UTC))  # BST: 00:00 local is 23:00 UTC


def test_a_week_runs_from_local_midnight_of_its_first_day_to_local_midnight_after_its_last() -> None:
    assert rules.week_bounds(MONDAY) == (datetime(2026, 3, 2, 0, 0, tzinfo=UTC), datetime(2026, 3, 9, 0, 0, tzinfo=UTC))
    start, end = rules.week_bounds(date(2026, 6, 1))  # BST: local midnight is 23:00 UTC the day before
    assert (start, end) == (datetime(2026, 5, 31, 23, 0, tzinfo=UTC), datetime(2026, 6, 7, 23, 0, tzinfo=UTC))
    clocks_change = rules.week_bounds(date(2026, 3, 23))  # the week of 29 March is an hour short
    assert clocks_change[1] - clocks_change[0] == timedelta(days=7, hours=-1)


def test_locking_a_week_not_ended_or_still_checking_is_refused_naming_what_is_left() -> None:
    with pytest.raises(WeekNotReady) as early:
        rules.lock(facts(ended=False))
    assert early.value.extra["week_status"] == "open"
    with pytest.raises(WeekNotReady) as checking:
        rules.lock(facts(shifts=5, shifts_not_approved=2, exceptions_open=1))
    assert checking.value.extra == {
        "reason_code": "week_not_ready",
        "week_status": "checking",
        "left": {"shifts_not_approved": 2, "open_clock_outs": 0, "exceptions_open": 1},
    }
    assert "2 shifts not approved" in checking.value.message
    with pytest.raises(AlreadyLocked):
        rules.lock(facts(locked=True))


def test_close_settles_only_what_approval_can_settle() -> None:
    assert rules.status(rules.close(facts(shifts=3, shifts_not_approved=3))) == "locked"
    for left in ({"open_clock_outs": 1}, {"exceptions_open": 2}):
        with pytest.raises(WeekNotReady) as refused:
            rules.close(facts(shifts=3, **left))
        assert refused.value.extra["left"] == {**dict.fromkeys(WeekCounts().left, 0), **left}
    with pytest.raises(WeekNotReady):
        rules.close(facts(ended=False))


@pytest.mark.parametrize(
    "left", [{"open_clock_outs": 1}, {"exceptions_open": 1}, {"open_clock_outs": 2, "exceptions_open": 1}]
)
def test_a_week_with_an_open_clock_out_or_an_open_exception_cannot_be_closed(left: dict[str, int]) -> None:
    with pytest.raises(WeekNotReady) as refused:
        rules.can_close(facts(shifts=3, shifts_not_approved=1, **left))
    assert refused.value.message.startswith("closing approves shifts but cannot settle")
    assert refused.value.extra["week_status"] == "checking"
    rules.can_close(facts(shifts=3, shifts_not_approved=3))  # approval settles the rest: no refusal
    with pytest.raises(AlreadyLocked):
        rules.can_close(facts(locked=True))
    with pytest.raises(WeekNotReady, match="can be closed from the day after its last day"):
        rules.can_close(facts(ended=False))


def test_unlock_needs_a_lock_and_an_export_needs_one_too() -> None:
    with pytest.raises(NotLocked):
        rules.unlock(facts())
    with pytest.raises(NotLocked):
        rules.export(facts())
    exported = rules.export(rules.lock(facts()))
    assert rules.status(exported) == "exported"
    assert rules.status(rules.unlock(exported)) == "ready_to_lock"


def test_the_blocking_open_exceptions_are_the_open_clock_outs_and_overlaps_rules_exceptions_finds() -> None:
    from workforce_core.model.time_entries import TimeEntry

    at = datetime(2026, 3, 2, 8, 0, tzinfo=UTC)
    later = datetime(2026, 3, 2, 12, 0, tzinfo=UTC)
    first = TimeEntry(worker_id=1, client_id=1, clock_in=at, clock_out=later, created_at=at, id=1)
    overlapping = attrs.evolve(first, clock_in=datetime(2026, 3, 2, 11, 0, tzinfo=UTC), id=2)
    open_long = TimeEntry(worker_id=2, client_id=1, clock_in=at, created_at=at, id=3)
    now = datetime(2026, 3, 3, 9, 0, tzinfo=UTC)
    assert rules.blocking_open([overlapping, open_long], [first, overlapping, open_long], now) == {2, 3}
    approved = attrs.evolve(overlapping, approval_status="approved")  # an approved overlap is resolved
    assert rules.blocking_open([approved], [first, approved], now) == set()
    short_open = attrs.evolve(open_long, clock_in=datetime(2026, 3, 3, 0, 0, tzinfo=UTC))  # open under 12 hours
    assert rules.blocking_open([short_open], [short_open], now) == set()


class PayWeekMachine(RuleBasedStateMachine):
    """Any sequence of the week's events and moves: the status always follows from the facts, a lock
    only ever stands on an ended week that had nothing left, and a refused move changes nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.week = facts(ended=False)
        self.locked_clean = False  # the counts were all 0 when the standing lock was made
        self.refusals: list[int] = []  # the HTTP statuses of the refused moves

    def _counts(self, **change: int) -> None:
        self.week = attrs.evolve(self.week, counts=attrs.evolve(self.week.counts, **change))

    def _try(self, move: str) -> None:
        before = self.week
        try:
            self.week = getattr(rules, move)(self.week)
        except WorkforceError as refused:
            self.refusals.append(refused.status)
            assert self.week == before
            return
        if move in ("lock", "close"):
            assert before.ended
            assert not before.locked
            self.locked_clean = not any(self.week.counts.left.values())

    @rule()
    def the_week_ends(self) -> None:
        self.week = attrs.evolve(self.week, ended=True)

    @precondition(lambda self: not self.week.locked)
    @rule(pending=st.integers(0, 3), open_=st.integers(0, 2), blocking=st.integers(0, 2))
    def shifts_are_clocked(self, pending: int, open_: int, blocking: int) -> None:
        c = self.week.counts
        self._counts(
            shifts=c.shifts + pending + open_,
            shifts_not_approved=c.shifts_not_approved + pending,
            open_clock_outs=c.open_clock_outs + open_,
            exceptions_open=c.exceptions_open + blocking,
        )

    @precondition(lambda self: not self.week.locked)
    @rule()
    def the_coordinator_settles_the_exceptions_and_clock_outs(self) -> None:
        self._counts(open_clock_outs=0, exceptions_open=0)

    @rule(move=st.sampled_from(["lock", "close", "unlock", "export"]))
    def a_move(self, move: str) -> None:
        self._try(move)

    @invariant()
    def every_refusal_is_a_conflict(self) -> None:
        assert set(self.refusals) <= {409}

    @invariant()
    def the_status_follows_the_facts(self) -> None:
        status = rules.status(self.week)
        if self.week.locked:
            assert status in (PayWeekStatus.LOCKED, PayWeekStatus.EXPORTED)
            assert self.week.ended
            assert self.locked_clean
        elif not self.week.ended:
            assert status == PayWeekStatus.OPEN
        else:
            assert (status == PayWeekStatus.READY_TO_LOCK) == (not any(self.week.counts.left.values()))
        assert (status == PayWeekStatus.EXPORTED) == (self.week.locked and self.week.batches_since_lock > 0)


TestPayWeekMachine = PayWeekMachine.TestCase


def test_each_refusal_says_why_in_full() -> None:
    with pytest.raises(WeekNotReady) as early:
        rules.lock(facts(ended=False))
    assert early.value.message == "the pay week has not ended; it can be locked from the day after its last day."
    with pytest.raises(WeekNotReady) as checking:
        rules.lock(facts(shifts=5, shifts_not_approved=2, exceptions_open=1))
    assert checking.value.message == "the pay week is still being checked: 2 shifts not approved, 1 exceptions open."
    with pytest.raises(WeekNotReady) as unsettled:
        rules.can_close(facts(shifts=5, open_clock_outs=1, exceptions_open=3))
    assert unsettled.value.message == "closing approves shifts but cannot settle: 1 open clock outs, 3 exceptions open."
    with pytest.raises(WeekNotReady) as not_ended:
        rules.can_close(facts(ended=False))
    assert not_ended.value.message == "the pay week has not ended; it can be closed from the day after its last day."
    with pytest.raises(NotLocked) as not_locked:
        rules.export(facts())
    assert not_locked.value.message == "only a locked pay week can be exported."


def test_a_lock_and_an_unlock_start_the_batch_count_again_and_each_export_counts_one() -> None:
    assert rules.lock(facts(batches=3)).batches_since_lock == 0
    twice = rules.export(rules.export(rules.lock(facts())))
    assert twice.batches_since_lock == 2
    assert rules.unlock(twice).batches_since_lock == 0


def test_close_s_lock_after_approval_names_the_minimum_wage_shortfalls_it_brought() -> None:
    with pytest.raises(WeekNotReady) as one:
        rules.lock_approved(facts(shifts=2, exceptions_open=1))
    assert one.value.message.startswith("approving the pending shifts leaves 1 worker's week paid below the minimum")
    assert (one.value.extra["reason_code"], one.value.extra["left"]["exceptions_open"]) == ("week_not_ready", 1)
    with pytest.raises(WeekNotReady) as two:
        rules.lock_approved(facts(shifts=2, exceptions_open=2))
    assert "leaves 2 workers' weeks paid below" in two.value.message
    with pytest.raises(WeekNotReady) as disputed:
        rules.lock_approved(facts(shifts=2, shifts_not_approved=1))  # a disputed shift: the lock's own words
    assert disputed.value.message == "the pay week is still being checked: 1 shifts not approved."
    assert rules.lock_approved(facts(shifts=2)).locked
