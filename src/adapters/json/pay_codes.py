"""A client's pay codes as GET /rate-rules.php's ``meta.pay_codes`` and the console's
``pay-codes list`` show them: ``{package, element, code, multiplier}`` each."""

from __future__ import annotations

from typing import Any

from workforce_adapters.json.shapes import decimal_number
from workforce_core.model.pay_codes import PayCode


def pay_code_record(code: PayCode) -> dict[str, Any]:
    return {
        "package": code.package,
        "element": code.element,
        "code": code.code,
        "multiplier": decimal_number(code.multiplier),
    }
