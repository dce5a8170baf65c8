"""Two-factor sign-in on the memory adapter: setting it up and confirming it, the second step of a
sign-in (a code accepted once, a recovery code once, a challenge that ends), turning it off, an
operator's reset, and who must set it up when the installation requires it."""

from __future__ import annotations

from datetime import timedelta

import pyotp
import pytest

from tests.time_world import TimeWorld
from workforce_adapters.memory_limits import memory_rate_limiter
from workforce_adapters.one_time_codes import PyotpCodes
from workforce_adapters.password_strength import ZxcvbnStrength
from workforce_adapters.passwords import Argon2PasswordHasher
from workforce_core.commands.people import CreateUser, SignIn
from workforce_core.commands.two_factor import ConfirmTwoFactor, SignInWithCode, TurnOffTwoFactor
from workforce_core.errors import (
    CodeRefused,
    CodesThrottled,
    CodeUsed,
    RoleNotAllowed,
    SecondStepEnded,
    TwoFactorOff,
    TwoFactorOn,
)
from workforce_core.model.people import Actor, Role, User
from workforce_core.ports import RateLimiter
from workforce_core.rules import two_factor as rules
from workforce_core.services import people
from workforce_core.services.second_step import sign_in_with_code
from workforce_core.services.sign_in import sign_in
from workforce_core.services.two_factor import (
    confirm_two_factor,
    reset_two_factor,
    set_up_due,
    start_two_factor,
    turn_off_two_factor,
    two_factor_state,
)
from workforce_core.steps.second_factor import CodeNeeded
from workforce_core.views.signed_in import SignedIn

HASHER = Argon2PasswordHasher(fast=True)
STRENGTH = ZxcvbnStrength()
CODES = PyotpCodes()
PASSWORD = "correct horse battery"
ADDRESS = "203.0.113.9"


@pytest.fixture
def world() -> TimeWorld:
    return TimeWorld()


@pytest.fixture
def limiter() -> RateLimiter:
    return memory_rate_limiter()


def person(world: TimeWorld, role: str = Role.OWNER, email: str = "pat@example.com") -> User:
    client_id = None if role == Role.OPERATOR else world.client.id
    command = CreateUser(email=email, password=PASSWORD, role=role, client_id=client_id)
    return people.create_user(command, uow=world.uow, hasher=HASHER, strength=STRENGTH, clock=world.clock)


def code_now(world: TimeWorld, secret: str, *, steps: int = 0) -> str:
    return pyotp.TOTP(secret).at(world.clock.now() + timedelta(seconds=30 * steps))


def turned_on(world: TimeWorld, user: User, limiter: RateLimiter) -> tuple[str, list[str]]:
    """Two-factor sign-in on for the user: its secret and the ten recovery codes."""
    secret = start_two_factor(user.id, uow=world.uow, codes=CODES, clock=world.clock).secret
    command = ConfirmTwoFactor(user_id=user.id, code=code_now(world, secret))
    recovery = confirm_two_factor(command, uow=world.uow, codes=CODES, limiter=limiter, clock=world.clock)
    world.clock.advance(seconds=30)  # the confirming code's step is spent
    return secret, recovery


def password_step(world: TimeWorld, user: User, limiter: RateLimiter) -> CodeNeeded:
    command = SignIn(email=user.email, password=PASSWORD, address=ADDRESS)
    made = sign_in(command, uow=world.uow, hasher=HASHER, limiter=limiter, clock=world.clock)
    assert isinstance(made, CodeNeeded)
    return made


def password_only(world: TimeWorld, user: User, limiter: RateLimiter) -> object:
    return sign_in(
        SignIn(email=user.email, password=PASSWORD, address=ADDRESS),
        uow=world.uow,
        hasher=HASHER,
        limiter=limiter,
        clock=world.clock,
    )


def second_step(world: TimeWorld, token: str, code: str, limiter: RateLimiter, address: str = ADDRESS) -> SignedIn:
    command = SignInWithCode(token=token, code=code, address=address)
    return sign_in_with_code(command, uow=world.uow, codes=CODES, limiter=limiter, clock=world.clock).signed


def test_a_person_without_two_factor_gets_a_session_from_the_password_alone(
    world: TimeWorld, limiter: RateLimiter
) -> None:
    user = person(world)
    assert isinstance(password_only(world, user, limiter), SignedIn)


def test_set_up_is_off_until_a_code_from_the_new_secret_is_confirmed(world: TimeWorld, limiter: RateLimiter) -> None:
    user = person(world)
    started = start_two_factor(user.id, uow=world.uow, codes=CODES, clock=world.clock)
    state = two_factor_state(user, uow=world.uow, codes=CODES)
    assert not state.on
    assert state.secret == started.secret
    assert state.uri is not None
    assert state.uri.startswith("otpauth://totp/")
    assert f"secret={started.secret}" in state.uri
    wrong = "000000" if code_now(world, started.secret) != "000000" else "111111"
    with pytest.raises(CodeRefused):
        confirm_two_factor(
            ConfirmTwoFactor(user_id=user.id, code=wrong),
            uow=world.uow,
            codes=CODES,
            limiter=limiter,
            clock=world.clock,
        )
    assert not two_factor_state(user, uow=world.uow, codes=CODES).on
    recovery = confirm_two_factor(
        ConfirmTwoFactor(user_id=user.id, code=code_now(world, started.secret)),
        uow=world.uow,
        codes=CODES,
        limiter=limiter,
        clock=world.clock,
    )
    assert len(recovery) == rules.RECOVERY_CODES == len(set(recovery))
    assert two_factor_state(user, uow=world.uow, codes=CODES) == type(state)(on=True, recovery_left=10)
    stored = str(world.db.tables["recovery_codes"])
    assert not any(code in stored or code.replace("-", "") in stored for code in recovery)
    with pytest.raises(TwoFactorOn):
        start_two_factor(user.id, uow=world.uow, codes=CODES, clock=world.clock)


def test_a_right_password_is_not_a_session_until_the_code_passes(world: TimeWorld, limiter: RateLimiter) -> None:
    user = person(world)
    secret, _ = turned_on(world, user, limiter)
    sessions_before = len(world.db.tables["sessions"])
    needed = password_step(world, user, limiter)
    assert len(world.db.tables["sessions"]) == sessions_before
    signed = second_step(world, needed.token, code_now(world, secret), limiter)
    assert signed.user.id == user.id
    assert signed.token is not None
    assert len(world.db.tables["sessions"]) == sessions_before + 1


def test_a_time_code_is_accepted_once_even_from_another_sign_in(world: TimeWorld, limiter: RateLimiter) -> None:
    user = person(world)
    secret, _ = turned_on(world, user, limiter)
    code = code_now(world, secret)
    second_step(world, password_step(world, user, limiter).token, code, limiter)
    other = password_step(world, user, limiter)
    with pytest.raises(CodeUsed):
        second_step(world, other.token, code, limiter, address="198.51.100.7")
    world.clock.advance(seconds=30)
    assert second_step(world, other.token, code_now(world, secret), limiter).user.id == user.id


def test_an_older_code_after_a_newer_one_is_refused(world: TimeWorld, limiter: RateLimiter) -> None:
    user = person(world)
    secret, _ = turned_on(world, user, limiter)
    newer = code_now(world, secret, steps=1)  # the phone's clock a little ahead
    older = code_now(world, secret)
    second_step(world, password_step(world, user, limiter).token, newer, limiter)
    with pytest.raises(CodeUsed):
        second_step(world, password_step(world, user, limiter).token, older, limiter)


def test_a_wrong_code_is_refused_and_the_challenge_stays_open(world: TimeWorld, limiter: RateLimiter) -> None:
    user = person(world)
    secret, _ = turned_on(world, user, limiter)
    needed = password_step(world, user, limiter)
    wrong = "123456" if code_now(world, secret) != "123456" else "654321"
    for typed in (wrong, "not a code", ""):
        with pytest.raises(CodeRefused) as refused:
            second_step(world, needed.token, typed, limiter)
        assert type(refused.value) is CodeRefused
    assert second_step(world, needed.token, code_now(world, secret), limiter).user.id == user.id


def test_a_recovery_code_works_once(world: TimeWorld, limiter: RateLimiter) -> None:
    user = person(world)
    _, recovery = turned_on(world, user, limiter)
    accepted = sign_in_with_code(
        SignInWithCode(token=password_step(world, user, limiter).token, code=recovery[3].upper(), address=ADDRESS),
        uow=world.uow,
        codes=CODES,
        limiter=limiter,
        clock=world.clock,
    )
    assert accepted.kind is rules.CodeKind.RECOVERY
    assert accepted.recovery_left == 9
    with pytest.raises(CodeUsed):
        second_step(world, password_step(world, user, limiter).token, recovery[3], limiter)
    assert second_step(world, password_step(world, user, limiter).token, recovery[4], limiter).user.id == user.id


def test_another_persons_recovery_code_is_refused(world: TimeWorld, limiter: RateLimiter) -> None:
    pat, sam = person(world), person(world, email="sam@example.com")
    turned_on(world, pat, limiter)
    _, sams = turned_on(world, sam, limiter)
    with pytest.raises(CodeRefused):
        second_step(world, password_step(world, pat, limiter).token, sams[0], limiter)


def test_the_second_step_ends_after_five_minutes_and_after_use(world: TimeWorld, limiter: RateLimiter) -> None:
    user = person(world)
    secret, recovery = turned_on(world, user, limiter)
    late = password_step(world, user, limiter)
    world.clock.advance(seconds=rules.SECOND_STEP_LIFETIME.total_seconds())
    with pytest.raises(SecondStepEnded):
        second_step(world, late.token, code_now(world, secret), limiter)
    used = password_step(world, user, limiter)
    second_step(world, used.token, recovery[0], limiter)
    with pytest.raises(SecondStepEnded):
        second_step(world, used.token, recovery[1], limiter)
    with pytest.raises(SecondStepEnded):
        second_step(world, "no such token", recovery[1], limiter)


def test_codes_are_throttled_per_person_and_per_address(world: TimeWorld, limiter: RateLimiter) -> None:
    user = person(world)
    secret, _ = turned_on(world, user, limiter)
    needed = password_step(world, user, limiter)
    codes_tried = memory_rate_limiter()  # confirming the set-up took a slot of the person's too
    for n in range(rules.CODES_PER_USER):
        with pytest.raises(CodeRefused):
            second_step(world, needed.token, "bad code", codes_tried, address=f"198.51.100.{n}")
    with pytest.raises(CodesThrottled):  # a right code from a new address: the person's bucket is full
        second_step(world, needed.token, code_now(world, secret), codes_tried, address="192.0.2.1")

    fresh = memory_rate_limiter()
    others = [person(world, email=f"p{n}@example.com") for n in range(4)]
    tokens = []
    for other in others:
        turned_on(world, other, limiter)
        tokens.append(password_step(world, other, limiter).token)
    for n in range(rules.CODES_PER_ADDRESS):
        with pytest.raises(CodeRefused):
            second_step(world, tokens[n % 4], "bad code", fresh)
    with pytest.raises(CodesThrottled):
        second_step(world, tokens[3], "bad code", fresh)


def test_turning_it_off_needs_a_current_code(world: TimeWorld, limiter: RateLimiter) -> None:
    user = person(world)
    secret, _ = turned_on(world, user, limiter)
    with pytest.raises(CodeRefused):
        turn_off_two_factor(
            TurnOffTwoFactor(user_id=user.id, code="bad code"),
            uow=world.uow,
            codes=CODES,
            limiter=limiter,
            clock=world.clock,
        )
    turn_off_two_factor(
        TurnOffTwoFactor(user_id=user.id, code=code_now(world, secret)),
        uow=world.uow,
        codes=CODES,
        limiter=limiter,
        clock=world.clock,
    )
    assert two_factor_state(user, uow=world.uow, codes=CODES).on is False
    assert not world.db.tables["recovery_codes"]
    assert isinstance(password_only(world, user, limiter), SignedIn)
    assert [entry.action for entry in world.db.audit] == ["turn_on_two_factor", "turn_off_two_factor"]


def test_only_an_operator_resets_it_and_the_reset_is_audited(world: TimeWorld, limiter: RateLimiter) -> None:
    owner, admin = person(world), person(world, Role.OPERATOR, "admin@example.com")
    turned_on(world, owner, limiter)
    turned_on(world, admin, limiter)
    with pytest.raises(RoleNotAllowed):
        reset_two_factor(admin.id, uow=world.uow, clock=world.clock, actor=Actor.of(owner))
    reset_two_factor(owner.id, uow=world.uow, clock=world.clock, actor=Actor.of(admin))
    reset_two_factor(admin.id, uow=world.uow, clock=world.clock)  # the server's console
    with pytest.raises(TwoFactorOff):
        reset_two_factor(owner.id, uow=world.uow, clock=world.clock, actor=Actor.of(admin))
    resets = [entry for entry in world.db.audit if entry.action == "reset_two_factor"]
    assert [(e.entity_id, e.user_id, e.client_id) for e in resets] == [
        (owner.id, admin.id, world.client.id),
        (admin.id, None, None),
    ]
    assert resets[0].changes == {"two_factor": {"before": True, "after": False}}
    assert isinstance(password_only(world, owner, limiter), SignedIn)


def test_a_reset_meanwhile_ends_a_waiting_second_step(world: TimeWorld, limiter: RateLimiter) -> None:
    user = person(world)
    secret, _ = turned_on(world, user, limiter)
    needed = password_step(world, user, limiter)
    reset_two_factor(user.id, uow=world.uow, clock=world.clock)
    with pytest.raises(SecondStepEnded):
        second_step(world, needed.token, code_now(world, secret), limiter)


@pytest.mark.parametrize(
    ("role", "required", "due"),
    [
        (Role.OWNER, True, True),
        (Role.OPERATOR, True, True),
        (Role.COORDINATOR, True, False),
        (Role.PAYROLL, True, False),
        (Role.APPROVER, True, False),
        (Role.OWNER, False, False),
    ],
)
def test_who_must_set_it_up_when_the_installation_requires_it(role: str, required: bool, due: bool) -> None:
    assert rules.set_up_due(role, required, on=False) is due
    assert rules.set_up_due(role, required, on=True) is False


def test_set_up_is_due_until_it_is_on(world: TimeWorld, limiter: RateLimiter) -> None:
    owner = person(world)
    assert set_up_due(owner, True, uow=world.uow)
    start_two_factor(owner.id, uow=world.uow, codes=CODES, clock=world.clock)
    assert set_up_due(owner, True, uow=world.uow)  # set up, not yet confirmed
    reset_two_factor(owner.id, uow=world.uow, clock=world.clock)
    turned_on(world, owner, limiter)
    assert not set_up_due(owner, True, uow=world.uow)


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("123 456", (rules.CodeKind.TIME, "123456")),
        ("ABCD-EFGH-IJKL-MNOP", (rules.CodeKind.RECOVERY, "abcd-efgh-ijkl-mnop")),
        (" abcdefghijklmnop ", (rules.CodeKind.RECOVERY, "abcd-efgh-ijkl-mnop")),
        ("12345", None),
        ("abcd-efgh-ijkl-mno1", None),
        ("", None),
    ],
)
def test_what_a_typed_code_is(typed: str, read: tuple[rules.CodeKind, str] | None) -> None:
    assert rules.read_code(typed) == read
