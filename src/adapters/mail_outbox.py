"""Mail for people written to a Maildir folder (the standard library's ``mailbox``) that the operator's
mail agent reads and sends: the product itself never talks to a mail server or any network."""

from __future__ import annotations

import mailbox
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from pathlib import Path

from workforce_core.model.notifications import SendResult
from workforce_core.ports.notifications import Outgoing

SENDER = "workforce <no-reply@workforce.invalid>"


class MaildirOutbox:
    def __init__(self, folder: Path, sender: str = SENDER) -> None:
        self.folder = folder
        self.sender = sender

    def send(self, to: str, subject: str, body: str) -> None:
        message = EmailMessage()
        message["From"] = self.sender
        message["To"] = to
        message["Subject"] = subject
        message["Date"] = formatdate(localtime=False)
        message["Message-ID"] = make_msgid(domain="workforce.invalid")
        message.set_content(body)
        for part in ("tmp", "new", "cur"):  # an existing empty folder becomes a Maildir too
            (self.folder / part).mkdir(parents=True, exist_ok=True)
        box = mailbox.Maildir(self.folder, create=True)
        try:
            box.add(message)
        finally:
            box.close()

    def messages(self) -> list[tuple[str, str, str]]:
        """What waits in the outbox, as (to, subject, body) (for the operator's checks and tests)."""
        if not self.folder.exists():
            return []
        box = mailbox.Maildir(self.folder, create=False)
        try:
            found = []
            for key in sorted(box.keys()):
                item = box.get_message(key)
                payload = item.get_payload(decode=True)
                body = payload.decode("utf-8") if isinstance(payload, bytes) else str(payload)
                found.append((str(item["To"]), str(item["Subject"]), body))
            return found
        finally:
            box.close()


class MaildirSender:
    """Port ``MessageSender`` for e-mail without an SMTP server: each message into the Maildir outbox."""

    def __init__(self, outbox: MaildirOutbox) -> None:
        self.outbox = outbox

    def send(self, outgoing: Outgoing, /) -> SendResult:
        if not outgoing.message.address:
            return SendResult.failed("not sent: no e-mail address", retry=False)
        try:
            self.outbox.send(outgoing.message.address, outgoing.words.subject, outgoing.words.body)
        except OSError as error:
            return SendResult.failed(f"not sent: {type(error).__name__}", retry=True)
        return SendResult.ok()
