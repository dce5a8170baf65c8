"""Kiosk devices and their offline clocks in memory (the SQL adapter's twin)."""

from __future__ import annotations

from workforce_adapters.memory.repositories import MemoryRepository
from workforce_core.errors import KioskIdTaken
from workforce_core.model.kiosks import KioskClock, KioskDevice


class MemoryKioskDevices(MemoryRepository[KioskDevice]):
    def add(self, item: KioskDevice) -> KioskDevice:
        if self._table.where(lambda d: (d.client_id, d.kiosk_id) == (item.client_id, item.kiosk_id)):
            raise KioskIdTaken(field="kiosk_id")
        return super().add(item)

    def by_token_hash(self, token_hash: str) -> KioskDevice | None:
        found = self._table.where(lambda d: d.token_hash == token_hash)
        return found[0] if found else None

    def of_client(self, client_id: int) -> list[KioskDevice]:
        return sorted(self._table.where(lambda d: d.client_id == client_id), key=lambda d: (d.location_id, d.kiosk_id))

    def count_at(self, location_id: int) -> int:
        return len(self._table.where(lambda d: d.location_id == location_id))


class MemoryKioskClocks(MemoryRepository[KioskClock]):
    def answered(self, device_id: int, client_clock_id: str) -> KioskClock | None:
        found = self._table.where(lambda c: (c.device_id, c.client_clock_id) == (device_id, client_clock_id))
        return found[0] if found else None

    def add(self, item: KioskClock) -> KioskClock | None:  # type: ignore[override]
        if self.answered(item.device_id, item.client_clock_id) is not None:
            return None
        return super().add(item)
