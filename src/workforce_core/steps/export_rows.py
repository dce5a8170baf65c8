"""The rows of each export file (decisions.md): ``pkg_a_50`` (one row per payroll pay element),
``payroll_lines`` (one row per payroll line) and ``pkg_b_charges`` (one row per charge line).

Money stays ``Decimal`` (the CSV writer prints it in plain digits); hours are the minutes over 60 to
2 decimals (the amount is the row's rounded pay, never hours times rate again).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from workforce_core.ports.exports import Cell
from workforce_core.rules.payroll_lines import LABELS
from workforce_core.views import ChargeLine, PayrollLine

PENNY = Decimal("0.01")
PKG_A_HEADER = (
    "employee_ref",
    "pay_element_ref",
    "description",
    "hours",
    "rate",
    "amount",
    "department",
    "cost_centre",
    "period_start",
    "period_end",
)
PAYROLL_HEADER = (
    "worker_id",
    "employee_id",
    "worker_name",
    "pay_week_start",
    "pay_week_end",
    "shifts",
    "paid_minutes",
    "paid_hours",
    "base_pay_rate",
    "gross_pay",
    "department",
    "cost_centre",
    "flags",
)
PKG_B_HEADER = (
    "reference",
    "site_id",
    "worker_id",
    "employee_id",
    "worker_name",
    "role",
    "cost_code",
    "element",
    "description",
    "hours",
    "rate",
    "amount",
    "shifts",
    "first_date",
    "last_date",
)


def hours(minutes: int) -> Decimal:
    return (Decimal(minutes) / 60).quantize(PENNY, ROUND_HALF_UP)


def rate(value: Decimal | None) -> Decimal | None:
    """A rate with at least 2 decimals (``12`` is written ``12.00``; ``12.3456`` keeps its 4)."""
    if value is None:
        return None
    return value.quantize(PENNY) if value.as_tuple().exponent > -2 else value  # type: ignore[operator]


def employee_ref(line: PayrollLine) -> str:
    """The worker's employee ID, else their worker id (a file row must name someone)."""
    return line.row.employee_id or str(line.row.worker_id)


def pkg_a_rows(line: PayrollLine, refs: Mapping[str, str] | None = None) -> Iterator[Sequence[Cell]]:
    """A row per pay element; ``pay_element_ref`` is the client's pay code of the element (``refs``), as
    /payroll.php's ``pkg_a_ref`` shows it, else the element's name."""
    row = line.row
    for pay in line.figures.rows:
        yield (
            employee_ref(line),
            refs.get(pay.element, pay.element) if refs else pay.element,
            LABELS[pay.element],
            hours(pay.minutes),
            rate(pay.pay_rate),
            pay.pay,
            row.department,
            row.cost_centre,
            row.week,
            line.week_end,
        )


def payroll_row(line: PayrollLine) -> Sequence[Cell]:
    row, figures = line.row, line.figures
    regular = next(e for e in figures.elements if e.element == "regular")
    return (
        row.worker_id,
        row.employee_id,
        row.worker_name,
        row.week,
        line.week_end,
        row.shifts,
        row.paid_minutes,
        hours(row.paid_minutes),
        rate(regular.pay_rate),
        figures.gross_pay,
        row.department,
        row.cost_centre,
        " ".join(line.flags) or None,
    )


def pkg_b_row(reference: str, line: ChargeLine) -> Sequence[Cell]:
    g = line.group
    return (
        reference,
        g.location_id,
        g.worker_id,
        g.employee_id,
        g.worker_name,
        g.role,
        g.cost_code,
        g.element,
        LABELS[g.element],
        hours(g.minutes),
        rate(g.charge_rate),
        line.amount,
        g.shifts,
        line.first_date,
        line.last_date,
    )


def file_name(kind: str, client_id: int, first: date, last: date, made: int) -> str:
    """``<kind>-<client>-<first>-<last>-<n>.csv``: ``n`` the batch number of the week and kind, from 1."""
    return f"{kind}-{client_id}-{first:%Y%m%d}-{last:%Y%m%d}-{made}.csv"
