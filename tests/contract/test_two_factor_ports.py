"""The two-factor repositories' port contract, on memory, SQLite and PostgreSQL: a time step and a
recovery code are claimed once, a challenge is found by its token's hash and used once, and removing a
person's generator takes their recovery codes with it."""

from __future__ import annotations

from datetime import timedelta

from tests.contract.test_ports import T0, Backend, backend  # noqa: F401 (the fixture)
from workforce_core.model.people import User
from workforce_core.model.two_factor import RecoveryCode, SignInChallenge, TwoFactor


def test_a_time_step_is_claimed_only_when_newer(backend: Backend) -> None:  # noqa: F811
    with backend.uow() as tx:
        user = tx.users.add(User("ops@example.com", "$argon2id$z", "operator", T0))
        factor = tx.two_factor.add(TwoFactor(user.id, "JBSWY3DPEHPK3PXP", T0, T0))
        tx.commit()
    with backend.uow() as tx:
        assert tx.two_factor.of_user(user.id) == factor
        assert tx.two_factor.claim_step(factor.id, 100)
        assert not tx.two_factor.claim_step(factor.id, 100)
        assert not tx.two_factor.claim_step(factor.id, 99)
        tx.commit()
    with backend.uow(read_only=True) as tx:
        kept = tx.two_factor.of_user(user.id)
        assert kept is not None
        assert kept.last_step == 100
        assert tx.two_factor.of_user(user.id + 1) is None


def test_who_has_it_on_is_read_at_once(backend: Backend) -> None:  # noqa: F811
    with backend.uow() as tx:
        on, pending, without = (tx.users.add(User(f"{n}@example.com", "$argon2id$z", "operator", T0)) for n in "abc")
        tx.two_factor.add(TwoFactor(on.id, "JBSWY3DPEHPK3PXP", T0, T0))
        tx.two_factor.add(TwoFactor(pending.id, "JBSWY3DPEHPK3PXP", T0))
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.two_factor.on_among([on.id, pending.id, without.id]) == {on.id}
        assert tx.two_factor.on_among([]) == set()


def test_recovery_codes_are_claimed_once_and_go_with_the_generator(backend: Backend) -> None:  # noqa: F811
    with backend.uow() as tx:
        user = tx.users.add(User("ops@example.com", "$argon2id$z", "operator", T0))
        other = tx.users.add(User("other@example.com", "$argon2id$z", "operator", T0))
        tx.two_factor.add(TwoFactor(user.id, "JBSWY3DPEHPK3PXP", T0, T0))
        code = tx.recovery_codes.add(RecoveryCode(user.id, "a" * 64, T0))
        tx.recovery_codes.add(RecoveryCode(user.id, "b" * 64, T0))
        tx.recovery_codes.add(RecoveryCode(other.id, "a" * 64, T0))
        tx.commit()
    with backend.uow() as tx:
        assert tx.recovery_codes.find(user.id, "a" * 64) == code
        assert tx.recovery_codes.find(user.id, "c" * 64) is None
        assert tx.recovery_codes.claim(code.id, T0)
        assert not tx.recovery_codes.claim(code.id, T0)
        tx.commit()
    with backend.uow() as tx:
        used = tx.recovery_codes.find(user.id, "a" * 64)
        assert used is not None
        assert used.used_at == T0
        assert (tx.recovery_codes.left(user.id), tx.recovery_codes.left(other.id)) == (1, 1)
        tx.two_factor.remove(user.id)
        tx.commit()
    with backend.uow(read_only=True) as tx:
        assert tx.two_factor.of_user(user.id) is None
        assert tx.recovery_codes.find(user.id, "b" * 64) is None
        assert tx.recovery_codes.left(other.id) == 1


def test_a_challenge_is_found_by_its_hash_and_used_once(backend: Backend) -> None:  # noqa: F811
    with backend.uow() as tx:
        user = tx.users.add(User("ops@example.com", "$argon2id$z", "operator", T0))
        made = tx.sign_in_challenges.add(SignInChallenge(user.id, "a" * 64, T0, T0 + timedelta(minutes=5), "192.0.2.1"))
        tx.commit()
    with backend.uow() as tx:
        assert tx.sign_in_challenges.by_token_hash("a" * 64) == made
        assert tx.sign_in_challenges.by_token_hash("b" * 64) is None
        assert tx.sign_in_challenges.claim(made.id, T0)
        assert not tx.sign_in_challenges.claim(made.id, T0)
        tx.commit()
