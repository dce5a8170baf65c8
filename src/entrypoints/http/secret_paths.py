"""Addresses that carry a secret (a one-time sign-in link's token) are never logged whole: the access
log shows the token's first characters then ``...``, enough to tell two links apart in a log and of no
use to open one.

A filter on uvicorn's access logger rewrites the path of each record before any handler formats it,
so it holds whatever handlers and formats the operator configures.
"""

from __future__ import annotations

import logging
import re

ACCESS_LOGGER = "uvicorn.access"
SHOWN = 6  # characters of a token kept in a log line
# the worker app's sign-in links, the portal's sign-off links and the offers' one-tap links:
# /app/link/<token>, /portal/link/<token>, /offers/link/<token>
SECRET_PATH = re.compile(r"(?P<route>/(?:app|portal|offers)/link/)(?P<secret>[^/?#\s]+)")


def hide_secrets(path: str) -> str:
    """``path`` with each secret cut to its first characters and ``...``."""
    return SECRET_PATH.sub(lambda found: f"{found['route']}{found['secret'][:SHOWN]}...", path)


class SecretsHidden(logging.Filter):
    """Rewrites the arguments of uvicorn's access records (client, method, path, version, status)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(hide_secrets(arg) if isinstance(arg, str) else arg for arg in record.args)
        return True


_FILTER = SecretsHidden()


def hide_secrets_in_access_log() -> None:
    """Install the filter on uvicorn's access logger (once, however many apps are made)."""
    logging.getLogger(ACCESS_LOGGER).addFilter(_FILTER)
