"""Xero's sales invoice import CSV: one invoice per site and week (its lines share the InvoiceNumber),
ContactName, InvoiceNumber, Reference (the site's PO), InvoiceDate and DueDate as DD/MM/YYYY,
Description, Quantity (hours), UnitAmount, AccountCode (the site's nominal code), TaxType as Xero names
the UK standard rate and TaxAmount (the line's share of the site's VAT, so Xero's invoice carries the
VAT /charges.php shows). At most 500 invoices a file, as Xero's guide says (decisions.md cites it)."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from attrs import frozen

from workforce_core.model.exports import ExportFormat
from workforce_core.ports.exporters import FileLine, Refusal, WeekToExport
from workforce_core.rules.import_amounts import quantity_and_rate
from workforce_core.steps.presets.common import (
    contact,
    due_date,
    invoice_line,
    invoice_lines,
    line_words,
    too_many,
    uk_date,
)

MOST_INVOICES = 500
SALES_ACCOUNT = "200"  # Xero's default Sales account, when the site has no nominal code
TAX_TYPES = {Decimal(20): "20% (VAT on Income)", Decimal(5): "5% (VAT on Income)", Decimal(0): "Zero Rated Income"}
HEADER = (
    "ContactName",
    "InvoiceNumber",
    "Reference",
    "InvoiceDate",
    "DueDate",
    "Description",
    "Quantity",
    "UnitAmount",
    "AccountCode",
    "TaxType",
    "TaxAmount",
    "Currency",
)


@frozen
class XeroSalesInvoices:
    format: str = ExportFormat.XERO
    header: tuple[str, ...] = HEADER
    header_row: bool = True
    package: str | None = None

    def lines(self, week: WeekToExport) -> Iterator[FileLine | Refusal]:
        refused = too_many(week, MOST_INVOICES, "Xero")
        if refused is not None:
            yield refused
        for invoice in week.invoices:
            site = invoice.site
            tax_type = TAX_TYPES.get(invoice.vat_rate, f"{invoice.vat_rate}% (VAT on Income)")
            for line, vat in invoice_lines(invoice):
                quantity, unit, _ = quantity_and_rate(line.group.minutes, line.group.charge_rate, line.amount)
                cells = (
                    contact(invoice),
                    invoice.number,
                    site.po_reference,
                    uk_date(week.last),
                    uk_date(due_date(week.last)),
                    line_words(line),
                    quantity,
                    unit,
                    site.nominal_code or SALES_ACCOUNT,
                    tax_type,
                    vat,
                    "GBP",
                )
                yield invoice_line(invoice, line, cells, vat)


WRITER = XeroSalesInvoices()
