"""The dashboard's checks of a pay week against the four before it, read through the API's own use cases
(composed here, as the margin report composes payroll and charges, since a use case never calls another):
shifts not approved and late clocks as ``/pay-weeks.php`` counts them, shifts awaiting the hirer's
sign-off as ``/timesheets.php`` counts them (each week's total, the five read at once), exceptions by
type as ``/exceptions.php``, and the overtime share from ``/payroll.php``'s elements. A figure the role
may not read is left out (None)."""

from __future__ import annotations

from collections import Counter
from datetime import date, timedelta

from workforce_core.model.principal import Principal
from workforce_core.model.time_entries import ClientApproval
from workforce_core.ports import Paging
from workforce_core.services.dashboard import MOST, WEEKS_BEFORE
from workforce_core.services.pay_week_reads import PayWeekQuery, pay_weeks
from workforce_core.services.payroll import PayrollQuery, payroll
from workforce_core.services.time_reads.exceptions import ExceptionQuery, exceptions
from workforce_core.services.time_reads.timesheets import TimesheetQuery, WeekCounts, timesheet_counts
from workforce_core.views.dashboard import WeekChecks
from workforce_entrypoints.bootstrap import Services

OVERTIME = "overtime"  # the payroll element of overtime minutes (rules.pricing.ELEMENTS)


def week_checks(s: Services, principal: Principal, week: date) -> tuple[WeekChecks, ...]:
    """``week``: the pay week's first day; the four weeks before it, then the week itself."""
    weeks = [week - timedelta(days=7 * n) for n in reversed(range(WEEKS_BEFORE + 1))]
    last = week + timedelta(days=6)
    found = {w: WeekChecks(w) for w in weeks}
    if principal.has("payroll:read"):
        listed = s.run(pay_weeks, principal, PayWeekQuery(date_from=weeks[0], date_to=last))
        read = s.run(payroll, principal, PayrollQuery(Paging(limit=MOST), date_from=weeks[0], date_to=last))
        paid: Counter[date] = Counter()
        overtime: Counter[date] = Counter()
        for line in read.lines.items:
            paid[line.row.week] += line.row.paid_minutes
            overtime[line.row.week] += sum(m.minutes for m in line.row.minutes if m.element == OVERTIME)
        for view in listed.weeks:
            if view.week_start in found:
                c = view.counts
                found[view.week_start] = WeekChecks(
                    view.week_start, c.shifts_not_approved, late_clocks=c.late_clocks_in_week or 0,
                    paid_minutes=paid[view.week_start], overtime_minutes=overtime[view.week_start],
                )  # fmt: skip
    if principal.has("timesheets:read"):
        kinds: dict[date, Counter[str]] = {w: Counter() for w in weeks}
        listed_exceptions = s.run(exceptions, principal, ExceptionQuery(Paging(limit=MOST), weeks[0], last)).items
        for e in listed_exceptions:
            if weeks[0] <= e.date <= last:
                kinds[weeks[(e.date - weeks[0]).days // 7]][e.type] += 1
        signing = TimesheetQuery(Paging(limit=1), client_approval=ClientApproval.PENDING)
        waiting_by_week = s.run(timesheet_counts, principal, WeekCounts(signing, tuple(weeks)))
        for w, waiting in zip(weeks, waiting_by_week, strict=True):
            found[w] = WeekChecks(
                w, found[w].not_approved, waiting, tuple(sorted(kinds[w].items())), found[w].late_clocks,
                found[w].paid_minutes, found[w].overtime_minutes,
            )  # fmt: skip
    return tuple(found[w] for w in weeks)
