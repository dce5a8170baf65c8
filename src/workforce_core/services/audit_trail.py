"""Reading the audit trail: an account's rows with the Setup page's filters (owners and operator admins,
the Setup power), and one record's own history (a shift's, a worker's page: whoever sees that page)."""

from __future__ import annotations

from workforce_core.model.people import Actor
from workforce_core.ports import UnitOfWorkFactory
from workforce_core.ports.paging import Page, Paging
from workforce_core.rules import people
from workforce_core.rules.people import Power
from workforce_core.views.audit import AuditFilter, AuditRow

HISTORY_ROWS = 50  # a record's page shows its newest changes


def audit_trail(query: AuditFilter, paging: Paging, *, uow: UnitOfWorkFactory, actor: Actor | None) -> Page[AuditRow]:
    people.require(actor, Power.SETUP)
    with uow(read_only=True) as tx:
        return tx.audit.find(query, paging)


def record_history(client_id: int, entity: str, entity_id: int, *, uow: UnitOfWorkFactory) -> tuple[AuditRow, ...]:
    """The newest changes of one record (``entity`` ``booking``, ``worker``, ...) of the account."""
    query = AuditFilter(client_id, entity=entity, entity_id=entity_id)
    with uow(read_only=True) as tx:
        return tx.audit.find(query, Paging(limit=HISTORY_ROWS)).items
