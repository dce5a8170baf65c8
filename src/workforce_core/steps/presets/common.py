"""What the presets share: UK dates, the checks every pay preset makes of a line (a works number, a
code for each element), and the words of an invoice line."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date, timedelta
from decimal import Decimal

from workforce_core.model.pay_codes import PayCode
from workforce_core.ports.exporters import FileLine, Refusal, RefusalReason, SiteInvoice, WeekToExport
from workforce_core.ports.exports import Cell
from workforce_core.rules.import_amounts import split
from workforce_core.rules.payroll_lines import LABELS, PayRow
from workforce_core.views import ChargeLine, PayrollLine

PAYMENT_DAYS = 30  # an invoice falls due this many days after its date (decisions.md)


def uk_date(day: date) -> str:
    """DD/MM/YYYY, the date every UK package's import guide asks for."""
    return f"{day:%d/%m/%Y}"


def due_date(invoice_date: date) -> date:
    return invoice_date + timedelta(days=PAYMENT_DAYS)


def coded_rows(week: WeekToExport, package: str) -> Iterator[tuple[PayrollLine, PayRow, PayCode] | Refusal]:
    """Each pay row of the week's lines with its line and its code in ``package``; a refusal for a worker
    without a works number (none of their rows can be imported) or an element without a code."""
    for line in week.pay_lines:
        row = line.row
        if not row.employee_id:
            yield Refusal(
                RefusalReason.NO_WORKS_NUMBER,
                f"{row.worker_name} has no employee ID, which {package} matches the worker by.",
                worker_id=row.worker_id,
            )
            continue
        for pay in line.figures.rows:
            code = week.codes.get(pay.element)
            if code is None:
                yield Refusal(
                    RefusalReason.NO_PAY_CODE,
                    f"{LABELS[pay.element]} has no {package} code: set it under Pay codes.",
                    element=pay.element,
                )
                continue
            yield line, pay, code


def pay_file(
    week: WeekToExport, package: str, cells: Callable[[PayrollLine, PayRow, PayCode], tuple[Cell, ...]]
) -> Iterator[FileLine | Refusal]:
    """A pay preset's lines: ``cells`` of each coded pay row (worth the row's pay), and the refusals."""
    for found in coded_rows(week, package):
        if isinstance(found, Refusal):
            yield found
            continue
        line, pay, code = found
        row = line.row
        yield FileLine(cells(line, pay, code), pay.pay, worker_id=row.worker_id, worker_name=row.worker_name)


def line_words(line: ChargeLine) -> str:
    g = line.group
    role = f" ({g.role})" if g.role else ""
    return f"{LABELS[g.element]}: {g.worker_name}{role}, {line.first_date:%d/%m} to {line.last_date:%d/%m}"


def contact(invoice: SiteInvoice) -> str:
    """Who the invoice is to: the site's billing name, else the site's name."""
    return invoice.site.billing_name or invoice.site.name


def invoice_lines(invoice: SiteInvoice) -> Iterator[tuple[ChargeLine, Decimal]]:
    """Each line of the invoice with its share of the invoice's VAT (the shares add up to it)."""
    shares = split(invoice.vat, [line.amount for line in invoice.lines])
    yield from zip(invoice.lines, shares, strict=True)


def invoice_line(invoice: SiteInvoice, line: ChargeLine, cells: tuple[Cell, ...], vat: Decimal) -> FileLine:
    g = line.group
    return FileLine(
        cells,
        line.amount,
        vat,
        worker_id=g.worker_id,
        worker_name=g.worker_name,
        site_id=invoice.site.id,
        site_name=invoice.site.name,
    )


def too_many(week: WeekToExport, most: int, package: str) -> Refusal | None:
    if len(week.invoices) <= most:
        return None
    return Refusal(
        RefusalReason.TOO_MANY_INVOICES,
        f"{package} imports at most {most} invoices from one file; this week has {len(week.invoices)}.",
    )
