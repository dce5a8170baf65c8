"""The console's dashboard of a pay week against the four before it: booked hours by day and site, and
per week the booked hours, the places asked for and filled, and the open places left."""

from __future__ import annotations

from datetime import date, datetime

from attrs import frozen


@frozen
class BookedSlot:
    """Bookings alike (one site, day, start, end, break and status) counted: what booked hours are summed
    from, read grouped by the database."""

    location_id: int
    location_name: str | None
    shift_date: date
    start: datetime
    end: datetime
    break_minutes: int
    status: str
    bookings: int


@frozen
class WeekFigures:
    week: date
    booked_minutes: int  # bookings not cancelled, their breaks left out
    headcount: int  # places asked for by requirements not cancelled
    filled: int

    @property
    def open_places(self) -> int:
        return max(0, self.headcount - self.filled)

    @property
    def fill_rate(self) -> float | None:
        """Filled places over places asked for, as a percentage to one decimal; None with none asked."""
        return None if not self.headcount else round(100 * min(self.filled, self.headcount) / self.headcount, 1)


@frozen
class SiteDay:
    location_id: int
    site: str
    day: date
    booked_minutes: int


@frozen
class Dashboard:
    week: date
    weeks: tuple[WeekFigures, ...]  # the four weeks before, then the week itself (oldest first)
    days: tuple[date, ...]
    by_site_day: tuple[SiteDay, ...]  # the week's booked minutes by site and day (sites by name)
    # the sites with payroll lines in the week (as /payroll.php?location_id= finds them), for the margin by
    # site; None for a role without payroll:read
    paid_sites: tuple[int, ...] | None = None

    @property
    def this_week(self) -> WeekFigures:
        return self.weeks[-1]

    @property
    def sites(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(cell.site for cell in self.by_site_day))

    def minutes(self, site: str, day: date) -> int:
        return sum(c.booked_minutes for c in self.by_site_day if c.site == site and c.day == day)


@frozen
class WeekChecks:
    """What waits on people in one pay week, as the API counts it: shifts not approved (``/pay-weeks.php``),
    completed shifts awaiting the hirer's sign-off (``/timesheets.php``, ``client_approval=pending``),
    exceptions by type (``/exceptions.php``), late clocks recorded into it (``/pay-weeks.php``) and the
    paid minutes and overtime minutes of its payroll lines (``/payroll.php``). None where the role may
    not read that figure."""

    week: date
    not_approved: int | None = None
    awaiting_sign_off: int | None = None
    exceptions: tuple[tuple[str, int], ...] | None = None  # (type, count), by type
    late_clocks: int | None = None
    paid_minutes: int | None = None
    overtime_minutes: int | None = None

    @property
    def overtime_share(self) -> float | None:
        """Overtime minutes over all paid minutes, as a percentage to one decimal; None with none paid."""
        if not self.paid_minutes or self.overtime_minutes is None:
            return None
        return round(100 * self.overtime_minutes / self.paid_minutes, 1)

    def exceptions_of(self, kind: str) -> int:
        return dict(self.exceptions or ()).get(kind, 0)
