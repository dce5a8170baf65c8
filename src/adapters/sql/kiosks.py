"""Kiosk devices and their offline clocks in SQL, on the unit of work's connection. A clash on a unique
key is caught inside a savepoint, so the transaction goes on."""

from __future__ import annotations

from sqlalchemy import Connection, func, select
from sqlalchemy.exc import IntegrityError

from workforce_adapters.sql import tables
from workforce_adapters.sql.repositories import SqlRepository
from workforce_core.errors import KioskIdTaken
from workforce_core.model.kiosks import KioskClock, KioskDevice

D = tables.kiosk_devices
C = tables.kiosk_clocks


class SqlKioskDevices(SqlRepository[KioskDevice]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, D, KioskDevice)

    def add(self, item: KioskDevice) -> KioskDevice:
        try:
            with self.connection.begin_nested():
                return super().add(item)
        except IntegrityError as exc:
            raise KioskIdTaken(field="kiosk_id") from exc

    def by_token_hash(self, token_hash: str) -> KioskDevice | None:
        row = self.connection.execute(select(D).where(D.c.token_hash == token_hash)).mappings().first()
        return self._record(row) if row else None

    def of_client(self, client_id: int) -> list[KioskDevice]:
        query = select(D).where(D.c.client_id == client_id).order_by(D.c.location_id, D.c.kiosk_id)
        return [self._record(row) for row in self.connection.execute(query).mappings()]

    def count_at(self, location_id: int) -> int:
        query = select(func.count()).select_from(D).where(D.c.location_id == location_id)
        return int(self.connection.execute(query).scalar_one())


class SqlKioskClocks(SqlRepository[KioskClock]):
    def __init__(self, connection: Connection) -> None:
        super().__init__(connection, C, KioskClock)

    def answered(self, device_id: int, client_clock_id: str) -> KioskClock | None:
        query = select(C).where(C.c.device_id == device_id, C.c.client_clock_id == client_clock_id)
        row = self.connection.execute(query).mappings().first()
        return self._record(row) if row else None

    def add(self, item: KioskClock) -> KioskClock | None:  # type: ignore[override]
        try:
            with self.connection.begin_nested():
                return super().add(item)
        except IntegrityError:
            return None
