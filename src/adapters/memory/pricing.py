"""The pricing read over the memory store, as one transaction sees it (the SQL adapter's twin)."""

from __future__ import annotations

from datetime import date, time
from typing import TYPE_CHECKING

from workforce_core.model.absences import AbsenceStatus
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.time_entries import TimeEntry
from workforce_core.ports import PricingInputs
from workforce_core.rules.awr import Pause, PauseKind, lookback_start
from workforce_core.rules.london import from_local
from workforce_core.rules.pay_gate import counts_toward_parity
from workforce_core.rules.pay_weeks import week_of, weeks_span

if TYPE_CHECKING:
    from workforce_adapters.memory.unit_of_work import MemoryUnitOfWork


class MemoryPricingInputs:
    def __init__(self, uow: MemoryUnitOfWork) -> None:
        self.uow = uow

    def inputs(self, client: ClientAccount, entries: tuple[TimeEntry, ...]) -> PricingInputs:
        span = weeks_span((e.clock_in for e in entries), client.settings.pay_week_start_day)
        if span is None:
            return PricingInputs((), {}, {}, {}, [], {})
        start, end = span
        worker_ids = {e.worker_id for e in entries}
        tables = self.uow.tables
        mine = tables["entries"].where(
            lambda e: e.client_id == client.id and e.worker_id in worker_ids and e.entry_type == "shift"
        )
        shifts = tuple(e for e in mine if start <= e.clock_in < end)
        shift_ids = {s.id for s in shifts}
        breaks: dict[int, list[TimeEntry]] = {}
        for b in tables["entries"].where(lambda e: e.entry_type == "break" and e.parent_id in shift_ids):
            assert b.parent_id is not None
            breaks.setdefault(b.parent_id, []).append(b)
        booking_ids = {s.scheduled_shift_id for s in shifts if s.scheduled_shift_id}
        rules = tables["rate_rules"].where(lambda rule: rule.client_id == client.id)
        payable_weeks: dict[int, tuple[date, ...]] = {}
        pauses: dict[int, tuple[Pause, ...]] = {}
        if any(r.pay.post_parity is not None or r.charge.post_parity is not None for r in rules):
            start_day, require = client.settings.pay_week_start_day, client.settings.require_client_approval
            for a in tables["absences"].where(
                lambda a: a.client_id == client.id and a.worker_id in worker_ids and a.status == AbsenceStatus.APPROVED
            ):
                if a.type in tuple(PauseKind):
                    pauses[a.worker_id] = (*pauses.get(a.worker_id, ()), Pause(a.type, a.start_date, a.end_date))
            first_week = week_of(start, start_day)
            since = from_local(lookback_start(first_week, [p for found in pauses.values() for p in found]), time(0))
            found: dict[int, set[date]] = {}
            for e in mine:
                if since <= e.clock_in < end and counts_toward_parity(e, require):
                    found.setdefault(e.worker_id, set()).add(week_of(e.clock_in, start_day))
            payable_weeks = {worker_id: tuple(sorted(weeks)) for worker_id, weeks in found.items()}
        return PricingInputs(
            shifts=shifts,
            breaks={k: tuple(sorted(v, key=lambda b: (b.clock_in, b.id))) for k, v in breaks.items()},
            bookings={b.id: b for b in tables["bookings"].where(lambda b: b.id in booking_ids)},
            workers={w.id: w for w in tables["workers"].where(lambda w: w.id in worker_ids)},
            rules=rules,
            payable_weeks=payable_weeks,
            pauses=pauses,
        )
