"""The password strength estimator (zxcvbn in production: ``workforce_adapters.password_strength``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from workforce_core.model.passwords import PasswordEstimate


class PasswordStrength(Protocol):
    def estimate(self, password: str, user_inputs: Sequence[str]) -> PasswordEstimate:
        """How guessable the password is for someone who knows ``user_inputs`` (the person's sign-in
        name and its parts), which count as guessed words."""
        ...
