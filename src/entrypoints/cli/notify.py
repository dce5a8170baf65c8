"""``workforce notify send|messages|vapid-keys``: make the messages of the events the writes recorded and
send those due (the scheduled job), list a person's messages, and show the Web Push VAPID public key."""

from __future__ import annotations

import threading
from pathlib import Path

import attrs
import typer

from workforce_core.model.notifications import Channel, Recipient
from workforce_core.ports import Paging
from workforce_core.services import inbox, notifier
from workforce_entrypoints import notifier_channels
from workforce_entrypoints.cli.output import command, emit
from workforce_entrypoints.cli.state import services

app = typer.Typer(help="Messages people are told: send them, list a person's, the Web Push key.", no_args_is_help=True)
DEFAULT_INTERVAL = 5.0  # seconds between passes when running on


@app.command("send")
@command
def send_command(
    ctx: typer.Context,
    once: bool = typer.Option(False, "--once", help="Make and send what is due now, print what was done, and exit."),
    interval: float = typer.Option(DEFAULT_INTERVAL, min=0.1, max=600, help="Seconds between passes when running on."),
) -> None:
    """Turn the new events into messages (who is told what, in their language, through their channels)
    and send every message due, retrying with backoff. Without --once it runs on."""
    s = services(ctx)
    senders = notifier_channels.senders(Path(s.settings.mail_outbox))
    stop = threading.Event()
    while True:
        done = notifier.notify(uow=s.uow, clock=s.clock, senders=senders, texts=notifier_channels.texts)
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
    if (worker is None) == (user is None):
        raise typer.BadParameter("give one of --worker and --user")
    kind, person = (Recipient.WORKER, worker) if worker is not None else (Recipient.USER, user)
    assert person is not None
    s = services(ctx)
    found = inbox.messages_of(
        kind, person, uow=s.uow, texts=notifier_channels.texts, paging=Paging(limit, offset), channel=channel
    )
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
