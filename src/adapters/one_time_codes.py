"""Time-based one-time codes (RFC 6238) through pyotp: SHA-1, six digits, 30-second steps, as every
authenticator app reads them; a code is accepted within one step either side of now (a phone's clock a
little off, a code typed as it changed)."""

from __future__ import annotations

from datetime import datetime

import pyotp
from pyotp.exceptions import OTPVerificationError

DIGITS = 6
STEP_SECONDS = 30
DRIFT_STEPS = 1


class PyotpCodes:
    def new_secret(self) -> str:
        return pyotp.random_base32()  # 32 base32 characters: 160 random bits, as RFC 4226 advises

    def uri(self, secret: str, name: str, issuer: str) -> str:
        return pyotp.TOTP(secret, digits=DIGITS, interval=STEP_SECONDS).provisioning_uri(name=name, issuer_name=issuer)

    def step_of(self, secret: str, code: str, at: datetime) -> int | None:
        totp = pyotp.TOTP(secret, digits=DIGITS, interval=STEP_SECONDS)
        try:
            return totp.verify_and_get_timecode(code, for_time=at, valid_window=DRIFT_STEPS)
        except OTPVerificationError:
            return None
