"""A worker clocked in by hand at the console: a worker who forgot, at a site, now or up to an
hour back (``clock_in`` as a local console time; default now), with the reason."""

from __future__ import annotations

from datetime import datetime

from attrs import frozen

from workforce_core.commands.inputs import ConsoleTime, Id, Text, given, needed
from workforce_core.rules import text


@frozen(kw_only=True)
class ManualClockIn:
    worker_id: int = needed(Id(required=True))
    location_id: int = needed(Id(required=True))
    reason: str = needed(Text(text.single_line, 255, required=True))
    clock_in: datetime | None = given(ConsoleTime())
