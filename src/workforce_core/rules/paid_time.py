"""Paid minutes of a shift (pricing.md section 5): the break taken, unpaid minutes out of the middle,
adjustments at the end. Minutes are counted from the clock-in instant; minute ``k`` starts at
``clock_in + k minutes``.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from attrs import frozen

from workforce_core.model.rates import RateRule

MINUTE = timedelta(minutes=1)
BREAK_EXCEEDS_SHIFT = "break_exceeds_shift"  # the pricing flag of a shift its break covers whole


@frozen
class PaidTime:
    total_minutes: int
    break_minutes: int
    break_source: str  # manual, recorded, booking, auto_lunch or none
    unpaid_break_minutes: int
    runs: tuple[tuple[int, int], ...]  # paid worked minutes as [start, end) minute offsets from clock-in
    extra_minutes: int  # a positive pay adjustment: regular minutes after the end
    break_exceeds_shift: bool = False  # the break given (before it is cut to the shift) is as long as it or longer

    @property
    def worked_minutes(self) -> int:
        return sum(end - start for start, end in self.runs)

    @property
    def paid_minutes(self) -> int:
        """Paid minutes before any guarantee."""
        return self.worked_minutes + self.extra_minutes


def _minute_of(clock_in: datetime, moment: datetime, total: int) -> int:
    return max(0, min(total, int((moment - clock_in).total_seconds() // 60)))


def _subtract(runs: list[tuple[int, int]], cut: tuple[int, int]) -> list[tuple[int, int]]:
    out = []
    for start, end in runs:
        if cut[1] <= start or end <= cut[0]:
            out.append((start, end))
            continue
        if start < cut[0]:
            out.append((start, cut[0]))
        if cut[1] < end:
            out.append((cut[1], end))
    return out


def paid_time(
    clock_in: datetime,
    clock_out: datetime,
    rule: RateRule | None,
    *,
    manual_break_minutes: int | None = None,
    recorded_breaks: tuple[tuple[datetime, datetime], ...] = (),
    booking_break_minutes: int | None = None,
    pay_adjustment_minutes: int | None = None,
) -> PaidTime:
    total = max(0, int((clock_out - clock_in).total_seconds() // 60))
    recorded = sorted(
        (_minute_of(clock_in, start, total), _minute_of(clock_in, end, total)) for start, end in recorded_breaks
    )
    recorded = [(start, end) for start, end in recorded if end > start]
    if manual_break_minutes is not None:
        taken, source = manual_break_minutes, "manual"
    elif recorded:
        taken, source = sum(end - start for start, end in recorded), "recorded"
    elif booking_break_minutes:
        taken, source = booking_break_minutes, "booking"
    elif (
        rule is not None
        and rule.auto_lunch_minutes
        and rule.auto_lunch_after_hours is not None
        and total >= rule.auto_lunch_after_hours * 60
    ):
        taken, source = rule.auto_lunch_minutes, "auto_lunch"
    else:
        taken, source = 0, "none"
    too_long = taken > 0 and taken >= total  # no minute of the shift is left to work (a manual break is refused so)
    taken = max(0, min(taken, total))
    paid_break = (rule.paid_break_minutes or 0) if rule is not None else 0
    unpaid = max(0, taken - paid_break)
    runs: list[tuple[int, int]] = [(0, total)] if total else []
    if source == "recorded":
        to_remove = unpaid
        for start, end in recorded:  # the first paid_break minutes of the breaks are paid
            keep = min(end - start, max(0, paid_break))
            paid_break -= keep
            cut_start = start + keep
            cut = min(end - cut_start, to_remove)
            if cut > 0:
                runs = _subtract(runs, (cut_start, cut_start + cut))
                to_remove -= cut
    elif unpaid:
        start = (total - unpaid) // 2  # centred on the shift's midpoint
        runs = _subtract(runs, (start, start + unpaid))
    adjustment = pay_adjustment_minutes or 0
    extra = max(0, adjustment)
    trim = max(0, -adjustment)
    while trim and runs:
        start, end = runs[-1]
        cut = min(trim, end - start)
        runs[-1] = (start, end - cut)
        trim -= cut
        if runs[-1][0] == runs[-1][1]:
            runs.pop()
    return PaidTime(total, taken, source, unpaid, tuple(runs), extra, too_long)
