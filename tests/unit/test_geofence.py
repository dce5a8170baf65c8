"""Geofence rules: haversine distance properties and the site's check of a position."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from hypothesis import example, given
from hypothesis import strategies as st

from workforce_core.model.reference import Location
from workforce_core.rules.geofence import FenceCheck, Position, check_fence, haversine_metres

latitudes = st.floats(min_value=-90, max_value=90, allow_nan=False)
longitudes = st.floats(min_value=-180, max_value=180, allow_nan=False)
HALF_CIRCUMFERENCE = 20_015_115  # metres, pole to pole along a meridian (+ rounding room)


@given(latitudes, longitudes, latitudes, longitudes)
def test_haversine_is_symmetric_and_bounded(lat1: float, lon1: float, lat2: float, lon2: float) -> None:
    there = haversine_metres(lat1, lon1, lat2, lon2)
    back = haversine_metres(lat2, lon2, lat1, lon1)
    assert abs(there - back) <= 1e-6 * max(1.0, there)
    assert 0 <= there <= HALF_CIRCUMFERENCE


@given(latitudes, longitudes)
def test_haversine_is_zero_on_the_same_point(lat: float, lon: float) -> None:
    assert haversine_metres(lat, lon, lat, lon) == 0


@given(latitudes, longitudes, latitudes, longitudes, latitudes, longitudes)
@example(5.960464477539063e-08, 0.0, 1.0, 0.0, 0.0, 180.0)  # 6.6 mm over, once, with 1e-3 m of slack
def test_haversine_obeys_the_triangle_inequality(
    lat1: float, lon1: float, lat2: float, lon2: float, lat3: float, lon3: float
) -> None:
    """Up to float error: near antipodal points haversine's error grows to centimetres (an angle from the
    square root of 1 - a, a ~ 1), so 0.1 m of slack; a geofence radius is whole metres."""
    direct = haversine_metres(lat1, lon1, lat3, lon3)
    via = haversine_metres(lat1, lon1, lat2, lon2) + haversine_metres(lat2, lon2, lat3, lon3)
    assert direct <= via + 0.1


def test_one_degree_of_latitude_is_about_111_km() -> None:
    assert round(haversine_metres(53.0, -1.5, 54.0, -1.5)) in range(111_150, 111_250)


def _site(mode: str, *, mapped: bool = True, threshold: int | None = None) -> Location:
    return Location(
        client_id=1,
        name="Site",
        created_at=datetime(2026, 1, 1, tzinfo=UTC),
        latitude=Decimal("53.78") if mapped else None,
        longitude=Decimal("-1.55") if mapped else None,
        geofence_mode=mode,
        geofence_radius=200,
        gps_accuracy_threshold=threshold,
        id=1,
    )


NEAR = Position(Decimal("53.7801"), Decimal("-1.5501"))
FAR = Position(Decimal("53.79"), Decimal("-1.55"))


def test_strict_fences_refuse_without_gps_without_a_pin_and_outside() -> None:
    assert check_fence(_site("strict"), None).refusal == "gps_required"
    assert check_fence(_site("strict", mapped=False), NEAR).refusal == "site_not_mapped"
    outside = check_fence(_site("strict"), FAR)
    assert (outside.refusal, outside.within, outside.radius) == ("outside_geofence", 0, 200)
    inside = check_fence(_site("strict"), NEAR)
    assert (inside.refusal, inside.within) == (None, 1)


def test_warning_fences_accept_outside_as_a_breach() -> None:
    outside = check_fence(_site("warning"), FAR)
    assert (outside.refusal, outside.breach, outside.within) == (None, True, 0)
    assert check_fence(_site("warning"), NEAR).breach is False
    assert check_fence(_site("warning"), None).within is None


def test_disabled_fences_and_no_site_check_nothing() -> None:
    assert check_fence(_site("disabled"), FAR) == check_fence(None, FAR)
    assert check_fence(_site("disabled"), FAR).within is None


@given(st.integers(min_value=1, max_value=500), st.integers(min_value=0, max_value=1000))
def test_low_gps_confidence_is_accuracy_worse_than_the_threshold(threshold: int, accuracy: int) -> None:
    position = Position(NEAR.latitude, NEAR.longitude, Decimal(accuracy))
    assert check_fence(_site("warning", threshold=threshold), position).low_gps_confidence is (accuracy > threshold)


def test_a_position_exactly_on_the_fence_is_inside_and_one_metre_past_it_outside() -> None:
    distance = check_fence(_site("strict"), NEAR).distance
    assert distance is not None
    assert distance > 0
    on_the_line = _site("strict")
    on_the_line.geofence_radius = distance
    assert (check_fence(on_the_line, NEAR).within, check_fence(on_the_line, NEAR).refusal) == (1, None)
    past_the_line = _site("warning")
    past_the_line.geofence_radius = distance - 1
    past = check_fence(past_the_line, NEAR)
    assert (past.within, past.breach, past.distance, past.radius) == (0, True, distance, distance - 1)


def test_a_site_with_half_a_pin_is_not_mapped_and_the_gps_confidence_is_still_said() -> None:
    half = _site("strict", threshold=50)
    half.longitude = None
    precise, vague = (
        Position(NEAR.latitude, NEAR.longitude, Decimal(10)),
        Position(NEAR.latitude, NEAR.longitude, Decimal(99)),
    )
    refused = check_fence(half, vague)
    assert (refused.refusal, refused.radius, refused.low_gps_confidence) == ("site_not_mapped", 200, True)
    assert check_fence(half, precise).low_gps_confidence is False
    warned = _site("warning", threshold=50)
    warned.latitude = None
    assert check_fence(warned, vague) == FenceCheck(low_gps_confidence=True)
    assert check_fence(None, None).low_gps_confidence is None
    assert check_fence(_site("warning"), NEAR).low_gps_confidence is None
