"""Price completed shifts for reads: rule selection, paid time, the pay gate and the week's engine.

For each worker and pay week, the payable shifts are priced together in clock-in order (weekly
overtime counts only them); a shift the gate holds or excludes is priced as if it were payable in
its place, without counting toward the others, so a clerk can see what it would pay.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from datetime import date
from decimal import Decimal

import attrs
from attrs import frozen

from workforce_core.errors import Conflict, NotFound
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.bookings import Booking
from workforce_core.model.pay_gate import LateState, PayrollStatus
from workforce_core.model.rates import PricingSettings, RateRule
from workforce_core.model.time_entries import TimeEntry
from workforce_core.model.workers import Worker
from workforce_core.ports import PayWeekLocks, PricingInputs, PricingReads, UnitOfWorkFactory
from workforce_core.rules.awr import AwrClock, awr_clock
from workforce_core.rules.holiday_pay import holiday_charge_lines, holiday_pay_of
from workforce_core.rules.late_clocks import Late, candidate_weeks, late_clocks, locked_by
from workforce_core.rules.locked_figures import shown
from workforce_core.rules.london import local_date
from workforce_core.rules.paid_time import BREAK_EXCEEDS_SHIFT, PaidTime, paid_time
from workforce_core.rules.pay_gate import LATE_CLOCK, GateInput, GateResult, pay_gate
from workforce_core.rules.pay_weeks import week_of
from workforce_core.rules.pricing import ShiftToPrice, price_week
from workforce_core.rules.rule_selection import base_rates, select_rule
from workforce_core.views import EntryView, ShiftFigures, ShiftPricing


def settings_of(client: ClientAccount) -> PricingSettings:
    s = client.settings
    return PricingSettings(s.premium_stacking, s.premium_day_basis, s.site_overtime_mode)


def _paid(entry: TimeEntry, rule: RateRule | None, inputs: PricingInputs) -> PaidTime:
    assert entry.clock_out is not None
    booking = inputs.bookings.get(entry.scheduled_shift_id) if entry.scheduled_shift_id else None
    breaks = tuple((b.clock_in, b.clock_out) for b in inputs.breaks.get(entry.id, ()) if b.clock_out is not None)
    return paid_time(
        entry.clock_in,
        entry.clock_out,
        rule,
        manual_break_minutes=entry.manual_break_minutes,
        recorded_breaks=breaks,
        booking_break_minutes=booking.break_minutes if booking else None,
        pay_adjustment_minutes=entry.pay_adjustment_minutes,
    )


def _rule_for(entry: TimeEntry, worker: Worker, booking: Booking | None, rules: list[RateRule]) -> RateRule | None:
    return select_rule(
        rules,
        client_id=entry.client_id,
        on=local_date(entry.clock_in),
        location_id=entry.location_id,
        job_role=(booking.job_role if booking and booking.job_role else None) or worker.job_role,
        cost_code_id=entry.cost_code_id,
    )


def late_of(shifts: Iterable[TimeEntry], client: ClientAccount, locks: PayWeekLocks) -> dict[int, Late]:
    """The late clocks among ``shifts`` with their state and week (``rules.late_clocks``), from two reads:
    their payments, and the standing locks of the weeks that decide them."""
    late = [shift for shift in shifts if LATE_CLOCK in shift.risk_flags]
    if not late:
        return {}
    settings = client.settings
    start_day, require = settings.pay_week_start_day, settings.require_client_approval
    paid = locks.adjustments_paid([shift.id for shift in late])
    locked = locked_by(locks.standing(client.id, candidate_weeks(late, start_day, require)))
    return late_clocks(late, start_day=start_day, require_client_approval=require, paid=paid, locked=locked)


def price_shifts(
    wanted: Iterable[int], client: ClientAccount, inputs: PricingInputs, late: Mapping[int, Late] | None = None
) -> dict[int, ShiftPricing]:
    """Pricing of the ``wanted`` entries, given every closed shift of their workers' pay weeks; ``late``: the
    late clocks among them (``late_of``)."""
    late = late or {}
    settings = settings_of(client)
    start_day = client.settings.pay_week_start_day
    by_week: dict[tuple[int, date], list[TimeEntry]] = defaultdict(list)
    for entry in inputs.shifts:
        if entry.clock_out is not None and entry.entry_type == "shift":
            by_week[(entry.worker_id, week_of(entry.clock_in, start_day))].append(entry)
    wanted_ids = set(wanted)
    result: dict[int, ShiftPricing] = {}
    for (worker_id, week), entries in by_week.items():
        if not wanted_ids.intersection(e.id for e in entries):
            continue
        worker = inputs.workers[worker_id]
        holiday = holiday_pay_of(client.settings.holiday_pay, worker.holiday_pay)
        prepared = [
            _prepare(entry, worker, week, client, inputs, late[entry.id].state if entry.id in late else None)
            for entry in entries
        ]
        payable = [p for p in prepared if p.gate.status == PayrollStatus.PAYABLE and p.to_price is not None]
        prices = {price.entry_id: price for price in price_week([p.to_price for p in payable], settings)}  # type: ignore[misc]
        for item in prepared:
            if item.entry.id not in wanted_ids:
                continue
            price = prices.get(item.entry.id)
            if price is None and item.to_price is not None:
                before = [
                    p.to_price for p in payable if (p.entry.clock_in, p.entry.id) < (item.entry.clock_in, item.entry.id)
                ]
                price = price_week([*before, item.to_price], settings)[-1]  # type: ignore[list-item]
            if price is not None and item.rule is not None:
                charged = holiday_charge_lines(price.lines, item.rule.holiday_charge_multiplier, holiday)
                price = attrs.evolve(price, lines=(*price.lines, *charged)) if charged else price
            result[item.entry.id] = ShiftPricing(
                entry=item.entry,
                paid=price.paid if price else item.paid,
                gate=item.gate,
                pay_week_start=week,
                rule=item.rule,
                price=price,
                base_pay=item.base_pay,
                base_charge=item.base_charge,
                parity=item.parity,
                awr=item.awr,
            )
    return result


def priced(views: Iterable[EntryView], client: ClientAccount, queries: PricingReads) -> dict[int, ShiftPricing]:
    """Pricing of the completed shifts among ``views`` (open shifts and breaks have none)."""
    closed = tuple(v.entry for v in views if v.entry.entry_type == "shift" and v.entry.clock_out is not None)
    if not closed:
        return {}
    return price_shifts([entry.id for entry in closed], client, queries.pricing_inputs(client, closed))


@frozen
class Explained:
    """One shift for ``price explain``: the figures the reads show (a locked week's frozen ones, else
    the live ones) and the engine's working now (it explains them when it ``makes`` them)."""

    figures: ShiftFigures
    working: ShiftPricing


def explain_entry(entry_id: int, *, uow: UnitOfWorkFactory) -> Explained:
    """What ``price explain`` shows: the stored figures of a frozen shift as frozen, never today's pricing
    of it; a live shift's figures as the engine makes them."""
    working = price_entry(entry_id, uow=uow)
    with uow(read_only=True) as tx:
        stored = tx.figures.of([entry_id]).get(entry_id)
    return Explained(shown(stored, working.figures()), working)


def price_entry(entry_id: int, *, uow: UnitOfWorkFactory) -> ShiftPricing:
    """One completed shift priced as /timesheets.php prices it (the console's ``price explain``),
    from what one transaction sees."""
    with uow(read_only=True) as tx:
        entry = tx.entries.get(entry_id)
        client = tx.clients.get(entry.client_id) if entry is not None else None
        if entry is None or client is None:
            raise NotFound(f"time entry {entry_id} not found")
        if entry.entry_type != "shift" or entry.clock_out is None:
            raise Conflict("only a completed shift is priced; this entry is a break or still open.")
        inputs = tx.pricing.inputs(client, (entry,))
        return price_shifts([entry_id], client, inputs, late_of(inputs.shifts, client, tx.pay_weeks))[entry_id]


@frozen
class _Prepared:
    entry: TimeEntry
    paid: PaidTime
    gate: GateResult
    rule: RateRule | None
    to_price: ShiftToPrice | None
    base_pay: Decimal | None
    base_charge: Decimal | None
    parity: bool
    awr: AwrClock | None


def _prepare(
    entry: TimeEntry, worker: Worker, week: date, client: ClientAccount, inputs: PricingInputs, late: LateState | None
) -> _Prepared:
    booking = inputs.bookings.get(entry.scheduled_shift_id) if entry.scheduled_shift_id else None
    rule = _rule_for(entry, worker, booking, inputs.rules)
    parity, clock = False, None
    if rule is not None and (rule.pay.post_parity is not None or rule.charge.post_parity is not None):
        clock = awr_clock(
            week,
            inputs.payable_weeks.get(worker.id, ()),
            inputs.pauses.get(worker.id, ()),
            start_day=client.settings.pay_week_start_day,
        )
        parity = clock.parity
    pay, charge = (None, None)
    if rule is not None:
        pay, charge = base_rates(
            rule, worker_hourly_rate=worker.hourly_rate, worker_charge_rate=worker.charge_rate, parity=parity
        )
    elif worker.hourly_rate is not None:
        pay, charge = worker.hourly_rate, worker.charge_rate
    gate = pay_gate(
        GateInput(
            entry=entry,
            booking=booking,
            walk_in_policy=client.settings.walk_in_policy,
            cancelled_policy=client.settings.cancelled_policy,
            require_client_approval=client.settings.require_client_approval,
            has_pay_rate=pay is not None,
            late_adjustment=late,
        )
    )
    paid = _paid(entry, rule, inputs)
    if paid.break_exceeds_shift:  # a coordinator would question it: the shift pays nothing of its time
        gate = attrs.evolve(gate, flags=(*gate.flags, BREAK_EXCEEDS_SHIFT))
    to_price = None
    if pay is not None:
        # No rule but the worker's own rate: base minutes only (no overtime, premiums or auto lunch).
        priced_by = rule or RateRule(client_id=entry.client_id, name="the worker's own rate (no rate rule)")
        to_price = ShiftToPrice(entry.id, entry.clock_in, entry.location_id, priced_by, paid, pay, charge or Decimal(0))
    return _Prepared(entry, paid, gate, rule, to_price, pay, charge, parity, clock)
