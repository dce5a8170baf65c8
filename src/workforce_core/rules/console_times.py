"""Times typed at the console: local Europe/London wall-clock times, or ISO 8601 with an offset."""

from __future__ import annotations

import re
from datetime import datetime

from workforce_core.errors import ValidationFailed
from workforce_core.rules.london import local_text, parse_instant

_CONSOLE_TIME = re.compile(r"\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2})?(?P<zone>Z|z|[+-]\d{2}:?\d{2})?")


def console_time(text: str, field: str) -> datetime:
    """A console time: local ``YYYY-MM-DD HH:MM[:SS]`` (Europe/London), or ISO 8601 with ``Z``/offset.

    A local time in the repeated autumn hour is its first pass (give an offset for the second); one in
    the skipped spring hour does not exist and is refused.
    """
    written = text.strip()
    match = _CONSOLE_TIME.fullmatch(written)
    moment = parse_instant(written) if match else None
    if match is None or moment is None:
        raise ValidationFailed(field, f"{field} must be a local time YYYY-MM-DD HH:MM (Europe/London).")
    if match.group("zone") is None:
        wall = written.replace("T", " ")
        wall = wall if len(wall) == 19 else f"{wall}:00"
        if local_text(moment) != wall:
            raise ValidationFailed(field, f"{written} does not exist in Europe/London (the clocks went forward).")
    return moment
