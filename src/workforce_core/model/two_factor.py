"""Two-factor sign-in of console users: a person's time-based code generator (RFC 6238), their
single-use recovery codes, and the second step of a sign-in between a right password and a right code.

The generator's secret is kept as it must be used (in clear, as a webhook's signing secret is); a
recovery code is kept only as its SHA-256 (it is 80 random bits, never a person's choice); a second
step is kept by the SHA-256 of its cookie token, as a session is.
"""

from __future__ import annotations

import base64
import secrets
from datetime import datetime

from attrs import define

from workforce_core.model.keys import hash_secret

RECOVERY_CODE_GROUPS = 4  # four groups of four base32 characters: 80 random bits


@define
class TwoFactor:
    """A person's code generator: set up (``enabled_at`` None) until a code from it is confirmed, then
    on. ``last_step`` is the newest 30-second step whose code was accepted: a code of that step or an
    older one is refused (a code works once, in any session)."""

    user_id: int
    secret: str = ""
    created_at: datetime | None = None
    enabled_at: datetime | None = None
    last_step: int | None = None
    id: int = 0

    @property
    def on(self) -> bool:
        return self.enabled_at is not None


@define
class RecoveryCode:
    user_id: int
    code_hash: str
    created_at: datetime
    used_at: datetime | None = None
    id: int = 0


@define
class SignInChallenge:
    """A right password waiting for its code: ends at ``expires_at``, used once (``used_at``)."""

    user_id: int
    token_hash: str
    created_at: datetime
    expires_at: datetime
    address: str | None = None
    used_at: datetime | None = None
    id: int = 0


def new_recovery_code() -> str:
    """``abcd-efgh-ijkl-mnop``: 80 random bits in lower-case base32 (no 0/1/8/9 to misread)."""
    text = base64.b32encode(secrets.token_bytes(10)).decode("ascii").lower()
    return "-".join(text[at : at + 4] for at in range(0, len(text), 4))


def recovery_code_hash(user_id: int, code: str) -> str:
    """The kept form of a recovery code, bound to its person (one person's code is no one else's)."""
    return hash_secret(f"{user_id}:{code}")
