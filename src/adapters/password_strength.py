"""Password strength by zxcvbn (Dropbox's estimator: dictionaries of common passwords, names and words,
keyboard patterns, repeats, sequences, dates, and the person's own words as given)."""

from __future__ import annotations

from collections.abc import Sequence

from zxcvbn import zxcvbn

from workforce_core.model.passwords import PasswordEstimate

ESTIMATED_LENGTH = 72  # zxcvbn's own limit; a longer password is at least as strong as its first 72 characters


class ZxcvbnStrength:
    def estimate(self, password: str, user_inputs: Sequence[str]) -> PasswordEstimate:
        judged = zxcvbn(password[:ESTIMATED_LENGTH], user_inputs=list(user_inputs))
        feedback = judged["feedback"]
        return PasswordEstimate(
            score=int(judged["score"]),
            warning=str(feedback.get("warning") or ""),
            suggestions=tuple(str(s) for s in feedback.get("suggestions") or ()),
        )
