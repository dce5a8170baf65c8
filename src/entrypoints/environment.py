"""The environment variables the entry points read (a light module: the console's ``--help`` imports it)."""

from __future__ import annotations

DATABASE_ENV = "WORKFORCE_DATABASE_URL"
REQUIRE_2FA_ENV = "WORKFORCE_REQUIRE_2FA"  # owners and operator admins set up two-factor sign-in first
AUDIT_STRICT_ENV = "WORKFORCE_AUDIT_STRICT"  # the tests': a request's write that no audit row names fails
YES = ("1", "true", "yes", "on")
NO = ("", "0", "false", "no", "off")


def switch(name: str, value: str | None) -> bool:
    """An on/off setting: 1, true, yes or on (any case) is on; unset, empty, 0, false, no or off is off."""
    text = (value or "").strip().lower()
    if text in YES:
        return True
    if text in NO:
        return False
    raise ValueError(
        f"{name} must be one of {', '.join(YES)} (on) or {', '.join(n for n in NO if n)} (off), not {value!r}"
    )
