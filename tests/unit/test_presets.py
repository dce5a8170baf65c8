"""The export presets behind the exporter port, on made-up weeks: every preset's amounts, read from the
written file the package's way, add up to the week's gross pay (pay files) or net charges plus VAT
(invoices) to the penny; the quantity and rate a line is written with always give its amount; VAT is
shared over an invoice's lines without losing a penny; what a package cannot import is refused; and
cells that a spreadsheet would run are neutralised."""

from __future__ import annotations

import io
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.package_files import line_amounts, rows, totals
from workforce_adapters.csv_files import write_csv
from workforce_core.model.exports import KIND_OF_FORMAT, ExportFormat
from workforce_core.model.holiday import HolidayPay
from workforce_core.model.pay_codes import MULTIPLIERS, PayCode, PayrollPackage
from workforce_core.model.reference import Location
from workforce_core.ports.exporters import FileLine, Refusal, SiteInvoice, WeekToExport
from workforce_core.rules.charges import DEFAULT_VAT_RATE, line_amount, vat
from workforce_core.rules.holiday_pay import HolidayDue
from workforce_core.rules.import_amounts import package_amount, quantity_and_rate, split
from workforce_core.rules.payroll_lines import LABELS, Minutes, line_figures
from workforce_core.steps.presets import EXPORTERS
from workforce_core.views import ChargeGroup, ChargeLine, PayrollLine, PayrollRow

WEEK = date(2026, 12, 21)
LAST = WEEK + timedelta(days=6)
NOW = datetime(2026, 12, 28, 9, tzinfo=UTC)
rates = st.decimals(min_value=Decimal("5.00"), max_value=Decimal("60.00"), places=2) | st.decimals(
    min_value=Decimal("5"), max_value=Decimal("60"), places=4
)
minutes = st.integers(min_value=1, max_value=100 * 60)


@given(minutes, rates, st.sampled_from(MULTIPLIERS[PayrollPackage.BRIGHTPAY]))
def test_the_quantity_and_rate_written_always_give_the_lines_amount(spent: int, rate: Decimal, times: Decimal) -> None:
    amount = line_amount(rate, spent)
    quantity, written, hourly = quantity_and_rate(spent, rate, amount, multiplier=times)
    assert package_amount(quantity, written, times if hourly else Decimal(1)) == amount
    if not hourly:  # a rate of 4 decimals always exists up to 100 hours (times the multiple)
        assert spent * times > 100 * 60
        assert (quantity, written) == (1, amount)
        return
    # the rate moves only by what the hours' rounding and the amount's penny make up for
    assert abs(written * times - rate) <= (rate * Decimal("0.005") + Decimal("0.01")) / quantity + Decimal("0.0004")


def test_a_rate_that_gives_the_amount_is_kept_as_it_is() -> None:
    assert quantity_and_rate(480, Decimal("12.75"), Decimal("102.00")) == (Decimal("8.00"), Decimal("12.75"), True)
    quantity, rate, _ = quantity_and_rate(487, Decimal("12.75"), line_amount(Decimal("12.75"), 487))
    assert (quantity, rate) == (Decimal("8.12"), Decimal("12.7451"))  # 8.12 h at 12.75 would be 103.53


def test_a_value_line_is_one_unit_at_its_amount() -> None:
    assert quantity_and_rate(0, None, Decimal("31.40")) == (Decimal(1), Decimal("31.40"), False)


@given(st.lists(st.decimals(min_value=Decimal("0.00"), max_value=Decimal("5000"), places=2), min_size=1, max_size=30))
def test_an_invoices_vat_is_shared_over_its_lines_to_the_penny(amounts: list[Decimal]) -> None:
    net = sum(amounts, Decimal(0))
    total = vat(net, DEFAULT_VAT_RATE)
    shares = split(total, amounts)
    assert sum(shares, Decimal(0)) == total
    for amount, share in zip(amounts, shares, strict=True):  # each line: its part of the VAT, within a penny
        assert net == 0 or abs(share - total * amount / net) < Decimal("0.01")


# ---- made-up weeks --------------------------------------------------------------------------------

ELEMENTS = ("regular", "overtime", "weekend", "sunday", "bank_holiday", "night", "guarantee")


@st.composite
def pay_lines(draw: st.DrawFn, worker_id: int) -> PayrollLine:
    parts = draw(st.lists(st.tuples(st.sampled_from(ELEMENTS), rates, st.integers(1, 40 * 60)), min_size=1, max_size=6))
    found = [Minutes(element, rate, rate * 2, spent) for element, rate, spent in parts]
    holiday = draw(st.sampled_from([None, HolidayDue(HolidayPay.ROLLED_UP)]))
    figures = line_figures(found, holiday)
    row = PayrollRow(WEEK, worker_id, f"Worker {worker_id}", f"W{worker_id:05d}", "Dept", "CC1", 1, 60, (), ())
    return PayrollLine(row, figures)


@st.composite
def invoices(draw: st.DrawFn) -> list[SiteInvoice]:
    made = []
    for site_id in range(1, draw(st.integers(1, 4)) + 1):
        site = Location(
            1,
            f"Site {site_id}",
            NOW,
            billing_name=f"Hirer {site_id}",
            pkg_a_account_ref=f"HIR{site_id:03d}",
            id=site_id,
        )
        lines = []
        for worker_id in range(1, draw(st.integers(1, 5)) + 1):
            rate, spent = draw(rates), draw(st.integers(1, 60 * 60))
            group = ChargeGroup(
                site_id,
                worker_id,
                f"Worker {worker_id}",
                None,
                "Picker",
                None,
                draw(st.sampled_from(ELEMENTS)),
                rate,
                spent,
                1,
                NOW,
                NOW,
            )
            lines.append(ChargeLine(group, line_amount(rate, spent)))
        net = sum((line.amount for line in lines), Decimal(0))
        made.append(
            SiteInvoice(f"1-20261221-{site_id}", site, tuple(lines), net, vat(net, DEFAULT_VAT_RATE), DEFAULT_VAT_RATE)
        )
    return made


def every_code(package: PayrollPackage) -> dict[str, PayCode]:
    codes = {}
    for n, element in enumerate(LABELS, start=1):
        multiplier = MULTIPLIERS[package][n % 7] if package in MULTIPLIERS else None
        codes[element] = PayCode(
            1, package, element, str(n) if package == PayrollPackage.SAGE_50_PAYROLL else f"P{n}", multiplier
        )
    return codes


def written(file_format: str, week: WeekToExport) -> tuple[bytes, list[FileLine], list[Refusal]]:
    exporter = EXPORTERS[file_format]
    found = list(exporter.lines(week))
    lines = [f for f in found if isinstance(f, FileLine)]
    out = io.BytesIO()
    write_csv(out, exporter.header, [line.cells for line in lines], header_row=exporter.header_row)
    return out.getvalue(), lines, [f for f in found if isinstance(f, Refusal)]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(1, 10_000), min_size=1, max_size=8, unique=True).flatmap(
        lambda ids: st.tuples(*(pay_lines(i) for i in ids))
    )
)
def test_for_random_weeks_every_pay_presets_amounts_add_up_to_the_weeks_gross_pay(
    lines: tuple[PayrollLine, ...],
) -> None:
    gross = sum((line.figures.gross_pay for line in lines), Decimal(0))
    for file_format, kind in KIND_OF_FORMAT.items():
        if kind not in ("pkg_a", "payroll"):  # pkg_b is charges; holiday_records carries no amounts
            continue
        package = EXPORTERS[file_format].package
        codes = every_code(PayrollPackage(package)) if package else {}
        week = WeekToExport(1, WEEK, LAST, "CHG-1-20261221-20261227", pay_lines=lines, codes=codes)
        content, made, refusals = written(file_format, week)
        assert refusals == []
        assert totals(file_format, content) == (gross, Decimal(0)), file_format
        assert [a for a, _ in line_amounts(file_format, content)] == [line.amount for line in made]


@settings(max_examples=60, deadline=None)
@given(invoices())
def test_for_random_weeks_every_invoice_presets_amounts_add_up_to_net_charges_plus_vat(
    found: list[SiteInvoice],
) -> None:
    net = sum((invoice.net for invoice in found), Decimal(0))
    vat_total = sum((invoice.vat for invoice in found), Decimal(0))
    for file_format, kind in KIND_OF_FORMAT.items():
        if kind != "pkg_b":
            continue
        week = WeekToExport(1, WEEK, LAST, "CHG-1-20261221-20261227", invoices=found)
        content, _, refusals = written(file_format, week)
        assert refusals == []
        expected_vat = Decimal(0) if file_format == ExportFormat.PKG_B_CHARGES else vat_total
        assert totals(file_format, content) == (net, expected_vat), file_format


# ---- refusals and neutralised cells ---------------------------------------------------------------


def a_line(employee_id: str | None, name: str = "Ann") -> PayrollLine:
    row = PayrollRow(WEEK, 7, name, employee_id, None, None, 1, 480, (), ())
    return PayrollLine(
        row,
        line_figures(
            [
                Minutes("regular", Decimal("12.75"), Decimal("19"), 480),
                Minutes("night", Decimal("13.75"), Decimal("20"), 60),
            ]
        ),
    )


def test_a_worker_without_a_works_number_and_an_element_without_a_code_are_refused() -> None:
    codes = {"regular": PayCode(1, "sage_50_payroll", "regular", "1")}
    week = WeekToExport(1, WEEK, LAST, "R", pay_lines=[a_line(None), a_line("W1")], codes=codes)
    _, lines, refusals = written(ExportFormat.SAGE_50_PAYROLL, week)
    assert [(r.reason, r.worker_id, r.element) for r in refusals] == [
        ("no_works_number", 7, None),
        ("no_pay_code", None, "night"),
    ]
    assert [line.cells for line in lines] == [("2", "W1", "1", None, None, Decimal("8.00"), Decimal("12.75"))]


def test_a_site_without_an_account_reference_is_refused_by_sage_accounts_and_500_invoices_by_xero() -> None:
    site = Location(1, "Depot", NOW, id=3)
    group = ChargeGroup(3, 7, "Ann", None, None, None, "regular", Decimal("19"), 480, 1, NOW, NOW)
    invoice = SiteInvoice(
        "1-20261221-3", site, (ChargeLine(group, Decimal("152.00")),), Decimal("152.00"), Decimal("30.40"), Decimal(20)
    )
    _, _, refusals = written(ExportFormat.SAGE_50_ACCOUNTS, WeekToExport(1, WEEK, LAST, "R", invoices=[invoice]))
    assert [(r.reason, r.site_id) for r in refusals] == [("no_account_reference", 3)]
    _, _, refusals = written(ExportFormat.XERO, WeekToExport(1, WEEK, LAST, "R", invoices=[invoice] * 501))
    assert [r.reason for r in refusals] == ["too_many_invoices"]
    assert written(ExportFormat.XERO, WeekToExport(1, WEEK, LAST, "R", invoices=[invoice] * 500))[2] == []


def test_cells_a_spreadsheet_would_run_are_neutralised_and_negative_amounts_stay_numbers() -> None:
    codes = {e: PayCode(1, "brightpay", e, '=HYPERLINK("x")', Decimal(1)) for e in LABELS}
    week = WeekToExport(1, WEEK, LAST, "R", pay_lines=[a_line("W1")], codes=codes)
    content, _, _ = written(ExportFormat.BRIGHTPAY, week)
    assert {r[2] for r in rows(content)[1:]} == {'\'=HYPERLINK("x")'}
    site = Location(1, "Depot", NOW, billing_name="@SUM(1)", po_reference="+PO-1", pkg_a_account_ref="-ACC", id=3)
    group = ChargeGroup(3, 7, "Ann", None, None, None, "regular", Decimal("19"), -60, 1, NOW, NOW)
    invoice = SiteInvoice(
        "1-20261221-3", site, (ChargeLine(group, Decimal("-19.00")),), Decimal("-19.00"), Decimal("-3.80"), Decimal(20)
    )
    for file_format in (ExportFormat.XERO, ExportFormat.SAGE_50_ACCOUNTS, ExportFormat.QUICKBOOKS):
        content, _, _ = written(file_format, WeekToExport(1, WEEK, LAST, "R", invoices=[invoice]))
        text = content.decode()
        assert "'@SUM(1)" in text or "'-ACC" in text
        assert "'+PO-1" in text
        assert ",-19.00," in text or ",-3.80" in text  # a negative amount is a number, not neutralised text
        assert totals(file_format, content) == (Decimal("-19.00"), Decimal("-3.80"))
