"""Pay codes and the export preview in the console, on SQLite and PostgreSQL: a payroll user sets a
package's codes on the Pay codes page (a bad payment number refused, a blank one clearing), and the
Close pay week page previews a preset's file: refused while an element has no code, with its lines and
totals per worker and per site once the codes are there, then makes the file in that preset."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.clocks import FakeClock
from tests.contract.conftest import Console, World
from tests.contract.console_pages import console, sign_in_as
from tests.contract.test_export_presets import ELEMENTS, WEEK, Week
from workforce_core.services.pay_codes import pay_codes
from workforce_entrypoints.bootstrap import Services


@pytest.fixture
def week(world: World, console: Console, tmp_path: Path, clock: FakeClock, api: TestClient) -> Week:
    return Week(world, console, tmp_path, clock, api)


def test_a_payroll_user_sets_codes_and_previews_then_makes_a_preset_file(services: Services, week: Week) -> None:
    client = week.client.id
    assert week.week("pay-week", "close")[0] == 0
    with console(services) as person:
        sign_in_as(services, "payroll", client, person)
        page = person.get(f"/console/{client}/pay-week?week={WEEK}&preview=sage_50_payroll_timesheet")
        assert page.status_code == 200
        assert 'role="alert" class="refusals"' in page.text
        assert 'data-reason="no_pay_code"' in page.text
        assert f'href="/console/{client}/pay-codes"' in page.text

        codes_page = person.get(f"/console/{client}/pay-codes")
        assert codes_page.status_code == 200
        assert 'aria-label="Sage 50 Payroll payment number for Bank holiday"' in codes_page.text
        assert 'aria-label="BrightPay multiple of the rate for Overtime"' in codes_page.text
        token = person.csrf(f"/console/{client}/pay-codes")
        bad = person.post(f"/console/{client}/pay-codes/sage_50_payroll", {"code_regular": "R1"}, token=token)
        assert bad.status_code == 400
        assert pay_codes(client, uow=services.uow) == []  # nothing of a refused form is saved
        sent = {f"code_{element}": str(n) for n, element in enumerate(ELEMENTS, start=1)}
        saved = person.post(f"/console/{client}/pay-codes/sage_50_payroll", sent, token=token)
        assert saved.status_code == 303
        assert {(c.element, c.code) for c in pay_codes(client, uow=services.uow)} == {
            (element, str(n)) for n, element in enumerate(ELEMENTS, start=1)
        }
        cleared = person.post(
            f"/console/{client}/pay-codes/sage_50_payroll", {**sent, "code_guarantee": ""}, token=token
        )
        assert cleared.status_code == 303
        assert "guarantee" not in {c.element for c in pay_codes(client, uow=services.uow)}
        shown = person.get(f"/console/{client}/pay-codes").text
        assert 'name="code_night" maxlength="60" value="6"' in shown

        page = person.get(f"/console/{client}/pay-week?week={WEEK}&preview=sage_50_payroll_timesheet").text
        assert 'class="refusals"' not in page
        assert "Nothing is refused" in page
        assert f'<dd id="preview-total">£{week.gross_pay():,.2f}' in page
        assert 'aria-label="Totals per worker"' in page
        assert "Ann Able" in page

        invoices = person.get(f"/console/{client}/pay-week?week={WEEK}&preview=xero_sales_invoices").text
        _, vat = week.charges()
        assert f'<dd id="preview-vat">£{vat:,.2f}' in invoices
        assert 'aria-label="Totals per site"' in invoices

        token = person.csrf(f"/console/{client}/pay-week?week={WEEK}")
        made = person.post(
            f"/console/{client}/pay-week/export",
            {"week": WEEK, "kind": "payroll", "format": "sage_50_payroll_timesheet"},
            token=token,
        )
        assert made.status_code == 303
    (batch,) = week.get("/api/v1/export-batches.php?kind=payroll")["data"]
    assert (batch["format"], Decimal(str(batch["total_pay"]))) == ("sage_50_payroll_timesheet", week.gross_pay())
