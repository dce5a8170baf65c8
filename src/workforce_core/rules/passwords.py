"""Which passwords are strong enough: the estimator's score of at least 3 of 4, refused with the
estimator's own words (why it is easy to guess, how to do better). The length limits stay in
``rules.people.check_password``."""

from __future__ import annotations

import re

from workforce_core.errors import WeakPassword
from workforce_core.model.passwords import PasswordEstimate

MIN_SCORE = 3  # zxcvbn's "safely unguessable": about 10^8 guesses or more, against an online attack
PRODUCT_WORDS = ("workforce", "console", "portal")  # words anyone trying names of ours would try
_PARTS = re.compile(r"[^\w]+|_")


def password_inputs(email: str) -> tuple[str, ...]:
    """The words a guesser of this person's password would try first: their sign-in name, its local
    part and the pieces of both (``pat.smith@acme.example`` gives ``pat``, ``smith``, ``acme`` ...)."""
    local, _, domain = email.partition("@")
    pieces = [email, local, *_PARTS.split(local), *domain.split(".")[:-1], *PRODUCT_WORDS]
    return tuple(dict.fromkeys(piece for piece in pieces if len(piece) >= 2))


def refusal(estimate: PasswordEstimate) -> str | None:
    """Why this password is refused, in the estimator's words; None when it is strong enough."""
    if estimate.score >= MIN_SCORE:
        return None
    advice = " ".join(part for part in (estimate.warning, *estimate.suggestions) if part)
    return f"That password is too easy to guess. {advice or 'Add another word or two; uncommon words are better.'}"


def require_strong(estimate: PasswordEstimate, field: str = "password") -> None:
    """400 ``weak_password`` naming ``field``, with the estimator's reason, unless it is strong enough."""
    reason = refusal(estimate)
    if reason is not None:
        raise WeakPassword(field, reason)
