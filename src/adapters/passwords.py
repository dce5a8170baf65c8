"""Password hashing with argon2id (argon2-cffi): the hash string carries its salt and parameters, so a
stronger setting later rehashes a password at its next sign-in."""

from __future__ import annotations

from argon2 import PasswordHasher as Argon2Hasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError


class Argon2PasswordHasher:
    """argon2-cffi's defaults (RFC 9106's low-memory profile); ``fast`` for test runs only."""

    def __init__(self, *, fast: bool = False) -> None:
        self._hasher = Argon2Hasher(time_cost=1, memory_cost=8, parallelism=1) if fast else Argon2Hasher()

    def hash(self, password: str) -> str:
        return self._hasher.hash(password)

    def verify(self, password_hash: str, password: str) -> bool:
        try:
            return self._hasher.verify(password_hash, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False

    def needs_rehash(self, password_hash: str) -> bool:
        return self._hasher.check_needs_rehash(password_hash)
