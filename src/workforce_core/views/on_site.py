"""GET /on-site-now.php: who is clocked in at each site, with the headcount."""

from __future__ import annotations

from datetime import datetime

from attrs import frozen

from workforce_core.views.time_entries import EntryView


@frozen
class OnSiteWorker:
    view: EntryView  # the open shift
    minutes_on_shift: int

    @property
    def within_geofence(self) -> int | None:
        return self.view.entry.within_geofence


@frozen
class Headcount:
    """Counts of open shifts. ``geofence_unknown`` (no GPS or no fence) is counted as on site."""

    clocked_in: int = 0
    on_site: int = 0
    off_site: int = 0
    geofence_unknown: int = 0
    low_gps_confidence: int = 0

    @classmethod
    def of(cls, workers: tuple[OnSiteWorker, ...]) -> Headcount:
        fences = [w.within_geofence for w in workers]
        return cls(
            clocked_in=len(workers),
            on_site=sum(1 for within in fences if within != 0),
            off_site=sum(1 for within in fences if within == 0),
            geofence_unknown=sum(1 for within in fences if within is None),
            low_gps_confidence=sum(1 for w in workers if w.view.entry.low_gps_confidence),
        )


@frozen
class SiteOnShift:
    location_id: int
    location_name: str
    workers: tuple[OnSiteWorker, ...]

    @property
    def counts(self) -> Headcount:
        return Headcount.of(self.workers)


@frozen
class OnSiteNow:
    as_of: datetime
    locations: tuple[SiteOnShift, ...]
    unassigned: tuple[OnSiteWorker, ...]  # open shifts with no site

    @property
    def totals(self) -> Headcount:
        return Headcount.of((*(w for site in self.locations for w in site.workers), *self.unassigned))
