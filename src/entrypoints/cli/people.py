"""``workforce user ...``: people who sign in to ``/console/`` and ``/portal/``.

The password is read from standard input (one line), never from an option: options end up in shell
history and process lists.
"""

from __future__ import annotations

import sys
from typing import Any

import typer

from workforce_core.commands.people import CreateUser, SetPassword
from workforce_core.model.people import Role, User
from workforce_core.services import people
from workforce_core.services.two_factor import reset_two_factor
from workforce_entrypoints.cli.output import command, emit
from workforce_entrypoints.cli.state import services

app = typer.Typer(help="People who sign in to the console and the portal.", no_args_is_help=True)


def user_record(user: User) -> dict[str, Any]:
    """A user as the console shows it (never the password hash)."""
    return {
        "id": user.id,
        "email": user.email,
        "role": user.role,
        "client_id": user.client_id,
        "location_ids": list(user.location_ids) if user.location_ids is not None else None,
        "created_at": user.created_at.isoformat(),
        "disabled": user.disabled_at is not None,
    }


def _password() -> str:
    return sys.stdin.readline().rstrip("\r\n")


@app.command("create")
@command
def create(
    ctx: typer.Context,
    email: str = typer.Option(..., help="The sign-in name."),
    operator: bool = typer.Option(False, "--operator", help="An operator admin: every client account."),
    client: int | None = typer.Option(None, help="The client account the user belongs to."),
    role: Role | None = typer.Option(None, help="owner, coordinator, payroll or approver (with --client)."),
    location: list[int] | None = typer.Option(None, help="A site an approver is limited to (repeat)."),
) -> None:
    """Make a user; the password is read from standard input (refused when easy to guess)."""
    s = services(ctx)
    chosen = Role.OPERATOR if operator else (role.value if role else "")
    made = CreateUser(email=email, password=_password(), role=chosen, client_id=client, location_ids=location or None)
    emit(user_record(s.run(people.create_user, made)))


@app.command("list")
@command
def list_users(
    ctx: typer.Context, client: int | None = typer.Option(None, help="Only the users of this client account.")
) -> None:
    """The users, by id (JSON array)."""
    emit([user_record(user) for user in services(ctx).run(people.users, client)])


@app.command("disable")
@command
def disable(ctx: typer.Context, user_id: int = typer.Argument(..., metavar="ID")) -> None:
    """Disable a user: they cannot sign in, and their sessions end now."""
    s = services(ctx)
    emit(user_record(s.run(people.disable_user, user_id)))


def _reset(ctx: typer.Context, user_id: int) -> None:
    s = services(ctx)
    changed = SetPassword(user_id=user_id, password=_password())
    emit(user_record(s.run(people.set_password, changed)))


@app.command("reset-password")
@command
def reset_password(ctx: typer.Context, user_id: int = typer.Argument(..., metavar="ID")) -> None:
    """Reset a user's password to one read from standard input (refused when easy to guess); every
    session of theirs ends; recorded in the audit log of their account."""
    _reset(ctx, user_id)


@app.command("set-password")
@command
def set_password(ctx: typer.Context, user_id: int = typer.Argument(..., metavar="ID")) -> None:
    """The same as reset-password (its first name)."""
    _reset(ctx, user_id)


@app.command("reset-2fa")
@command
def reset_2fa(ctx: typer.Context, user_id: int = typer.Argument(..., metavar="ID")) -> None:
    """Turn off a user's two-factor sign-in (a lost device): they sign in with their password and may
    set it up again. Recorded in the audit log."""
    s = services(ctx)
    emit(user_record(s.run(reset_two_factor, user_id)))
