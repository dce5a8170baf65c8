"""The rules of two-factor sign-in: who must set it up, how long a second step waits, what a typed
code is, and when a time-based code is fresh (a code works once).

Codes are throttled as passwords are (``rules.people``): every attempt takes a slot, 10 per person
and 30 per address in five minutes, in buckets of their own.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from enum import StrEnum

from workforce_core.model.people import Role
from workforce_core.model.two_factor import SignInChallenge
from workforce_core.rules.people import SIGN_IN_PER_ADDRESS, SIGN_IN_PER_USER, SIGN_IN_WINDOW_SECONDS

SECOND_STEP_LIFETIME = timedelta(minutes=5)
RECOVERY_CODES = 10
CODES_PER_USER = SIGN_IN_PER_USER
CODES_PER_ADDRESS = SIGN_IN_PER_ADDRESS
CODES_WINDOW_SECONDS = SIGN_IN_WINDOW_SECONDS
# WORKFORCE_REQUIRE_2FA: the roles that may change the account's setup (its people, keys, webhooks)
REQUIRED_ROLES: frozenset[str] = frozenset({Role.OWNER, Role.OPERATOR})

_TIME_CODE = re.compile(r"\d{6}")
_RECOVERY_CODE = re.compile(r"[a-z2-7]{16}")


class CodeKind(StrEnum):
    TIME = "time"  # six digits from the person's app
    RECOVERY = "recovery"  # one of their ten single-use codes


def read_code(text: str) -> tuple[CodeKind, str] | None:
    """What a person typed: spaces and hyphens dropped, letters folded; None when it is neither kind."""
    plain = re.sub(r"[\s-]", "", text).lower()
    if _TIME_CODE.fullmatch(plain):
        return CodeKind.TIME, plain
    if _RECOVERY_CODE.fullmatch(plain):
        return CodeKind.RECOVERY, "-".join(plain[at : at + 4] for at in range(0, 16, 4))
    return None


def fresh_step(step: int, last_step: int | None) -> bool:
    """A code's time step is accepted only when newer than the last one accepted for the person."""
    return last_step is None or step > last_step


def challenge_live(challenge: SignInChallenge, now: datetime) -> bool:
    return challenge.used_at is None and now < challenge.expires_at


def set_up_due(role: str, required: bool, on: bool) -> bool:
    """With WORKFORCE_REQUIRE_2FA, an owner or operator admin without two-factor sign-in must set it up
    before any other console page."""
    return required and role in REQUIRED_ROLES and not on
