"""Worker PINs: the agency sets or clears one; a kiosk or the worker app checks one."""

from __future__ import annotations

from attrs import field, frozen

from workforce_core.rules.employee_ids import is_valid_employee_id
from workforce_core.rules.pins import check_pin


def _pin_or_none(value: str | None) -> str | None:
    return None if value is None else check_pin(value)


@frozen(kw_only=True)
class SetWorkerPin:
    """Set the worker's PIN (4 to 8 digits), or clear it with ``pin`` None."""

    worker_id: int
    pin: str | None = field(repr=False, converter=_pin_or_none)


def _stripped(value: str) -> str:
    return value.strip()


@frozen(kw_only=True)
class CheckWorkerPin:
    """A badge number and a PIN typed at ``device`` (a kiosk id, or None for a phone) from ``address``.

    A badge or PIN of the wrong shape is not refused with a field error: it is a wrong PIN like any
    other, counted and answered with the same words, so nothing tells which badges exist."""

    client_id: int
    employee_id: str = field(converter=_stripped)
    pin: str = field(repr=False)
    device: str | None
    address: str

    @property
    def well_formed(self) -> bool:
        return is_valid_employee_id(self.employee_id) and len(self.pin) <= 64
