"""QuickBooks Online's invoice import (UK): the column names QuickBooks maps by itself: InvoiceNo,
Customer (the site's billing name), InvoiceDate and DueDate (DD/MM/YYYY), Memo (the site's PO), the
product (the element's label), its description, quantity (hours), rate and amount, ItemTaxCode (the UK
standard rate's name) and ItemTaxAmount (the line's share of the site's VAT), and the Service Date.
One invoice per site and week (decisions.md cites the guide)."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from attrs import frozen

from workforce_core.model.exports import ExportFormat
from workforce_core.ports.exporters import FileLine, Refusal, WeekToExport
from workforce_core.rules.import_amounts import quantity_and_rate
from workforce_core.rules.payroll_lines import LABELS
from workforce_core.steps.presets.common import (
    contact,
    due_date,
    invoice_line,
    invoice_lines,
    line_words,
    uk_date,
)

TAX_CODES = {Decimal(20): "20.0% S", Decimal(5): "5.0% R", Decimal(0): "0.0% Z"}
HEADER = (
    "InvoiceNo",
    "Customer",
    "InvoiceDate",
    "DueDate",
    "Terms",
    "Location",
    "Memo",
    "Item(Product/Service)",
    "ItemDescription",
    "ItemQuantity",
    "ItemRate",
    "ItemAmount",
    "ItemTaxCode",
    "ItemTaxAmount",
    "Currency",
    "Service Date",
)


@frozen
class QuickBooksInvoices:
    format: str = ExportFormat.QUICKBOOKS
    header: tuple[str, ...] = HEADER
    header_row: bool = True
    package: str | None = None

    def lines(self, week: WeekToExport) -> Iterator[FileLine | Refusal]:
        for invoice in week.invoices:
            tax_code = TAX_CODES.get(invoice.vat_rate, "20.0% S")
            for line, vat in invoice_lines(invoice):
                quantity, rate, _ = quantity_and_rate(line.group.minutes, line.group.charge_rate, line.amount)
                cells = (
                    invoice.number,
                    contact(invoice),
                    uk_date(week.last),
                    uk_date(due_date(week.last)),
                    None,
                    None,
                    invoice.site.po_reference,
                    LABELS[line.group.element],
                    line_words(line),
                    quantity,
                    rate,
                    line.amount,
                    tax_code,
                    vat,
                    "GBP",
                    uk_date(line.last_date),
                )
                yield invoice_line(invoice, line, cells, vat)


WRITER = QuickBooksInvoices()
