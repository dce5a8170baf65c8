"""Sage 50 Accounts' audit trail transactions import: one sales invoice (type ``SI``) split per charge
line, with the template's column names: Type, Account Reference (the site's ``pkg_a_account_ref``,
required: a site without one is refused), Nominal A/C Ref (the site's nominal code), Department Code
(the site's ``pkg_a_department``), Date (DD/MM/YYYY), Reference (the invoice number), Details, Net
Amount, Tax Code (T1, Sage's standard rate) and Tax Amount (the line's share of the site's VAT), then
Extra Reference (the site's PO) (decisions.md cites the guide)."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal

from attrs import frozen

from workforce_core.model.exports import ExportFormat
from workforce_core.ports.exporters import FileLine, Refusal, RefusalReason, WeekToExport
from workforce_core.steps.presets.common import invoice_line, invoice_lines, line_words, uk_date

SALES_INVOICE = "SI"
SALES_NOMINAL = "4000"  # Sage's first sales nominal code, when the site has none
DETAILS_LENGTH = 60  # the Details field's length in Sage
TAX_CODES = {Decimal(20): "T1", Decimal(0): "T0", Decimal(5): "T5"}
HEADER = (
    "Type",
    "Account Reference",
    "Nominal A/C Ref",
    "Department Code",
    "Date",
    "Reference",
    "Details",
    "Net Amount",
    "Tax Code",
    "Tax Amount",
    "Exchange Rate",
    "Extra Reference",
    "User Name",
    "Project Refn",
    "Cost Code Refn",
)


@frozen
class Sage50AccountsTransactions:
    format: str = ExportFormat.SAGE_50_ACCOUNTS
    header: tuple[str, ...] = HEADER
    header_row: bool = True
    package: str | None = None

    def lines(self, week: WeekToExport) -> Iterator[FileLine | Refusal]:
        for invoice in week.invoices:
            site = invoice.site
            if not site.pkg_a_account_ref:
                yield Refusal(
                    RefusalReason.NO_ACCOUNT_REFERENCE,
                    f"{site.name} has no account reference (pkg_a_account_ref), which Sage 50 Accounts needs.",
                    site_id=site.id,
                )
                continue
            tax_code = TAX_CODES.get(invoice.vat_rate, "T1")
            for line, vat in invoice_lines(invoice):
                cells = (
                    SALES_INVOICE,
                    site.pkg_a_account_ref,
                    site.nominal_code or SALES_NOMINAL,
                    site.pkg_a_department,
                    uk_date(week.last),
                    invoice.number,
                    line_words(line)[:DETAILS_LENGTH],
                    line.amount,
                    tax_code,
                    vat,
                    None,
                    site.po_reference,
                    None,
                    None,
                    None,
                )
                yield invoice_line(invoice, line, cells, vat)


WRITER = Sage50AccountsTransactions()
