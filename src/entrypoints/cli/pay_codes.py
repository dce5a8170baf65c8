"""``workforce pay-codes set|list``: what each pay element is called in a client's payroll packages."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

import typer

from workforce_adapters.json.commands import structure
from workforce_adapters.json.pay_codes import pay_code_record
from workforce_core.commands.pay_codes import PAY_ELEMENTS, SetPayCode
from workforce_core.errors import ValidationFailed
from workforce_core.model.pay_codes import PAYROLL_PACKAGES
from workforce_core.services import pay_codes
from workforce_entrypoints.cli.output import Format, command, emit, emit_rows, format_option
from workforce_entrypoints.cli.state import services

app = typer.Typer(help="Pay codes: each pay element's code in a payroll package.", no_args_is_help=True)
COLUMNS = ("package", "element", "code", "multiplier")


@app.command("set")
@command
def set_code(
    ctx: typer.Context,
    client: int = typer.Option(..., help="The client."),
    package: str = typer.Option(..., help=f"One of {', '.join(PAYROLL_PACKAGES)}."),
    element: str = typer.Option(..., help=f"One of {', '.join(PAY_ELEMENTS)}."),
    code: str | None = typer.Option(
        None, help="The package's payment number or pay code (BrightPay: the payment's description)."
    ),
    multiplier: str | None = typer.Option(None, help="BrightPay only: 1, 1.5, 1.3333, 1.25, 2, 3 or 4."),
    clear: bool = typer.Option(False, "--clear", help="Clear the element's code in the package."),
) -> None:
    """Set (or with --clear, clear) an element's code in a payroll package."""
    s = services(ctx)
    body = {"client_id": client, "package": package, "element": element, "code": None if clear else code}
    if multiplier is not None:
        try:
            body["multiplier"] = Decimal(multiplier.strip())
        except InvalidOperation:
            raise ValidationFailed("multiplier", "multiplier must be a number.") from None
    stored = s.run(pay_codes.set_pay_code, structure(SetPayCode, body))
    emit(pay_code_record(stored) if stored is not None else {"package": package, "element": element, "code": None})


@app.command("list")
@command
def list_codes(
    ctx: typer.Context, client: int = typer.Option(..., help="The client."), shown: Format | None = format_option()
) -> None:
    """The client's pay codes, by package then element."""
    s = services(ctx)
    rows = [pay_code_record(code) for code in s.run(pay_codes.pay_codes, client)]
    emit_rows(rows, COLUMNS, shown, "Pay codes")
