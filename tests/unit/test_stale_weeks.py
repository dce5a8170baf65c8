"""Which pay weeks a change to a time entry makes stale (rules.stale_weeks): its own, a break's shift's, and
the later weeks whose AWR look-back it can change."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import attrs

from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules.awr import PARITY_LOOKBACK
from workforce_core.rules.stale_weeks import StaleWeeks, stale_weeks

WEDNESDAY = datetime(2026, 3, 4, 9, 0, tzinfo=UTC)
WEEK = date(2026, 3, 2)
PENDING = TimeEntry(
    worker_id=7, client_id=1, clock_in=WEDNESDAY, clock_out=WEDNESDAY + timedelta(hours=8), created_at=WEDNESDAY, id=1
)
APPROVED = attrs.evolve(PENDING, approval_status="approved")


def _stale(before: TimeEntry | None, after: TimeEntry, client_approval: bool = False) -> StaleWeeks:
    return stale_weeks(before, after, start_day=1, require_client_approval=client_approval)


def test_an_edit_that_changes_nothing_for_parity_makes_its_own_week_stale() -> None:
    assert _stale(None, PENDING) == StaleWeeks(7, WEEK, WEEK)
    later = attrs.evolve(PENDING, clock_out=WEDNESDAY + timedelta(hours=9))
    assert _stale(PENDING, later) == StaleWeeks(7, WEEK, WEEK)
    assert _stale(APPROVED, attrs.evolve(APPROVED, clock_out=WEDNESDAY + timedelta(hours=9))) == StaleWeeks(
        7, WEEK, WEEK
    )


def test_a_shift_that_starts_or_stops_counting_toward_parity_reaches_the_look_back() -> None:
    assert _stale(PENDING, APPROVED) == StaleWeeks(7, WEEK, WEEK + PARITY_LOOKBACK)
    assert _stale(APPROVED, PENDING) == StaleWeeks(7, WEEK, WEEK + PARITY_LOOKBACK)
    assert _stale(None, APPROVED) == StaleWeeks(7, WEEK, WEEK + PARITY_LOOKBACK)
    signed = attrs.evolve(APPROVED, client_approval="approved")
    assert _stale(APPROVED, signed, client_approval=True) == StaleWeeks(7, WEEK, WEEK + PARITY_LOOKBACK)
    assert _stale(APPROVED, signed, client_approval=False) == StaleWeeks(7, WEEK, WEEK)


def test_a_counting_shift_moved_to_another_week_makes_both_and_the_look_back_stale() -> None:
    moved = attrs.evolve(
        APPROVED, clock_in=WEDNESDAY + timedelta(days=7), clock_out=WEDNESDAY + timedelta(days=7, hours=8)
    )
    next_week = WEEK + timedelta(days=7)
    assert _stale(APPROVED, moved) == StaleWeeks(7, WEEK, next_week + PARITY_LOOKBACK)
    assert _stale(moved, APPROVED) == StaleWeeks(7, WEEK, next_week + PARITY_LOOKBACK)
    moved_pending = attrs.evolve(moved, approval_status="pending")
    assert _stale(PENDING, moved_pending) == StaleWeeks(7, WEEK, next_week)


def test_a_break_reaches_back_to_the_shift_it_was_taken_in() -> None:
    monday_break = TimeEntry(
        worker_id=7, client_id=1, entry_type="break", clock_in=datetime(2026, 3, 9, 1, 0, tzinfo=UTC),
        clock_out=datetime(2026, 3, 9, 1, 30, tzinfo=UTC), created_at=WEDNESDAY, id=2, approval_status="approved",
    )  # fmt: skip
    assert _stale(None, monday_break) == StaleWeeks(7, WEEK, WEEK + timedelta(days=7))
    wednesday_break = attrs.evolve(monday_break, clock_in=WEDNESDAY, clock_out=WEDNESDAY + timedelta(minutes=30))
    assert _stale(None, wednesday_break) == StaleWeeks(7, WEEK, WEEK)  # a break never counts toward parity


def test_a_shift_waiting_for_the_clients_sign_off_does_not_count_toward_parity_yet() -> None:
    waiting = attrs.evolve(APPROVED, client_approval="pending")
    assert _stale(None, waiting, client_approval=True) == StaleWeeks(7, WEEK, WEEK)
    assert _stale(None, waiting, client_approval=False) == StaleWeeks(7, WEEK, WEEK + PARITY_LOOKBACK)
