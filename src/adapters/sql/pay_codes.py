"""A client's pay codes in SQL, on the unit of work's connection."""

from __future__ import annotations

import attrs
from sqlalchemy import Connection, delete, select, update

from workforce_adapters.sql import tables
from workforce_adapters.sql.repositories import SqlRepository
from workforce_core.model.pay_codes import PayCode

P = tables.pay_codes


class SqlPayCodes(SqlRepository[PayCode]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, P, PayCode)

    def for_client(self, client_id: int) -> list[PayCode]:
        query = select(P).where(P.c.client_id == client_id).order_by(P.c.package, P.c.element)
        return [self._record(row) for row in self.connection.execute(query).mappings()]

    def put(self, code: PayCode) -> PayCode:
        mine = (P.c.client_id == code.client_id, P.c.package == code.package, P.c.element == code.element)
        found = self.connection.execute(select(P.c.id).where(*mine)).scalar_one_or_none()
        if found is None:
            return self.add(code)
        self.connection.execute(update(P).where(P.c.id == found).values(code=code.code, multiplier=code.multiplier))
        return attrs.evolve(code, id=found)

    def remove(self, client_id: int, package: str, element: str) -> bool:
        gone = delete(P).where(P.c.client_id == client_id, P.c.package == package, P.c.element == element)
        return bool(self.connection.execute(gone.execution_options(preserve_rowcount=True)).rowcount)
