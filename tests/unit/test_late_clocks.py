"""The late-clock rule (pricing.md section 3): paid, due in the earliest open week, or not late at all."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules.late_clocks import LOOK_AHEAD_WEEKS, Late, candidate_weeks, late_clocks, payable_since

APPROVED_ON = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)  # a Friday: its week starts Monday 16 November


def _late(entry_id: int, site: int | None = 1) -> TimeEntry:
    return TimeEntry(
        id=entry_id,
        worker_id=1,
        client_id=1,
        location_id=site,
        clock_in=datetime(2026, 11, 11, 8, 0, tzinfo=UTC),
        clock_out=datetime(2026, 11, 11, 16, 0, tzinfo=UTC),
        created_at=APPROVED_ON,
        approval_status="approved",
        approved_at=APPROVED_ON,
        risk_flags=("locked_week",),
    )


def test_a_late_clock_is_due_in_the_first_open_week_from_its_approval_and_paid_once_paid() -> None:
    locked_weeks = {(date(2026, 11, 9), None), (date(2026, 11, 16), None), (date(2026, 11, 23), 2)}
    found = late_clocks(
        [
            _late(1),
            _late(2, site=2),
            _late(3),
            TimeEntry(worker_id=1, client_id=1, clock_in=APPROVED_ON, created_at=APPROVED_ON),
        ],
        start_day=1,
        require_client_approval=False,
        paid={3: date(2026, 11, 16)},
        locked=lambda week, site: (week, None) in locked_weeks or (week, site) in locked_weeks,
    )
    assert found == {
        1: Late("due", date(2026, 11, 23)),  # 16 November is locked for every site
        2: Late("due", date(2026, 11, 30)),  # site 2 has 23 November locked too
        3: Late("paid", date(2026, 11, 16)),
    }


def test_a_late_clock_whose_week_was_unlocked_is_a_shift_of_that_week() -> None:
    found = late_clocks([_late(1)], start_day=1, require_client_approval=False, paid={}, locked=lambda w, s: False)
    assert found == {}


def test_a_late_clock_not_yet_approved_is_due_with_no_week_yet() -> None:
    pending = _late(1)
    pending.approval_status = "pending"
    found = late_clocks([pending], start_day=1, require_client_approval=False, paid={}, locked=lambda w, s: True)
    assert found == {1: Late("due", None)}


def test_a_week_locked_at_its_own_site_holds_the_late_clock_there_only() -> None:
    site_locks = {(date(2026, 11, 9), 1)}
    found = late_clocks(
        [_late(1, site=1), _late(2, site=2)],
        start_day=1,
        require_client_approval=False,
        paid={},
        locked=lambda week, site: (week, site) in site_locks,
    )
    assert found == {1: Late("due", date(2026, 11, 16))}


def _weeks_from(first: date) -> set[date]:
    return {first + timedelta(weeks=n) for n in range(LOOK_AHEAD_WEEKS)}


def test_candidate_weeks_are_the_own_week_and_sixty_weeks_from_the_week_it_became_payable() -> None:
    own_week = date(2026, 11, 9)
    assert LOOK_AHEAD_WEEKS == 60
    assert candidate_weeks([_late(1)], 1, False) == {own_week} | _weeks_from(date(2026, 11, 16))
    # a week starting on Sunday (start_day 7) moves every week to the Sunday before
    assert candidate_weeks([_late(1)], 7, False) == {date(2026, 11, 8)} | _weeks_from(date(2026, 11, 15))


def test_candidate_weeks_skip_shifts_not_late_and_stop_at_the_own_week_while_not_approved() -> None:
    pending = _late(1)
    pending.approval_status = "pending"
    on_time = _late(2)
    on_time.risk_flags = ()
    assert candidate_weeks([pending, on_time], 1, False) == {date(2026, 11, 9)}
    assert candidate_weeks([on_time, pending], 1, False) == {date(2026, 11, 9)}  # every shift is looked at
    assert candidate_weeks([], 1, False) == set()


def test_candidate_weeks_wait_for_the_client_sign_off_when_the_client_approves_too() -> None:
    signed = _late(1)
    signed.client_approval = "approved"
    signed.client_approved_at = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)  # a Wednesday: week of 30 November
    assert candidate_weeks([signed], 1, True) == {date(2026, 11, 9)} | _weeks_from(date(2026, 11, 30))
    assert candidate_weeks([signed], 1, False) == {date(2026, 11, 9)} | _weeks_from(date(2026, 11, 16))
    unsigned = _late(2)
    unsigned.client_approval = "pending"
    assert candidate_weeks([unsigned], 1, True) == {date(2026, 11, 9)}


def test_a_shift_is_payable_from_its_approval_or_the_later_client_sign_off_when_one_is_asked_for() -> None:
    shift = _late(1)
    assert payable_since(shift, False) == date(2026, 11, 20)
    shift.client_approval = "approved"
    shift.client_approved_at = datetime(2026, 12, 2, 9, 0, tzinfo=UTC)
    assert payable_since(shift, True) == date(2026, 12, 2)
    assert payable_since(shift, False) == date(2026, 11, 20)  # the client's sign-off is not asked for
    shift.client_approval = "pending"
    assert payable_since(shift, True) is None
    assert payable_since(shift, False) == date(2026, 11, 20)


def test_a_shift_approved_with_no_time_recorded_is_payable_from_its_local_clock_out_day() -> None:
    shift = _late(1)
    shift.approved_at = None
    shift.clock_out = datetime(2026, 11, 11, 23, 30, tzinfo=UTC)  # 23:30 GMT is still the 11th in London
    assert payable_since(shift, False) == date(2026, 11, 11)
    shift.clock_out = datetime(2026, 6, 11, 23, 30, tzinfo=UTC)  # 00:30 BST on the 12th
    assert payable_since(shift, False) == date(2026, 6, 12)


def test_every_late_clock_is_found_whatever_comes_before_it_and_waits_for_the_client_when_asked() -> None:
    on_time = _late(9)
    on_time.risk_flags = ()
    unsigned = _late(2)
    found = late_clocks(
        [on_time, _late(1), unsigned],
        start_day=1,
        require_client_approval=True,
        paid={},
        locked=lambda week, site: week == date(2026, 11, 9),
    )
    assert found == {1: Late("due", None), 2: Late("due", None)}
    unsigned.client_approval = "approved"
    unsigned.client_approved_at = APPROVED_ON
    found = late_clocks(
        [on_time, unsigned],
        start_day=1,
        require_client_approval=True,
        paid={},
        locked=lambda w, s: w == date(2026, 11, 9),
    )
    assert found == {2: Late("due", date(2026, 11, 16))}
