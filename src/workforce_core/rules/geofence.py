"""Geofences: great-circle distance (haversine, metres) and the site's check of a clock's position."""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import Decimal

from attrs import evolve, frozen

from workforce_core.model.reference import Location

EARTH_RADIUS_METRES = 6_371_008.8  # mean Earth radius (IUGG)


def haversine_metres(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    phi1, phi2 = math.radians(lat1), math.radians(lat2)
    d_phi = phi2 - phi1
    d_lambda = math.radians(lon2 - lon1)
    a = math.sin(d_phi / 2) ** 2 + math.cos(phi1) * math.cos(phi2) * math.sin(d_lambda / 2) ** 2
    return 2 * EARTH_RADIUS_METRES * math.asin(min(1.0, math.sqrt(a)))


@frozen
class Position:
    latitude: Decimal
    longitude: Decimal
    accuracy: Decimal | None = None


@frozen
class FenceCheck:
    """What a site's fence makes of a position. ``refusal`` is an error code, or None when accepted."""

    within: int | None = None  # 1 inside, 0 outside, None unknown (no GPS or no fence)
    distance: int | None = None
    radius: int | None = None
    refusal: str | None = None  # gps_required, site_not_mapped, outside_geofence
    breach: bool = False  # accepted outside a warning-mode fence
    low_gps_confidence: bool | None = None


def check_fence(site: Location | None, position: Position | None) -> FenceCheck:
    low = None
    if site is not None and position is not None and position.accuracy is not None:
        low = site.gps_accuracy_threshold is not None and position.accuracy > site.gps_accuracy_threshold
    if site is None or site.geofence_mode == "disabled":
        return FenceCheck(low_gps_confidence=low)
    mapped = site.latitude is not None and site.longitude is not None
    if site.geofence_mode == "strict":
        if not mapped:
            return FenceCheck(radius=site.geofence_radius, refusal="site_not_mapped", low_gps_confidence=low)
        if position is None:
            return FenceCheck(radius=site.geofence_radius, refusal="gps_required", low_gps_confidence=low)
    if site.latitude is None or site.longitude is None or position is None:
        return FenceCheck(low_gps_confidence=low)
    distance = round(
        haversine_metres(
            float(position.latitude), float(position.longitude), float(site.latitude), float(site.longitude)
        )
    )
    inside = distance <= site.geofence_radius
    return FenceCheck(
        within=1 if inside else 0,
        distance=distance,
        radius=site.geofence_radius,
        refusal="outside_geofence" if not inside and site.geofence_mode == "strict" else None,
        breach=not inside and site.geofence_mode == "warning",
        low_gps_confidence=low,
    )


@frozen
class SiteFence:
    """The site a phone's position was checked at and what its fence made of it (``site`` None: the
    client has no mapped site)."""

    site: Location | None
    fence: FenceCheck


def _mapped(site: Location) -> bool:
    return site.latitude is not None and site.longitude is not None


def app_fence(sites: Sequence[Location], position: Position | None, preferred: int | None = None) -> SiteFence:
    """The worker app's check: a phone's position against every mapped site given, each fence strict
    whatever the site's own mode. Inside one or more: the ``preferred`` site (the booking's) when it is
    among them, else the nearest (then the lowest id). Outside all: refused at the nearest. No mapped
    site: ``site_not_mapped``; no position: ``gps_required`` (at the preferred mapped site, else none)."""
    mapped = [site for site in sites if _mapped(site)]
    if not mapped:
        return SiteFence(None, FenceCheck(refusal="site_not_mapped"))
    if position is None:
        chosen = next((site for site in mapped if site.id == preferred), None)
        radius = chosen.geofence_radius if chosen is not None else None
        return SiteFence(chosen, FenceCheck(radius=radius, refusal="gps_required"))
    checked = [(site, check_fence(evolve(site, geofence_mode="strict"), position)) for site in mapped]
    inside = [pair for pair in checked if pair[1].within == 1]
    if inside:
        chosen_pair = next((pair for pair in inside if pair[0].id == preferred), None)
        return SiteFence(*(chosen_pair or min(inside, key=_nearness)))
    return SiteFence(*min(checked, key=_nearness))


def _nearness(pair: tuple[Location, FenceCheck]) -> tuple[int, int]:
    site, fence = pair
    return (fence.distance if fence.distance is not None else 0, site.id)
