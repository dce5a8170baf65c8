"""Commands for people who sign in: make a user, set or change a password, sign in."""

from __future__ import annotations

from attrs import field, frozen

from workforce_core.errors import ValidationFailed
from workforce_core.model.people import ROLES, Role
from workforce_core.rules.people import MAX_USER_AGENT, check_password, sign_in_name


def _folded(value: str) -> str:
    return value.strip().lower()


def _agent(value: str | None) -> str | None:
    text = (value or "").strip()[:MAX_USER_AGENT]
    return text or None


def _ids(value: tuple[int, ...] | list[int] | None) -> tuple[int, ...] | None:
    return None if value is None else tuple(dict.fromkeys(value))


@frozen(kw_only=True)
class CreateUser:
    """An operator admin (no client), or a user of one client account with a role; an ``approver``
    (a hirer contact of the portal) is limited to the sites given, at least one."""

    email: str = field(converter=sign_in_name)
    password: str = field(repr=False)
    role: str
    client_id: int | None = None
    location_ids: tuple[int, ...] | None = field(default=None, converter=_ids)

    def __attrs_post_init__(self) -> None:
        check_password(self.password)
        if self.role not in ROLES:
            raise ValidationFailed("role", f"role is one of {', '.join(ROLES)}.")
        if (self.role == Role.OPERATOR) != (self.client_id is None):
            message = "an operator belongs to no client" if self.client_id else "give the user's client account"
            raise ValidationFailed("client_id", f"{message}.")
        if self.role == Role.APPROVER and not self.location_ids:
            raise ValidationFailed("location_ids", "an approver is limited to some sites: give at least one.")
        if self.role != Role.APPROVER and self.location_ids is not None:
            raise ValidationFailed("location_ids", "only an approver is limited to sites.")


@frozen(kw_only=True)
class SetPassword:
    user_id: int
    password: str = field(repr=False)

    def __attrs_post_init__(self) -> None:
        check_password(self.password)


@frozen(kw_only=True)
class ChangePassword:
    """A signed-in person changing their own password: the current one, and the new one twice. The
    session they do it from (``session_id``) stays signed in; their other sessions end."""

    user_id: int
    session_id: int
    current_password: str = field(repr=False)
    new_password: str = field(repr=False)
    repeated: str = field(repr=False)

    def __attrs_post_init__(self) -> None:
        if not self.current_password:
            raise ValidationFailed("current_password", "give your current password.")
        check_password(self.new_password, "new_password")
        if self.repeated != self.new_password:
            raise ValidationFailed("repeat_password", "the new password and its repeat are not the same.")


@frozen(kw_only=True)
class SignIn:
    """A sign-in attempt from ``address``; the email is not checked for shape (an unknown name is
    refused with the same words as a wrong password)."""

    email: str = field(converter=_folded)
    password: str = field(repr=False)
    address: str
    user_agent: str | None = field(default=None, converter=_agent)  # the browser's, kept with the session
