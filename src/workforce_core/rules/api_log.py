"""What the API log keeps of a request's address, and how long it keeps it.

A query parameter named like a secret (a token, key, password, secret, signature, session or
credential) keeps its name and loses its value (``token=...``); so does any value that is an API key
(``wfk_...``), whatever its parameter. The rest is kept as sent. The log is read by people answering
support questions, and a secret in it would be a key to the account.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from urllib.parse import unquote_plus

from workforce_core.model.api_requests import PATH_LENGTH
from workforce_core.model.keys import KEY_PREFIX

CUT = "..."
SECRET_NAME = re.compile(r"token|key|secret|passw|pwd|auth|signature|sig$|session|credential", re.IGNORECASE)
# a query holding none of these anywhere (the usual case) has nothing to cut: looked for as plain text
LOOKS_SECRET = ("token", "key", "secret", "passw", "pwd", "auth", "sig", "session", "credential", KEY_PREFIX)
STATUS_CLASSES = ("2xx", "3xx", "4xx", "5xx")
MOST_DAYS = 3660  # ten years


def logged_path(path: str, query: str) -> str:
    """``path?query`` with secret-like values cut, the rest as sent, at most ``PATH_LENGTH`` characters."""
    if not query:
        return path[:PATH_LENGTH]
    if _may_hold_secrets(unquote_plus(query).lower()):
        query = "&".join(_shown(part) for part in query.split("&"))
    return f"{path}?{query}"[:PATH_LENGTH]


def _may_hold_secrets(text: str) -> bool:
    return any(word in text for word in LOOKS_SECRET)  # plain ``in``: a fraction of a regular expression's time


def _shown(part: str) -> str:
    name, _, value = part.partition("=")
    if SECRET_NAME.search(unquote_plus(name)) or unquote_plus(value).startswith(KEY_PREFIX):
        return f"{name}={CUT}"
    return part


def kept_from(now: datetime, days: int) -> datetime:
    """The oldest moment the log still keeps ``days`` days after."""
    return now - timedelta(days=days)


def status_range(chosen: str) -> tuple[int, int]:
    """The statuses a filter names: a class (``4xx``) or one code (``404``); ``ValueError`` otherwise."""
    if chosen in STATUS_CLASSES:
        first = int(chosen[0]) * 100
        return first, first + 99
    if chosen.isdigit() and len(chosen) == 3 and 100 <= int(chosen) <= 599:
        return int(chosen), int(chosen)
    raise ValueError(chosen)
