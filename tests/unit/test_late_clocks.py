"""The late-clock rule (pricing.md section 3): paid, due in the earliest open week, or not late at all."""

from __future__ import annotations

from datetime import UTC, date, datetime

from workforce_core.model.time_entries import TimeEntry
from workforce_core.rules.late_clocks import Late, late_clocks

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
