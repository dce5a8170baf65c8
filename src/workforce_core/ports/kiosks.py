"""Site kiosks: the enrolled devices and the offline clocks they sent, with their answers."""

from __future__ import annotations

from typing import Protocol

from workforce_core.model.kiosks import KioskClock, KioskDevice


class KioskDevices(Protocol):
    def add(self, device: KioskDevice) -> KioskDevice:
        """Store a new device; ``KioskIdTaken`` when its ``kiosk_id`` is in use in its client account."""
        ...

    def get(self, id: int) -> KioskDevice | None: ...

    def update(self, device: KioskDevice) -> None: ...

    def by_token_hash(self, token_hash: str) -> KioskDevice | None: ...

    def of_client(self, client_id: int) -> list[KioskDevice]:
        """The account's devices, revoked ones too, by site then kiosk id."""
        ...

    def count_at(self, location_id: int) -> int:
        """How many devices were ever enrolled at the site (revoked ones too)."""
        ...


class KioskClocks(Protocol):
    def answered(self, device_id: int, client_clock_id: str) -> KioskClock | None:
        """The stored answer to this device's clock of this client-made id, if it was sent before."""
        ...

    def add(self, clock: KioskClock) -> KioskClock | None:
        """Store the answer; None when this device's id was stored meanwhile (nothing is written)."""
        ...
