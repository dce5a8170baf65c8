"""Geofences: great-circle distance (haversine, metres) and the site's check of a clock's position."""

from __future__ import annotations

import math
from decimal import Decimal

from attrs import frozen

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
