"""Pay codes (a section of the account's setup): for each payroll package, what each of our pay
elements is called there (Sage 50 Payroll's payment number, BrightPay's hourly payment and its
multiple of the rate, Staffology's pay code). A package's codes are saved together; a blank code
clears the element's. The same use case as ``workforce pay-codes set``."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from starlette.responses import Response
from starlette.routing import BaseRoute

from workforce_adapters.json.commands import structure
from workforce_core.commands.pay_codes import PAY_ELEMENTS, SetPayCode
from workforce_core.errors import NotFound, ValidationFailed
from workforce_core.model.pay_codes import MULTIPLIERS, PAYROLL_PACKAGES
from workforce_core.rules.pages import Page
from workforce_core.rules.payroll_lines import LABELS
from workforce_core.rules.people import Power
from workforce_core.services import pay_codes
from workforce_entrypoints.web.common.done import Done
from workforce_entrypoints.web.common.redirects import back_to
from workforce_entrypoints.web.common.visits import Visit, console_route

PACKAGE_NAMES = {"sage_50_payroll": "Sage 50 Payroll", "brightpay": "BrightPay", "staffology": "Staffology (IRIS)"}
CODE_WORDS = {
    "sage_50_payroll": "Payment number",
    "brightpay": "Hourly payment description",
    "staffology": "Pay code",
}


def pay_codes_page(visit: Visit) -> Response:
    p, s = visit.client, visit.services
    codes = s.run(pay_codes.pay_codes, p.client_id)
    return visit.page(
        "pay_codes.html",
        packages=PAYROLL_PACKAGES,
        names=PACKAGE_NAMES,
        words=CODE_WORDS,
        elements=PAY_ELEMENTS,
        labels=LABELS,
        multipliers={package: [str(m) for m in found] for package, found in MULTIPLIERS.items()},
        chosen={(code.package, code.element): code for code in codes},
    )


def save(visit: Visit) -> Response:
    package = visit.path["package"]
    if package not in PAYROLL_PACKAGES:
        raise NotFound(f"no payroll package {package}.")
    commands = [structure(SetPayCode, _body(visit, package, element)) for element in PAY_ELEMENTS]
    for command in commands:  # every element is checked before any is saved
        visit.services.run(pay_codes.set_pay_code, command, actor=visit.signed.actor)
    return back_to(visit, "/pay-codes", Done.PAY_CODES_SAVED)


def _body(visit: Visit, package: str, element: str) -> dict[str, Any]:
    body: dict[str, Any] = {
        "client_id": visit.client.client_id,
        "package": package,
        "element": element,
        "code": visit.value(f"code_{element}"),
    }
    multiplier = visit.value(f"multiplier_{element}")
    if multiplier is not None and body["code"] is not None:
        try:
            body["multiplier"] = Decimal(multiplier)
        except InvalidOperation:
            raise ValidationFailed("multiplier", "multiplier must be a number.") from None
    return body


ROUTES: list[BaseRoute] = [
    console_route("/{client_id:int}/pay-codes", pay_codes_page, power=Power.EXPORT, opens=Page.PAY_CODES),
    console_route("/{client_id:int}/pay-codes/{package}", save, methods=("POST",), power=Power.EXPORT),
]
