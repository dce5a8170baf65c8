"""The account the notifier's page tests start from: a site, Ann (reads Polish, a phone on record) and
Bob (reads English), at a Wednesday noon outside the quiet hours."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from tests.clocks import FakeClock
from tests.contract.conftest import World

NOW = datetime(2026, 11, 18, 12, 0, tzinfo=UTC)  # a Wednesday


def acme(world: World, clock: FakeClock, **bob: Any) -> dict[str, int]:
    """The account's, its site's and the two workers' ids (``bob``: more of Bob's fields)."""
    clock.set(NOW)
    client = world.account("Acme Staffing")
    site = world.site(client.id, "Depot", geofence_mode="disabled")
    ann = world.worker(client.id, "Ann Able", location_id=site.id, preferred_language="pl", phone="+447700900456")
    made = world.worker(client.id, "Bob Brown", location_id=site.id, **bob)
    return {"client": client.id, "site": site.id, "ann": ann.worker.id, "bob": made.worker.id}
