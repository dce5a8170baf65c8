"""The shifts board's week grid: rows are a site's requirement lines (a role at a time of day), columns
the seven days of the pay week; each cell holds the requirements of its day with their booking chips,
and a site's bookings made without a requirement have a line of their own."""

from __future__ import annotations

from datetime import date

from attrs import frozen

from workforce_core.views.bookings import DemandView, ShiftView


@frozen
class Placed:
    """A requirement of a day and the bookings that fill it (chips: not cancelled)."""

    requirement: DemandView
    chips: tuple[ShiftView, ...]
    soon: bool = False  # open, not full, starting within a week (``rules.demands.needs_filling``)


@frozen
class BoardCell:
    day: date
    requirements: tuple[Placed, ...] = ()
    loose: tuple[ShiftView, ...] = ()  # bookings of the day on no requirement (the site's own line)


@frozen
class BoardLine:
    """One row: a site's requirements of one role from one time to another (local ``HH:MM``), or, with
    ``start`` None, the site's bookings on no requirement."""

    location_id: int
    site: str
    job_role: str | None
    start: str | None
    end: str | None
    cells: tuple[BoardCell, ...]  # one a day of the week

    @property
    def loose(self) -> bool:
        return self.start is None


@frozen
class Board:
    days: tuple[date, ...]
    lines: tuple[BoardLine, ...]
    headcount: int  # places asked for by the shown requirements (not cancelled)
    filled: int
    soon: int  # requirements starting within a week that are not full
    roles: tuple[str, ...]  # every role of the week's requirements, for the filter
    truncated: bool  # more requirements or bookings than one board reads

    @property
    def open_places(self) -> int:
        return max(0, self.headcount - self.filled)
