"""A client's pay codes: set or clear what a pay element is called in a payroll package (the console
and ``workforce pay-codes set``), and read them (GET /rate-rules.php's meta, the presets, the console)."""

from __future__ import annotations

from workforce_core.commands.pay_codes import SetPayCode
from workforce_core.errors import NotFound
from workforce_core.model.pay_codes import PayCode
from workforce_core.model.people import Actor
from workforce_core.ports import UnitOfWorkFactory
from workforce_core.rules import people
from workforce_core.rules.people import Power


def set_pay_code(command: SetPayCode, *, uow: UnitOfWorkFactory, actor: Actor | None = None) -> PayCode | None:
    """Store the code (replacing the element's code in that package), or clear it when ``code`` is null;
    returns the code stored, or None when cleared."""
    people.require(actor, Power.EXPORT)
    with uow() as tx:
        if tx.clients.get(command.client_id) is None or not people.reaches_account(actor, command.client_id):
            raise NotFound(f"client {command.client_id} was not found.", field="client_id")
        stored: PayCode | None = None
        if command.code is None:
            tx.pay_codes.remove(command.client_id, command.package, command.element)
        else:
            code = PayCode(command.client_id, command.package, command.element, command.code, command.multiplier)
            stored = tx.pay_codes.put(code)
        tx.commit()
    return stored


def pay_codes(client_id: int, *, uow: UnitOfWorkFactory) -> list[PayCode]:
    with uow(read_only=True) as tx:
        return tx.pay_codes.for_client(client_id)
