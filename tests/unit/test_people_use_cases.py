"""People who sign in, on the memory adapter: making users, signing in and out, sessions that end,
the sign-in throttle, and a signed-in person acting on shifts (who did it, where they may reach)."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.time_world import TimeWorld, data
from workforce_adapters.mail_outbox import MaildirOutbox
from workforce_adapters.memory_limits import memory_rate_limiter
from workforce_adapters.password_strength import ZxcvbnStrength
from workforce_adapters.passwords import Argon2PasswordHasher
from workforce_core.commands.pay_weeks import ClosePayWeek, LockPayWeek, UnlockPayWeek
from workforce_core.commands.people import CreateUser, SetPassword, SignIn
from workforce_core.errors import (
    EmailTaken,
    LastOwner,
    NotFound,
    RoleNotAllowed,
    SessionEnded,
    SignInRefused,
    SignInThrottled,
    ValidationFailed,
)
from workforce_core.model.people import Actor, Role, User, WebSession
from workforce_core.rules import people as rules
from workforce_core.rules.people import Screen
from workforce_core.services import approvals, pay_weeks, people
from workforce_core.services.sign_in import acting_for, sign_in, sign_out, signed_in
from workforce_core.services.sign_off_links import open_sign_off_link, send_sign_off_link

HASHER = Argon2PasswordHasher(fast=True)
STRENGTH = ZxcvbnStrength()
PASSWORD = "correct horse battery"


@pytest.fixture
def world() -> TimeWorld:
    return TimeWorld()


def user(world: TimeWorld, role: str = Role.OWNER, *, email: str = "Pat@Example.com", **more: object) -> User:
    client_id = None if role == Role.OPERATOR else more.pop("client_id", world.client.id)
    command = CreateUser(email=email, password=PASSWORD, role=role, client_id=client_id, **more)  # type: ignore[arg-type]
    return people.create_user(command, uow=world.uow, hasher=HASHER, strength=STRENGTH, clock=world.clock)


def attempt(world: TimeWorld, email: str, password: str, limiter: object, address: str = "203.0.113.9") -> object:
    return sign_in(
        SignIn(email=email, password=password, address=address),
        uow=world.uow,
        hasher=HASHER,
        limiter=limiter,  # type: ignore[arg-type]
        clock=world.clock,
    )


def test_a_user_is_kept_with_a_folded_email_and_an_argon2_hash_never_the_password(world: TimeWorld) -> None:
    made = user(world)
    assert made.email == "pat@example.com"
    assert made.password_hash.startswith("$argon2id$")
    assert PASSWORD not in made.password_hash
    assert PASSWORD not in repr(CreateUser(email="a@b.co", password=PASSWORD, role="owner", client_id=1))


def test_a_second_user_with_the_same_email_is_refused(world: TimeWorld) -> None:
    user(world)
    with pytest.raises(EmailTaken):
        user(world, email="pat@example.com")


@pytest.mark.parametrize(
    ("role", "client", "sites", "field"),
    [
        ("operator", 1, None, "client_id"),
        ("owner", None, None, "client_id"),
        ("approver", 1, None, "location_ids"),
        ("coordinator", 1, (1,), "location_ids"),
        ("boss", 1, None, "role"),
    ],
)
def test_roles_and_their_accounts_must_fit(role: str, client: int | None, sites: object, field: str) -> None:
    with pytest.raises(ValidationFailed) as refused:
        CreateUser(email="a@example.com", password=PASSWORD, role=role, client_id=client, location_ids=sites)  # type: ignore[arg-type]
    assert refused.value.extra["field"] == field


def test_an_approver_cannot_be_limited_to_another_clients_site(world: TimeWorld) -> None:
    with pytest.raises(NotFound):
        user(world, Role.APPROVER, location_ids=(world.foreign_site.id,))


def test_a_short_password_is_refused() -> None:
    with pytest.raises(ValidationFailed) as refused:
        CreateUser(email="a@example.com", password="short", role="operator")
    assert refused.value.extra["field"] == "password"


def test_sign_in_makes_a_session_kept_by_the_hash_of_its_token(world: TimeWorld) -> None:
    made = user(world)
    done = attempt(world, "PAT@example.com ", PASSWORD, memory_rate_limiter())
    assert done.token
    assert done.user.id == made.id
    stored = world.db.tables["sessions"][done.session.id]  # type: ignore[attr-defined]
    assert stored.token_hash != done.token
    assert len(stored.csrf_token) >= 32
    assert signed_in(done.token, uow=world.uow, clock=world.clock).user.id == made.id  # type: ignore[attr-defined]


def test_an_unknown_name_a_wrong_password_and_a_disabled_user_get_the_same_words(world: TimeWorld) -> None:
    made = user(world)
    other = user(world, email="gone@example.com")
    people.disable_user(other.id, uow=world.uow, clock=world.clock)
    limiter = memory_rate_limiter()
    messages = set()
    for email, password in (("nobody@example.com", PASSWORD), (made.email, "wrong password!"), (other.email, PASSWORD)):
        with pytest.raises(SignInRefused) as refused:
            attempt(world, email, password, limiter, address=email)
        messages.add((refused.value.code, refused.value.message))
    assert len(messages) == 1


def test_an_accounts_last_active_owner_cannot_be_disabled_by_anyone(world: TimeWorld) -> None:
    first = user(world)
    admin = user(world, Role.OPERATOR, email="ops@example.com")
    coordinator = user(world, Role.COORDINATOR, email="co@example.com")
    for actor in (Actor.of(first), Actor.of(admin), None):
        with pytest.raises(LastOwner) as refused:
            people.disable_user(first.id, uow=world.uow, clock=world.clock, actor=actor)
        assert (refused.value.status, refused.value.extra["reason_code"]) == (409, "last_owner")
    assert people.disable_user(coordinator.id, uow=world.uow, clock=world.clock).disabled_at is not None
    second = user(world, email="second@example.com")
    assert people.disable_user(first.id, uow=world.uow, clock=world.clock).disabled_at is not None
    with pytest.raises(LastOwner):
        people.disable_user(second.id, uow=world.uow, clock=world.clock)
    assert [u.email for u in people.users(world.client.id, uow=world.uow) if u.active] == ["second@example.com"]


def test_sign_ins_are_throttled_per_user_then_even_the_right_password_waits(world: TimeWorld) -> None:
    made = user(world)
    limiter = memory_rate_limiter()
    for n in range(rules.SIGN_IN_PER_USER):
        with pytest.raises(SignInRefused):
            attempt(world, made.email, "wrong password!", limiter, address=f"198.51.100.{n}")
    with pytest.raises(SignInThrottled) as throttled:
        attempt(world, made.email, PASSWORD, limiter, address="198.51.100.200")
    assert throttled.value.status == 429
    assert throttled.value.retry_after > 0


def test_sign_ins_are_throttled_per_address_across_names(world: TimeWorld) -> None:
    made = user(world)
    limiter = memory_rate_limiter()
    for n in range(rules.SIGN_IN_PER_ADDRESS):
        with pytest.raises(SignInRefused):
            attempt(world, f"guess{n}@example.com", PASSWORD, limiter)
    with pytest.raises(SignInThrottled):
        attempt(world, made.email, PASSWORD, limiter)
    assert attempt(world, made.email, PASSWORD, limiter, address="192.0.2.1").token  # type: ignore[attr-defined]


def test_a_session_ends_after_inactivity_but_use_keeps_it_alive(world: TimeWorld) -> None:
    user(world)
    done = attempt(world, "pat@example.com", PASSWORD, memory_rate_limiter())
    token = done.token  # type: ignore[attr-defined]
    for _ in range(4):  # used every 20 minutes: 80 minutes in all
        world.clock.advance(minutes=20)
        signed_in(token, uow=world.uow, clock=world.clock)
    world.clock.advance(minutes=31)
    with pytest.raises(SessionEnded):
        signed_in(token, uow=world.uow, clock=world.clock)


def test_sign_out_and_a_password_change_end_sessions(world: TimeWorld) -> None:
    made = user(world)
    limiter = memory_rate_limiter()
    first = attempt(world, made.email, PASSWORD, limiter).token  # type: ignore[attr-defined]
    second = attempt(world, made.email, PASSWORD, limiter).token  # type: ignore[attr-defined]
    sign_out(first, uow=world.uow, clock=world.clock)
    with pytest.raises(SessionEnded):
        signed_in(first, uow=world.uow, clock=world.clock)
    signed_in(second, uow=world.uow, clock=world.clock)
    changed = SetPassword(user_id=made.id, password="a new password here")
    people.set_password(changed, uow=world.uow, hasher=HASHER, strength=STRENGTH, clock=world.clock)
    with pytest.raises(SessionEnded):
        signed_in(second, uow=world.uow, clock=world.clock)
    with pytest.raises(SignInRefused):
        attempt(world, made.email, PASSWORD, limiter)
    assert attempt(world, made.email, "a new password here", limiter).token  # type: ignore[attr-defined]


@settings(max_examples=60, deadline=None)
@given(idle=st.integers(min_value=0, max_value=24 * 60), age=st.integers(min_value=0, max_value=24 * 60))
def test_a_session_is_live_exactly_within_both_limits(idle: int, age: int) -> None:
    start = world_now = TimeWorld().clock.now()
    session = WebSession(1, "h", "c", start - timedelta(minutes=age), start - timedelta(minutes=idle))
    expected = idle < 30 and age < 12 * 60
    assert rules.session_live(session, world_now) is expected


def test_an_owner_approves_with_their_id_the_tenant_via_and_an_audit_row(world: TimeWorld) -> None:
    made = user(world)
    shifts = [world.backfill(f"2026-02-0{d} 08:00", f"2026-02-0{d} 16:00").entry.id for d in (2, 3)]
    done = approvals.approve(shifts, uow=world.uow, clock=world.clock, actor=Actor.of(made), screen=Screen.BATCH_EDIT)
    assert {view.entry.approved_by for view in done} == {made.id}
    (event,) = world.db.events("timesheet.approved")
    assert data(event)["via"] == "tenant_batch_edit"
    assert data(event)["user_id"] == made.id
    assert [(a.user_id, a.action, a.entity_id) for a in world.db.audit] == [(made.id, "approve", i) for i in shifts]


def test_an_operator_approves_as_admin(world: TimeWorld) -> None:
    admin = user(world, Role.OPERATOR, email="ops@example.com")
    shift = world.backfill("2026-02-03 08:00", "2026-02-03 16:00").entry.id
    approvals.approve([shift], uow=world.uow, clock=world.clock, actor=Actor.of(admin))
    (event,) = world.db.events("timesheet.approved")
    assert data(event)["via"] == "admin_timesheets"


def test_a_user_cannot_reach_another_accounts_shift_it_is_not_there(world: TimeWorld) -> None:
    rival_owner = user(world, email="rival@example.com", client_id=world.other.id)
    shift = world.backfill("2026-02-03 08:00", "2026-02-03 16:00").entry.id
    before = world.db.state()
    with pytest.raises(NotFound):
        approvals.approve([shift], uow=world.uow, clock=world.clock, actor=Actor.of(rival_owner))
    with pytest.raises(NotFound):
        acting_for(Actor.of(rival_owner), world.client.id, uow=world.uow)
    assert world.db.state() == before


def test_an_approver_reaches_only_their_sites_and_cannot_approve_for_the_agency(world: TimeWorld) -> None:
    contact = user(world, Role.APPROVER, email="hirer@example.com", location_ids=(world.north.id,))
    south = world.backfill("2026-02-03 08:00", "2026-02-03 16:00", site=world.south).entry.id
    north = world.backfill("2026-02-04 08:00", "2026-02-04 16:00").entry.id
    with pytest.raises(RoleNotAllowed):
        approvals.approve([north], uow=world.uow, clock=world.clock, actor=Actor.of(contact))
    with pytest.raises(NotFound):
        approvals.client_approve([south], uow=world.uow, clock=world.clock, actor=Actor.of(contact))
    (done,) = approvals.client_approve([north], uow=world.uow, clock=world.clock, actor=Actor.of(contact))
    assert done.entry.client_approved_by == contact.id


def test_a_coordinator_cannot_lock_a_week_and_an_unlock_by_a_person_needs_a_reason(world: TimeWorld) -> None:
    coordinator = user(world, Role.COORDINATOR, email="co@example.com")
    payroll = user(world, Role.PAYROLL, email="pay@example.com")
    world.backfill("2026-02-03 08:00", "2026-02-03 16:00")
    week = {"client_id": world.client.id, "week": world.clock.now().date() - timedelta(days=7)}
    with pytest.raises(RoleNotAllowed):
        pay_weeks.lock_week(LockPayWeek(**week), uow=world.uow, clock=world.clock, actor=Actor.of(coordinator))
    locked = pay_weeks.close_week(ClosePayWeek(**week), uow=world.uow, clock=world.clock, actor=Actor.of(payroll))
    assert locked.lock.locked_by == payroll.id
    with pytest.raises(ValidationFailed) as refused:
        pay_weeks.unlock_week(UnlockPayWeek(**week), uow=world.uow, clock=world.clock, actor=Actor.of(payroll))
    assert refused.value.extra["field"] == "reason"
    lifted = pay_weeks.unlock_week(
        UnlockPayWeek(**week, reason="late paper shift"), uow=world.uow, clock=world.clock, actor=Actor.of(payroll)
    )
    assert (lifted.lock.unlocked_by, lifted.lock.unlock_reason) == (payroll.id, "late paper shift")


def test_a_sign_off_link_opens_its_week_once_and_the_session_reaches_that_week_only(
    world: TimeWorld, tmp_path: Path
) -> None:
    contact = user(world, Role.APPROVER, email="hirer@example.com", location_ids=(world.north.id,))
    staff = user(world, Role.COORDINATOR, email="co@example.com")
    this_week = world.backfill("2026-02-03 08:00", "2026-02-03 16:00").entry.id
    next_week = world.backfill("2026-02-09 08:00", "2026-02-09 16:00").entry.id
    outbox = MaildirOutbox(tmp_path)
    link = send_sign_off_link(
        contact.id, date(2026, 2, 4), link_base="https://agency.example", uow=world.uow, clock=world.clock,
        mailer=outbox, actor=Actor.of(staff),
    )  # fmt: skip
    assert (link.week_start, link.created_by, link.used_at) == (date(2026, 2, 2), staff.id, None)
    ((to, _, body),) = outbox.messages()
    assert to == "hirer@example.com"
    token = body.split("/portal/link/")[1].split()[0]
    assert link.token_hash != token
    opened = open_sign_off_link(token, address="192.0.2.7", uow=world.uow, clock=world.clock)
    assert opened.session.only_week == date(2026, 2, 2)
    with pytest.raises(NotFound):
        open_sign_off_link(token, address="192.0.2.7", uow=world.uow, clock=world.clock)
    actor = signed_in(opened.token, uow=world.uow, clock=world.clock).actor
    assert actor.only_week == date(2026, 2, 2)
    with pytest.raises(NotFound):
        approvals.client_approve([next_week], uow=world.uow, clock=world.clock, actor=actor)
    (done,) = approvals.client_approve([this_week], uow=world.uow, clock=world.clock, actor=actor)
    assert done.entry.client_approved_by == contact.id


def test_a_link_ends_after_a_week_and_only_contacts_get_links(world: TimeWorld, tmp_path: Path) -> None:
    contact = user(world, Role.APPROVER, email="hirer@example.com", location_ids=(world.north.id,))
    owner = user(world, email="owner@example.com")
    rival = user(world, email="rival@example.com", client_id=world.other.id)
    outbox = MaildirOutbox(tmp_path)
    send = {"link_base": "https://agency.example", "uow": world.uow, "clock": world.clock, "mailer": outbox}
    with pytest.raises(NotFound):
        send_sign_off_link(owner.id, date(2026, 2, 4), **send)  # type: ignore[arg-type]
    with pytest.raises(NotFound):
        send_sign_off_link(contact.id, date(2026, 2, 4), actor=Actor.of(rival), **send)  # type: ignore[arg-type]
    send_sign_off_link(contact.id, date(2026, 2, 4), **send)  # type: ignore[arg-type]
    token = outbox.messages()[0][2].split("/portal/link/")[1].split()[0]
    world.clock.advance(days=7)
    with pytest.raises(NotFound):
        open_sign_off_link(token, address="192.0.2.7", uow=world.uow, clock=world.clock)
