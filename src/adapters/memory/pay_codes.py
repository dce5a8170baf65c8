"""A client's pay codes in memory (the SQL adapter's twin)."""

from __future__ import annotations

import attrs

from workforce_adapters.memory.repositories import MemoryRepository
from workforce_core.model.pay_codes import PayCode


class MemoryPayCodes(MemoryRepository[PayCode]):
    def for_client(self, client_id: int) -> list[PayCode]:
        mine = self._table.where(lambda c: c.client_id == client_id)
        return sorted(mine, key=lambda c: (c.package, c.element))

    def put(self, code: PayCode) -> PayCode:
        found = self._find(code.client_id, code.package, code.element)
        if found is None:
            return self.add(code)
        stored = attrs.evolve(code, id=found.id)
        self.update(stored)
        return stored

    def remove(self, client_id: int, package: str, element: str) -> bool:
        found = self._find(client_id, package, element)
        if found is not None:
            self._table.delete(found.id)
        return found is not None

    def _find(self, client_id: int, package: str, element: str) -> PayCode | None:
        same = self._table.where(lambda c: (c.client_id, c.package, c.element) == (client_id, package, element))
        return same[0] if same else None
