"""The ports of two-factor sign-in: the code generator (RFC 6238), and the records kept per person."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime
from typing import Protocol

from workforce_core.model.two_factor import RecoveryCode, SignInChallenge, TwoFactor
from workforce_core.ports.repositories import Repository


class OneTimeCodes(Protocol):
    """Time-based one-time codes (``workforce_adapters.one_time_codes``: pyotp): six digits, 30 seconds."""

    def new_secret(self) -> str:
        """A fresh random secret in base32, as authenticator apps read it."""
        ...

    def uri(self, secret: str, name: str, issuer: str) -> str:
        """The ``otpauth://`` address an app reads from a QR code."""
        ...

    def step_of(self, secret: str, code: str, at: datetime) -> int | None:
        """The 30-second step whose code this is, within a step either side of ``at``; else None."""
        ...


class TwoFactorRepository(Repository[TwoFactor], Protocol):
    def of_user(self, user_id: int) -> TwoFactor | None: ...

    def on_among(self, user_ids: Collection[int]) -> set[int]:
        """Which of these people have two-factor sign-in on, in one read (Setup's list of users)."""
        ...

    def claim_step(self, two_factor_id: int, step: int) -> bool:
        """Store ``step`` as the last accepted if it is newer than the stored one: True for the one
        caller that did (two sessions sending one code at once: one wins)."""
        ...

    def remove(self, user_id: int) -> None:
        """Forget the person's generator and recovery codes (turned off, or reset by an operator)."""
        ...


class RecoveryCodeRepository(Protocol):
    def add(self, item: RecoveryCode) -> RecoveryCode: ...

    def find(self, user_id: int, code_hash: str) -> RecoveryCode | None:
        """The person's code with this hash, used or not."""
        ...

    def left(self, user_id: int) -> int:
        """How many of the person's codes are unused."""
        ...

    def claim(self, code_id: int, at: datetime) -> bool:
        """Mark the code used at ``at`` if no one has: True for the one caller that did."""
        ...


class SignInChallengeRepository(Repository[SignInChallenge], Protocol):
    def by_token_hash(self, token_hash: str) -> SignInChallenge | None: ...

    def claim(self, challenge_id: int, at: datetime) -> bool:
        """Mark the second step used at ``at`` if no one has: True for the one caller that did."""
        ...
