"""PIN rules (rules/pins.py): the shape of a PIN, the message that refuses one, and the limiter buckets."""

from __future__ import annotations

import pytest

from workforce_core.errors import ValidationFailed
from workforce_core.rules import pins


@pytest.mark.parametrize("pin", ["0000", "1234", "12345678", "0077"])
def test_a_pin_of_4_to_8_ascii_digits_is_kept_as_given(pin: str) -> None:
    assert pins.check_pin(pin) == pin


@pytest.mark.parametrize(
    "pin",
    ["", "123", "123456789", "12a4", " 1234", "1234 ", "\uff11\uff12\uff13\uff14", "12345\n"],
    ids=["empty", "three", "nine", "letter", "lead-space", "trail-space", "full-width", "newline"],
)
def test_a_pin_not_4_to_8_ascii_digits_is_refused_saying_so(pin: str) -> None:
    with pytest.raises(ValidationFailed) as refused:
        pins.check_pin(pin)
    assert (refused.value.extra["field"], refused.value.message) == ("pin", "a PIN is 4 to 8 digits.")


def test_a_badges_bucket_is_its_account_and_its_employee_id_in_any_case() -> None:
    assert pins.worker_bucket(7, "W00012") == "pin:worker:7:w00012"
    assert pins.worker_bucket(7, "w00012") == pins.worker_bucket(7, "W00012")
    assert pins.worker_bucket(8, "W00012") != pins.worker_bucket(7, "W00012")


def test_a_kiosk_is_limited_by_its_id_and_a_phone_by_its_code_and_its_address() -> None:
    by_address = ("pin:address:203.0.113.9", pins.PIN_TRIES_PER_ADDRESS)
    kiosk = ("pin:device:7:Front door", pins.PIN_TRIES_PER_DEVICE)
    assert pins.device_buckets(7, "Front door", "203.0.113.9") == (kiosk,)
    assert pins.device_buckets(8, "Front door", "203.0.113.9") != (kiosk,)  # another account's kiosk of that name
    assert pins.device_buckets(7, "mobile:abc", "203.0.113.9") == (
        ("pin:device:7:mobile:abc", pins.PIN_TRIES_PER_DEVICE),
        by_address,
    )
    assert pins.device_buckets(7, None, "203.0.113.9") == (by_address,)
    assert pins.device_buckets(7, "", "203.0.113.9") == (by_address,)
