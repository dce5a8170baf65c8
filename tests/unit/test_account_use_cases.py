"""Client accounts and their API keys (services/accounts.py), and the reference reads (services/reads.py)."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.clocks import FakeClock
from tests.conftest import Mirror
from tests.fakes import FakeDatabase, FakeUnitOfWorkFactory
from workforce_core.errors import (
    AccountSuspended,
    ApiAccessDisabled,
    InsufficientScope,
    KeyRevoked,
    LocationNotAllowed,
    LocationNotFound,
    NotFound,
    ValidationFailed,
)
from workforce_core.model.accounts import ClientSettings
from workforce_core.model.keys import IssuedKey
from workforce_core.model.principal import Principal
from workforce_core.ports import CostCodeFilter, DepartmentFilter, LocationFilter, Paging
from workforce_core.rules.scopes import SCOPES
from workforce_core.services import reads
from workforce_core.services.accounts import (
    CreateClient,
    CreateKey,
    UpdateClient,
    create_client,
    create_key,
    revoke_key,
    rotate_key,
    update_client,
)
from workforce_core.services.auth import authenticate

NOW = datetime(2026, 4, 1, 8, 0, tzinfo=UTC)


class Accounts:
    def __init__(self) -> None:
        self.db = FakeDatabase()
        self.uow = FakeUnitOfWorkFactory(self.db)
        self.clock = FakeClock(NOW)
        self.client = self.db.add_client("Acme Staffing")
        self.other = self.db.add_client("Rival Staffing")
        self.north = self.db.add_location(self.client.id, "North")
        self.south = self.db.add_location(self.client.id, "South")
        self.foreign_site = self.db.add_location(self.other.id, "Elsewhere")

    def key(self, scopes: tuple[str, ...] = ("workers:read",), **options: Any) -> IssuedKey:
        return create_key(
            CreateKey(client_id=self.client.id, name="payroll sync", scopes=scopes, **options),
            uow=self.uow,
            clock=self.clock,
        )

    def auth(self, secret: str) -> Principal:
        return authenticate(secret, uow=self.uow, clock=self.clock)

    def update(self, **changes: Any) -> None:
        update_client(UpdateClient(client_id=self.client.id, **changes), uow=self.uow, clock=self.clock)


@pytest.fixture
def accounts() -> Accounts:
    return Accounts()


# ---- clients -----------------------------------------------------------------------------------


def test_a_new_client_is_active_with_api_access_and_default_settings(accounts: Accounts) -> None:
    client = create_client(CreateClient(name="  New Agency  "), uow=accounts.uow, clock=accounts.clock)
    stored = accounts.db.clients[client.id]
    assert (stored.name, stored.status, stored.api_access, stored.created_at) == ("New Agency", "active", True, NOW)
    assert stored.settings == ClientSettings(
        pay_week_start_day=1, require_client_approval=False, walk_in_policy="no_pay", cancelled_policy="no_pay"
    )


@pytest.mark.parametrize("name", ["", "   ", "x" * 201])
def test_a_client_needs_a_name_of_1_to_200_characters(accounts: Accounts, name: str) -> None:
    before = accounts.db.state()
    with pytest.raises(ValidationFailed) as caught:
        create_client(CreateClient(name=name), uow=accounts.uow, clock=accounts.clock)
    assert caught.value.extra == {"field": "name"}
    assert accounts.db.state() == before


@pytest.mark.parametrize(
    ("settings_", "field"),
    [
        (ClientSettings(pay_week_start_day=0), "pay_week_start_day"),
        (ClientSettings(pay_week_start_day=8), "pay_week_start_day"),
        (ClientSettings(walk_in_policy="maybe"), "walk_in_policy"),
        (ClientSettings(cancelled_policy="Pay"), "cancelled_policy"),
    ],
)
def test_client_settings_are_checked(accounts: Accounts, settings_: ClientSettings, field: str) -> None:
    with pytest.raises(ValidationFailed) as caught:
        create_client(CreateClient(name="Agency", settings=settings_), uow=accounts.uow, clock=accounts.clock)
    assert caught.value.extra == {"field": field}


def test_updating_settings_keeps_the_ones_not_given(accounts: Accounts) -> None:
    accounts.update(pay_week_start_day=7, walk_in_policy="pay")
    assert accounts.db.clients[accounts.client.id].settings == ClientSettings(
        pay_week_start_day=7, walk_in_policy="pay"
    )


@pytest.mark.parametrize(
    "changes",
    [{"status": "dormant"}, {"pay_week_start_day": 9}, {"status": "closed", "api_access": False}],
)
def test_a_refused_client_update_changes_nothing(accounts: Accounts, changes: dict[str, Any]) -> None:
    accounts.key()
    before = accounts.db.state()
    with pytest.raises(ValidationFailed):
        accounts.update(**changes)
    assert accounts.db.state() == before
    assert accounts.uow.last.committed is False


def test_updating_an_unknown_client_is_not_found(accounts: Accounts) -> None:
    with pytest.raises(NotFound):
        update_client(UpdateClient(client_id=999, status="active"), uow=accounts.uow, clock=accounts.clock)


@pytest.mark.parametrize("status", ["suspended", "cancelled", "trial_ended"])
def test_a_client_that_is_not_active_is_refused_for_every_key(accounts: Accounts, status: str) -> None:
    issued = accounts.key()
    accounts.update(status=status)
    with pytest.raises(AccountSuspended):
        accounts.auth(issued.secret)
    accounts.update(status="active")
    assert accounts.auth(issued.secret).key.id == issued.key.id


# ---- keys --------------------------------------------------------------------------------------


def test_a_new_key_shows_its_secret_once_and_stores_only_its_hash(accounts: Accounts) -> None:
    issued = accounts.key(("workers:write", "workers:write", "pay:read"), allowed_origins=("https://a.example",) * 2)
    secret = issued.secret
    assert secret.startswith("wfk_")
    assert len(secret) == 47
    stored = accounts.db.keys[issued.key.id]
    assert stored.key_prefix == secret[:16]
    assert stored.key_hash == hashlib.sha256(secret.encode()).hexdigest()
    assert stored.scopes == ("workers:write", "pay:read")
    assert stored.allowed_origins == ("https://a.example",)
    assert stored.created_at == NOW
    assert secret not in repr(accounts.db.state())


def test_new_keys_have_different_secrets(accounts: Accounts) -> None:
    secrets = {accounts.key().secret for _ in range(20)}
    assert len(secrets) == 20


def test_a_new_key_authenticates_with_its_effective_scopes(accounts: Accounts) -> None:
    issued = accounts.key(("workers:write", "payroll:read"))
    principal = accounts.auth(issued.secret)
    assert principal.client_id == accounts.client.id
    assert principal.effective_scopes == ("workers:read", "workers:write", "payroll:read", "pay:read")


@pytest.mark.parametrize("scope", ["workers:admin", "Workers:read", "", "clock:read"])
def test_a_key_with_an_unknown_scope_is_refused(accounts: Accounts, scope: str) -> None:
    before = accounts.db.state()
    with pytest.raises(ValidationFailed) as caught:
        accounts.key(("workers:read", scope))
    assert caught.value.extra == {"field": "scope"}
    assert accounts.db.state() == before


@pytest.mark.parametrize("limit", [0, -1, 601, 10_000])
def test_a_rate_limit_outside_1_to_600_is_refused(accounts: Accounts, limit: int) -> None:
    with pytest.raises(ValidationFailed) as caught:
        accounts.key(rate_limit_per_minute=limit)
    assert caught.value.extra == {"field": "rate_limit"}


@pytest.mark.parametrize("name", ["", "  ", "k" * 101])
def test_a_key_needs_a_name_of_1_to_100_characters(accounts: Accounts, name: str) -> None:
    with pytest.raises(ValidationFailed) as caught:
        create_key(CreateKey(client_id=accounts.client.id, name=name), uow=accounts.uow, clock=accounts.clock)
    assert caught.value.extra == {"field": "name"}


def test_a_site_limited_key_lists_its_own_sites_once_in_order(accounts: Accounts) -> None:
    issued = accounts.key(location_ids=(accounts.south.id, accounts.north.id, accounts.south.id))
    assert accounts.db.keys[issued.key.id].location_ids == (accounts.north.id, accounts.south.id)
    assert accounts.auth(issued.secret).site_ids == (accounts.north.id, accounts.south.id)


@pytest.mark.parametrize("site", ["foreign", "unknown"])
def test_a_key_cannot_be_limited_to_a_site_of_another_client(accounts: Accounts, site: str) -> None:
    site_id = accounts.foreign_site.id if site == "foreign" else 999
    before = accounts.db.state()
    with pytest.raises(ValidationFailed) as caught:
        accounts.key(location_ids=(accounts.north.id, site_id))
    assert caught.value.extra == {"field": "location"}
    assert accounts.db.state() == before


def test_a_key_for_an_unknown_client_is_not_found(accounts: Accounts) -> None:
    with pytest.raises(NotFound):
        create_key(CreateKey(client_id=999, name="k"), uow=accounts.uow, clock=accounts.clock)


def test_a_revoked_key_answers_key_revoked_from_that_instant(accounts: Accounts) -> None:
    issued = accounts.key()
    accounts.clock.advance(minutes=10)
    revoked = revoke_key(issued.key.id, uow=accounts.uow, clock=accounts.clock)
    assert revoked.revoked_at == NOW + timedelta(minutes=10)
    assert accounts.db.keys[issued.key.id].revoked_at == NOW + timedelta(minutes=10)
    with pytest.raises(KeyRevoked):
        accounts.auth(issued.secret)


def test_revoking_twice_keeps_the_first_revocation(accounts: Accounts) -> None:
    issued = accounts.key()
    revoke_key(issued.key.id, uow=accounts.uow, clock=accounts.clock)
    accounts.clock.advance(days=2)
    revoke_key(issued.key.id, uow=accounts.uow, clock=accounts.clock)
    assert accounts.db.keys[issued.key.id].revoked_at == NOW


def test_revoking_an_unknown_key_is_not_found(accounts: Accounts) -> None:
    with pytest.raises(NotFound):
        revoke_key(42, uow=accounts.uow, clock=accounts.clock)


# ---- rotation ----------------------------------------------------------------------------------


def test_a_rotated_key_keeps_every_setting_under_a_new_secret(accounts: Accounts) -> None:
    old = accounts.key(
        ("workers:write", "rates:write"),
        location_ids=(accounts.north.id,),
        rate_limit_per_minute=120,
        allowed_origins=("https://app.example",),
        expires_at=NOW + timedelta(days=90),
    )
    accounts.clock.advance(hours=1)
    new = rotate_key(old.key.id, uow=accounts.uow, clock=accounts.clock)
    stored = accounts.db.keys[new.key.id]
    assert new.key.id != old.key.id
    assert new.secret != old.secret
    assert stored.key_prefix == new.secret[:16]
    assert (stored.name, stored.scopes, stored.location_ids) == (
        "payroll sync",
        ("workers:write", "rates:write"),
        (accounts.north.id,),
    )
    assert (stored.rate_limit_per_minute, stored.allowed_origins) == (120, ("https://app.example",))
    assert stored.expires_at == NOW + timedelta(days=90)
    assert stored.replaces_id == old.key.id
    assert stored.revoked_at is None
    assert stored.created_at == NOW + timedelta(hours=1)
    assert accounts.db.keys[old.key.id].revoked_at == NOW + timedelta(hours=25)


def test_the_old_key_answers_until_the_24_hour_overlap_ends(accounts: Accounts) -> None:
    old = accounts.key()
    new = rotate_key(old.key.id, uow=accounts.uow, clock=accounts.clock)
    accounts.clock.advance(hours=23, minutes=59, seconds=59)
    assert accounts.auth(old.secret).key.id == old.key.id
    accounts.clock.advance(seconds=1)
    with pytest.raises(KeyRevoked):
        accounts.auth(old.secret)
    assert accounts.auth(new.secret).key.id == new.key.id


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=720), st.integers(min_value=0, max_value=800 * 60))
def test_the_old_key_works_exactly_while_the_overlap_lasts(overlap_hours: int, minutes_later: int) -> None:
    accounts = Accounts()
    old = accounts.key()
    new = rotate_key(old.key.id, uow=accounts.uow, clock=accounts.clock, overlap_hours=overlap_hours)
    accounts.clock.advance(minutes=minutes_later)
    if minutes_later < overlap_hours * 60:
        assert accounts.auth(old.secret).key.id == old.key.id
    else:
        with pytest.raises(KeyRevoked):
            accounts.auth(old.secret)
    assert accounts.auth(new.secret).key.id == new.key.id


@pytest.mark.parametrize("hours", [-1, 721, 10_000])
def test_an_overlap_outside_0_to_720_hours_is_refused(accounts: Accounts, hours: float) -> None:
    old = accounts.key()
    before = accounts.db.state()
    with pytest.raises(ValidationFailed) as caught:
        rotate_key(old.key.id, uow=accounts.uow, clock=accounts.clock, overlap_hours=hours)
    assert caught.value.extra == {"field": "overlap_hours"}
    assert accounts.db.state() == before


def test_a_revoked_key_cannot_be_rotated(accounts: Accounts) -> None:
    old = accounts.key()
    revoke_key(old.key.id, uow=accounts.uow, clock=accounts.clock)
    before = accounts.db.state()
    with pytest.raises(ValidationFailed):
        rotate_key(old.key.id, uow=accounts.uow, clock=accounts.clock)
    assert accounts.db.state() == before


def test_rotating_again_during_the_overlap_never_extends_the_old_key(accounts: Accounts) -> None:
    old = accounts.key()
    rotate_key(old.key.id, uow=accounts.uow, clock=accounts.clock, overlap_hours=2)
    accounts.clock.advance(hours=1)
    rotate_key(old.key.id, uow=accounts.uow, clock=accounts.clock, overlap_hours=24)
    assert accounts.db.keys[old.key.id].revoked_at == NOW + timedelta(hours=2)
    rotate_key(old.key.id, uow=accounts.uow, clock=accounts.clock, overlap_hours=0)
    assert accounts.db.keys[old.key.id].revoked_at == NOW + timedelta(hours=1)


def test_rotating_an_unknown_key_is_not_found(accounts: Accounts) -> None:
    with pytest.raises(NotFound):
        rotate_key(77, uow=accounts.uow, clock=accounts.clock)


# ---- API access --------------------------------------------------------------------------------


def test_switching_api_access_off_revokes_every_key_of_the_account(accounts: Accounts) -> None:
    first, second = accounts.key(), accounts.key()
    rotated_out = accounts.key()
    rotate_key(rotated_out.key.id, uow=accounts.uow, clock=accounts.clock)  # still answering (overlap)
    theirs = create_key(CreateKey(client_id=accounts.other.id, name="theirs"), uow=accounts.uow, clock=accounts.clock)
    accounts.clock.advance(minutes=5)

    accounts.update(api_access=False)

    assert accounts.db.clients[accounts.client.id].api_access is False
    for issued in (first, second, rotated_out):
        assert accounts.db.keys[issued.key.id].revoked_at == NOW + timedelta(minutes=5)
        with pytest.raises(KeyRevoked):
            accounts.auth(issued.secret)
    assert accounts.db.keys[theirs.key.id].revoked_at is None
    assert accounts.auth(theirs.secret).client_id == accounts.other.id


def test_switching_api_access_on_again_does_not_revive_revoked_keys(accounts: Accounts) -> None:
    issued = accounts.key()
    accounts.update(api_access=False)
    accounts.update(api_access=True)
    with pytest.raises(KeyRevoked):
        accounts.auth(issued.secret)


def test_a_key_made_while_access_is_off_answers_api_access_disabled_until_access_is_on(accounts: Accounts) -> None:
    accounts.update(api_access=False)
    issued = accounts.key()
    with pytest.raises(ApiAccessDisabled):
        accounts.auth(issued.secret)
    accounts.update(api_access=True)
    assert accounts.auth(issued.secret).key.id == issued.key.id


def test_switching_api_access_off_twice_keeps_the_first_revocation_instant(accounts: Accounts) -> None:
    issued = accounts.key()
    accounts.update(api_access=False)
    accounts.clock.advance(hours=3)
    accounts.update(api_access=False)
    assert accounts.db.keys[issued.key.id].revoked_at == NOW


# ---- reference reads ---------------------------------------------------------------------------


def principal(accounts: Accounts, scopes: tuple[str, ...], sites: tuple[int, ...] | None = None) -> Principal:
    issued = accounts.db.add_key(accounts.client.id, scopes, location_ids=sites)
    return accounts.db.principal(issued.key.id)


def test_locations_need_locations_read(accounts: Accounts, mirror: Mirror) -> None:
    queries = mirror(accounts.db)
    with pytest.raises(InsufficientScope) as caught:
        reads.locations(principal(accounts, ("workers:read",)), LocationFilter(1, Paging()), queries=queries)
    assert caught.value.extra == {"required_scope": "locations:read"}


def test_locations_are_the_clients_own_and_a_limited_key_sees_its_sites_only(
    accounts: Accounts, mirror: Mirror
) -> None:
    queries = mirror(accounts.db)
    every = reads.locations(
        principal(accounts, ("locations:read",)), LocationFilter(accounts.other.id, Paging()), queries=queries
    )
    assert [site.name for site in every.items] == ["North", "South"]
    limited = reads.locations(
        principal(accounts, ("locations:read",), (accounts.south.id,)), LocationFilter(0, Paging()), queries=queries
    )
    assert [site.name for site in limited.items] == ["South"]
    assert limited.total == 1


def test_departments_of_a_limited_key_are_those_of_its_sites_and_those_without_a_site(
    accounts: Accounts, mirror: Mirror
) -> None:
    accounts.db.add_department(accounts.client.id, "A North", location_id=accounts.north.id)
    accounts.db.add_department(accounts.client.id, "B South", location_id=accounts.south.id)
    accounts.db.add_department(accounts.client.id, "C Anywhere")
    accounts.db.add_department(None, "D Global")
    accounts.db.add_department(accounts.other.id, "E Theirs")
    queries = mirror(accounts.db)
    limited = principal(accounts, ("departments:read",), (accounts.south.id,))
    page = reads.departments(limited, DepartmentFilter(0, Paging()), queries=queries)
    assert [view.department.name for view in page.items] == ["B South", "C Anywhere", "D Global"]
    assert page.items[0].location_name == "South"
    with pytest.raises(LocationNotAllowed) as caught:
        reads.departments(limited, DepartmentFilter(0, Paging(), location_id=accounts.north.id), queries=queries)
    assert caught.value.extra == {"parameter": "location_id"}


def test_a_department_filter_on_another_clients_site_is_not_found(accounts: Accounts, mirror: Mirror) -> None:
    with pytest.raises(LocationNotFound) as caught:
        reads.departments(
            principal(accounts, ("departments:read",)),
            DepartmentFilter(0, Paging(), location_id=accounts.foreign_site.id),
            queries=mirror(accounts.db),
        )
    assert caught.value.extra == {"parameter": "location_id"}


def test_cost_codes_are_the_clients_own_and_global_ones(accounts: Accounts, mirror: Mirror) -> None:
    accounts.db.add_cost_code(accounts.client.id, "B-OWN")
    accounts.db.add_cost_code(None, "A-GLOBAL")
    accounts.db.add_cost_code(accounts.other.id, "C-THEIRS")
    page = reads.cost_codes(
        principal(accounts, ("cost_codes:read",)),
        CostCodeFilter(accounts.other.id, Paging()),
        queries=mirror(accounts.db),
    )
    assert [code.code for code in page.items] == ["A-GLOBAL", "B-OWN"]
    with pytest.raises(InsufficientScope):
        reads.cost_codes(
            principal(accounts, ("departments:read",)), CostCodeFilter(0, Paging()), queries=mirror(accounts.db)
        )


def test_me_shows_the_key_its_effective_scopes_and_its_sites(accounts: Accounts, mirror: Mirror) -> None:
    limited = principal(accounts, ("shifts:write",), (accounts.north.id,))
    view = reads.me(limited, queries=mirror(accounts.db))
    assert view.effective_scopes == ("shifts:read", "shifts:write")
    assert [(site.id, site.name, site.active) for site in view.locations] == [(accounts.north.id, "North", True)]
    assert view.client.id == accounts.client.id
    everything = reads.me(principal(accounts, ()), queries=mirror(accounts.db))
    assert [site.name for site in everything.locations] == ["North", "South"]
    assert everything.effective_scopes == ()


def test_me_of_a_legacy_key_stores_no_scopes_but_has_the_legacy_set(accounts: Accounts, mirror: Mirror) -> None:
    issued = create_key(
        CreateKey(client_id=accounts.client.id, name="old integration", legacy=True),
        uow=accounts.uow,
        clock=accounts.clock,
    )
    view = reads.me(accounts.auth(issued.secret), queries=mirror(accounts.db))
    assert view.key.scopes == ()
    assert set(view.effective_scopes) == {
        "workers:read",
        "workers:write",
        "timesheets:read",
        "locations:read",
        "departments:read",
        "cost_codes:read",
        "clock:write",
        "shifts:read",
        "shifts:write",
    }
    assert list(view.effective_scopes) == [scope for scope in SCOPES if scope in view.effective_scopes]
