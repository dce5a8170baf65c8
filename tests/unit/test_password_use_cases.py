"""Passwords people manage, on the memory adapter: changing one's own (the current password required,
the new one strong enough by zxcvbn and given twice, the other sessions ended, this one kept), the
operator's reset, a weak password refused wherever one is set, and one's own sessions listed and ended."""

from __future__ import annotations

import secrets

import pytest

from tests.time_world import TimeWorld
from workforce_adapters.memory_limits import memory_rate_limiter
from workforce_adapters.password_strength import ZxcvbnStrength
from workforce_adapters.passwords import Argon2PasswordHasher
from workforce_core.commands.people import ChangePassword, CreateUser, SetPassword, SignIn
from workforce_core.errors import (
    CurrentPasswordWrong,
    NotFound,
    SessionEnded,
    SignInRefused,
    SignInThrottled,
    ValidationFailed,
    WeakPassword,
)
from workforce_core.model.people import Role, User
from workforce_core.ports import RateLimiter
from workforce_core.rules import passwords
from workforce_core.services import people
from workforce_core.services.own_sessions import end_other_sessions, end_own_session, own_sessions
from workforce_core.services.passwords import change_password
from workforce_core.services.sign_in import sign_in, signed_in
from workforce_core.views.signed_in import SignedIn

HASHER = Argon2PasswordHasher(fast=True)
STRENGTH = ZxcvbnStrength()
PASSWORD = "correct horse battery"
NEW = "marmalade quietly sideways"


@pytest.fixture
def world() -> TimeWorld:
    return TimeWorld()


def owner(world: TimeWorld, email: str = "pat.smith@acme.example") -> User:
    command = CreateUser(email=email, password=PASSWORD, role=Role.OWNER, client_id=world.client.id)
    return people.create_user(command, uow=world.uow, hasher=HASHER, strength=STRENGTH, clock=world.clock)


def browser(world: TimeWorld, user: User, limiter: RateLimiter, agent: str = "Firefox") -> SignedIn:
    command = SignIn(email=user.email, password=PASSWORD, address="198.51.100.7", user_agent=agent)
    return sign_in(command, uow=world.uow, hasher=HASHER, limiter=limiter, clock=world.clock)


def change(
    world: TimeWorld,
    here: SignedIn,
    current: str,
    new: str,
    repeated: str | None = None,
    limiter: RateLimiter | None = None,
) -> User:
    command = ChangePassword(
        user_id=here.user.id,
        session_id=here.session.id,
        current_password=current,
        new_password=new,
        repeated=new if repeated is None else repeated,
    )
    return change_password(
        command,
        uow=world.uow,
        hasher=HASHER,
        strength=STRENGTH,
        limiter=limiter or memory_rate_limiter(),
        clock=world.clock,
    )


def test_changing_ones_password_ends_the_other_sessions_and_keeps_this_one(world: TimeWorld) -> None:
    made = owner(world)
    limiter = memory_rate_limiter()
    here, elsewhere = browser(world, made, limiter), browser(world, made, limiter)
    change(world, here, PASSWORD, NEW)
    assert signed_in(here.token, uow=world.uow, clock=world.clock).session.id == here.session.id
    with pytest.raises(SessionEnded):
        signed_in(elsewhere.token, uow=world.uow, clock=world.clock)
    with pytest.raises(SignInRefused):
        browser(world, made, limiter)
    again = SignIn(email=made.email, password=NEW, address="198.51.100.7")
    assert sign_in(again, uow=world.uow, hasher=HASHER, limiter=limiter, clock=world.clock).token
    [entry] = world.db.audit
    assert (entry.action, entry.entity, entry.entity_id, entry.user_id) == ("change_password", "user", made.id, made.id)
    assert entry.changes["sessions_ended"] == 1
    assert NEW not in repr(entry)
    assert PASSWORD not in repr(entry)


def test_the_current_password_is_required_and_must_be_right(world: TimeWorld) -> None:
    here = browser(world, owner(world), memory_rate_limiter())
    with pytest.raises(ValidationFailed) as missing:
        change(world, here, "", NEW)
    assert missing.value.field == "current_password"
    with pytest.raises(CurrentPasswordWrong) as wrong:
        change(world, here, "not my password at all", NEW)
    assert (wrong.value.code, wrong.value.field) == ("current_password_wrong", "current_password")
    assert world.db.audit == []


@pytest.mark.parametrize(
    ("weak", "reason"),
    [
        ("aaaaaaaaaaaa", 'Repeats like "aaa" are easy to guess.'),
        ("password1234", "This is a very common password."),
        ("qwertyuiop12", "This is similar to a commonly used password."),
    ],
)
def test_a_weak_new_password_is_refused_with_the_estimators_reason(world: TimeWorld, weak: str, reason: str) -> None:
    here = browser(world, owner(world), memory_rate_limiter())
    with pytest.raises(WeakPassword) as refused:
        change(world, here, PASSWORD, weak)
    assert (refused.value.code, refused.value.status, refused.value.field) == ("weak_password", 400, "new_password")
    assert reason in refused.value.message
    assert "Add another word or two." in refused.value.message  # its suggestion too
    assert signed_in(here.token, uow=world.uow, clock=world.clock)  # nothing changed


def test_a_password_made_of_the_persons_own_name_is_weak(world: TimeWorld) -> None:
    here = browser(world, owner(world), memory_rate_limiter())
    assert STRENGTH.estimate("Pat.Smith.Acme", ()).score >= passwords.MIN_SCORE  # strong for a stranger ...
    with pytest.raises(WeakPassword):
        change(world, here, PASSWORD, "Pat.Smith.Acme")  # ... not for someone who knows the name


def test_the_new_password_twice_and_not_the_one_there_is(world: TimeWorld) -> None:
    here = browser(world, owner(world), memory_rate_limiter())
    with pytest.raises(ValidationFailed) as differs:
        change(world, here, PASSWORD, NEW, repeated=NEW + "!")
    assert differs.value.field == "repeat_password"
    with pytest.raises(ValidationFailed) as same:
        change(world, here, PASSWORD, PASSWORD)
    assert same.value.field == "new_password"
    with pytest.raises(ValidationFailed) as short:
        change(world, here, PASSWORD, "short one")
    assert short.value.field == "new_password"


def test_guesses_of_the_current_password_count_against_the_sign_in_throttle(world: TimeWorld) -> None:
    made = owner(world)
    limiter = memory_rate_limiter()
    here = browser(world, made, limiter)  # one sign-in attempt: nine tries left in the window
    for n in range(9):
        with pytest.raises(CurrentPasswordWrong):
            change(world, here, f"guess number {n}", NEW, limiter=limiter)
    with pytest.raises(SignInThrottled) as throttled:
        change(world, here, PASSWORD, NEW, limiter=limiter)  # the right one too, past the limit
    assert throttled.value.retry_after > 0
    assert "current password" in throttled.value.message


def test_weak_passwords_are_refused_when_a_user_is_made_or_reset(world: TimeWorld) -> None:
    weak = CreateUser(email="sam@acme.example", password="password1234", role=Role.OWNER, client_id=world.client.id)
    with pytest.raises(WeakPassword) as refused:
        people.create_user(weak, uow=world.uow, hasher=HASHER, strength=STRENGTH, clock=world.clock)
    assert refused.value.field == "password"
    assert "very common password" in refused.value.message
    made = owner(world)
    reset = SetPassword(user_id=made.id, password="aaaaaaaaaaaa")
    with pytest.raises(WeakPassword):
        people.set_password(reset, uow=world.uow, hasher=HASHER, strength=STRENGTH, clock=world.clock)
    assert world.db.tables["users"][made.id].password_hash == made.password_hash


def test_a_reset_ends_every_session_and_is_in_the_accounts_audit_log(world: TimeWorld) -> None:
    made = owner(world)
    here = browser(world, made, memory_rate_limiter())
    reset = SetPassword(user_id=made.id, password=NEW)
    people.set_password(reset, uow=world.uow, hasher=HASHER, strength=STRENGTH, clock=world.clock)
    with pytest.raises(SessionEnded):
        signed_in(here.token, uow=world.uow, clock=world.clock)
    [entry] = world.db.audit
    assert (entry.client_id, entry.action, entry.entity_id, entry.user_id) == (
        world.client.id,
        "reset_password",
        made.id,
        None,
    )
    with pytest.raises(NotFound):
        people.set_password(
            SetPassword(user_id=999, password=NEW), uow=world.uow, hasher=HASHER, strength=STRENGTH, clock=world.clock
        )


def test_an_operator_admins_reset_is_in_the_audit_log_of_no_account(world: TimeWorld) -> None:
    command = CreateUser(email="admin@agency.example", password=PASSWORD, role=Role.OPERATOR, client_id=None)
    admin = people.create_user(command, uow=world.uow, hasher=HASHER, strength=STRENGTH, clock=world.clock)
    reset = SetPassword(user_id=admin.id, password=NEW)
    people.set_password(reset, uow=world.uow, hasher=HASHER, strength=STRENGTH, clock=world.clock)
    [entry] = world.db.audit
    assert (entry.client_id, entry.action, entry.entity_id, entry.user_id) == (None, "reset_password", admin.id, None)


def test_ones_sessions_are_listed_newest_first_with_address_and_browser_live_ones_only(world: TimeWorld) -> None:
    made = owner(world)
    limiter = memory_rate_limiter()
    old = browser(world, made, limiter, agent="Old browser")
    world.clock.advance(minutes=31)  # the old one is idle past 30 minutes: ended
    here = browser(world, made, limiter, agent="Chromium")
    world.clock.advance(minutes=1)
    phone = browser(world, made, limiter, agent="Phone")
    other = browser(world, owner(world, "someone.else@acme.example"), limiter)
    listed = own_sessions(made.id, here.session.id, uow=world.uow, clock=world.clock)
    assert [(s.session.id, s.current) for s in listed] == [(phone.session.id, False), (here.session.id, True)]
    assert [(s.session.address, s.session.user_agent) for s in listed] == [
        ("198.51.100.7", "Phone"),
        ("198.51.100.7", "Chromium"),
    ]
    assert old.session.id not in {s.session.id for s in listed}
    assert other.session.id not in {s.session.id for s in listed}


def test_another_persons_session_cannot_be_ended_by_its_id(world: TimeWorld) -> None:
    made = owner(world)
    limiter = memory_rate_limiter()
    mine = browser(world, made, limiter)
    theirs = browser(world, owner(world, "someone.else@acme.example"), limiter)
    with pytest.raises(NotFound):
        end_own_session(made.id, theirs.session.id, uow=world.uow, clock=world.clock)
    with pytest.raises(NotFound):
        end_own_session(made.id, 9999, uow=world.uow, clock=world.clock)
    assert signed_in(theirs.token, uow=world.uow, clock=world.clock)
    end_own_session(made.id, mine.session.id, uow=world.uow, clock=world.clock)
    with pytest.raises(SessionEnded):
        signed_in(mine.token, uow=world.uow, clock=world.clock)


def test_signing_out_everywhere_else_keeps_this_session_and_no_one_elses(world: TimeWorld) -> None:
    made = owner(world)
    limiter = memory_rate_limiter()
    here, laptop, phone = (browser(world, made, limiter) for _ in range(3))
    theirs = browser(world, owner(world, "someone.else@acme.example"), limiter)
    assert end_other_sessions(made.id, here.session.id, uow=world.uow, clock=world.clock) == 2
    assert signed_in(here.token, uow=world.uow, clock=world.clock)
    assert signed_in(theirs.token, uow=world.uow, clock=world.clock)
    for ended in (laptop, phone):
        with pytest.raises(SessionEnded):
            signed_in(ended.token, uow=world.uow, clock=world.clock)


def test_the_persons_words_are_what_a_guesser_tries_first() -> None:
    assert passwords.password_inputs("pat.smith@acme.example") == (
        "pat.smith@acme.example", "pat.smith", "pat", "smith", "acme", "workforce", "console", "portal",
    )  # fmt: skip


def test_the_refusal_quotes_the_estimator_and_a_strong_enough_score_passes() -> None:
    from workforce_core.model.passwords import PasswordEstimate

    assert passwords.refusal(PasswordEstimate(3)) is None
    said = passwords.refusal(PasswordEstimate(2, "Names are easy to guess.", ("Avoid names.",)))
    assert said == "That password is too easy to guess. Names are easy to guess. Avoid names."
    assert passwords.refusal(PasswordEstimate(0)) == (
        "That password is too easy to guess. Add another word or two; uncommon words are better."
    )


def test_made_passwords_are_strong_enough() -> None:
    """The demo's and Setup's first passwords (16 random URL-safe characters) and the tests' own pass."""
    made = [secrets.token_urlsafe(12) for _ in range(200)] + ["pw-" + secrets.token_urlsafe(12) for _ in range(200)]
    assert min(STRENGTH.estimate(password, ()).score for password in made) >= passwords.MIN_SCORE


def test_a_browsers_user_agent_is_kept_cut_to_its_column() -> None:
    long = SignIn(email="a@example.com", password=PASSWORD, address="192.0.2.1", user_agent=" Mozilla/5.0 " + "x" * 400)
    assert long.user_agent is not None
    assert len(long.user_agent) == 255
    assert long.user_agent.startswith("Mozilla/5.0 x")
    assert SignIn(email="a@example.com", password=PASSWORD, address="192.0.2.1", user_agent="  ").user_agent is None
