"""``workforce client ...`` and ``workforce key ...``: accounts and their API keys."""

from __future__ import annotations

from datetime import date, time, timedelta
from enum import StrEnum

import typer

from workforce_adapters.json import key_record
from workforce_core.errors import ValidationFailed
from workforce_core.model.accounts import ClientAccount, ClientSettings
from workforce_core.model.holiday import DEFAULT_LEAVE_YEAR_START, HolidayPay
from workforce_core.rules.london import from_local, local_text, utc_text
from workforce_core.services import accounts, api_log, console_reads
from workforce_entrypoints.cli.output import Format, command, emit, emit_rows, format_option
from workforce_entrypoints.cli.reading import client_option
from workforce_entrypoints.cli.state import services

clients = typer.Typer(
    help="Client accounts (an agency's account and its settings): create, update, list.", no_args_is_help=True
)
keys = typer.Typer(help="API keys: create, revoke, rotate, list; their API log's retention.", no_args_is_help=True)
CLIENT_COLUMNS = ("id", "name", "status", "api_access", "pay_week_start_day", "walk_in_policy", "created_at")
KEY_COLUMNS = ("id", "name", "key_prefix", "scopes", "location_ids", "expires_at", "revoked_at", "created_at")


GRACE_HELP = "Minutes after a published booking's start before an unclocked one is a no-show (0 to 720)."


class Policy(StrEnum):
    no_pay = "no_pay"
    pay = "pay"


class Status(StrEnum):
    active = "active"
    suspended = "suspended"
    cancelled = "cancelled"
    trial_ended = "trial_ended"


class Stacking(StrEnum):
    stack = "stack"
    highest = "highest"


class DayBasis(StrEnum):
    shift_start = "shift_start"
    calendar = "calendar"


class SiteOvertime(StrEnum):
    off = "off"
    per_site = "per_site"


def client_record(client: ClientAccount) -> dict[str, object]:
    return {
        "id": client.id,
        "name": client.name,
        "status": client.status,
        "api_access": client.api_access,
        "pay_week_start_day": client.settings.pay_week_start_day,
        "require_client_approval": client.settings.require_client_approval,
        "walk_in_policy": client.settings.walk_in_policy,
        "cancelled_policy": client.settings.cancelled_policy,
        "premium_stacking": client.settings.premium_stacking,
        "premium_day_basis": client.settings.premium_day_basis,
        "site_overtime_mode": client.settings.site_overtime_mode,
        "no_show_grace_minutes": client.settings.no_show_grace_minutes,
        "signoff_deadline_hours": client.settings.signoff_deadline_hours,
        "holiday_pay": client.settings.holiday_pay,
        "leave_year_start": client.settings.leave_year_start,
        "right_to_work_required": client.settings.right_to_work_required,
        "document_warning_days": client.settings.document_warning_days,
        "created_at": local_text(client.created_at),
        "created_at_utc": utc_text(client.created_at),
    }


DEADLINE_HELP = (
    "Hours after the pay week ends when shifts still pending the client's sign-off are signed off by the "
    "service (via auto); none: no deadline."
)

HOLIDAY_HELP = "none: no holiday pay; rolled_up: 12.07% of pay each week; accrued: leave accrued and paid when taken."
LEAVE_YEAR_HELP = "The first day of the leave year, MM-DD."


@clients.command("create")
@command
def create_client(
    ctx: typer.Context,
    name: str = typer.Option(..., help="Account name."),
    pay_week_start_day: int = typer.Option(1, min=1, max=7, help="1 = Monday ... 7 = Sunday."),
    require_client_approval: bool = typer.Option(False, help="Shifts need the client's sign-off to be paid."),
    walk_in_policy: Policy = typer.Option(Policy.no_pay, help="Pay for shifts with no booking."),
    cancelled_policy: Policy = typer.Option(Policy.no_pay, help="Pay for shifts on a cancelled booking."),
    no_show_grace_minutes: int = typer.Option(15, help=GRACE_HELP),
    signoff_deadline_hours: str = typer.Option("none", help=DEADLINE_HELP),
    holiday_pay: HolidayPay = typer.Option(HolidayPay.NONE, help=HOLIDAY_HELP),
    leave_year_start: str = typer.Option(DEFAULT_LEAVE_YEAR_START, help=LEAVE_YEAR_HELP),
) -> None:
    """A new client account, with API access on."""
    s = services(ctx)
    settings = ClientSettings(
        pay_week_start_day=pay_week_start_day,
        require_client_approval=require_client_approval,
        walk_in_policy=walk_in_policy.value,
        cancelled_policy=cancelled_policy.value,
        no_show_grace_minutes=no_show_grace_minutes,
        signoff_deadline_hours=deadline_hours(signoff_deadline_hours) or None,
        holiday_pay=holiday_pay.value,
        leave_year_start=leave_year_start,
    )
    client = s.run(accounts.create_client, accounts.CreateClient(name=name, settings=settings))
    emit(client_record(client))


@clients.command("update")
@command
def update_client(
    ctx: typer.Context,
    client_id: int = typer.Argument(..., metavar="ID"),
    name: str | None = typer.Option(None),
    api_access: bool | None = typer.Option(None, "--api-access/--no-api-access", help="Off revokes every key."),
    status: Status | None = typer.Option(None),
    pay_week_start_day: int | None = typer.Option(None, min=1, max=7),
    require_client_approval: bool | None = typer.Option(None, "--require-client-approval/--no-require-client-approval"),
    walk_in_policy: Policy | None = typer.Option(None),
    cancelled_policy: Policy | None = typer.Option(None),
    premium_stacking: Stacking | None = typer.Option(None, help="stack: add every premium; highest: the largest."),
    premium_day_basis: DayBasis | None = typer.Option(
        None, help="shift_start: the clock-in day; calendar: each minute."
    ),
    site_overtime_mode: SiteOvertime | None = typer.Option(None, help="per_site: weekly overtime counted per site."),
    no_show_grace_minutes: int | None = typer.Option(None, help=GRACE_HELP),
    signoff_deadline_hours: str | None = typer.Option(None, help=DEADLINE_HELP),
    holiday_pay: HolidayPay | None = typer.Option(None, help=HOLIDAY_HELP),
    leave_year_start: str | None = typer.Option(None, help=LEAVE_YEAR_HELP),
    right_to_work_required: bool | None = typer.Option(
        None,
        "--right-to-work-required/--no-right-to-work-required",
        help="Every worker needs a valid right-to-work check to be booked or clock in.",
    ),
    document_warning_days: int | None = typer.Option(
        None, help="A document ending within this many days of a shift warns (default 28)."
    ),
) -> None:
    """Change an account's settings, status or API access."""
    s = services(ctx)
    cmd = accounts.UpdateClient(
        client_id=client_id,
        name=name,
        api_access=api_access,
        status=status.value if status else None,
        pay_week_start_day=pay_week_start_day,
        require_client_approval=require_client_approval,
        walk_in_policy=walk_in_policy.value if walk_in_policy else None,
        cancelled_policy=cancelled_policy.value if cancelled_policy else None,
        premium_stacking=premium_stacking.value if premium_stacking else None,
        premium_day_basis=premium_day_basis.value if premium_day_basis else None,
        site_overtime_mode=site_overtime_mode.value if site_overtime_mode else None,
        no_show_grace_minutes=no_show_grace_minutes,
        signoff_deadline_hours=deadline_hours(signoff_deadline_hours) if signoff_deadline_hours is not None else None,
        holiday_pay=holiday_pay.value if holiday_pay else None,
        leave_year_start=leave_year_start,
        right_to_work_required=right_to_work_required,
        document_warning_days=document_warning_days,
    )
    emit(client_record(s.run(accounts.update_client, cmd)))


def deadline_hours(text: str) -> int:
    """``--signoff-deadline-hours``: whole hours after the pay week ends, or ``none`` (0: no deadline)."""
    value = text.strip().lower()
    if value in ("none", "off", "0"):
        return 0
    if not value.isdigit():
        raise ValidationFailed("signoff_deadline_hours", "give whole hours after the pay week ends, or none.")
    return int(value)


@keys.command("create")
@command
def create_key(
    ctx: typer.Context,
    client: int = typer.Option(..., help="Client account id."),
    name: str = typer.Option(..., help="A name for the key."),
    scope: list[str] = typer.Option([], help="A scope (repeat for several)."),
    location: list[int] = typer.Option([], help="Limit the key to this site (repeat for several)."),
    rate_limit: int = typer.Option(60, help="Requests per rolling minute (1 to 600)."),
    expires_at: str | None = typer.Option(None, help="Last day the key works (YYYY-MM-DD, Europe/London)."),
    origin: list[str] = typer.Option([], help="A browser origin allowed (CORS), e.g. https://app.example.com."),
    legacy: bool = typer.Option(False, help="A key with the fixed 1.0 scope set."),
) -> None:
    """A new key; the JSON has the secret ``key``, shown this once."""
    s = services(ctx)
    expires = None
    if expires_at:
        try:
            last_day = date.fromisoformat(expires_at)
        except ValueError:
            raise ValidationFailed(
                "expires_at", "--expires-at is a date YYYY-MM-DD (the last day the key works)."
            ) from None
        expires = from_local(last_day + timedelta(days=1), time(0, 0))
    cmd = accounts.CreateKey(
        client_id=client,
        name=name,
        scopes=tuple(scope),
        location_ids=tuple(location) if location else None,
        rate_limit_per_minute=rate_limit,
        expires_at=expires,
        allowed_origins=tuple(origin),
        legacy=legacy,
    )
    issued = s.run(accounts.create_key, cmd)
    emit({**key_record(issued.key), "key": issued.secret})


@keys.command("revoke")
@command
def revoke_key(ctx: typer.Context, key_id: int = typer.Argument(..., metavar="ID")) -> None:
    """Revoke a key at once."""
    s = services(ctx)
    emit(key_record(s.run(accounts.revoke_key, key_id)))


@keys.command("rotate")
@command
def rotate_key(
    ctx: typer.Context,
    key_id: int = typer.Argument(..., metavar="ID"),
    overlap_hours: float = typer.Option(24.0, help="How long the old key keeps answering."),
) -> None:
    """A replacing key with the same settings; prints it (``key`` shown this once)."""
    s = services(ctx)
    issued = s.run(accounts.rotate_key, key_id, overlap_hours=overlap_hours)
    emit({**key_record(issued.key), "key": issued.secret})


@clients.command("list")
@command
def list_clients(ctx: typer.Context, shown: Format | None = format_option()) -> None:
    """Every client account."""
    s = services(ctx)
    emit_rows([client_record(client) for client in s.run(console_reads.clients)], CLIENT_COLUMNS, shown, "Clients")


@keys.command("list")
@command
def list_keys(ctx: typer.Context, client: int = client_option(), shown: Format | None = format_option()) -> None:
    """The client's API keys, revoked and expired ones too (never their secrets)."""
    s = services(ctx)
    emit_rows([key_record(key) for key in s.run(console_reads.keys, client)], KEY_COLUMNS, shown, "API keys")


@keys.command("forget-requests")
@command
def forget_requests(ctx: typer.Context) -> None:
    """Delete the API log's requests older than WORKFORCE_API_LOG_DAYS (30): ``serve``'s timed jobs do it
    every 5 minutes; this is for cron when it runs with ``--no-schedule``."""
    s = services(ctx)
    emit({"deleted": s.run(api_log.forget_old_requests), "days": s.settings.api_log_days})
