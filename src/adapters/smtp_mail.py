"""E-mail over SMTP (``WORKFORCE_SMTP_URL``), port ``MessageSender`` for the e-mail channel, with the
standard library's ``smtplib``: ``smtp://user:password@host:587`` sends after STARTTLS (a server that
does not offer it is refused: the password never goes in the clear), ``smtps://...:465`` over TLS from
the start. The server's 4xx answers and lost connections are tried again; its 5xx answers are not.
"""

from __future__ import annotations

import smtplib
import ssl
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from urllib.parse import unquote, urlsplit

from workforce_core.model.notifications import SendResult
from workforce_core.ports.notifications import Outgoing

SENDER = "workforce <no-reply@workforce.invalid>"
TIMEOUT = 30.0
SCHEMES = {"smtp": 587, "smtps": 465}


class SmtpSender:
    def __init__(
        self, url: str, *, sender: str = SENDER, context: ssl.SSLContext | None = None, timeout: float = TIMEOUT
    ) -> None:
        parts = urlsplit(url)
        if parts.scheme not in SCHEMES or not parts.hostname:
            raise ValueError("the SMTP URL must be smtp://[user:password@]host[:port] or smtps://...")
        self.tls_from_start = parts.scheme == "smtps"
        self.host = parts.hostname
        self.port = parts.port or SCHEMES[parts.scheme]
        self.user = unquote(parts.username) if parts.username else None
        self.password = unquote(parts.password) if parts.password else None
        self.sender = sender
        self.context = context or ssl.create_default_context()
        self.timeout = timeout

    def send(self, outgoing: Outgoing, /) -> SendResult:
        if not outgoing.message.address:
            return SendResult.failed("not sent: no e-mail address", retry=False)
        mail = EmailMessage()
        mail["From"] = self.sender
        mail["To"] = outgoing.message.address
        mail["Subject"] = outgoing.words.subject
        mail["Date"] = formatdate(localtime=False)
        mail["Message-ID"] = make_msgid(domain="workforce.invalid")
        mail.set_content(outgoing.words.body)
        try:
            with self._connect() as server:
                if self.user is not None:
                    server.login(self.user, self.password or "")
                server.send_message(mail)
        except smtplib.SMTPRecipientsRefused as error:
            codes = [code for code, _ in error.recipients.values()]
            return SendResult.failed(f"refused: {error.recipients}", retry=all(400 <= c < 500 for c in codes))
        except smtplib.SMTPResponseException as error:
            text = error.smtp_error.decode("utf-8", "replace") if isinstance(error.smtp_error, bytes) else str(error)
            return SendResult.failed(f"{error.smtp_code} {text}", retry=error.smtp_code < 500)
        except (OSError, smtplib.SMTPException) as error:
            return SendResult.failed(f"not sent: {type(error).__name__}: {error}", retry=True)
        return SendResult.ok()

    def _connect(self) -> smtplib.SMTP:
        if self.tls_from_start:
            return smtplib.SMTP_SSL(self.host, self.port, timeout=self.timeout, context=self.context)
        server = smtplib.SMTP(self.host, self.port, timeout=self.timeout)
        try:
            server.ehlo()
            if not server.has_extn("starttls"):
                raise smtplib.SMTPNotSupportedError("the server does not offer STARTTLS")
            server.starttls(context=self.context)
            server.ehlo()
        except BaseException:
            server.close()
            raise
        return server
