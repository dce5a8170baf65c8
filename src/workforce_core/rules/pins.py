"""Worker PINs for the kiosk and the worker app: their shape and how often a wrong one may be tried.

Pure: the use cases in ``services.worker_pins`` ask here.
"""

from __future__ import annotations

import re

from workforce_core.errors import ValidationFailed
from workforce_core.rules.employee_ids import employee_id_key
from workforce_core.rules.worker_app import MOBILE_PREFIX

PIN = re.compile(r"[0-9]{4,8}")
PIN_MIN, PIN_MAX = 4, 8

# Every attempt is counted on the worker's badge before the PIN is checked (exact under races); a
# correct PIN clears the count, so these are wrong tries in a row. The fifth wrong try already answers
# ``pin_throttled``, and every try after it until the window frees, right PIN or not.
PIN_TRIES_PER_WORKER = 5
# A device (a kiosk, or a phone) may send this many wrong PINs, whoever's, in the window; so may an
# address that phones send from (a phone's code is a cookie its caller can drop for a new one).
PIN_TRIES_PER_DEVICE = 20
PIN_TRIES_PER_ADDRESS = 20
PIN_WINDOW_SECONDS = 15 * 60


def check_pin(pin: str) -> str:
    """The PIN as given when it is 4 to 8 ASCII digits; else 422 on ``pin``."""
    if not PIN.fullmatch(pin):
        raise ValidationFailed("pin", f"a PIN is {PIN_MIN} to {PIN_MAX} digits.")
    return pin


def worker_bucket(client_id: int, employee_id: str) -> str:
    """The limiter bucket of one badge of one account (an unknown badge counts like a known one)."""
    return f"pin:worker:{client_id}:{employee_id_key(employee_id)}"


def device_buckets(client_id: int, device: str | None, address: str) -> tuple[tuple[str, int], ...]:
    """The limiter buckets (and their limits) of the device sending PINs to an account. An enrolled
    kiosk is its id in its account (names are unique per account) alone: the server issued its token,
    and a site's kiosks may share an address. A phone is its code and the address it sends from: the
    code is a cookie, and a caller who drops it gets a new one, so the address is what the caller
    cannot reset."""
    address_bucket = (f"pin:address:{address}", PIN_TRIES_PER_ADDRESS)
    if not device:
        return (address_bucket,)
    device_bucket = (f"pin:device:{client_id}:{device}", PIN_TRIES_PER_DEVICE)
    return (device_bucket, address_bucket) if device.startswith(MOBILE_PREFIX) else (device_bucket,)
