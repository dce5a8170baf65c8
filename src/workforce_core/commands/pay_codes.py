"""Setting (or clearing) what one of our pay elements is called in a payroll package, for one client."""

from __future__ import annotations

from decimal import Decimal

from attrs import frozen

from workforce_core.commands.inputs import Choice, Id, Number, Text, given, needed
from workforce_core.errors import ValidationFailed
from workforce_core.model.pay_codes import MULTIPLIERS, PAYROLL_PACKAGES, PayrollPackage
from workforce_core.rules import text
from workforce_core.rules.payroll_lines import LABELS

PAY_ELEMENTS: tuple[str, ...] = tuple(LABELS)  # regular ... guarantee, then holiday


@frozen(kw_only=True)
class SetPayCode:
    """``code`` null (or left out) clears the element's code in that package. Sage 50 Payroll's payment
    numbers are whole numbers; only BrightPay takes a ``multiplier`` (one of its hours columns)."""

    client_id: int = needed(Id(required=True))
    package: str = needed(Choice(PAYROLL_PACKAGES, required=True))
    element: str = needed(Choice(PAY_ELEMENTS, required=True))
    code: str | None = given(Text(text.single_line, 60))
    multiplier: Decimal | None = given(Number(low=Decimal(1), high=Decimal(4), what="from 1 to 4", places=4))

    def __attrs_post_init__(self) -> None:
        if self.code is not None and self.package == PayrollPackage.SAGE_50_PAYROLL and not self.code.isdigit():
            raise ValidationFailed("code", "a Sage 50 Payroll payment number is a whole number (e.g. 1).")
        allowed = MULTIPLIERS.get(self.package)
        if self.multiplier is not None:
            if allowed is None:
                raise ValidationFailed("multiplier", f"{self.package} takes no multiplier.")
            if self.multiplier not in allowed:
                raise ValidationFailed("multiplier", f"multiplier is one of {', '.join(map(str, allowed))}.")
