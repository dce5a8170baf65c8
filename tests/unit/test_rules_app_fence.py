"""The worker app's fence (geofence.app_fence): a phone's position against every mapped site, strict
whatever the site's own mode; the booking's site when the phone is inside it, else the nearest."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from workforce_core.model.reference import Location
from workforce_core.rules.geofence import Position, app_fence


def site(id: int, latitude: str | None, longitude: str | None = "-1.55", *, radius: int = 200) -> Location:
    return Location(
        client_id=1,
        name=f"Site {id}",
        created_at=datetime(2026, 1, 1, tzinfo=UTC),
        latitude=Decimal(latitude) if latitude is not None else None,
        longitude=Decimal(longitude) if longitude is not None else None,
        geofence_mode="disabled",  # the app checks strictly whatever the site says
        geofence_radius=radius,
        id=id,
    )


# about 11 m from A and 100 m from B: inside both fences (200 m and 150 m)
HERE = Position(Decimal("53.7801"), Decimal("-1.55"))
A = site(1, "53.7800")
B = site(2, "53.7810", radius=150)
FAR_AWAY = site(3, "53.8000")  # about 2.2 km north


def test_no_mapped_site_is_site_not_mapped_and_half_a_pin_is_no_pin() -> None:
    for sites in ([], [site(1, None, None)], [site(1, "53.78", None), site(2, None, "-1.55")]):
        checked = app_fence(sites, HERE)
        assert checked.site is None
        assert checked.fence.refusal == "site_not_mapped"


def test_without_a_position_gps_is_required_at_the_bookings_site_with_its_radius() -> None:
    checked = app_fence([A, B], None, preferred=2)
    assert checked.site == B
    assert (checked.fence.refusal, checked.fence.radius, checked.fence.within) == ("gps_required", 150, None)


def test_without_a_position_and_no_bookings_site_among_them_gps_is_required_at_no_site() -> None:
    checked = app_fence([A, B], None, preferred=9)
    assert checked.site is None
    assert (checked.fence.refusal, checked.fence.radius) == ("gps_required", None)


def test_inside_two_fences_the_bookings_site_is_taken_though_farther() -> None:
    checked = app_fence([A, B], HERE, preferred=2)
    assert checked.site == B
    assert (checked.fence.within, checked.fence.refusal, checked.fence.radius) == (1, None, 150)
    assert checked.fence.distance is not None
    assert 90 <= checked.fence.distance <= 110


def test_inside_two_fences_without_the_bookings_site_the_nearest_is_taken() -> None:
    for preferred in (None, 9):
        for sites in ([A, B], [B, A]):
            checked = app_fence(sites, HERE, preferred=preferred)
            assert checked.site == A
            assert checked.fence.within == 1
            assert checked.fence.distance is not None
            assert checked.fence.distance <= 12


def test_between_sites_as_near_the_lowest_id_is_taken() -> None:
    twin = site(5, "53.7800")
    assert app_fence([twin, A], HERE).site == A
    assert app_fence([A, twin], HERE).site == A


def test_outside_every_fence_is_refused_at_the_nearest_though_the_booking_is_elsewhere() -> None:
    here = Position(Decimal("53.7850"), Decimal("-1.55"))  # about 450 m from B, 555 m from A
    checked = app_fence([A, FAR_AWAY, B], here, preferred=1)
    assert checked.site == B
    assert (checked.fence.within, checked.fence.refusal) == (0, "outside_geofence")
    assert checked.fence.distance is not None
    assert 430 <= checked.fence.distance <= 470


def test_a_mapped_site_is_checked_though_an_unmapped_one_is_the_bookings() -> None:
    checked = app_fence([site(4, None), A], HERE, preferred=4)
    assert checked.site == A
    assert checked.fence.within == 1
