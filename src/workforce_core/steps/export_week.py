"""What an export file is made from: the week's payroll lines (exactly GET /payroll.php's, holiday
included) or the charge schedule's lines as one invoice per site (exactly GET /charges.php's, with
VAT per site at the standard rate), and the client's pay codes of the preset's package."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import date
from decimal import Decimal

from workforce_core.model.accounts import ClientAccount
from workforce_core.model.exports import KIND_OF_FORMAT, ExportKind
from workforce_core.model.pay_codes import PayCode
from workforce_core.ports import ChargeFilter, Paging, PayrollFilter, Queries, UnitOfWorkFactory
from workforce_core.ports.exporters import Exporter, SiteInvoice, WeekToExport
from workforce_core.rules.charges import DEFAULT_VAT_RATE, line_amount, vat
from workforce_core.steps.pay_codes import codes_by_element, shown_refs
from workforce_core.steps.payroll_lines import leave_only_rows, priced_lines
from workforce_core.views import ChargeLine, PayrollLine

PAGE = 1000  # payroll lines read per page: each page is a fixed number of statements over the week


def charge_reference(client_id: int, first: date, last: date) -> str:
    """The charge schedule's reference (the same as GET /charges.php's)."""
    return f"CHG-{client_id}-{first:%Y%m%d}-{last:%Y%m%d}"


def invoice_number(client_id: int, first: date, site_id: int) -> str:
    """One invoice per site and week: ``<client>-<week start YYYYMMDD>-<site>`` (short enough for
    QuickBooks' 21 characters and Sage's 30)."""
    return f"{client_id}-{first:%Y%m%d}-{site_id}"


def pay_lines(
    queries: Queries, uow: UnitOfWorkFactory, client: ClientAccount, week: date, *, with_entries: bool = False
) -> Iterator[tuple[PayrollLine, int]]:
    """Every payroll line of the week, a page at a time (the same lines as GET /payroll.php, holiday
    included), with how many lines there are in all."""
    offset = 0
    leave_only = leave_only_rows(client, (week,), queries=queries, uow=uow)
    while True:
        wanted = PayrollFilter(client.id, (week,), Paging(limit=PAGE, offset=offset), with_entries=with_entries)
        page = queries.payroll_rows(wanted)
        total = page.total + len(leave_only)
        for line in priced_lines(client, page.items, (week,), queries=queries, uow=uow):
            yield line, total
        offset += PAGE
        if offset >= page.total or not page.items:
            break
    for line in priced_lines(client, leave_only, (week,), queries=queries, uow=uow):
        yield line, total


def site_invoices(
    queries: Queries, client: ClientAccount, first: date, last: date, *, with_entries: bool = False
) -> list[SiteInvoice]:
    """The schedule's lines of the week as one invoice per site (site order), VAT on each site's net."""
    groups = queries.charge_groups(ChargeFilter(client.id, first, last, with_entries=with_entries))
    by_site: dict[int, list[ChargeLine]] = {}
    for group in groups:
        by_site.setdefault(group.location_id, []).append(
            ChargeLine(group, line_amount(group.charge_rate, group.minutes))
        )
    invoices = []
    for site_id, lines in by_site.items():
        site = queries.location(site_id)
        assert site is not None
        net = sum((line.amount for line in lines), Decimal(0))
        number = invoice_number(client.id, first, site_id)
        invoices.append(SiteInvoice(number, site, tuple(lines), net, vat(net, DEFAULT_VAT_RATE), DEFAULT_VAT_RATE))
    return invoices


def week_input(
    client: ClientAccount,
    first: date,
    last: date,
    exporter: Exporter,
    *,
    queries: Queries,
    uow: UnitOfWorkFactory,
    pay: Iterable[PayrollLine] | None = None,
    with_entries: bool = False,
) -> WeekToExport:
    """What ``exporter`` reads of the week: the invoices (charge files) or ``pay`` (default: the week's
    payroll lines), with the client's codes of the exporter's package."""
    with uow(read_only=True) as tx:
        every = tx.pay_codes.for_client(client.id)
    codes: dict[str, PayCode] = codes_by_element(every, exporter.package) if exporter.package else {}
    reference = charge_reference(client.id, first, last)
    if KIND_OF_FORMAT[exporter.format] == ExportKind.PKG_B:
        invoices = site_invoices(queries, client, first, last, with_entries=with_entries)
        return WeekToExport(client.id, first, last, reference, invoices=invoices, codes=codes)
    if pay is None:
        pay = (line for line, _ in pay_lines(queries, uow, client, first, with_entries=with_entries))
    return WeekToExport(client.id, first, last, reference, pay_lines=pay, codes=codes, refs=shown_refs(every))
