"""Edges of small rules the mutation run found untested: VAT, an approval move the table lacks, a
requirement at its end, the sign-off bound, a payroll line's source, local texts and passes."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal

import pytest

from workforce_core.errors import ValidationFailed
from workforce_core.model.accounts import ClientSettings
from workforce_core.model.demands import Demand
from workforce_core.rules.approval import ApprovalState, allowed
from workforce_core.rules.calendar import day_type, offset_changes
from workforce_core.rules.charges import vat
from workforce_core.rules.demands import SOON, demand_status, needs_filling
from workforce_core.rules.employee_ids import generated_employee_id
from workforce_core.rules.geofence import haversine_metres
from workforce_core.rules.locked_figures import line_source
from workforce_core.rules.london import is_local, parse_instant, passes
from workforce_core.rules.sign_off import earliest_due_clock_in
from workforce_core.rules.slots import slot_times, wall_time

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def test_vat_is_the_rate_percent_of_the_net_rounded_once_half_up() -> None:
    assert vat(Decimal("100.00"), Decimal(20)) == Decimal("20.00")
    assert vat(Decimal("10.05"), Decimal(20)) == Decimal("2.01")
    assert vat(Decimal("10.00"), Decimal("5")) == Decimal("0.50")


def test_a_move_the_table_lacks_is_not_allowed() -> None:
    assert allowed(ApprovalState(), "approve")
    assert not allowed(ApprovalState(closed=False), "approve")
    assert not allowed(ApprovalState(approval_status="approved"), "approve")


def _demand(start: datetime, end: datetime) -> Demand:
    return Demand(1, 1, start.date(), start, end, headcount=2, requested=2, created_at=NOW)


def test_a_requirement_is_finished_from_the_instant_it_ends() -> None:
    ends_now = _demand(NOW - timedelta(hours=8), NOW)
    assert demand_status(ends_now, 0, NOW) == "finished"
    assert demand_status(ends_now, 0, NOW - timedelta(seconds=1)) == "open"


def test_a_requirement_needs_filling_from_seven_days_before_its_start() -> None:
    later = _demand(NOW + SOON, NOW + SOON + timedelta(hours=8))
    assert needs_filling(later, 1, NOW)
    assert not needs_filling(later, 1, NOW - timedelta(seconds=1))
    assert not needs_filling(later, 2, NOW)


def test_a_generated_employee_id_needs_a_sequence_from_one() -> None:
    assert generated_employee_id(1) == "W00001"
    with pytest.raises(ValueError, match=r"^sequence starts at 1$"):
        generated_employee_id(0)


def test_one_degree_of_longitude_at_the_equator_is_about_111_km() -> None:
    assert round(haversine_metres(0.0, 0.0, 0.0, 1.0)) in range(111_150, 111_250)
    assert round(haversine_metres(60.0, 0.0, 60.0, 2.0)) in range(111_150, 111_250)  # half as long at 60 N


def test_a_payroll_lines_figures_are_locked_only_when_it_pays_shifts_and_all_are_frozen() -> None:
    assert line_source(1, 1) == "locked"
    assert line_source(2, 1) == "live"
    assert line_source(0, 0) == "live"


def test_the_sign_off_bound_is_the_deadline_before_now() -> None:
    assert earliest_due_clock_in(ClientSettings(signoff_deadline_hours=48), NOW) == NOW - timedelta(hours=48)
    assert earliest_due_clock_in(ClientSettings(signoff_deadline_hours=None), NOW) is None


def test_a_local_text_has_no_offset_and_its_passes_are_utc_instants() -> None:
    assert is_local(" 2026-03-02T09:00 ")
    assert is_local("2026-03-02")
    assert not is_local("2026-03-02T09:00Z")
    twice = passes(datetime(2026, 10, 25, 0, 30, tzinfo=UTC))  # 01:30 BST, the first pass of the repeated hour
    assert twice == (datetime(2026, 10, 25, 0, 30, tzinfo=UTC), datetime(2026, 10, 25, 1, 30, tzinfo=UTC))
    assert all(moment.tzinfo is UTC for moment in twice)
    assert passes(datetime(2026, 3, 2, 9, 0, tzinfo=UTC)) == (datetime(2026, 3, 2, 9, 0, tzinfo=UTC),)
    assert date(2026, 10, 25) == twice[1].date()


def test_the_clocks_change_strictly_inside_the_span_asked_for() -> None:
    spring = datetime(2026, 3, 29, 1, 0, tzinfo=UTC)
    autumn = datetime(2026, 10, 25, 1, 0, tzinfo=UTC)
    assert offset_changes(datetime(2026, 3, 1, tzinfo=UTC), datetime(2026, 4, 1, tzinfo=UTC)) == [spring]
    assert offset_changes(datetime(2026, 1, 1, tzinfo=UTC), datetime(2027, 1, 1, tzinfo=UTC)) == [spring, autumn]
    assert offset_changes(spring, datetime(2026, 4, 1, tzinfo=UTC)) == []
    assert offset_changes(datetime(2026, 3, 1, tzinfo=UTC), spring) == []


def test_a_plain_monday_is_a_weekday() -> None:
    assert day_type(date(2026, 3, 2)) == "weekday"
    assert day_type(date(2026, 3, 7)) == "weekend"
    assert day_type(date(2026, 3, 8)) == "sunday"
    assert day_type(date(2026, 12, 28)) == "bank_holiday"


@pytest.mark.parametrize(
    ("written", "wall"), [("00:00", time(0)), ("23:59", time(23, 59)), (" 09:30:00 ", time(9, 30))]
)
def test_a_wall_time_is_hh_mm_from_00_00_to_23_59(written: str, wall: time) -> None:
    assert wall_time(written, "start_time") == wall


@pytest.mark.parametrize("written", ["24:00", "24:30", "23:60", "12:60", "9:30", "ab", 930, None])
def test_anything_else_is_refused_naming_the_field(written: object) -> None:
    with pytest.raises(ValidationFailed) as refused:
        wall_time(written, "end_time")  # type: ignore[arg-type]
    assert (refused.value.extra["field"], refused.value.message) == ("end_time", "end_time must be a local time HH:MM.")


def test_an_aware_text_is_read_as_a_utc_instant() -> None:
    parsed = parse_instant("2026-06-01T12:00+01:00")
    assert parsed == datetime(2026, 6, 1, 11, 0, tzinfo=UTC)
    assert parsed is not None
    assert parsed.tzinfo is UTC


def test_a_slot_with_equal_times_or_a_skipped_time_is_refused_naming_the_field() -> None:
    with pytest.raises(ValidationFailed) as equal:
        slot_times(date(2026, 3, 2), time(9), time(9))
    assert (equal.value.extra["field"], equal.value.message) == ("end_time", "end_time must differ from start_time.")
    with pytest.raises(ValidationFailed) as skipped_end:
        slot_times(date(2026, 3, 28), time(22), time(1, 30))  # 01:30 on 29 March does not exist
    assert (skipped_end.value.extra["field"], skipped_end.value.message) == (
        "end_time",
        "2026-03-29 01:30 does not exist in Europe/London (the clocks went forward).",
    )
    with pytest.raises(ValidationFailed) as skipped_start:
        slot_times(date(2026, 3, 29), time(1, 15), time(9))
    assert skipped_start.value.extra["field"] == "start_time"
