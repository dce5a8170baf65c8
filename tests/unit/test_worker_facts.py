"""What eligibility is fed (rules.worker_facts): a stored availability rule read as eligibility's rule."""

from __future__ import annotations

from datetime import UTC, date, datetime, time

from workforce_core.model.availability import WorkerAvailability
from workforce_core.rules.eligibility import AvailabilityRule
from workforce_core.rules.worker_facts import rule_of

CREATED = datetime(2026, 1, 1, tzinfo=UTC)


def test_a_stored_rule_keeps_every_field_eligibility_reads() -> None:
    weekly = WorkerAvailability(
        1, 7, "unavailable", time(16), time(20), CREATED, day_of_week=3, valid_from=date(2026, 2, 1),
        valid_to=date(2026, 6, 30), notes="school run",
    )  # fmt: skip
    assert rule_of(weekly) == AvailabilityRule(
        "unavailable", time(16), time(20), day_of_week=3, valid_from=date(2026, 2, 1), valid_to=date(2026, 6, 30)
    )
    dated = WorkerAvailability(1, 7, "available", time(22), time(6), CREATED, date=date(2026, 3, 4))
    assert rule_of(dated) == AvailabilityRule("available", time(22), time(6), date=date(2026, 3, 4))
