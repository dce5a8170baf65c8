"""A client's pay codes: what each of our pay elements is called in each payroll package."""

from __future__ import annotations

from typing import Protocol

from workforce_core.model.pay_codes import PayCode


class PayCodes(Protocol):
    def for_client(self, client_id: int) -> list[PayCode]:
        """The client's codes, by package then element name."""
        ...

    def put(self, code: PayCode) -> PayCode:
        """Store the code of ``(client, package, element)``, replacing the one there; returns it with its id."""
        ...

    def remove(self, client_id: int, package: str, element: str) -> bool:
        """Clear the element's code in the package; False when it had none."""
        ...
