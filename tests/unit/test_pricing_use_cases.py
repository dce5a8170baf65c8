"""Pricing through the use cases (services/pricing.py ``price_entry``, the console's ``price explain``): the pay
gate of pricing.md section 2 for shifts recorded and moved through the use cases, and the worked examples of
pricing.md section 9 priced from shifts typed in, clocked and approved through them.

The write side is the memory adapter; the pricing read goes through ``SqlQueries`` over a SQLite copy of what
it committed (tests/sqlite_mirror.py). Gate rules 9 and 10 (late clocks into a locked week) have nothing to
test yet: the core has no pay-week lock.
"""

from __future__ import annotations

import contextlib
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import Mirror
from tests.databases import SqliteTemplate
from tests.sqlite_mirror import mirrored_queries
from tests.time_world import TimeWorld, at
from workforce_adapters.json.commands import structure
from workforce_core.commands.rate_rules import RateRuleDefinition
from workforce_core.commands.time_records import EditEntry, QueryEntry, RaiseAmendment, RejectEntries
from workforce_core.errors import Conflict, NotFound
from workforce_core.model.accounts import ClientSettings
from workforce_core.ports import Paging
from workforce_core.rules.pricing import ShiftPrice, pennies
from workforce_core.services import amendments, approvals, corrections
from workforce_core.services.rate_rules import create_rate_rule
from workforce_core.services.time_reads import timesheets as timesheet_reads
from workforce_core.steps.pricing import price_entry
from workforce_core.views import ShiftPricing

D = Decimal
NOW = at("2026-12-01 12:00")
RULE_R: dict[str, Any] = {
    "name": "R",
    "pay": {"pay_rate": D("12.00")},
    "charge": {"charge_rate": D("18.00")},
    "overtime_threshold": 40,
    "overtime_multiplier": D("1.5"),
    "weekend_multiplier": D("1.25"),
    "sunday_multiplier": D("1.5"),
    "bank_holiday_multiplier": D("2.0"),
    "night_bands": [{"start": "22:00", "end": "06:00", "premium": D("1.00"), "charge_premium": D("1.50")}],
    "auto_lunch_minutes": 30,
    "auto_lunch_after_hours": 6,
    "paid_break_minutes": 0,
}


class Pricing:
    """A TimeWorld with rule R and a way to price one shift as the console does."""

    def __init__(self, mirror: Mirror, rule: dict[str, Any] | None = RULE_R, **settings: Any) -> None:
        self.world = TimeWorld(now=NOW, settings=ClientSettings(**settings))
        self.mirror = mirror
        if rule is not None:
            self.rule(rule)

    def rule(self, raw: dict[str, Any]) -> None:
        """A rule from its file's JSON, as the console reads it."""
        command = structure(RateRuleDefinition, raw)
        create_rate_rule(command, client_id=self.world.client.id, uow=self.world.uow, clock=self.world.clock)

    def shift(self, start: str, end: str, **options: Any) -> int:
        return self.world.backfill(start, end, **options).entry.id

    def approve(self, *ids: int) -> None:
        approvals.approve(ids, uow=self.world.uow, clock=self.world.clock)

    def priced(self, entry_id: int) -> ShiftPricing:
        return price_entry(entry_id, uow=self.world.uow)  # priced inside one memory transaction

    def price(self, entry_id: int) -> ShiftPrice:
        found = self.priced(entry_id).price
        assert found is not None
        return found

    def gate(self, entry_id: int) -> tuple[str | None, str | None]:
        gate = self.priced(entry_id).gate
        return gate.status, gate.reason


# ---- section 2: the pay gate --------------------------------------------------------------------------------------


def test_a_walk_in_under_no_pay_is_excluded_yet_priced_as_if_payable(mirror: Mirror) -> None:
    p = Pricing(mirror)  # walk_in_policy no_pay, the default
    sid = p.shift("2026-11-17 08:00", "2026-11-17 16:30")
    p.approve(sid)
    priced = p.priced(sid)
    assert (priced.gate.status, priced.gate.reason, priced.flags) == ("excluded", "walk_in", ("walk_in_no_pay",))
    assert priced.price is not None
    assert pennies(priced.price.pay()) == D("96.00")


def test_an_unapproved_walk_in_is_excluded_before_it_is_held(mirror: Mirror) -> None:
    p = Pricing(mirror)
    sid = p.shift("2026-11-17 08:00", "2026-11-17 16:30")
    assert p.gate(sid) == ("excluded", "walk_in")


def test_a_booked_shift_is_held_pending_until_the_agency_approves_it(mirror: Mirror) -> None:
    p = Pricing(mirror)
    p.world.book("2026-11-17", "08:00", "16:30")
    sid = p.shift("2026-11-17 08:00", "2026-11-17 16:30")
    assert p.gate(sid) == ("on_hold", "pending")
    p.approve(sid)
    assert p.gate(sid) == ("payable", None)
    approvals.revert([sid], uow=p.world.uow, clock=p.world.clock)
    assert p.gate(sid) == ("on_hold", "pending")


def test_a_walk_in_under_pay_goes_on_to_the_approvals(mirror: Mirror) -> None:
    p = Pricing(mirror, walk_in_policy="pay")
    sid = p.shift("2026-11-17 08:00", "2026-11-17 16:30")
    assert p.gate(sid) == ("on_hold", "pending")
    p.approve(sid)
    assert p.gate(sid) == ("payable", None)
    assert p.priced(sid).flags == ()


def test_an_open_shift_is_not_priced(mirror: Mirror) -> None:
    p = Pricing(mirror)
    open_id = p.world.clocked_shift("2026-11-30 20:00")
    with pytest.raises(Conflict):
        p.priced(open_id)
    with pytest.raises(NotFound):
        p.priced(9999)


def test_a_shift_whose_booking_was_cancelled_is_excluded_under_no_pay(mirror: Mirror) -> None:
    for policy, gate in [("no_pay", ("excluded", "cancelled")), ("pay", ("payable", None))]:
        p = Pricing(mirror, cancelled_policy=policy)
        booking = p.world.book("2026-11-17", "08:00", "16:30")
        sid = p.world.clocked_shift("2026-11-17 08:00")
        assert p.world.entry(sid).scheduled_shift_id == booking.id
        p.world.set_booking(booking.id, status="client_cancelled")  # cancelled while the shift was open
        p.world.clock.set(at("2026-11-17 16:30"))
        p.world.clock_("out")
        assert p.world.db.bookings[booking.id].status == "client_cancelled"
        p.world.clock.set(NOW)
        p.approve(sid)
        assert p.gate(sid) == gate, policy


def test_a_client_rejection_excludes_the_shift_before_any_hold(mirror: Mirror) -> None:
    p = Pricing(mirror, walk_in_policy="pay")
    sid = p.shift("2026-11-17 08:00", "2026-11-17 16:30")
    p.approve(sid)
    approvals.dispute(sid, uow=p.world.uow, clock=p.world.clock)
    approvals.query(QueryEntry(entry_id=sid, via="worker"), uow=p.world.uow, clock=p.world.clock)
    approvals.client_reject(RejectEntries(entry_ids=(sid,), reason="not on site"), uow=p.world.uow, clock=p.world.clock)
    assert p.gate(sid) == ("excluded", "rejected")


def test_a_dispute_or_an_open_query_holds_the_shift(mirror: Mirror) -> None:
    p = Pricing(mirror, walk_in_policy="pay")
    sid = p.shift("2026-11-17 08:00", "2026-11-17 16:30")
    p.approve(sid)
    approvals.query(
        QueryEntry(entry_id=sid, via="client", question="Was Ann on site?"), uow=p.world.uow, clock=p.world.clock
    )
    assert p.gate(sid) == ("on_hold", "disputed")
    approvals.resolve_query(sid, uow=p.world.uow, clock=p.world.clock)
    assert p.gate(sid) == ("payable", None)
    approvals.dispute(sid, uow=p.world.uow, clock=p.world.clock)
    assert p.gate(sid) == ("on_hold", "disputed")
    corrections.edit(EditEntry(entry_id=sid, break_minutes=45), uow=p.world.uow, clock=p.world.clock)
    assert p.gate(sid) == ("on_hold", "pending")  # the correction settles the dispute; approve it again


def test_a_client_that_must_sign_off_holds_approved_shifts_until_it_does(mirror: Mirror) -> None:
    p = Pricing(mirror, walk_in_policy="pay", require_client_approval=True)
    sid = p.shift("2026-11-17 08:00", "2026-11-17 16:30")
    p.approve(sid)
    assert p.gate(sid) == ("on_hold", "client_pending")
    approvals.client_approve([sid], uow=p.world.uow, clock=p.world.clock)
    assert p.gate(sid) == ("payable", None)


def test_a_client_sign_off_does_not_replace_the_agencys_approval(mirror: Mirror) -> None:
    p = Pricing(mirror, walk_in_policy="pay", require_client_approval=True)
    sid = p.shift("2026-11-17 08:00", "2026-11-17 16:30")
    approvals.client_approve([sid], uow=p.world.uow, clock=p.world.clock)
    assert p.gate(sid) == ("on_hold", "pending")


def test_a_shift_with_no_rule_and_no_worker_rate_is_excluded_no_pay_rate(mirror: Mirror) -> None:
    p = Pricing(mirror, rule=None, walk_in_policy="pay")
    sid = p.shift("2026-11-17 08:00", "2026-11-17 16:30")
    p.approve(sid)
    priced = p.priced(sid)
    assert (priced.gate.status, priced.gate.reason, priced.flags, priced.price) == (
        "excluded",
        "no_pay_rate",
        ("no_pay_rate",),
        None,
    )
    assert priced.paid_minutes == 510  # no rule: no auto lunch


def test_a_worker_rate_with_no_rule_pays_the_base_minutes_only(mirror: Mirror) -> None:
    p = Pricing(mirror, rule=None, walk_in_policy="pay")
    p.world.set_worker(p.world.ann.id, hourly_rate=D("10.00"), charge_rate=D("15.00"))
    sid = p.shift("2026-11-21 20:00", "2026-11-22 06:00")  # a Saturday night: no premiums without a rule
    p.approve(sid)
    priced = p.priced(sid)
    assert priced.gate.status == "payable"
    price = p.price(sid)
    assert (price.minutes("regular"), price.minutes("weekend"), price.minutes("night")) == (600, 0, 0)
    assert (pennies(price.pay()), pennies(price.charge())) == (D("100.00"), D("150.00"))


def test_a_workers_own_rate_replaces_the_rules_base_rate(mirror: Mirror) -> None:
    p = Pricing(mirror, walk_in_policy="pay")
    p.world.set_worker(p.world.ann.id, hourly_rate=D("15.00"))
    sid = p.shift("2026-11-17 08:00", "2026-11-17 16:30")
    p.approve(sid)
    price = p.price(sid)
    assert (pennies(price.pay()), pennies(price.charge())) == (D("120.00"), D("144.00"))


@settings(max_examples=25, deadline=None)
@given(
    moves=st.lists(
        st.sampled_from(["approve", "revert", "dispute", "query", "resolve_query", "client_approve", "client_reject"]),
        max_size=6,
    ),
    require=st.booleans(),
)
def test_the_gate_follows_the_approval_rows_of_section_2_after_any_moves(
    moves: list[str], require: bool, sqlite_template: SqliteTemplate
) -> None:
    p = Pricing(lambda store: mirrored_queries(store, sqlite_template), require_client_approval=require)
    p.world.book("2026-11-17", "08:00", "16:30")
    sid = p.shift("2026-11-17 08:00", "2026-11-17 16:30")
    for move in moves:
        call = getattr(approvals, move)
        arguments: tuple[Any, ...] = {
            "query": (QueryEntry(entry_id=sid, via="agency"),),
            "client_reject": (RejectEntries(entry_ids=(sid,), reason="no"),),
            "dispute": (sid,),
            "resolve_query": (sid,),
        }.get(move, ([sid],))
        with contextlib.suppress(Conflict):  # a move the table does not allow from here changes nothing
            call(*arguments, uow=p.world.uow, clock=p.world.clock)
    entry = p.world.entry(sid)
    expected: tuple[str, str | None]
    if entry.client_approval == "rejected":
        expected = ("excluded", "rejected")
    elif entry.approval_status == "disputed" or entry.open_query:
        expected = ("on_hold", "disputed")
    elif entry.approval_status == "pending":
        expected = ("on_hold", "pending")
    elif require and entry.client_approval == "pending":
        expected = ("on_hold", "client_pending")
    else:
        expected = ("payable", None)
    assert p.gate(sid) == expected


def test_a_timesheet_read_filtered_by_payroll_status_keeps_what_the_gate_gives(mirror: Mirror) -> None:
    p = Pricing(mirror, walk_in_policy="pay")
    payable = p.shift("2026-11-16 08:00", "2026-11-16 16:30")
    held = p.shift("2026-11-17 08:00", "2026-11-17 16:30")
    rejected = p.shift("2026-11-18 08:00", "2026-11-18 16:30")
    p.approve(payable, rejected)
    approvals.client_reject(RejectEntries(entry_ids=(rejected,), reason="no"), uow=p.world.uow, clock=p.world.clock)
    reader = p.world.db.principal(p.world.db.add_key(p.world.client.id, ("timesheets:read",)).key.id)
    queries = mirror(p.world.db)
    found = {}
    for status in ("payable", "on_hold", "excluded"):
        query = timesheet_reads.TimesheetQuery(paging=Paging(), payroll_status=status)
        sheet = timesheet_reads.timesheets(reader, query, queries=queries, uow=p.world.uow, now=NOW)
        found[status] = [view.entry.id for view in sheet.page.items]
    assert found == {"payable": [payable], "on_hold": [held], "excluded": [rejected]}


# ---- section 9: the worked examples, recorded through the use cases ------------------------------------------------


@pytest.fixture
def r(mirror: Mirror) -> Pricing:
    """Rule R, Monday-start weeks, walk-ins paid (no booking needed)."""
    return Pricing(mirror, walk_in_policy="pay")


def test_example_1_a_weekday_shift_loses_its_auto_lunch(r: Pricing) -> None:
    sid = r.shift("2026-11-17 08:00", "2026-11-17 16:30")
    r.approve(sid)
    priced = r.priced(sid)
    assert (priced.gate.status, priced.entry.total_minutes, priced.paid_minutes) == ("payable", 510, 480)
    price = r.price(sid)
    assert price.minutes("regular") == 480
    assert (pennies(price.pay()), pennies(price.charge())) == (D("96.00"), D("144.00"))


def test_example_1_clocked_over_the_api_prices_the_same(r: Pricing) -> None:
    sid = r.world.clocked_shift("2026-11-17 08:00", "2026-11-17 16:30")
    r.world.clock.set(NOW)
    r.approve(sid)
    assert (r.world.entry(sid).clock_method, pennies(r.price(sid).pay())) == ("api", D("96.00"))


def test_example_2_a_saturday_morning_carries_the_weekend_uplift(r: Pricing) -> None:
    sid = r.shift("2026-11-21 08:00", "2026-11-21 12:00")
    r.approve(sid)
    price = r.price(sid)
    assert (price.minutes("regular"), price.minutes("weekend")) == (240, 240)
    assert (pennies(price.pay("regular")), pennies(price.pay("weekend")), pennies(price.pay())) == (
        D("48.00"),
        D("12.00"),
        D("60.00"),
    )


def test_example_3_a_night_shift_loses_its_lunch_from_the_middle(r: Pricing) -> None:
    sid = r.shift("2026-11-18 20:00", "2026-11-19 04:00")
    r.approve(sid)
    price = r.price(sid)
    assert (price.paid.total_minutes, price.paid_minutes, price.minutes("night")) == (480, 450, 330)
    assert (price.paid.runs[0][1], price.paid.runs[1][0]) == (225, 255)  # unpaid 23:45 to 00:15
    assert (pennies(price.pay("regular")), pennies(price.pay("night")), pennies(price.pay())) == (
        D("90.00"),
        D("5.50"),
        D("95.50"),
    )
    assert pennies(price.charge()) == D("143.25")


def test_example_4_a_night_across_the_autumn_clock_change_is_540_minutes(r: Pricing) -> None:
    sid = r.shift("2025-10-25 22:00", "2025-10-26 06:00")
    r.approve(sid)
    assert r.world.entry(sid).total_minutes == 540
    assert r.price(sid).paid.total_minutes == 540


def test_example_5_the_sixth_day_of_a_payable_week_is_overtime_and_weekend(r: Pricing) -> None:
    days = ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"]
    ids = [r.shift(f"{day} 08:00", f"{day} 16:30") for day in days]
    saturday = ids[-1]
    # Weekly overtime counts only payable shifts: unapproved, each is priced as if it were the week's first.
    assert (r.price(saturday).minutes("regular"), r.price(saturday).minutes("overtime")) == (480, 0)
    r.approve(*ids[:5])  # the Saturday itself may still wait: it is priced in its place after the payable ones
    price = r.price(saturday)
    assert r.priced(saturday).gate.status == "on_hold"
    assert (price.minutes("regular"), price.minutes("overtime"), price.minutes("weekend")) == (0, 480, 480)
    assert (pennies(price.pay("overtime")), pennies(price.pay("weekend"))) == (D("144.00"), D("24.00"))
    r.approve(saturday)
    for weekday in ids[:5]:
        weekday_price = r.price(weekday)
        assert (weekday_price.minutes("regular"), weekday_price.minutes("overtime")) == (480, 0)
        assert pennies(weekday_price.pay()) == D("96.00")
    assert pennies(r.price(saturday).pay()) == D("168.00")


def test_example_5_a_correction_that_shortens_the_week_moves_the_overtime(r: Pricing) -> None:
    days = ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"]
    ids = [r.shift(f"{day} 08:00", f"{day} 16:30") for day in days]
    r.approve(*ids)
    corrections.edit(EditEntry(entry_id=ids[0], clock_out=at("2026-11-16 12:00")), uow=r.world.uow, clock=r.world.clock)
    r.approve(ids[0])  # the correction sent it back to pending
    price = r.price(ids[-1])  # Monday now pays 240 minutes: 40 h are reached 240 minutes into Saturday
    assert (price.minutes("regular"), price.minutes("overtime")) == (240, 240)


def test_example_6_a_guarantee_tops_the_shift_up(mirror: Mirror) -> None:
    p = Pricing(mirror, {**RULE_R, "guarantee_hours": 10}, walk_in_policy="pay")
    sid = p.shift("2026-11-17 08:00", "2026-11-17 16:30")
    p.approve(sid)
    price = p.price(sid)
    assert (price.minutes("regular"), price.minutes("guarantee"), price.paid_minutes) == (480, 120, 600)
    assert (pennies(price.pay("guarantee")), pennies(price.pay())) == (D("24.00"), D("120.00"))


def test_example_7_a_bank_holiday_doubles_the_rate(r: Pricing) -> None:
    sid = r.shift("2025-08-25 09:00", "2025-08-25 13:00")
    r.approve(sid)
    price = r.price(sid)
    assert (price.minutes("bank_holiday"), pennies(price.pay("regular"))) == (240, D("48.00"))
    assert (pennies(price.pay("bank_holiday")), pennies(price.pay())) == (D("48.00"), D("96.00"))


# ---- paid time from the records the use cases keep ------------------------------------------------------------------


def test_a_manual_break_replaces_the_auto_lunch_and_a_pay_adjustment_adds_regular_minutes(r: Pricing) -> None:
    sid = r.shift("2026-11-17 08:00", "2026-11-17 16:30", break_minutes=0)
    r.approve(sid)
    assert r.price(sid).paid_minutes == 510  # a manual break of 0 is a break: no auto lunch
    corrections.edit(
        EditEntry(entry_id=sid, break_minutes=45, pay_adjustment_minutes=15), uow=r.world.uow, clock=r.world.clock
    )
    r.approve(sid)
    price = r.price(sid)
    assert (price.paid.break_source, price.paid_minutes, price.minutes("regular")) == ("manual", 480, 480)


def test_recorded_breaks_are_unpaid_where_they_were_taken(r: Pricing) -> None:
    sid = r.shift("2026-11-18 20:00", "2026-11-19 04:00")
    r.world.add_break(sid, "2026-11-18 22:00", "2026-11-18 23:00")
    r.approve(sid)
    price = r.price(sid)
    assert (price.paid.break_source, price.paid_minutes, price.minutes("night")) == ("recorded", 420, 300)


def test_a_booked_break_is_taken_when_nothing_else_is_recorded(r: Pricing) -> None:
    r.world.book("2026-11-17", "08:00", "16:30", break_minutes=60)
    sid = r.shift("2026-11-17 08:00", "2026-11-17 16:30")
    r.approve(sid)
    price = r.price(sid)
    assert (price.paid.break_source, price.paid_minutes) == ("booking", 450)


def test_a_shift_shorter_than_its_booked_break_pays_nothing_and_is_flagged_break_exceeds_shift(r: Pricing) -> None:
    r.world.book("2026-11-17", "08:00", "09:00", break_minutes=30)
    sid = r.shift("2026-11-17 08:00", "2026-11-17 08:10")  # 10 minutes under a booked 30-minute break
    r.approve(sid)
    priced = r.priced(sid)
    assert (priced.paid.break_source, priced.paid_minutes, priced.flags) == ("booking", 0, ("break_exceeds_shift",))
    r.world.book("2026-11-18", "08:00", "09:00", break_minutes=30)
    whole = r.shift("2026-11-18 08:00", "2026-11-18 08:30")  # a break as long as the shift: flagged too
    fits = r.shift("2026-11-19 08:00", "2026-11-19 08:31", break_minutes=30)
    assert (r.priced(whole).flags, r.priced(fits).flags) == (("break_exceeds_shift",), ())


def test_an_accepted_amendment_is_priced_with_its_new_times(r: Pricing) -> None:
    sid = r.shift("2026-11-17 08:00", "2026-11-17 16:30")
    stayed = RaiseAmendment(entry_id=sid, reason="stayed late", clock_out=at("2026-11-17 17:30"))
    raised = amendments.raise_amendment(stayed, uow=r.world.uow, clock=r.world.clock)
    amendments.accept(raised.id, uow=r.world.uow, clock=r.world.clock)
    r.approve(sid)
    assert pennies(r.price(sid).pay()) == D("108.00")  # 570 minutes less the 30-minute lunch at 12.00


def test_pricing_is_per_shift_client_rule(mirror: Mirror) -> None:
    p = Pricing(mirror, walk_in_policy="pay")
    p.rule({**RULE_R, "name": "South", "location_id": p.world.south.id, "pay": {"pay_rate": D("13.00")}, "priority": 1})
    north = p.shift("2026-11-17 08:00", "2026-11-17 16:30")
    south = p.shift("2026-11-18 08:00", "2026-11-18 16:30", site=p.world.south)
    p.approve(north, south)
    assert (pennies(p.price(north).pay()), pennies(p.price(south).pay())) == (D("96.00"), D("104.00"))
    rule = p.priced(south).rule
    assert rule is not None
    assert rule.name == "South"
