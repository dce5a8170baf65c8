"""authenticate: the spec's order of refusals, and no secret but the issued one is ever accepted."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.clocks import FakeClock
from tests.fakes import FakeDatabase, FakeUnitOfWorkFactory
from workforce_core.errors import (
    AccountSuspended,
    ApiAccessDisabled,
    InvalidApiKey,
    KeyExpired,
    KeyRevoked,
    WorkforceError,
)
from workforce_core.model.keys import ApiKey, hash_secret, prefix_of
from workforce_core.model.principal import Principal
from workforce_core.rules.scopes import effective_scopes
from workforce_core.services.auth import authenticate
from workforce_core.testing.strategies import stored_scopes

NOW = datetime(2026, 5, 11, 12, 0, tzinfo=UTC)
EARLIER = NOW - timedelta(days=1)
LATER = NOW + timedelta(days=1)
TICK = timedelta(microseconds=1)


def auth(db: FakeDatabase, secret: str, now: datetime = NOW) -> Principal:
    return authenticate(secret, uow=FakeUnitOfWorkFactory(db), clock=FakeClock(now))


def refusal(db: FakeDatabase, secret: str, now: datetime = NOW) -> type[WorkforceError]:
    with pytest.raises(WorkforceError) as caught:
        auth(db, secret, now)
    return type(caught.value)


def test_a_good_key_gives_its_principal_with_effective_scopes() -> None:
    db = FakeDatabase()
    client = db.add_client()
    issued = db.add_key(client.id, ("workers:write", "payroll:read"), location_ids=(3, 4))
    principal = auth(db, issued.secret)
    assert principal.key.id == issued.key.id
    assert principal.client_id == client.id
    assert principal.effective_scopes == ("workers:read", "workers:write", "payroll:read", "pay:read")
    assert principal.site_ids == (3, 4)


def test_authenticating_writes_nothing() -> None:
    db = FakeDatabase()
    issued = db.add_key(db.add_client().id, ("workers:read",))
    before = db.state()
    auth(db, issued.secret)
    with pytest.raises(InvalidApiKey):
        auth(db, "wfk_nope")
    assert db.state() == before


@pytest.mark.parametrize("secret", ["", "wfk_", "wfk_short", "x" * 200, "Bearer wfk_abc", "wfk_" + "A" * 43])
def test_an_unknown_key_is_invalid(secret: str) -> None:
    db = FakeDatabase()
    db.add_key(db.add_client().id)
    assert refusal(db, secret) is InvalidApiKey


# ---- the order: unknown, revoked, expired, API access, account status ---------------------------


@pytest.mark.parametrize(
    ("revoked_at", "expires_at", "api_access", "status", "expected"),
    [
        (EARLIER, EARLIER, False, "suspended", KeyRevoked),  # revoked is checked before expiry
        (NOW, NOW, True, "active", KeyRevoked),
        (None, EARLIER, False, "suspended", KeyExpired),  # expiry before account checks
        (LATER, EARLIER, True, "active", KeyExpired),  # revocation still to come: expiry wins
        (None, None, False, "suspended", ApiAccessDisabled),  # API access before account status
        (None, LATER, False, "active", ApiAccessDisabled),
        (None, None, True, "suspended", AccountSuspended),
        (None, None, True, "cancelled", AccountSuspended),
        (None, None, True, "trial_ended", AccountSuspended),
    ],
)
def test_refusals_come_in_the_spec_order(
    revoked_at: datetime | None,
    expires_at: datetime | None,
    api_access: bool,
    status: str,
    expected: type[WorkforceError],
) -> None:
    db = FakeDatabase()
    client = db.add_client(status=status, api_access=api_access)
    issued = db.add_key(client.id, ("workers:read",), revoked_at=revoked_at, expires_at=expires_at)
    assert refusal(db, issued.secret) is expected


REFUSAL_ORDER: tuple[type[WorkforceError], ...] = (KeyRevoked, KeyExpired, ApiAccessDisabled, AccountSuspended)


@given(
    revoked=st.booleans(),
    expired=st.booleans(),
    access_off=st.booleans(),
    status=st.sampled_from(["active", "suspended", "cancelled", "trial_ended"]),
)
def test_the_first_failing_check_in_the_spec_order_is_the_answer(
    revoked: bool, expired: bool, access_off: bool, status: str
) -> None:
    db = FakeDatabase()
    client = db.add_client(status=status, api_access=not access_off)
    issued = db.add_key(
        client.id,
        ("workers:read",),
        revoked_at=NOW - timedelta(hours=1) if revoked else NOW + timedelta(hours=1),
        expires_at=NOW - timedelta(hours=1) if expired else None,
    )
    failing = [revoked, expired, access_off, status != "active"]
    if any(failing):
        assert refusal(db, issued.secret) is REFUSAL_ORDER[failing.index(True)]
    else:
        assert auth(db, issued.secret).key.id == issued.key.id


def test_a_key_is_revoked_from_its_revocation_instant() -> None:
    db = FakeDatabase()
    issued = db.add_key(db.add_client().id, revoked_at=NOW)
    assert auth(db, issued.secret, NOW - TICK).key.id == issued.key.id
    assert refusal(db, issued.secret, NOW) is KeyRevoked


def test_a_key_is_expired_from_its_expiry_instant() -> None:
    db = FakeDatabase()
    issued = db.add_key(db.add_client().id, expires_at=NOW)
    assert auth(db, issued.secret, NOW - TICK).key.id == issued.key.id
    assert refusal(db, issued.secret, NOW) is KeyExpired


def test_a_key_whose_client_is_gone_is_invalid() -> None:
    db = FakeDatabase()
    client = db.add_client()
    issued = db.add_key(client.id)
    del db.clients[client.id]
    assert refusal(db, issued.secret) is InvalidApiKey


def test_the_error_codes_and_statuses_are_the_spec_ones() -> None:
    errors: tuple[type[WorkforceError], ...] = (InvalidApiKey, *REFUSAL_ORDER)
    assert [(e.code, e.status) for e in errors] == [
        ("invalid_api_key", 401),
        ("key_revoked", 401),
        ("key_expired", 401),
        ("api_access_disabled", 403),
        ("account_suspended", 403),
    ]


# ---- no other secret is ever accepted ------------------------------------------------------------


URL_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
issued_secrets = st.text(alphabet=URL_SAFE, min_size=43, max_size=43).map(lambda tail: "wfk_" + tail)


@st.composite
def secret_and_another(draw: st.DrawFn) -> tuple[str, str]:
    """An issued secret and a text near it: a character changed, cut, extended, case-swapped, same prefix."""
    secret = draw(issued_secrets)
    at = draw(st.integers(min_value=0, max_value=len(secret) - 1))
    kind = draw(st.sampled_from(["change", "cut", "extend", "swapcase", "same_prefix", "padded", "anything"]))
    if kind == "change":
        other = secret[:at] + draw(st.characters()) + secret[at + 1 :]
    elif kind == "cut":
        other = secret[:at]
    elif kind == "extend":
        other = secret + draw(st.text(min_size=1, max_size=5))
    elif kind == "swapcase":
        other = secret.swapcase()
    elif kind == "same_prefix":
        other = prefix_of(secret) + draw(st.text(alphabet=URL_SAFE, max_size=40))
    elif kind == "padded":
        other = draw(st.sampled_from([" ", "\t", "\n"])) + secret
    else:
        other = draw(st.text(max_size=60))
    return secret, other


# Hypothesis's one-time work in a process (its Unicode tables, the constants of every module imported) is
# done before the first test (tests/conftest.py), so the too_slow health check times these draws alone.
@settings(max_examples=300)
@given(secret_and_another())
def test_no_secret_but_the_issued_one_is_accepted(pair: tuple[str, str]) -> None:
    secret, other = pair
    db = FakeDatabase()
    issued = db.add_key(db.add_client().id, ("workers:read",), secret=secret)
    assert auth(db, secret).key.id == issued.key.id
    if other == secret:
        assert auth(db, other).key.id == issued.key.id
    else:
        assert refusal(db, other) is InvalidApiKey


def test_a_fresh_secret_is_accepted_and_a_one_character_change_is_not() -> None:
    db = FakeDatabase()
    issued = db.add_key(db.add_client().id, ("workers:read",))
    assert auth(db, issued.secret).key.id == issued.key.id
    last = issued.secret[-1]
    changed = issued.secret[:-1] + ("A" if last != "A" else "B")
    assert refusal(db, changed) is InvalidApiKey


@settings(max_examples=50)
@given(
    st.lists(
        st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789", min_size=43, max_size=43),
        min_size=2,
        max_size=5,
        unique=True,
    )
)
def test_keys_sharing_a_prefix_each_answer_only_to_their_own_secret(tails: list[str]) -> None:
    # Several keys whose first 16 characters are the same: the hash decides which one it is.
    db = FakeDatabase()
    client = db.add_client()
    secrets = ["wfk_SamePrefix12" + tail for tail in tails]
    ids = {}
    for n, secret in enumerate(secrets):
        key = ApiKey(
            client_id=client.id,
            name=f"k{n}",
            key_prefix=prefix_of(secret),
            key_hash=hash_secret(secret),
            created_at=NOW,
            scopes=("workers:read",),
            id=100 + n,
        )
        db.keys[key.id] = key
        ids[secret] = key.id
    for secret in secrets:
        assert auth(db, secret).key.id == ids[secret]
    assert refusal(db, "wfk_SamePrefix12" + "z" * 44) is InvalidApiKey


@settings(max_examples=50)
@given(stored_scopes, st.booleans())
def test_the_principal_has_the_effective_scopes_of_what_is_stored(scopes: list[str], legacy: bool) -> None:
    db = FakeDatabase()
    issued = db.add_key(db.add_client().id, tuple(scopes), legacy=legacy)
    assert auth(db, issued.secret).effective_scopes == effective_scopes(scopes, legacy=legacy)


@pytest.mark.parametrize("secret", ["wfk_\ud800abc", "wfk_ abc", "wfk_é", "wfk_" + "a" * 300, "wfk_\x00"])
def test_a_secret_that_cannot_be_a_key_is_an_invalid_key_not_a_crash(secret: str) -> None:
    # embedders call authenticate with any string; a lone surrogate once made hashing raise
    db = FakeDatabase()
    db.add_key(db.add_client().id, ("workers:read",))
    assert refusal(db, secret) is InvalidApiKey
