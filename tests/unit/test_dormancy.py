"""Dormancy: a working worker idle since the cutoff goes dormant; any clock since it, or any other state, keeps them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import attrs

from workforce_core.model.workers import Worker
from workforce_core.rules.dormancy import dormancy_cutoff, goes_dormant

NOW = datetime(2026, 3, 25, 12, 0, tzinfo=UTC)
CUTOFF = dormancy_cutoff(NOW, 90)
IDLE = Worker(client_id=1, name="Ann", employee_id="E-1", created_at=CUTOFF - timedelta(days=1))


def test_the_cutoff_is_that_many_days_before_now() -> None:
    assert dormancy_cutoff(NOW, 90) == datetime(2025, 12, 25, 12, 0, tzinfo=UTC)


def test_a_worker_with_no_clock_since_the_cutoff_goes_dormant() -> None:
    assert goes_dormant(IDLE, None, CUTOFF)
    assert goes_dormant(IDLE, CUTOFF - timedelta(seconds=1), CUTOFF)


def test_a_clock_at_or_after_the_cutoff_keeps_them() -> None:
    assert not goes_dormant(IDLE, CUTOFF, CUTOFF)


def test_only_a_working_worker_made_before_the_cutoff_goes_dormant() -> None:
    assert not goes_dormant(attrs.evolve(IDLE, created_at=CUTOFF), None, CUTOFF)
    assert not goes_dormant(attrs.evolve(IDLE, status="pending"), None, CUTOFF)
    assert not goes_dormant(attrs.evolve(IDLE, active=False), None, CUTOFF)
    assert not goes_dormant(attrs.evolve(IDLE, dormant_since=NOW), None, CUTOFF)
    assert not goes_dormant(attrs.evolve(IDLE, anonymised_at=NOW), None, CUTOFF)
