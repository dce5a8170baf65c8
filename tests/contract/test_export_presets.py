"""The package presets end to end, on SQLite and PostgreSQL, over one fixed week (Monday 21 to Sunday
27 December 2026: Christmas Day a bank holiday, a night shift, a week over the overtime threshold and a
late clock of the week before paid as an adjustment): each preset's file against its golden file, its
totals against /payroll.php (pay) or /charges.php with VAT (invoices), the pay codes set with
``workforce pay-codes`` and read back from /rate-rules.php and /payroll.php's ``pkg_a_ref``, the
preview over the API with its refusals, and a file refused while its preview has any.

``WORKFORCE_WRITE_GOLDEN=1`` rewrites the golden files from what is made (check the diff by eye)."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.helpers import assert_error
from tests.contract.test_pricing import RULE_R
from tests.package_files import totals

GOLDEN = Path(__file__).parent / "golden"
WEEK, LAST_WEEK = "2026-12-21", "2026-12-14"
BORN = "2007-06-01"  # 19: Rule R's 12.00 meets the 18-20 minimum wage band
BATCHES = "/api/v1/export-batches.php"
PAY_PRESETS = ("sage_50_payroll_timesheet", "brightpay_hourly_payments", "staffology_payments")
INVOICE_PRESETS = ("xero_sales_invoices", "sage_50_accounts_transactions", "quickbooks_online_invoices")
ELEMENTS = ("regular", "overtime", "weekend", "sunday", "bank_holiday", "night", "guarantee", "holiday")
BRIGHTPAY_TIMES = {"overtime": "1.5"}  # overtime's rate is 1.5 times the base: BrightPay's time and a half


class Week:
    """Rule R; North and South sites with their billing fields; Ann works 43 hours Monday to Thursday
    and Christmas Day at North, Bob a night and Boxing Day (a Saturday) at South, =Cy the Sunday; Ann's
    late clock of the week before (locked) is paid this week."""

    def __init__(self, world: World, console: Console, tmp: Path, clock: FakeClock, api: TestClient) -> None:
        self.world, self.console, self.tmp, self.api, self.clock = world, console, tmp, api, clock
        clock.set(datetime(2026, 12, 21, 12, 0, tzinfo=UTC))
        self.client = world.account("Presets Ltd", walk_in_policy="pay")
        (tmp / "rule.json").write_text(json.dumps(RULE_R))
        assert console("rate-rule", "create", "--client", str(self.client.id), "--file", str(tmp / "rule.json"))[0] == 0
        self.north = world.site(
            self.client.id, "North", billing_name="North Hirer Ltd", po_reference="PO-4411",
            pkg_a_account_ref="NORTH01", pkg_a_department="2", nominal_code="4010",
        )  # fmt: skip
        self.south = world.site(
            self.client.id, "South", billing_name="=South Hirer", po_reference="+PO-7", pkg_a_account_ref="SOUTH01"
        )
        ann = world.worker(
            self.client.id, "Ann Able", employee_id="E101", date_of_birth=BORN, location_id=self.north.id
        ).worker
        bob = world.worker(
            self.client.id, "Bob Brown", employee_id="E102", date_of_birth=BORN, location_id=self.south.id
        ).worker
        cy = world.worker(
            self.client.id, "=Cy Cole", employee_id="E103", date_of_birth=BORN, location_id=self.north.id
        ).worker
        self.workers = {"ann": ann, "bob": bob, "cy": cy}
        self.headers = world.key(self.client.id)
        self.shift(ann.id, self.north.id, "2026-12-14 08:00", "2026-12-14 16:00")
        closed = self.week("pay-week", "close", week=LAST_WEEK)
        assert closed[0] == 0, closed
        late = self.shift(ann.id, self.north.id, "2026-12-15 08:00", "2026-12-15 12:07")  # into the locked week
        assert console("timesheet", "approve", str(late))[0] == 0
        clock.set(datetime(2026, 12, 30, 12, 0, tzinfo=UTC))
        for day in ("21", "22", "23", "24"):
            self.shift(ann.id, self.north.id, f"2026-12-{day} 07:00", f"2026-12-{day} 17:46")
        self.shift(ann.id, self.north.id, "2026-12-25 08:00", "2026-12-25 14:19")  # Christmas Day
        self.shift(bob.id, self.south.id, "2026-12-22 21:00", "2026-12-23 05:13")  # a night
        self.shift(bob.id, self.south.id, "2026-12-26 09:00", "2026-12-26 13:40")  # Boxing Day: a Saturday
        self.shift(cy.id, self.north.id, "2026-12-27 10:00", "2026-12-27 14:02")  # a Sunday

    def shift(self, worker_id: int, site_id: int, clock_in: str, clock_out: str) -> int:
        code, entry = self.console(
            *("timesheet", "backfill", "--worker", str(worker_id), "--location", str(site_id)),
            *("--clock-in", clock_in, "--clock-out", clock_out),
        )
        assert code == 0, entry
        return int(entry["id"])

    def week(self, *args: str, week: str = WEEK) -> tuple[int, Any]:
        return self.console(*args, "--client", str(self.client.id), "--week", week)

    def codes(self) -> None:
        for package in ("sage_50_payroll", "brightpay", "staffology"):
            for n, element in enumerate(ELEMENTS, start=1):
                code = str(n) if package == "sage_50_payroll" else f"{element.upper()}"
                more = ("--multiplier", BRIGHTPAY_TIMES.get(element, "1")) if package == "brightpay" else ()
                args = ("--package", package, "--element", element, "--code", code, *more)
                done = self.console("pay-codes", "set", "--client", str(self.client.id), *args)
                assert done[0] == 0, done

    def get(self, path: str) -> Any:
        reply = self.api.get(path, headers=self.headers)
        assert reply.status_code == 200, reply.text
        return reply.json()

    def export(self, kind: str, file_format: str) -> tuple[int, Any, Path]:
        out = self.tmp / f"{file_format}.csv"
        code, found = self.week("export", "create", "--kind", kind, "--format", file_format, "--out", str(out))
        return code, found, out

    def gross_pay(self) -> Decimal:
        lines = self.get(f"/api/v1/payroll.php?week={WEEK}&limit=200")["data"]
        return sum((Decimal(str(line["gross_pay"])) for line in lines), Decimal(0))

    def charges(self) -> tuple[Decimal, Decimal]:
        sites = self.get(f"/api/v1/charges.php?week_start={WEEK}&vat=true")["data"]["sites"]
        net = sum((Decimal(str(site["net"])) for site in sites), Decimal(0))
        return net, sum((Decimal(str(site["vat"])) for site in sites), Decimal(0))

    def golden(self, file_format: str, content: bytes) -> None:
        """The file equals its golden file, the ids of this database put in its placeholders."""
        numbers = {  # the invoice numbers: <client>-<week start>-<site>
            "{north_invoice}": f"{self.client.id}-20261221-{self.north.id}",
            "{south_invoice}": f"{self.client.id}-20261221-{self.south.id}",
        }
        path = GOLDEN / f"{file_format}.csv"
        text = content.decode("utf-8")
        if os.environ.get("WORKFORCE_WRITE_GOLDEN"):
            shown = text
            for placeholder, value in numbers.items():
                shown = shown.replace(f"{value},", f"{placeholder},")
            path.write_bytes(shown.encode("utf-8"))
        expected = path.read_bytes().decode("utf-8")
        for placeholder, value in numbers.items():
            expected = expected.replace(placeholder, value)
        assert text == expected


@pytest.fixture
def week(world: World, console: Console, tmp_path: Path, clock: FakeClock, api: TestClient) -> Week:
    return Week(world, console, tmp_path, clock, api)


def test_each_payroll_preset_matches_its_golden_file_and_adds_up_to_payroll(week: Week) -> None:
    week.codes()
    assert week.week("pay-week", "close")[0] == 0
    lines = week.get(f"/api/v1/payroll.php?week={WEEK}&adjustments=1&limit=200")["data"]
    elements = {element["element"] for line in lines for element in line["pay_elements"]}
    assert elements >= {"regular", "overtime", "bank_holiday", "night", "weekend", "sunday"}
    late = [a for line in lines for a in line["adjustments"]]  # paid this week, now that it is locked
    assert [(a["pay_week_start"], a["adjust_week"], a["paid_minutes"]) for a in late] == [(LAST_WEEK, WEEK, 247)]
    gross = week.gross_pay()
    for file_format in PAY_PRESETS:
        code, batch, out = week.export("payroll", file_format)
        assert code == 0, batch
        assert (batch["kind"], batch["format"]) == ("payroll", file_format)
        assert batch["file_name"].startswith(f"{file_format}-{week.client.id}-20261221-20261227-")
        content = out.read_bytes()
        week.golden(file_format, content)
        assert totals(file_format, content) == (gross, Decimal(0)) == (Decimal(str(batch["total_pay"])), 0)


def test_each_invoice_preset_matches_its_golden_file_and_adds_up_to_the_charges_with_vat(week: Week) -> None:
    assert week.week("pay-week", "close")[0] == 0
    net, vat = week.charges()
    assert vat == (net * Decimal("0.2")).quantize(Decimal("0.01")) or vat > 0
    for file_format in INVOICE_PRESETS:
        code, batch, out = week.export("pkg_b", file_format)
        assert code == 0, batch
        assert (batch["kind"], batch["format"], batch["stamps_entries"]) == ("pkg_b", file_format, True)
        content = out.read_bytes()
        week.golden(file_format, content)
        assert totals(file_format, content) == (net, vat)
        assert Decimal(str(batch["total_charge"])) == net
        text = content.decode()
        assert "'=South Hirer" in text or "SOUTH01" in text  # a formula-like billing name is neutralised
        assert "'+PO-7" in text  # and so is a formula-like PO


def test_pay_codes_are_read_with_the_rate_rules_settings_and_shown_as_pkg_a_ref(week: Week) -> None:
    assert week.week("pay-week", "close")[0] == 0
    before = week.get(f"/api/v1/payroll.php?week={WEEK}&limit=200")["data"]
    assert {e["pkg_a_ref"] for line in before for e in line["pay_elements"]} <= set(ELEMENTS)
    week.codes()
    meta = week.get("/api/v1/rate-rules.php")["meta"]
    assert len(meta["pay_codes"]) == 3 * len(ELEMENTS)
    assert {"package": "brightpay", "element": "overtime", "code": "OVERTIME", "multiplier": 1.5} in meta["pay_codes"]
    assert {"package": "sage_50_payroll", "element": "night", "code": "6", "multiplier": None} in meta["pay_codes"]
    after = week.get(f"/api/v1/payroll.php?week={WEEK}&limit=200")["data"]
    refs = {e["element"]: e["pkg_a_ref"] for line in after for e in line["pay_elements"]}
    assert (refs["regular"], refs["night"]) == ("1", "6")  # Sage 50 Payroll's numbers come first
    code, listed = week.console("pay-codes", "list", "--client", str(week.client.id), "--format", "json")
    assert (code, len(listed)) == (0, 24)

    def night(package: str, *more: str) -> tuple[int, Any]:
        mine = ("--client", str(week.client.id), "--package", package, "--element", "night")
        return week.console("pay-codes", "set", *mine, *more)

    assert night("sage_50_payroll", "--clear") == (0, {"package": "sage_50_payroll", "element": "night", "code": None})
    refused = night("sage_50_payroll", "--code", "N1")
    assert refused[0] != 0
    assert (refused[1]["error_code"], refused[1]["field"]) == ("validation_failed", "code")
    refused = night("staffology", "--code", "N1", "--multiplier", "1.5")
    assert (refused[1]["error_code"], refused[1]["field"]) == ("validation_failed", "multiplier")


def test_the_preview_shows_lines_totals_and_refusals_and_a_refused_file_is_not_made(week: Week) -> None:
    assert week.week("pay-week", "close")[0] == 0  # approves the week's shifts: a preview shows payable ones
    preview = week.get(f"{BATCHES}?action=preview&format=sage_50_payroll_timesheet&week={WEEK}")["data"]
    assert (preview["kind"], preview["ready"], preview["lines"], preview["header_row"]) == ("payroll", False, [], False)
    assert {(r["reason"], r["element"]) for r in preview["refusals"]} >= {
        ("no_pay_code", "regular"),
        ("no_pay_code", "night"),
    }
    code, refused, out = week.export("payroll", "sage_50_payroll_timesheet")
    assert code != 0
    assert (refused["error_code"], refused["reason_code"]) == ("conflict", "export_refused")
    assert {r["reason"] for r in refused["refusals"]} == {"no_pay_code"}
    assert not out.exists()
    assert week.get(f"{BATCHES}?kind=payroll")["data"] == []  # no batch was stored
    week.codes()
    preview = week.get(f"{BATCHES}?action=preview&kind=payroll&format=sage_50_payroll_timesheet&week=2026-12-24")[
        "data"
    ]
    assert (preview["ready"], preview["refusals"], preview["week_start"]) == (True, [], WEEK)
    assert Decimal(str(preview["total"])) == week.gross_pay()
    assert {w["worker_id"] for w in preview["workers"]} == {w.id for w in week.workers.values()}
    by_worker = sum((Decimal(str(w["amount"])) for w in preview["workers"]), Decimal(0))
    assert by_worker == Decimal(str(preview["total"]))
    code, shown = week.week("export", "preview", "--format", "sage_50_payroll_timesheet")  # the console's own
    assert (code, shown["ready"], shown["total"]) == (0, True, preview["total"])
    assert week.export("payroll", "sage_50_payroll_timesheet")[0] == 0


def test_an_invoice_preview_has_site_totals_with_vat_and_refuses_a_site_without_an_account_reference(
    week: Week,
) -> None:
    east = week.world.site(week.client.id, "East", billing_name="East Hirer")
    week.shift(week.workers["bob"].id, east.id, "2026-12-23 08:00", "2026-12-23 12:00")
    closed = week.week("pay-week", "close")
    assert closed[0] == 0, closed
    net, vat = week.charges()
    preview = week.get(f"{BATCHES}?action=preview&format=xero_sales_invoices&week={WEEK}")["data"]
    assert (preview["kind"], preview["ready"], preview["columns"][:2]) == (
        "pkg_b",
        True,
        ["ContactName", "InvoiceNumber"],
    )
    assert (Decimal(str(preview["total"])), Decimal(str(preview["vat"]))) == (net, vat)
    assert {s["site_id"] for s in preview["sites"]} == {week.north.id, week.south.id, east.id}
    sage = week.get(f"{BATCHES}?action=preview&format=sage_50_accounts_transactions&week={WEEK}")["data"]
    assert [(r["reason"], r["site_id"]) for r in sage["refusals"]] == [("no_account_reference", east.id)]
    code, refused, _ = week.export("pkg_b", "sage_50_accounts_transactions")
    assert (code != 0, refused["reason_code"]) == (True, "export_refused")
    assert week.export("pkg_b", "xero_sales_invoices")[0] == 0


def test_preview_parameters_and_scopes_are_checked(week: Week) -> None:
    def asked(query: str, headers: dict[str, str] | None = None) -> Any:
        return week.api.get(f"{BATCHES}?action=preview&{query}", headers=headers or week.headers)

    assert_error(asked(f"week={WEEK}"), 400, "invalid_parameter", parameter="kind")
    assert_error(asked("kind=payroll"), 400, "invalid_parameter", parameter="week")
    assert_error(
        asked(f"kind=pkg_b&format=brightpay_hourly_payments&week={WEEK}"), 400, "invalid_parameter", parameter="format"
    )
    assert_error(asked(f"format=bogus&week={WEEK}"), 400, "invalid_parameter", parameter="format")
    payroll_only = week.world.key(week.client.id, ("payroll:read",))
    assert_error(asked(f"format=xero_sales_invoices&week={WEEK}", payroll_only), 403, "insufficient_scope")
    assert asked(f"kind=payroll&week={WEEK}", payroll_only).status_code == 200  # our own columns: no refusals
    limited = week.world.key(week.client.id, ("payroll:read",), location_ids=(week.north.id,))
    assert_error(asked(f"kind=payroll&week={WEEK}", limited), 403, "location_not_allowed")
    code, refused = week.week("export", "create", "--kind", "pkg_b", "--format", "staffology_payments")
    assert (code != 0, refused["error_code"], refused["field"]) == (True, "validation_failed", "format")
