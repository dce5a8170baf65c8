"""What the sign-in pages share: where to go after signing in, and the password form's own token cookie."""

from __future__ import annotations

from urllib.parse import urlsplit

PRE_COOKIE = "workforce_sign_in"


def next_path(target: str | None) -> str:
    """Where to go after signing in: a console or portal path of this site only (never another host)."""
    if target and target.startswith(("/console/", "/portal/")) and not urlsplit(target).netloc:
        return target
    return "/console/"
