"""Texts through an SMS provider's HTTP API, port ``MessageSender`` for the SMS channel: Twilio's
Messages API shape (a form-encoded POST of ``To``, ``From`` and ``Body`` to
``.../2010-04-01/Accounts/{AccountSid}/Messages.json``, the account SID and auth token as HTTP basic
auth, 201 when accepted). ``WORKFORCE_SMS_URL`` is that endpoint. A 429 or a 5xx (or no answer) is
tried again; any other refusal (a 400: a number it cannot text) is not. Another provider is another
module of this size.
"""

from __future__ import annotations

import httpx

from workforce_core.model.notifications import SendResult
from workforce_core.ports.notifications import Outgoing

TIMEOUT = 30.0
ANSWER_KEPT = 300  # characters of the provider's answer kept with a failed try


class TwilioSms:
    def __init__(
        self, url: str, account_sid: str, auth_token: str, sender: str, *, client: httpx.Client | None = None
    ) -> None:
        self.url = url
        self.auth = httpx.BasicAuth(account_sid, auth_token)
        self.sender = sender
        self.client = client or httpx.Client(timeout=TIMEOUT)

    def send(self, outgoing: Outgoing, /) -> SendResult:
        number = outgoing.message.address
        if not number:
            return SendResult.failed("not sent: no phone number", retry=False)
        form = {"To": number, "From": self.sender, "Body": outgoing.words.body}
        try:
            answer = self.client.post(self.url, data=form, auth=self.auth)
        except httpx.HTTPError as error:
            return SendResult.failed(f"not sent: {type(error).__name__}", retry=True)
        if answer.is_success:
            return SendResult.ok()
        retry = answer.status_code == 429 or answer.status_code >= 500
        return SendResult.failed(f"{answer.status_code} {answer.text[:ANSWER_KEPT]}", retry=retry)
