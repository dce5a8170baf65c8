"""How hard a password is to guess, as an estimator judged it: a score of 0 (guessed at once) to 4
(very unlikely guessed), and the estimator's words on why and how to do better."""

from __future__ import annotations

from attrs import frozen


@frozen
class PasswordEstimate:
    score: int  # 0 to 4
    warning: str = ""  # what makes it easy to guess ("This is a very common password.")
    suggestions: tuple[str, ...] = ()  # how to make it harder ("Add another word or two.")
