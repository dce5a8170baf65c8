"""The worker app's sign-ins: a worker's own sessions (not a console user's) and the one-time links
the agency sends that open one.

A session is kept by the SHA-256 of its cookie token, with the CSRF token its forms carry and the
code of the phone it was opened on (the ``mobile:`` kiosk id of its clocks). A link is kept by the
hash of its token, ends at ``expires_at`` and is used once.
"""

from __future__ import annotations

import secrets
from datetime import datetime

from attrs import define

from workforce_core.model.keys import hash_secret


@define
class WorkerSession:
    """A worker signed in on a phone: when it began and was last used, and when it ended (sign-out)."""

    worker_id: int
    client_id: int
    token_hash: str
    csrf_token: str
    device: str  # the phone's code: clocks from this session carry kiosk_id ``mobile:{device}``
    created_at: datetime
    last_seen_at: datetime
    ended_at: datetime | None = None
    address: str | None = None
    id: int = 0

    @classmethod
    def begin(
        cls, worker_id: int, client_id: int, device: str, now: datetime, address: str | None
    ) -> tuple[WorkerSession, str]:
        """A new session and its token (the cookie's value: only its SHA-256 is kept), with a CSRF token."""
        token = secrets.token_urlsafe(32)
        made = cls(
            worker_id=worker_id,
            client_id=client_id,
            token_hash=hash_secret(token),
            csrf_token=secrets.token_urlsafe(32),
            device=device,
            created_at=now,
            last_seen_at=now,
            address=address,
        )
        return made, token


@define
class WorkerAppLink:
    """A one-time sign-in link for one worker: who made it (a console user, or None for the server's
    console), until when it works, and when it was used."""

    worker_id: int
    client_id: int
    token_hash: str
    created_at: datetime
    expires_at: datetime
    created_by: int | None = None
    used_at: datetime | None = None
    id: int = 0
