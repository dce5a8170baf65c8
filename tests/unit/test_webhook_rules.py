"""The webhook policy: who gets which event, scopes to subscribe, retries, limits, secrets, ownership."""

from __future__ import annotations

import base64
from datetime import UTC, datetime, timedelta

import pytest

from workforce_adapters.json.commands import structure
from workforce_core.commands.inputs import UNSET
from workforce_core.commands.webhooks import CreateSubscription, UpdateSubscription
from workforce_core.errors import Conflict, Forbidden, InsufficientScope, ValidationFailed
from workforce_core.event_types import EVENT_TYPES
from workforce_core.model.accounts import ClientAccount
from workforce_core.model.keys import ApiKey
from workforce_core.rules import webhooks as policy

NOW = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def _key(id: int, replaces_id: int | None = None, **fields: object) -> ApiKey:
    key = ApiKey(client_id=1, name="k", key_prefix="p", key_hash=f"h{id}", created_at=NOW, replaces_id=replaces_id)
    key.id = id
    for name, value in fields.items():
        setattr(key, name, value)
    return key


def test_star_gets_every_current_and_later_event_but_not_legacy_names_nor_ping() -> None:
    assert policy.receives(("*",), "clock_in")
    assert policy.receives(("*",), "clock.geofence_breach")
    assert policy.receives(("*",), "worker.created")
    assert not policy.receives(("*",), "worker_created")
    assert not policy.receives(("*",), "ping")
    assert policy.receives(("worker_created",), "worker_created")
    assert not policy.receives(("worker.created",), "worker_created")
    assert not policy.receives(("clock_in",), "clock_out")


def test_subscribing_needs_the_read_scope_of_each_event_and_star_needs_four() -> None:
    assert policy.scopes_to_subscribe(["clock_in", "shift.created", "clock_out"]) == ("timesheets:read", "shifts:read")
    assert policy.scopes_to_subscribe(["*"]) == ("timesheets:read", "shifts:read", "workers:read", "payroll:read")
    policy.require_scopes_for(["clock_in"], {"timesheets:read"})
    with pytest.raises(InsufficientScope) as refused:
        policy.require_scopes_for(["*"], {"timesheets:read", "shifts:read", "workers:read"})
    assert refused.value.extra == {"required_scope": "payroll:read", "field": "events"}


def test_retries_come_at_one_five_thirty_minutes_and_two_hours_then_stop() -> None:
    delays = [policy.next_attempt_at(attempt, NOW) for attempt in range(1, 6)]
    assert [d - NOW if d else None for d in delays] == [
        timedelta(minutes=1),
        timedelta(minutes=5),
        timedelta(minutes=30),
        timedelta(hours=2),
        None,
    ]


def test_the_twenty_sixth_subscription_is_a_conflict() -> None:
    policy.require_room(24)
    with pytest.raises(Conflict):
        policy.require_room(25)


def test_a_secret_is_whsec_and_32_random_bytes_and_reads_show_eight_characters() -> None:
    secret = policy.new_secret()
    assert secret.startswith("whsec_")
    assert len(base64.b64decode(secret.removeprefix("whsec_"))) == 32
    assert secret != policy.new_secret()
    assert policy.masked(secret) == secret[:8] + "..."


def test_ownership_follows_rotation_directly_and_through_later_rotations() -> None:
    first, second, third, stranger = _key(1), _key(2, 1), _key(3, 2), _key(4)
    keys = {k.id: k for k in (first, second, third, stranger)}
    assert policy.lineage(third, keys) == (3, 2, 1)
    policy.require_owner(1, policy.lineage(third, keys))
    for owner in (1, None):
        with pytest.raises(Forbidden):
            policy.require_owner(owner, policy.lineage(stranger, keys))
    looped = {1: _key(1, 2), 2: _key(2, 1)}
    assert policy.lineage(looped[1], looped) == (1, 2)


def test_a_delivery_is_refused_with_a_reason_when_the_key_or_account_may_no_longer_receive() -> None:
    client = ClientAccount(name="Acme", created_at=NOW)
    scopes = {"timesheets:read"}
    assert policy.refusal("clock_in", _key(1), scopes, client, NOW) is None
    assert "revoked" in (policy.refusal("clock_in", _key(1, revoked_at=NOW), scopes, client, NOW) or "")
    assert "expired" in (policy.refusal("clock_in", _key(1, expires_at=NOW), scopes, client, NOW) or "")
    assert "shifts:read" in (policy.refusal("shift.created", _key(1), scopes, client, NOW) or "")
    off = ClientAccount(name="Acme", created_at=NOW, api_access=False)
    assert "API access" in (policy.refusal("clock_in", _key(1), scopes, off, NOW) or "")
    assert policy.refusal("ping", _key(1), set(), client, NOW) is None


def test_payloads_are_hidden_from_keys_that_could_not_subscribe_to_the_event() -> None:
    assert policy.hidden_reason("clock_in", {"timesheets:read"}) is None
    assert "payroll:read" in (policy.hidden_reason("pay_week.locked", {"timesheets:read"}) or "")


def test_a_receivers_answer_is_kept_to_two_kilobytes() -> None:
    assert len(policy.cut("x" * 10_000)) == 2048


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"url": "http://hooks.example.com/", "events": ["clock_in"]}, "url"),
        ({"url": "https://hooks.example.com:8443/", "events": ["clock_in"]}, None),  # the port: checked on resolve
        ({"url": "https://user:pass@hooks.example.com/", "events": ["clock_in"]}, "url"),
        ({"url": "https://0x7f.1/", "events": ["clock_in"]}, None),
        ({"url": "https://hooks.example.com/", "events": []}, "events"),
        ({"url": "https://hooks.example.com/", "events": ["clock_in"] * 39 + ["nope"]}, "events"),
        ({"url": "https://hooks.example.com/", "events": ["*", "clock_in"]}, "events"),
        ({"url": "https://hooks.example.com/", "events": ["clock_in"], "description": "d" * 256}, "description"),
        ({"events": ["clock_in"]}, "url"),
        ({"url": "https://hooks.example.com/"}, "events"),
    ],
)
def test_a_bad_create_body_names_its_field(body: dict[str, object], field: str | None) -> None:
    if field is None:  # read plainly here; refused once its address is checked
        structure(CreateSubscription, body)
        return
    with pytest.raises(ValidationFailed) as refused:
        structure(CreateSubscription, body)
    assert refused.value.extra["field"] == field


def test_a_create_body_reads_into_a_command_and_a_change_keeps_what_it_does_not_send() -> None:
    made = structure(CreateSubscription, {"url": "https://h.example.com/", "events": ["clock_in", "clock_in"]})
    assert (made.events, made.description) == (("clock_in",), None)
    change = structure(UpdateSubscription, {"active": False})
    assert (change.active, change.url, change.events, change.description) == (False, UNSET, UNSET, UNSET)


# ---- what each refusal says, and the rules no HTTP test reaches ------------------------------------------


def test_each_refusal_names_its_cause_in_full() -> None:
    client = ClientAccount(name="Acme", created_at=NOW)
    scopes = {"timesheets:read"}
    assert policy.refusal("clock_in", _key(1, revoked_at=NOW), scopes, client, NOW) == (
        "refused: the subscription's API key was revoked"
    )
    assert policy.refusal("clock_in", _key(1, expires_at=NOW), scopes, client, NOW) == (
        "refused: the subscription's API key has expired"
    )
    assert policy.refusal("shift.created", _key(1), scopes, client, NOW) == (
        "refused: the subscription's API key lacks shifts:read"
    )
    off = ClientAccount(name="Acme", created_at=NOW, api_access=False)
    assert policy.refusal("clock_in", None, scopes, off, NOW) == "refused: API access is switched off for the account"
    for status in ("suspended", "cancelled"):
        stopped = ClientAccount(name="Acme", created_at=NOW, status=status)
        assert policy.refusal("clock_in", _key(1), scopes, stopped, NOW) == (
            "refused: the account is suspended, cancelled or its trial ended"
        )
    assert policy.refusal("shift.created", None, scopes, client, NOW) is None  # made in the console: no key


def test_the_limit_the_scope_and_the_owner_refusals_say_what_is_wrong() -> None:
    with pytest.raises(Conflict) as full:
        policy.require_room(25)
    assert full.value.message == "A client account has at most 25 webhook subscriptions."
    with pytest.raises(InsufficientScope) as lacking:
        policy.require_scopes_for(["clock_in", "shift.created"], {"timesheets:read"})
    assert lacking.value.message == "Subscribing to these events needs shifts:read."
    assert lacking.value.extra["field"] == "events"
    with pytest.raises(Forbidden) as stranger:
        policy.require_owner(1, (2,))
    assert stranger.value.message == "Only the API key that made this subscription (or its replacement) may change it."


def test_a_lineage_stops_at_a_replaced_key_that_is_gone() -> None:
    assert policy.lineage(_key(3, 2), {}) == (3, 2)
    assert policy.lineage(_key(3, 2), {2: _key(2, 1)}) == (3, 2, 1)


def test_the_event_names_are_the_catalogue_in_its_order() -> None:
    assert policy.event_names() == tuple(EVENT_TYPES)
    assert "clock_in" in policy.event_names()


def test_a_payload_shows_money_only_to_keys_with_its_scope_in_the_record_and_in_each_entry() -> None:
    data = {"hourly_rate": "12.00", "charge_rate": "18.00", "name": "Ada", "entries": [{"hourly_rate": "1"}, 7]}
    assert policy.visible_data(data, {"timesheets:read"}) == {"name": "Ada", "entries": [{}, 7]}
    assert policy.visible_data(data, {"pay:read"}) == {
        "hourly_rate": "12.00",
        "name": "Ada",
        "entries": [{"hourly_rate": "1"}, 7],
    }
    assert policy.visible_data(data, {"pay:read", "charges:read"}) == data
    assert policy.visible_data({"entries": "none", "charge_rate": "1"}, set()) == {"entries": "none"}
    assert data["entries"] == [{"hourly_rate": "1"}, 7]  # the event's own data is left as it was
