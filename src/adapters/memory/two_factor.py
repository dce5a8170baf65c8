"""Two-factor sign-in in memory (the port-contract suite holds it to the SQL behaviour); a writing unit
of work holds the store's lock, so a claim here is as exclusive as SQL's conditional update."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

import attrs

from workforce_adapters.memory.people import MemoryOneTimeLinks
from workforce_adapters.memory.repositories import MemoryRepository, MemoryTable
from workforce_core.model.two_factor import RecoveryCode, SignInChallenge, TwoFactor


class MemoryTwoFactorRepository(MemoryRepository[TwoFactor]):
    def __init__(self, table: MemoryTable[TwoFactor], recovery: MemoryTable[RecoveryCode]) -> None:
        super().__init__(table)
        self._recovery = recovery

    def of_user(self, user_id: int) -> TwoFactor | None:
        found = self._table.where(lambda factor: factor.user_id == user_id)
        return found[0] if found else None

    def on_among(self, user_ids: Collection[int]) -> set[int]:
        wanted = set(user_ids)
        return {factor.user_id for factor in self._table.where(lambda f: f.user_id in wanted and f.on)}

    def claim_step(self, two_factor_id: int, step: int) -> bool:
        factor = self.get(two_factor_id)
        if factor is None or (factor.last_step is not None and factor.last_step >= step):
            return False
        self.update(attrs.evolve(factor, last_step=step))
        return True

    def remove(self, user_id: int) -> None:
        for code in self._recovery.where(lambda code: code.user_id == user_id):
            self._recovery.delete(code.id)
        for factor in self._table.where(lambda factor: factor.user_id == user_id):
            self._table.delete(factor.id)


class MemoryRecoveryCodeRepository(MemoryRepository[RecoveryCode]):
    def find(self, user_id: int, code_hash: str) -> RecoveryCode | None:
        found = self._table.where(lambda code: code.user_id == user_id and code.code_hash == code_hash)
        return found[0] if found else None

    def left(self, user_id: int) -> int:
        return len(self._table.where(lambda code: code.user_id == user_id and code.used_at is None))

    def claim(self, code_id: int, at: datetime) -> bool:
        code = self.get(code_id)
        if code is None or code.used_at is not None:
            return False
        self.update(attrs.evolve(code, used_at=at))
        return True


class MemorySignInChallengeRepository(MemoryOneTimeLinks[SignInChallenge]):
    pass
