"""Commands of two-factor sign-in: confirm a new generator, send the second step's code, turn it off."""

from __future__ import annotations

from attrs import field, frozen


@frozen(kw_only=True)
class ConfirmTwoFactor:
    """Turn two-factor sign-in on with a code from the generator just set up."""

    user_id: int
    code: str = field(repr=False)


@frozen(kw_only=True)
class SignInWithCode:
    """The second step of a sign-in: the challenge's cookie token and a code, from ``address``."""

    token: str = field(repr=False)
    code: str = field(repr=False)
    address: str


@frozen(kw_only=True)
class TurnOffTwoFactor:
    """A person turns their own two-factor sign-in off, with a current code."""

    user_id: int
    code: str = field(repr=False)
