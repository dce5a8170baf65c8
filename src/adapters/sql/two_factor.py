"""Two-factor sign-in in SQL: a code's step and a recovery code are claimed by conditional updates, so
two sessions sending one code at once get one session between them."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from sqlalchemy import Connection, delete, func, or_, select, update

from workforce_adapters.sql import tables
from workforce_adapters.sql.people import SqlOneTimeLinks
from workforce_adapters.sql.repositories import SqlRepository
from workforce_core.model.two_factor import RecoveryCode, SignInChallenge, TwoFactor


class SqlTwoFactorRepository(SqlRepository[TwoFactor]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.user_two_factor, TwoFactor)

    def of_user(self, user_id: int) -> TwoFactor | None:
        found = self._many(self.table.c.user_id == user_id)
        return found[0] if found else None

    def on_among(self, user_ids: Collection[int]) -> set[int]:
        c = self.table.c
        wanted = sorted(set(user_ids))
        query = select(c.user_id).where(c.user_id.in_(wanted), c.enabled_at.is_not(None))
        return {int(user_id) for user_id in self.connection.execute(query).scalars()} if wanted else set()

    def claim_step(self, two_factor_id: int, step: int) -> bool:
        c = self.table.c
        newer = (c.id == two_factor_id, or_(c.last_step.is_(None), c.last_step < step))
        return self.connection.execute(update(self.table).where(*newer).values(last_step=step)).rowcount == 1

    def remove(self, user_id: int) -> None:
        self.connection.execute(delete(tables.recovery_codes).where(tables.recovery_codes.c.user_id == user_id))
        self.connection.execute(delete(self.table).where(self.table.c.user_id == user_id))


class SqlRecoveryCodeRepository(SqlRepository[RecoveryCode]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.recovery_codes, RecoveryCode)

    def find(self, user_id: int, code_hash: str) -> RecoveryCode | None:
        found = self._many(self.table.c.user_id == user_id, self.table.c.code_hash == code_hash)
        return found[0] if found else None

    def left(self, user_id: int) -> int:
        c = self.table.c
        unused = select(func.count()).select_from(self.table).where(c.user_id == user_id, c.used_at.is_(None))
        return int(self.connection.execute(unused).scalar_one())

    def claim(self, code_id: int, at: datetime) -> bool:
        unused = (self.table.c.id == code_id, self.table.c.used_at.is_(None))
        return self.connection.execute(update(self.table).where(*unused).values(used_at=at)).rowcount == 1


class SqlSignInChallengeRepository(SqlOneTimeLinks[SignInChallenge]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, tables.sign_in_challenges, SignInChallenge)
