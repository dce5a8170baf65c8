"""How a delivery moves (rules.delivery_attempts): claimed for an attempt, settled by the answer, refused."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from workforce_core.model.accounts import ClientAccount
from workforce_core.model.keys import ApiKey
from workforce_core.model.webhooks import Delivery, Outcome, Subscription
from workforce_core.rules import delivery_attempts as moves
from workforce_core.rules.webhooks import MAX_ATTEMPTS, RETRY_DELAYS

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DELIVERY = Delivery(subscription_id=1, client_id=1, event="clock_in", occurred_at=NOW, created_at=NOW)


def test_a_claim_counts_the_attempt_and_holds_the_delivery_for_five_minutes() -> None:
    claim = moves.claimed(attrs.evolve(DELIVERY, status="failed", attempt=2), NOW)
    assert (claim.status, claim.attempt, claim.next_retry_at) == ("pending", 3, NOW + timedelta(minutes=5))
    assert timedelta(minutes=5) == moves.IN_FLIGHT


def test_a_delivered_answer_ends_the_retries() -> None:
    claim = moves.claimed(DELIVERY, NOW)
    done = moves.settled(claim, Outcome(204, "ok"), NOW + timedelta(seconds=3))
    assert (done.status, done.delivered_at, done.next_retry_at) == ("delivered", NOW + timedelta(seconds=3), None)
    assert (done.response_code, done.response_body) == (204, "ok")


@given(st.integers(min_value=1, max_value=MAX_ATTEMPTS), st.booleans())
def test_a_failed_attempt_is_due_again_on_the_schedule_until_the_last_or_at_once_failed_without_retries(
    attempt: int, retry: bool
) -> None:
    claim = moves.claimed(attrs.evolve(DELIVERY, attempt=attempt - 1), NOW)
    after = moves.settled(claim, Outcome(500, "x" * 3000), NOW, retry=retry)
    assert (after.response_code, after.response_body) == (500, "x" * 2048)
    if retry and attempt < MAX_ATTEMPTS:
        assert (after.status, after.next_retry_at) == ("pending", NOW + RETRY_DELAYS[attempt])
    else:
        assert (after.status, after.next_retry_at) == ("failed", None)


def test_a_claim_stands_until_someone_answers_deletes_or_takes_the_delivery() -> None:
    claim = moves.claimed(DELIVERY, NOW)
    assert moves.still_claimed(claim, claim)
    assert not moves.still_claimed(None, claim)
    assert not moves.still_claimed(attrs.evolve(claim, status="delivered"), claim)
    assert not moves.still_claimed(moves.claimed(claim, NOW), claim)


def test_a_refused_delivery_records_code_zero_and_the_reason() -> None:
    refused = moves.refused(attrs.evolve(DELIVERY, next_retry_at=NOW), "refused: " + "y" * 3000)
    assert (refused.status, refused.response_code, refused.next_retry_at) == ("refused", 0, None)
    assert refused.response_body == ("refused: " + "y" * 3000)[:2048]


@pytest.mark.parametrize(
    ("api_key_id", "key", "reason"),
    [
        (5, None, "refused: the subscription's API key no longer exists"),
        (None, None, None),  # made in the console
        (5, "revoked", "refused: the subscription's API key was revoked"),
        (5, "live", None),
    ],
)
def test_a_subscriber_is_refused_once_its_key_is_gone_or_no_longer_valid(
    api_key_id: int | None, key: str | None, reason: str | None
) -> None:
    subscription = Subscription(1, "https://hooks.example.com/", ("clock_in",), "whsec_x", NOW, api_key_id=api_key_id)
    api_key = None
    if key is not None:
        api_key = ApiKey(client_id=1, name="k", key_prefix="p", key_hash="h", created_at=NOW)
        api_key.revoked_at = NOW if key == "revoked" else None
    subscriber = moves.Subscriber(
        subscription, api_key, ClientAccount(name="Acme", created_at=NOW), ("timesheets:read",)
    )
    assert moves.refusal(subscriber, "clock_in", NOW) == reason
