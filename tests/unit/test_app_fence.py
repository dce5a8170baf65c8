"""The worker app's fence rule: a phone's position checked at every mapped site of the client, each
fence strict whatever the site's own mode."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from workforce_core.model.reference import Location
from workforce_core.rules.geofence import Position, app_fence, haversine_metres

T0 = datetime(2026, 3, 2, tzinfo=UTC)
MODES = ("disabled", "warning", "strict")

sites = st.lists(
    st.builds(
        lambda n, lat, lon, radius, mode, mapped: Location(
            client_id=1,
            name=f"site {n}",
            created_at=T0,
            latitude=Decimal(str(lat)) if mapped else None,
            longitude=Decimal(str(lon)) if mapped else None,
            geofence_radius=radius,
            geofence_mode=mode,
            id=n,
        ),
        st.integers(1, 10_000),
        st.floats(51.0, 51.05),
        st.floats(-0.2, -0.15),
        st.integers(50, 2_000),
        st.sampled_from(MODES),
        st.booleans(),
    ),
    max_size=6,
    unique_by=lambda site: site.id,
)
positions = st.builds(
    lambda lat, lon: Position(Decimal(str(lat)), Decimal(str(lon)), Decimal(10)),
    st.floats(51.0, 51.05),
    st.floats(-0.2, -0.15),
)


def _distance(site: Location, position: Position) -> float:
    assert site.latitude is not None
    assert site.longitude is not None
    return haversine_metres(
        float(position.latitude), float(position.longitude), float(site.latitude), float(site.longitude)
    )


@given(sites, positions, st.none() | st.integers(1, 10_000))
def test_accepted_exactly_when_inside_some_mapped_sites_fence(
    given_sites: list[Location], position: Position, preferred: int | None
) -> None:
    checked = app_fence(given_sites, position, preferred)
    mapped = [site for site in given_sites if site.latitude is not None]
    inside = [site for site in mapped if round(_distance(site, position)) <= site.geofence_radius]
    if not mapped:
        assert checked.fence.refusal == "site_not_mapped"
        assert checked.site is None
        return
    assert checked.site is not None
    assert checked.site in mapped
    if inside:
        assert checked.fence.refusal is None
        assert checked.fence.within == 1
        assert checked.site in inside
        if any(site.id == preferred for site in inside):
            assert checked.site.id == preferred
        else:  # the nearest of those it is inside
            assert round(_distance(checked.site, position)) == min(round(_distance(s, position)) for s in inside)
    else:
        assert checked.fence.refusal == "outside_geofence"
        assert checked.fence.within == 0
        assert checked.fence.radius == checked.site.geofence_radius
        assert checked.fence.distance == min(round(_distance(s, position)) for s in mapped)


@given(sites)
def test_no_position_is_refused_as_gps_required_when_any_site_is_mapped(given_sites: list[Location]) -> None:
    checked = app_fence(given_sites, None)
    mapped = any(site.latitude is not None for site in given_sites)
    assert checked.fence.refusal == ("gps_required" if mapped else "site_not_mapped")
    assert checked.fence.within is None
