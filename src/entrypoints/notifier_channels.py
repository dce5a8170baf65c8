"""The notifier's channels as the environment sets them up, and the words of messages:

- e-mail: ``WORKFORCE_SMTP_URL`` (``smtp://user:password@host:587``, STARTTLS; ``smtps://...:465``);
  without it the Maildir outbox of the sign-off links (``WORKFORCE_MAIL_OUTBOX``), so ``make run`` needs
  no mail server. ``WORKFORCE_MAIL_FROM`` is the sender.
- SMS: ``WORKFORCE_SMS_URL`` (Twilio's ``.../Accounts/{AccountSid}/Messages.json``) with
  ``WORKFORCE_SMS_ACCOUNT_SID``, ``WORKFORCE_SMS_AUTH_TOKEN`` and ``WORKFORCE_SMS_FROM``; without them no
  texts are sent (a text is recorded failed: no sender is set up).
- Web Push: the VAPID key pair in ``WORKFORCE_VAPID_KEY_FILE`` (default ``.workforce/vapid.pem``, made on
  first use), ``WORKFORCE_VAPID_CONTACT`` the ``sub`` claim (a ``mailto:`` or ``https:`` address).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from workforce_adapters.mail_outbox import SENDER, MaildirOutbox, MaildirSender
from workforce_adapters.message_texts import catalogue_texts
from workforce_adapters.sms import TwilioSms
from workforce_adapters.smtp_mail import SmtpSender
from workforce_adapters.web_push import WebPushSender, vapid_keys
from workforce_core.model.notifications import Channel
from workforce_core.ports.notifications import MessageSender, MessageTexts, Notifier

SMTP_URL_ENV = "WORKFORCE_SMTP_URL"
MAIL_FROM_ENV = "WORKFORCE_MAIL_FROM"
SMS_URL_ENV = "WORKFORCE_SMS_URL"
SMS_SID_ENV = "WORKFORCE_SMS_ACCOUNT_SID"
SMS_TOKEN_ENV = "WORKFORCE_SMS_AUTH_TOKEN"
SMS_FROM_ENV = "WORKFORCE_SMS_FROM"
VAPID_KEY_ENV = "WORKFORCE_VAPID_KEY_FILE"
VAPID_CONTACT_ENV = "WORKFORCE_VAPID_CONTACT"
DEFAULT_VAPID_KEY = ".workforce/vapid.pem"
DEFAULT_VAPID_CONTACT = "mailto:no-reply@workforce.invalid"

texts: MessageTexts = catalogue_texts


def vapid_key_file(env: Mapping[str, str] = os.environ) -> Path:
    return Path(env.get(VAPID_KEY_ENV) or DEFAULT_VAPID_KEY)


def application_server_key(env: Mapping[str, str] = os.environ) -> str:
    """The VAPID public key the worker app subscribes with (the key pair made on first use)."""
    return vapid_keys(vapid_key_file(env))


def senders(mail_outbox: Path, env: Mapping[str, str] = os.environ) -> dict[Channel, MessageSender]:
    """A sender for each channel the environment sets up."""
    sender = env.get(MAIL_FROM_ENV) or SENDER
    smtp = env.get(SMTP_URL_ENV)
    made: dict[Channel, MessageSender] = {
        Channel.EMAIL: SmtpSender(smtp, sender=sender) if smtp else MaildirSender(MaildirOutbox(mail_outbox, sender)),
        Channel.PUSH: WebPushSender(vapid_key_file(env), env.get(VAPID_CONTACT_ENV) or DEFAULT_VAPID_CONTACT),
    }
    sms = [env.get(name) for name in (SMS_URL_ENV, SMS_SID_ENV, SMS_TOKEN_ENV, SMS_FROM_ENV)]
    if all(sms):
        url, sid, token, number = (str(value) for value in sms)
        made[Channel.SMS] = TwilioSms(url, sid, token, number)
    return made


def notifier(mail_outbox: Path, public_url: str | None, env: Mapping[str, str] = os.environ) -> Notifier:
    """What the notifier's use cases are given: the channels set up, the catalogues' words, the links' base."""
    return Notifier(senders(mail_outbox, env), texts, public_url or "")
