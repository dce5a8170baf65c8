"""Reading an export file the way its package does: each line's amount (hours times rate times the
column's multiple, rounded to the penny, or the value it states) and VAT, from the file's bytes alone.
The golden-file and property tests add these up against /payroll.php and /charges.php."""

from __future__ import annotations

import csv
import io
from decimal import ROUND_HALF_UP, Decimal

PENNY = Decimal("0.01")
BRIGHTPAY_COLUMNS = {
    "Number of normal hours": Decimal(1),
    "Number of time and a half hours": Decimal("1.5"),
    "Number of time and a third hours": Decimal("1.3333"),
    "Number of time and a quarter hours": Decimal("1.25"),
    "Number of double time hours": Decimal(2),
    "Number of triple time hours": Decimal(3),
    "Number of quadruple time hours": Decimal(4),
}


def _money(value: Decimal) -> Decimal:
    return value.quantize(PENNY, ROUND_HALF_UP)


def _number(text: str) -> Decimal:
    return Decimal(text) if text else Decimal(0)


def rows(content: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(content.decode("utf-8"), newline="")))


def line_amounts(file_format: str, content: bytes) -> list[tuple[Decimal, Decimal]]:
    """(amount, VAT) of each line of the file, as the package reads it."""
    table = rows(content)
    if file_format == "sage_50_payroll_timesheet":  # no header: A..G by position
        return [(_money(_number(r[5]) * _number(r[6])) if r[6] else _number(r[5]), Decimal(0)) for r in table]
    header, body = table[0], [dict(zip(table[0], r, strict=True)) for r in table[1:]]
    assert header, "the file has a header line"
    if file_format == "brightpay_hourly_payments":
        found = []
        for r in body:
            (column,) = [c for c in BRIGHTPAY_COLUMNS if r[c]]
            found.append(
                (_money(_number(r[column]) * _number(r["Rate per hour"]) * BRIGHTPAY_COLUMNS[column]), Decimal(0))
            )
        return found
    if file_format == "xero_sales_invoices":
        return [(_money(_number(r["Quantity"]) * _number(r["UnitAmount"])), _number(r["TaxAmount"])) for r in body]
    if file_format == "sage_50_accounts_transactions":
        return [(_number(r["Net Amount"]), _number(r["Tax Amount"])) for r in body]
    if file_format == "quickbooks_online_invoices":
        return [(_number(r["ItemAmount"]), _number(r["ItemTaxAmount"])) for r in body]
    column = {"staffology_payments": "Amount", "payroll_lines": "gross_pay"}.get(file_format, "amount")
    return [(_number(r[column]), Decimal(0)) for r in body]


def totals(file_format: str, content: bytes) -> tuple[Decimal, Decimal]:
    """The file's amounts and VAT added up."""
    found = line_amounts(file_format, content)
    return sum((a for a, _ in found), Decimal(0)), sum((v for _, v in found), Decimal(0))
