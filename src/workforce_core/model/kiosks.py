"""Site kiosks: a device (a tablet, a browser) enrolled for one site of a client account, and the
clocks it sent while it could not reach the server.

The device holds a long-lived token in an HttpOnly cookie; only its SHA-256 hash is kept (as for API
keys, ``keys.hash_secret``). ``kiosk_id`` names the device on the clocks it makes (the spec's
``kiosk_id``). A revoked device cannot clock.
"""

from __future__ import annotations

import secrets
from datetime import datetime

from attrs import define, field

DEVICE_TOKEN_PREFIX = "wkd_"
MAX_KIOSK_ID = 64
MAX_CLIENT_CLOCK_ID = 64


def new_device_token() -> str:
    return DEVICE_TOKEN_PREFIX + secrets.token_urlsafe(32)


def default_kiosk_id(location_id: int, number: int) -> str:
    """The name a device gets when none is given: ``kiosk-<site id>-<n>``."""
    return f"kiosk-{location_id}-{number}"


@define
class KioskDevice:
    client_id: int
    location_id: int
    kiosk_id: str
    token_hash: str = field(repr=False)
    created_at: datetime
    created_by: int | None = None  # the user who enrolled it
    revoked_at: datetime | None = None
    last_seen_at: datetime | None = None
    id: int = 0

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None


@define
class KioskClock:
    """A clock a device sent after the fact (``kiosk_offline``) and the answer it got, kept so that a
    repeat of the same ``client_clock_id`` from that device is recorded once and answered the same."""

    device_id: int
    client_clock_id: str
    action: str
    employee_id: str
    occurred_at: datetime
    received_at: datetime
    status: int
    error_code: str | None = None
    message: str | None = None
    worker_id: int | None = None
    entry_id: int | None = None
    id: int = 0
