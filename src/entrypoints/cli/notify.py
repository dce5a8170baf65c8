"""``workforce notify send|messages|vapid-keys``: make the messages of the events the writes recorded and
send those due (the scheduled job), list a person's messages, and show the Web Push VAPID public key."""

from __future__ import annotations

import threading
from datetime import time
from typing import Any

import attrs
import typer

from workforce_core.model.notifications import Channel, Recipient
from workforce_core.ports import Paging
from workforce_core.services import inbox, notifier, notifier_choices, reminders
from workforce_entrypoints import notifier_channels
from workforce_entrypoints.cli.output import command, emit
from workforce_entrypoints.cli.state import services

app = typer.Typer(
    help="Messages people are told: send them, list a person's, channels, settings, the Web Push key.",
    no_args_is_help=True,
)
DEFAULT_INTERVAL = 5.0  # seconds between passes when running on


@app.command("send")
@command
def send_command(
    ctx: typer.Context,
    once: bool = typer.Option(False, "--once", help="Make and send what is due now, print what was done, and exit."),
    interval: float = typer.Option(DEFAULT_INTERVAL, min=0.1, max=600, help="Seconds between passes when running on."),
) -> None:
    """Make the shift reminders now due, turn the new events into messages (who is told what, in their
    language, through their channels) and send every message due, retrying with backoff. Without
    --once it runs on."""
    s = services(ctx)
    stop = threading.Event()
    while True:
        s.run(reminders.remind)
        s.run(reminders.remind_sign_off)
        done = s.run(notifier.notify)
        if once:
            emit(attrs.asdict(done))
            return
        if done.made or done.tries:
            typer.echo(
                f"{done.made} messages made, {done.sent} sent, {done.retrying} to retry, "
                f"{done.failed + done.dead} failed"
            )
        try:
            stop.wait(interval)
        except KeyboardInterrupt:
            return


@app.command("messages")
@command
def messages_command(
    ctx: typer.Context,
    worker: int | None = typer.Option(None, "--worker", help="The worker's id."),
    user: int | None = typer.Option(None, "--user", help="The user's id (coordinators, hirer contacts)."),
    channel: Channel | None = typer.Option(None, "--channel", help="Only this channel's messages."),
    limit: int = typer.Option(50, min=1, max=500),
    offset: int = typer.Option(0, min=0),
) -> None:
    """A person's messages, newest first: to whom, channel, what, when, sent or failed and why."""
    kind, person = _person(worker, user)
    s = services(ctx)
    found = s.run(inbox.messages_of, kind, person, paging=Paging(limit, offset), channel=channel)
    emit(
        {
            "total": found.page.total,
            "unread": found.unread,
            "data": [
                {
                    "id": shown.message.id,
                    "channel": shown.message.channel,
                    "kind": shown.message.kind,
                    "language": shown.message.language,
                    "subject": shown.words.subject,
                    "body": shown.words.body,
                    "address": shown.message.address,
                    "status": shown.message.status,
                    "attempts": shown.message.attempts,
                    "last_error": shown.message.last_error,
                    "created_at": shown.message.created_at.isoformat(),
                    "sent_at": shown.message.sent_at.isoformat() if shown.message.sent_at else None,
                    "read_at": shown.message.read_at.isoformat() if shown.message.read_at else None,
                }
                for shown in found.page.items
            ],
        }
    )


@app.command("vapid-keys")
@command
def vapid_keys_command() -> None:
    """The Web Push VAPID public key (the worker app's applicationServerKey), the key pair made on first
    use in WORKFORCE_VAPID_KEY_FILE (default .workforce/vapid.pem)."""
    emit(
        {"public_key": notifier_channels.application_server_key(), "key_file": str(notifier_channels.vapid_key_file())}
    )


@app.command("choose")
@command
def choose_command(
    ctx: typer.Context,
    worker: int | None = typer.Option(None, "--worker", help="The worker's id."),
    user: int | None = typer.Option(None, "--user", help="The user's id."),
    channel: list[Channel] = typer.Option([], "--channel", help="A channel (repeat); a worker's inbox stays on."),
) -> None:
    """The channels a person is told through from now."""
    kind, person = _person(worker, user)
    s = services(ctx)
    made = s.run(notifier_choices.choose_channels, kind, person, [str(c) for c in channel])
    emit({"recipient_kind": made.recipient_kind, "recipient_id": made.recipient_id, "channels": list(made.channels)})


@app.command("settings")
@command
def settings_command(
    ctx: typer.Context,
    client: int = typer.Option(..., "--client", help="The client account's id."),
    kinds_off: str | None = typer.Option(
        None, "--kinds-off", help="Message kinds not told, comma-separated ('' none)."
    ),
    sms_cap: int | None = typer.Option(None, "--sms-cap", min=0, help="Texts a month at most."),
    no_sms_cap: bool = typer.Option(False, "--no-sms-cap", help="No monthly cap on texts."),
    quiet: str | None = typer.Option(None, "--quiet", help="Quiet hours HH:MM-HH:MM (London), e.g. 22:00-07:00."),
    reminder_hours: int | None = typer.Option(None, "--reminder-hours", help="Hours before a shift its reminder goes."),
    round_factor: int | None = typer.Option(None, "--round-factor", help="Workers offered per open place per round."),
    round_minutes: int | None = typer.Option(None, "--round-minutes", help="Minutes a round of offers waits."),
) -> None:
    """Change the account's notifier settings (only the options given) and print them all."""
    changes: dict[str, Any] = {}
    if kinds_off is not None:
        changes["kinds_off"] = tuple(k.strip() for k in kinds_off.split(",") if k.strip())
    if sms_cap is not None or no_sms_cap:
        changes["sms_monthly_cap"] = None if no_sms_cap else sms_cap
    if quiet is not None:
        start, _, end = quiet.partition("-")
        try:
            changes["quiet_start"], changes["quiet_end"] = time.fromisoformat(start), time.fromisoformat(end)
        except ValueError as error:
            raise typer.BadParameter("--quiet is HH:MM-HH:MM") from error
    for name, value in (
        ("reminder_hours", reminder_hours),
        ("offer_round_factor", round_factor),
        ("offer_round_minutes", round_minutes),
    ):
        if value is not None:
            changes[name] = value
    s = services(ctx)
    done = s.run(notifier_choices.update_settings, client, changes)
    shown = attrs.asdict(done)
    shown.pop("id")
    emit(shown)


def _person(worker: int | None, user: int | None) -> tuple[Recipient, int]:
    if worker is not None and user is None:
        return Recipient.WORKER, worker
    if user is not None and worker is None:
        return Recipient.USER, user
    raise typer.BadParameter("give one of --worker and --user")
